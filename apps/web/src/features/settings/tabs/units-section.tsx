import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  formatLength,
  formatWeight,
  tenantUnitsFrom,
  UNIT_SYSTEM_NAMES,
  UNIT_SYSTEMS,
  type ConfigEntry,
  type UnitSystem,
} from '@shipdesk/contract';
import { showApiError } from '@/lib/errors/show-api-error';
import { apiFieldErrors } from '@/lib/errors/api-error';
import { useSaveConfigMutation } from '../api/configs-api';
import { ConfigSaveButton } from './config-save-button';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** Why the units are what they are until someone chooses: the warehouse country, or no warehouse address yet. */
function defaultReason(country: string | null, system: UnitSystem): string {
  const units = UNIT_SYSTEM_NAMES[system].toLowerCase();
  if (!country) return `Not chosen yet: ${units}, until a warehouse address says otherwise.`;
  return `Not chosen yet: ${units}, as in your warehouse's country (${regionNames.of(country) ?? country}).`;
}

/** Units (config `units`): how weights and sizes are shown and typed; they are stored in grams and inches whatever. */
export function UnitsSection({ entries, readOnly }: { entries: ConfigEntry[]; readOnly: boolean }) {
  const current = tenantUnitsFrom(entries);
  const [choice, setChoice] = useState<UnitSystem>(current.units);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [saveConfig] = useSaveConfigMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await saveConfig({ key: 'units', value: choice }).unwrap();
      toast.success('Units saved.');
    } catch (failure) {
      setError(apiFieldErrors(failure).value ?? null);
      showApiError(failure, 'Could not save the units.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="units-heading">
      <Typography variant="h6" component="h2" id="units-heading">
        Units
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} id="units-description">
        Weights and sizes are shown and typed in these units on labels and box sizes. They are kept exactly as entered:
        changing the units never changes a weight or a size.
      </Typography>
      <RadioGroup
        name="units"
        value={choice}
        onChange={(change) => setChoice(change.target.value as UnitSystem)}
        aria-labelledby="units-heading"
        aria-describedby="units-description units-default"
      >
        {UNIT_SYSTEMS.map((system) => (
          <FormControlLabel
            key={system}
            value={system}
            disabled={readOnly}
            control={<Radio />}
            label={
              <span>
                {UNIT_SYSTEM_NAMES[system]}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` — e.g. ${formatWeight(1007, system)}, ${formatLength(12, system)}`}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
      <FormHelperText id="units-default" error={Boolean(error)}>
        {error ?? (current.chosen ? ' ' : defaultReason(current.warehouseCountry, current.units))}
      </FormHelperText>
      <ConfigSaveButton submitting={submitting} readOnly={readOnly} sx={{ mt: 2 }} />
    </Box>
  );
}
