import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { InsuranceProvider } from '@shipdesk/contract';
import {
  INSURANCE_PROVIDER_CHOICES,
  SIGNATURE_CHOICES,
  type OptionErrors,
  type OptionFields,
  type SignatureChoice,
} from '../label-options';

interface LabelOptionsFieldsProps {
  /** The options as typed; null until the server has said what the order's are. */
  options: OptionFields | null;
  errors: OptionErrors;
  /** Whether whose insurance matters (an aggregator with its own insurer is connected). */
  insuranceChoice: boolean;
  /** An insured value typed: priced once the typing pauses. */
  onEdit(options: OptionFields): void;
  /** A signature or whose insurance chosen: priced at once. */
  onReprice(options: OptionFields): void;
}

/**
 * What the label is bought with besides its parcel: the insured value (the order's currency, major units; empty for
 * none), whose insurance where an aggregator offers its own, and the signature. Prefilled with the order's (a rule's or
 * a person's); a change is for this label only.
 */
export function LabelOptionsFields({ options, errors, insuranceChoice, onEdit, onReprice }: LabelOptionsFieldsProps) {
  const insured = Boolean(options && options.insuredValue.trim() !== '' && Number(options.insuredValue) !== 0);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: insuranceChoice ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)' },
      }}
    >
      <TextField
        label={`Insured value${options ? ` (${options.currency})` : ''}`}
        value={options?.insuredValue ?? ''}
        disabled={!options}
        onChange={(change) => options && onEdit({ ...options, insuredValue: change.target.value })}
        error={Boolean(errors.insuredValue)}
        helperText={errors.insuredValue ?? 'Empty: not insured'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      {insuranceChoice ? (
        <TextField
          select
          label="Whose insurance"
          value={options?.insuranceProvider ?? 'carrier'}
          disabled={!options || !insured}
          onChange={(change) =>
            options && onReprice({ ...options, insuranceProvider: change.target.value as InsuranceProvider })
          }
          helperText={insured ? 'For Shippo labels' : 'With an insured value'}
        >
          {INSURANCE_PROVIDER_CHOICES.map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        select
        label="Signature"
        value={options?.signature ?? 'none'}
        disabled={!options}
        onChange={(change) => options && onReprice({ ...options, signature: change.target.value as SignatureChoice })}
        helperText=" "
      >
        {SIGNATURE_CHOICES.map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
