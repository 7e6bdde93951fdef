import { Controller, type UseFormReturn } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ACCOUNT_CARRIERS, CARRIER_NAMES, type CarrierAccount } from '@shipdesk/contract';
import { controlledFieldProps } from '@/lib/forms/field-props';
import { isAccountCarrier, type CarrierAccountFormValues } from './carrier-account-form';

interface CarrierSelectProps {
  form: UseFormReturn<CarrierAccountFormValues>;
  /** The saved accounts: the first account of a carrier becomes its default. */
  accounts: readonly CarrierAccount[];
  onChange(): void;
}

/**
 * The carrier of a new account. Choosing one names the account after it (unless the person named it themselves) and
 * makes it the carrier's default when it is the first of that carrier.
 */
export function CarrierSelect({ form, accounts, onChange }: CarrierSelectProps) {
  return (
    <Controller
      control={form.control}
      name="carrier"
      render={(control) => (
        <TextField
          select
          label="Carrier"
          required
          fullWidth
          autoFocus
          value={control.field.value}
          onChange={(event) => {
            const next = event.target.value as CarrierAccountFormValues['carrier'];
            const typed = form.getValues('name').trim();
            const previous = control.field.value;
            if (!typed || (isAccountCarrier(previous) && typed === CARRIER_NAMES[previous])) {
              form.setValue('name', next ? CARRIER_NAMES[next] : '');
            }
            form.setValue('isDefault', next !== '' && accounts.every((a) => a.carrier !== next));
            control.field.onChange(next);
            onChange();
          }}
          {...controlledFieldProps(control)}
        >
          {ACCOUNT_CARRIERS.map((option) => (
            <MenuItem key={option} value={option}>
              {CARRIER_NAMES[option]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
