import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LABEL_SIZES, LABEL_TYPES, type ConfigEntry, type LabelSize, type LabelType } from '@shipdesk/contract';
import { validatorResolver, type FormRules } from '@/lib/validation';
import { configOptions, optionString, useSaveConfigMutation } from '../api/configs-api';
import { PrinterPreferencesForm } from '@/components/printing/printer-preferences-form';
import { BoxSizesSection } from '../box-sizes/box-sizes-section';
import { ConfigSaveButton } from './config-save-button';
import { DefaultAccountField, LabelSizeField, LabelTypeField, type LabelForm } from './label-fields';
import { runSave } from './save-config';

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

const rules: FormRules<LabelForm> = {
  labelType: {
    required: 'Choose a label type',
    custom: (value) => (isOneOf(LABEL_TYPES, value) ? undefined : 'Choose a label type'),
  },
  labelSize: {
    required: 'Choose a label size',
    custom: (value, values) =>
      value === 'letter' && values.labelType === 'zpl' ? 'Letter sheets are for PDF labels only' : undefined,
  },
};

/** The stored label settings, each falling back to the product default: PDF on 4x6 stock, no default account. */
function labelFormFrom(options: Record<string, unknown>): LabelForm {
  const labelType: LabelType = isOneOf(LABEL_TYPES, options.labelType) ? options.labelType : 'pdf';
  const labelSize: LabelSize =
    isOneOf(LABEL_SIZES, options.labelSize) && !(options.labelSize === 'letter' && labelType === 'zpl')
      ? options.labelSize
      : '4x6';
  const account = options.defaultCarrierAccountId;
  return { labelType, labelSize, defaultCarrierAccountId: typeof account === 'string' ? account : '' };
}

/** What is saved: the form's values with the stored hash key kept as it is (it belongs to an external label app). */
function labelOptions(values: LabelForm, stored: Record<string, unknown>) {
  return {
    labelType: values.labelType,
    labelSize: values.labelSize,
    defaultCarrierAccountId: values.defaultCarrierAccountId || null,
    hashKey: optionString(stored, 'hashKey'),
  };
}

/**
 * Labels: the label format and stock, and the account labels are bought with when a mapping names none (config
 * ship_label_app_info); below, the boxes orders are packed in, whose sizes and weights go on the labels.
 */
export function LabelsTab({ entries, readOnly = false }: { entries: ConfigEntry[]; readOnly?: boolean }) {
  return (
    <Stack spacing={5} sx={{ maxWidth: 720 }}>
      <LabelSettingsForm entries={entries} readOnly={readOnly} />
      <BoxSizesSection readOnly={readOnly} />
      <Box component="section" aria-labelledby="printing-heading">
        <Typography variant="h6" component="h2" id="printing-heading">
          Printing on this computer
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Where labels go from this computer, and the scale it weighs parcels with.
        </Typography>
        <PrinterPreferencesForm />
      </Box>
    </Stack>
  );
}

function LabelSettingsForm({ entries, readOnly }: { entries: ConfigEntry[]; readOnly: boolean }) {
  const options = configOptions(entries, 'ship_label_app_info');
  const form = useForm<LabelForm>({
    resolver: validatorResolver(rules),
    defaultValues: labelFormFrom(options),
    disabled: readOnly,
  });
  const [saveConfig] = useSaveConfigMutation();

  const submit = form.handleSubmit(async (values) => {
    const saved = await runSave(
      () => saveConfig({ key: 'ship_label_app_info', options: labelOptions(values, options) }).unwrap(),
      {
        success: 'Label settings saved.',
        failure: 'Could not save the label settings.',
        fields: ['labelType', 'labelSize', 'defaultCarrierAccountId'],
        setError: form.setError,
      },
    );
    if (saved) form.reset(values);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Label settings" sx={{ maxWidth: 560 }}>
      <Stack spacing={3}>
        <LabelTypeField form={form} />
        <LabelSizeField form={form} />
        <DefaultAccountField form={form} />
      </Stack>
      <ConfigSaveButton submitting={form.formState.isSubmitting} readOnly={readOnly} sx={{ mt: 3 }} />
    </Box>
  );
}
