import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, LABEL_SIZES, LABEL_TYPES, type LabelSize, type LabelType } from '@shipdesk/contract';
import { EMPTY_OPTION_SELECT_SLOTS, controlledFieldProps } from '@/lib/forms/field-props';
import { useListCarrierAccountsQuery } from '@/entities/carrier-accounts/carrier-accounts-api';

export interface LabelForm {
  labelType: LabelType;
  labelSize: LabelSize;
  /** '' for none: each carrier's default account pays. */
  defaultCarrierAccountId: string;
}

type Form = UseFormReturn<LabelForm>;

const LABEL_TYPE_TEXT: Record<LabelType, { title: string; text: string }> = {
  pdf: { title: 'PDF', text: 'Print on any office or label printer from the browser.' },
  zpl: { title: 'ZPL', text: 'Send straight to a Zebra-compatible thermal printer.' },
};

const LABEL_SIZE_TEXT: Record<LabelSize, { title: string; text: string }> = {
  '4x6': { title: '4 × 6 in', text: 'The shipping-label size of thermal printers and label sheets.' },
  letter: { title: 'Letter (8.5 × 11 in)', text: 'A full sheet for an office printer. PDF only.' },
};

function OptionLabel({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {title}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {text}
      </Typography>
    </>
  );
}

const OPTION_SX = { alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { mt: -0.75 } } as const;

function FieldHeading({ id, title, text }: { id: string; title: string; text: ReactNode }) {
  return (
    <>
      <Typography variant="h6" component="h2" id={id}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
    </>
  );
}

/** PDF or ZPL; ZPL labels come on 4x6 stock only, so choosing it moves a letter size back to 4x6. */
export function LabelTypeField({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="labelType"
      render={({ field: { disabled, onChange, ...field }, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} disabled={disabled}>
          <FieldHeading id="label-type-label" title="Label type" text="The format shipping labels are created in." />
          <RadioGroup
            {...field}
            onChange={(event) => {
              onChange(event.target.value);
              if (event.target.value === 'zpl' && form.getValues('labelSize') === 'letter') {
                form.setValue('labelSize', '4x6', { shouldDirty: true });
              }
            }}
            aria-labelledby="label-type-label"
          >
            {LABEL_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                value={type}
                control={<Radio />}
                sx={OPTION_SX}
                label={<OptionLabel {...LABEL_TYPE_TEXT[type]} />}
              />
            ))}
          </RadioGroup>
          {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

/** The label stock: 4x6, or a letter sheet for PDF labels. */
export function LabelSizeField({ form }: { form: Form }) {
  const labelType = useWatch({ control: form.control, name: 'labelType' });
  return (
    <Controller
      control={form.control}
      name="labelSize"
      render={({ field: { disabled, ...field }, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} disabled={disabled}>
          <FieldHeading id="label-size-label" title="Label size" text="The stock labels are printed on." />
          <RadioGroup {...field} aria-labelledby="label-size-label">
            {LABEL_SIZES.map((size) => (
              <FormControlLabel
                key={size}
                value={size}
                control={<Radio />}
                disabled={disabled || (size === 'letter' && labelType === 'zpl')}
                sx={OPTION_SX}
                label={<OptionLabel {...LABEL_SIZE_TEXT[size]} />}
              />
            ))}
          </RadioGroup>
          {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

/** The account labels are bought with when a carrier mapping names none, from the tenant's accounts. */
export function DefaultAccountField({ form }: { form: Form }) {
  const accounts = useListCarrierAccountsQuery();
  return (
    <div>
      <FieldHeading
        id="default-account-label"
        title="Default carrier account"
        text="Labels are bought with it when a carrier mapping names no account of its own."
      />
      <Controller
        control={form.control}
        name="defaultCarrierAccountId"
        render={(control) => {
          const stored = control.field.value;
          const missing = stored !== '' && !(accounts.data ?? []).some((account) => account.id === stored);
          return (
            <TextField
              select
              label="Account"
              slotProps={EMPTY_OPTION_SELECT_SLOTS}
              fullWidth
              disabled={control.field.disabled || accounts.isLoading}
              value={accounts.isLoading ? '' : stored}
              onChange={(event) => control.field.onChange(event.target.value)}
              {...controlledFieldProps(control, accounts.isError ? 'Could not load the carrier accounts.' : undefined)}
            >
              <MenuItem value="">None: each carrier&apos;s default account</MenuItem>
              {(accounts.data ?? []).map((account) => (
                <MenuItem key={account.id} value={account.id}>
                  {CARRIER_NAMES[account.carrier]} · {account.name}
                  {account.status === 'verified' ? '' : ' (not verified)'}
                </MenuItem>
              ))}
              {missing ? (
                <MenuItem value={stored} disabled>
                  {accounts.data ? 'An account that no longer exists' : 'The saved account'}
                </MenuItem>
              ) : null}
            </TextField>
          );
        }}
      />
    </div>
  );
}
