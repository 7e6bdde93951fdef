import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { POSTAL_CODE_COUNTRIES, STATE_COUNTRIES } from '@shipdesk/contract';
import { fieldProps } from '@/lib/forms/field-props';

interface AddressFieldsProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Path of the address object in the form ('shippingAddress'), or '' when the form is the address. */
  prefix: string;
  /** Names the group for assistive technology ('Shipping address'). */
  legend: string;
  autoFocus?: boolean;
}

/**
 * The fields of an address (AddressInputSchema) in a labelled group, two columns on wider screens. State and postal
 * code are marked required where the country's carriers need them (addressRuleProblems checks them).
 */
export function AddressFields<V extends FieldValues>({ form, prefix, legend, autoFocus }: AddressFieldsProps<V>) {
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field) as Path<V>;
  const typed: unknown = useWatch({ control: form.control, name: at('country') });
  const country = typeof typed === 'string' ? typed.trim().toUpperCase() : '';
  const autoComplete = (token: string) => ({ htmlInput: { autoComplete: `section-${prefix || 'address'} ${token}` } });
  return (
    <Box
      component="fieldset"
      aria-label={legend}
      sx={{
        border: 0,
        p: 0,
        m: 0,
        minWidth: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      <TextField
        {...fieldProps(form, at('name'))}
        label="Full name"
        required
        autoFocus={autoFocus}
        slotProps={autoComplete('name')}
      />
      <TextField {...fieldProps(form, at('company'))} label="Company" slotProps={autoComplete('organization')} />
      <TextField
        {...fieldProps(form, at('address1'))}
        label="Address"
        required
        sx={{ gridColumn: { sm: '1 / -1' } }}
        slotProps={autoComplete('address-line1')}
      />
      <TextField
        {...fieldProps(form, at('address2'))}
        label="Address line 2"
        sx={{ gridColumn: { sm: '1 / -1' } }}
        slotProps={autoComplete('address-line2')}
      />
      <TextField {...fieldProps(form, at('city'))} label="City" required slotProps={autoComplete('address-level2')} />
      <TextField
        {...fieldProps(form, at('state'))}
        label="State / region"
        required={STATE_COUNTRIES.includes(country)}
        slotProps={autoComplete('address-level1')}
      />
      <TextField
        {...fieldProps(form, at('postalCode'))}
        label="Postal code"
        required={POSTAL_CODE_COUNTRIES.includes(country)}
        slotProps={autoComplete('postal-code')}
      />
      <TextField
        {...fieldProps(form, at('country'), '2-letter code, e.g. US')}
        label="Country"
        required
        slotProps={{
          htmlInput: {
            maxLength: 2,
            autoComplete: `section-${prefix || 'address'} country`,
            style: { textTransform: 'uppercase' },
          },
        }}
      />
      <TextField {...fieldProps(form, at('phone'))} label="Phone" type="tel" slotProps={autoComplete('tel')} />
      <TextField {...fieldProps(form, at('email'))} label="E-mail" type="email" slotProps={autoComplete('email')} />
    </Box>
  );
}
