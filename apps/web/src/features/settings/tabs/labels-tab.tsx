import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { LABEL_TYPES, type ConfigEntry, type LabelType } from '@shipdesk/contract';
import { validatorResolver, type FormRules } from '@/lib/validation';
import { configOptions, optionString, useSaveConfigMutation } from '../api/configs-api';
import { ConfigSaveButton } from './config-save-button';
import { runSave } from './save-config';

interface LabelForm {
  labelType: LabelType;
}

const LABEL_TYPE_TEXT: Record<LabelType, { title: string; text: string }> = {
  pdf: { title: 'PDF', text: 'Print on any office or label printer from the browser.' },
  zpl: { title: 'ZPL', text: 'Send straight to a Zebra-compatible thermal printer.' },
};

const rules: FormRules<LabelForm> = {
  labelType: {
    required: 'Choose a label type',
    custom: (value) => ((LABEL_TYPES as readonly unknown[]).includes(value) ? undefined : 'Choose a label type'),
  },
};

/** Labels: the label format (config ship_label_app_info); the stored hash key is kept as it is. */
export function LabelsTab({ entries, readOnly = false }: { entries: ConfigEntry[]; readOnly?: boolean }) {
  const options = configOptions(entries, 'ship_label_app_info');
  const stored = optionString(options, 'labelType');
  const form = useForm<LabelForm>({
    resolver: validatorResolver(rules),
    defaultValues: { labelType: (LABEL_TYPES as readonly string[]).includes(stored) ? (stored as LabelType) : 'pdf' },
    disabled: readOnly,
  });
  const [saveConfig] = useSaveConfigMutation();

  const submit = form.handleSubmit(async (values) => {
    const saved = await runSave(
      () =>
        saveConfig({
          key: 'ship_label_app_info',
          options: { labelType: values.labelType, hashKey: optionString(options, 'hashKey') },
        }).unwrap(),
      {
        success: 'Label type saved.',
        failure: 'Could not save the label type.',
        fields: ['labelType'],
        setError: form.setError,
      },
    );
    if (saved) form.reset(values);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
      <Controller
        control={form.control}
        name="labelType"
        render={({ field: { disabled, ...field }, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} disabled={disabled}>
            <Typography variant="h6" component="h2" id="label-type-label">
              Label type
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              The format shipping labels are created in.
            </Typography>
            <RadioGroup {...field} aria-labelledby="label-type-label">
              {LABEL_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { mt: -0.75 } }}
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {LABEL_TYPE_TEXT[type].title}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {LABEL_TYPE_TEXT[type].text}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
            {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <Box>
        <ConfigSaveButton submitting={form.formState.isSubmitting} readOnly={readOnly} sx={{ mt: 1 }} />
      </Box>
    </Box>
  );
}
