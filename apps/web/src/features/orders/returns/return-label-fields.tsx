import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lengthUnit, type ReturnLabelDefaults } from '@shipdesk/contract';
import { LengthField, useUnits, WeightField } from '@/lib/units';
import type { ReturnForm, ReturnFormErrors } from './return-label-form';
import { carrierName, choiceKey, PAY_ON_USE_WORDS } from './return-words';

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
  const baseId = useId();
  const serviceLabelId = `${baseId}-service`;
  const serviceErrorId = `${baseId}-service-error`;
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
              {carrierName(delivery.carrier)} {delivery.serviceName} · {delivery.trackingNumber}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <FormControl error={Boolean(errors.choice)} disabled={disabled}>
        <FormLabel id={serviceLabelId} sx={{ mb: 0.5 }}>
          Carrier service
        </FormLabel>
        <RadioGroup
          aria-labelledby={serviceLabelId}
          aria-describedby={errors.choice ? serviceErrorId : undefined}
          value={form.choice}
          onChange={(change) => onChange({ choice: change.target.value })}
        >
          {defaults.choices.map((choice) => (
            <FormControlLabel
              key={choiceKey(choice)}
              value={choiceKey(choice)}
              control={<Radio size="small" />}
              sx={{ alignItems: 'flex-start', mr: 0, '& .MuiRadio-root': { mt: -0.5 } }}
              label={
                <Box sx={{ py: 0.25 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {carrierName(choice.carrier)} {choice.serviceName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {choice.accountName} · {choice.payOnUse ? PAY_ON_USE_WORDS : 'Charged when the label is made'}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {errors.choice ? <FormHelperText id={serviceErrorId}>{errors.choice}</FormHelperText> : null}
      </FormControl>
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
