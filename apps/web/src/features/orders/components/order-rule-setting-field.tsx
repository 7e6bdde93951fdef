import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { HandSetTarget } from '@shipdesk/contract';
import type { RuleSettingsFormValues, SettingMode } from '../order-rule-settings-form';

interface OrderRuleSettingFieldProps {
  form: UseFormReturn<RuleSettingsFormValues>;
  target: HandSetTarget;
  /** The group's name ("Insurance"). */
  legend: string;
  /** The value's input, disabled while the rules decide. */
  children: (byHand: boolean) => ReactNode;
}

/**
 * One setting of the rule-settings dialog as a labelled group: "Rules decide" or "Set by hand" (arrow keys move
 * between them), then the value, which only a choice by hand takes.
 */
export function OrderRuleSettingField({ form, target, legend, children }: OrderRuleSettingFieldProps) {
  const legendId = useId();
  const mode = useWatch({ control: form.control, name: `modes.${target}` });
  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1 }}
    >
      <Typography id={legendId} component="legend" variant="subtitle2" sx={{ p: 0, color: 'text.primary' }}>
        {legend}
      </Typography>
      <Controller
        control={form.control}
        name={`modes.${target}`}
        render={({ field }) => (
          <RadioGroup
            row
            aria-labelledby={legendId}
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value as SettingMode)}
            onBlur={field.onBlur}
          >
            <FormControlLabel value="rules" control={<Radio size="small" />} label="Rules decide" />
            <FormControlLabel value="hand" control={<Radio size="small" />} label="Set by hand" />
          </RadioGroup>
        )}
      />
      {children(mode === 'hand')}
    </Box>
  );
}
