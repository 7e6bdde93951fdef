import type { UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { fieldProps } from '@/lib/forms/field-props';
import { EMAIL_PATTERN, PHONE_PATTERN, type FormRules } from '@/lib/validation';
import { optionString } from '../api/configs-api';

/**
 * An address of the seller's as Settings keeps it (the contract's WarehouseInfoOptionsSchema): the ship-from
 * (warehouse_info) and the returns address (returns_address) share its fields, rules and form.
 */
export interface WarehouseForm {
  name: string;
  company: string;
  phone: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const WAREHOUSE_FIELDS = [
  'name',
  'company',
  'phone',
  'email',
  'address1',
  'address2',
  'city',
  'state',
  'postalCode',
  'country',
] as const satisfies readonly (keyof WarehouseForm)[];
const OPTIONAL_FIELDS = new Set<keyof WarehouseForm>(['company', 'phone', 'email', 'address2', 'state']);

/** The English name of an ISO 3166-1 alpha-2 code, or null when the code names no region. */
export function countryName(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(upper) ?? null;
  } catch {
    return null;
  }
}

/** The limits of the contract's WarehouseInfoOptionsSchema; `nameLabel` names the address's first line. */
export const warehouseRules = (nameLabel: string): FormRules<WarehouseForm> => ({
  name: { label: nameLabel, required: true, maxLength: { value: 120 } },
  company: { label: 'Company', maxLength: { value: 120 } },
  phone: { label: 'Phone', pattern: { value: PHONE_PATTERN, message: 'Enter a valid phone number' } },
  email: {
    label: 'E-mail',
    pattern: { value: EMAIL_PATTERN, message: 'Enter a valid e-mail address' },
    maxLength: { value: 254 },
  },
  address1: { label: 'Address line 1', required: true, maxLength: { value: 200 } },
  address2: { label: 'Address line 2', maxLength: { value: 200 } },
  city: { label: 'City', required: true, maxLength: { value: 100 } },
  state: { label: 'State / province', maxLength: { value: 100 } },
  postalCode: { label: 'Postal code', required: true, maxLength: { value: 20 } },
  country: {
    label: 'Country',
    required: true,
    custom: (value) => (countryName(String(value)) ? undefined : 'Use the 2-letter country code (ISO 3166-1), e.g. US'),
  },
});

/** The options object saved under warehouse_info: trimmed, country upper-case, empty optional fields left out. */
export function warehouseOptions(values: WarehouseForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of WAREHOUSE_FIELDS) {
    const value = field === 'country' ? values[field].trim().toUpperCase() : values[field].trim();
    if (value || !OPTIONAL_FIELDS.has(field)) out[field] = value;
  }
  return out;
}

const LAYOUT: { field: keyof WarehouseForm; label: string; autoComplete: string; wide?: boolean; hint?: string }[] = [
  { field: 'name', label: 'Name', autoComplete: 'off', wide: true },
  { field: 'company', label: 'Company', autoComplete: 'organization' },
  { field: 'phone', label: 'Phone', autoComplete: 'tel' },
  { field: 'email', label: 'E-mail', autoComplete: 'email', wide: true },
  { field: 'address1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  { field: 'address2', label: 'Address line 2', autoComplete: 'address-line2', wide: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'state', label: 'State / province', autoComplete: 'address-level1' },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { field: 'country', label: 'Country code', autoComplete: 'country' },
];
const REQUIRED = new Set(WAREHOUSE_FIELDS.filter((f) => !OPTIONAL_FIELDS.has(f)));

/** The form's values from saved options (empty fields, the country US, when nothing is saved). */
export function warehouseFormValues(options: Record<string, unknown>): WarehouseForm {
  return Object.fromEntries(
    WAREHOUSE_FIELDS.map((field) => [field, optionString(options, field, field === 'country' ? 'US' : '')]),
  ) as unknown as WarehouseForm;
}

/** The address's fields, two columns on wider screens; `nameLabel` names the first ('Warehouse name'). */
export function WarehouseAddressFields({ form, nameLabel }: { form: UseFormReturn<WarehouseForm>; nameLabel: string }) {
  const country = form.watch('country');
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {LAYOUT.map(({ field, label, autoComplete, wide }) => (
        <TextField
          key={field}
          {...fieldProps(
            form,
            field,
            field === 'country' ? (countryName(country) ?? 'Two letters, e.g. US') : undefined,
          )}
          label={field === 'name' ? nameLabel : label}
          autoComplete={autoComplete}
          required={REQUIRED.has(field)}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          sx={wide ? { gridColumn: { sm: '1 / -1' } } : undefined}
          slotProps={
            field === 'country' ? { htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } } : undefined
          }
        />
      ))}
    </Box>
  );
}
