import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lengthUnit, type ReturnChoice, type ReturnLabelDefaults } from '@shipdesk/contract';
import { LengthField, useUnits, WeightField } from '@/lib/units';
import type { ReturnForm, ReturnFormErrors } from './return-label-form';
import { choiceKey, PAY_ON_USE_WORDS, serviceWords } from './return-words';

/** Under a service: the account it is bought on, and when it is charged. */
const choiceWords = (choice: ReturnChoice) =>
  `${choice.accountName} · ${choice.payOnUse ? PAY_ON_USE_WORDS : 'Charged when the label is made'}`;

const DIMENSIONS = [
  ['length', 'Length'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const;

interface ReturnLabelFieldsProps {
  defaults: ReturnLabelDefaults;
  form: ReturnForm;
  errors: ReturnFormErrors;
  disabled: boolean;
  onChange(change: Partial<ReturnForm>): void;
}

/**
 * The return label's choices: which delivery comes back (when there are several), the carrier service (and whether it
 * is charged now or only when the buyer uses it), the parcel in the tenant's units, the RMA, the format and the e-mail.
 */
export function ReturnLabelFields({ defaults, form, errors, disabled, onChange }: ReturnLabelFieldsProps) {
  const { system } = useUnits();
  const chosen = defaults.choices.find((choice) => choiceKey(choice) === form.choice);
  return (
    <>
      {defaults.deliveries.length > 1 ? (
        <TextField
          select
          label="Delivery being returned"
          value={form.deliveryId}
          disabled={disabled}
          onChange={(change) => onChange({ deliveryId: change.target.value })}
          error={Boolean(errors.deliveryId)}
          helperText={errors.deliveryId ?? ' '}
        >
          {defaults.deliveries.map((delivery) => (
            <MenuItem key={delivery.deliveryId} value={delivery.deliveryId}>
              {serviceWords(delivery.carrier, delivery.serviceName)} · {delivery.trackingNumber}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        select
        label="Carrier service"
        value={form.choice}
        disabled={disabled}
        onChange={(change) => onChange({ choice: change.target.value })}
        error={Boolean(errors.choice)}
        helperText={
          errors.choice ?? (chosen ? choiceWords(chosen) : 'The services your carriers make return labels on')
        }
        slotProps={{
          select: {
            renderValue: () => (chosen ? serviceWords(chosen.carrier, chosen.serviceName) : ''),
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
          },
        }}
      >
        {defaults.choices.map((choice) => (
          <MenuItem key={choiceKey(choice)} value={choiceKey(choice)} sx={{ display: 'block', py: 0.75 }}>
            <Typography variant="body2">{serviceWords(choice.carrier, choice.serviceName)}</Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {choiceWords(choice)}
            </Typography>
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <WeightField
          label={system === 'imperial' ? 'Weight (lb, oz)' : 'Weight (kg, g)'}
          value={form.weight}
          disabled={disabled}
          onChange={(weight) => onChange({ weight })}
          error={errors.weight}
          helperText="Box included"
        />
        <TextField
          select
          label="Label format"
          value={form.format}
          disabled={disabled}
          onChange={(change) => onChange({ format: change.target.value as ReturnForm['format'] })}
          error={Boolean(errors.format)}
          helperText={errors.format ?? ' '}
        >
          <MenuItem value="pdf">PDF (printed by the buyer)</MenuItem>
          <MenuItem value="zpl">ZPL (thermal printer)</MenuItem>
        </TextField>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
        {DIMENSIONS.map(([name, label]) => (
          <LengthField
            key={name}
            label={`${label} (${lengthUnit(system)})`}
            value={form[name]}
            disabled={disabled}
            onChange={(size) => onChange({ [name]: size })}
            error={errors[name]}
          />
        ))}
      </Box>
      <TextField
        label="RMA number"
        value={form.rma}
        disabled={disabled}
        onChange={(change) => onChange({ rma: change.target.value })}
        error={Boolean(errors.rma)}
        helperText={errors.rma ?? 'Printed on the label as its reference'}
        slotProps={{ htmlInput: { maxLength: 30, spellCheck: false, autoComplete: 'off' } }}
      />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={form.emailBuyer}
              disabled={disabled}
              onChange={(change) => onChange({ emailBuyer: change.target.checked })}
            />
          }
          label={defaults.buyerEmail ? `E-mail the label to ${defaults.buyerEmail}` : 'E-mail the label'}
        />
        {form.emailBuyer ? (
          <TextField
            label={defaults.buyerEmail ? 'Another address (optional)' : 'E-mail address'}
            type="email"
            value={form.email}
            disabled={disabled}
            required={!defaults.buyerEmail}
            onChange={(change) => onChange({ email: change.target.value })}
            error={Boolean(errors.email)}
            helperText={
              errors.email ??
              (defaults.buyerEmail ? "Sent there instead of the buyer's address" : 'The order has no buyer e-mail')
            }
            fullWidth
            sx={{ mt: 1 }}
          />
        ) : errors.email ? (
          <FormHelperText error>{errors.email}</FormHelperText>
        ) : null}
      </Box>
    </>
  );
}
