import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ConfigEntry } from '@shipdesk/contract';
import { fieldProps } from '@/lib/forms/field-props';
import { validatorResolver, type FormRules } from '@/lib/validation';
import { useSaveConfigMutation } from '../api/configs-api';
import { ApiKeyCard } from './api-key-card';
import { ConfigLoader } from './config-loader';
import { ConfigSaveButton } from './config-save-button';
import { runSave } from './save-config';

/** Named like the entry's field, so the server's `errors.value` lands on it. */
interface CqUrlForm {
  value: string;
}

/** The browser's view only; whether the host is public is the server's call (it resolves the name). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const rules: FormRules<CqUrlForm> = {
  value: {
    label: 'Connect URL',
    required: true,
    maxLength: { value: 2048 },
    custom: (value) => (isHttpUrl(String(value)) ? undefined : 'Enter a full http or https address, e.g. https://…'),
  },
};

function CqUrlSection({ entries, readOnly }: { entries: ConfigEntry[]; readOnly: boolean }) {
  const stored = entries.find((entry) => entry.key === 'cq_url')?.value ?? '';
  const form = useForm<CqUrlForm>({
    resolver: validatorResolver(rules),
    defaultValues: { value: stored },
    disabled: readOnly,
  });
  const [saveConfig] = useSaveConfigMutation();

  const submit = form.handleSubmit(async ({ value }) => {
    const saved = await runSave(() => saveConfig({ key: 'cq_url', value: value.trim() }).unwrap(), {
      success: 'Connect URL saved.',
      failure: 'Could not save the connect URL.',
      fields: ['value'],
      setError: form.setError,
    });
    if (saved) form.reset({ value: value.trim() });
  });

  return (
    <Paper variant="outlined" component="section" sx={{ p: 3 }}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="cq-url-heading">
        <Typography variant="h6" component="h2" id="cq-url-heading">
          Connect URL
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The web address of the connector Shipdesk calls. It must be reachable on the public Internet: addresses on
          this machine or a private network are refused.
        </Typography>
        <TextField
          {...fieldProps(form, 'value')}
          label="Connect URL"
          type="url"
          placeholder="https://connect.example.com/"
          fullWidth
          required
        />
        <ConfigSaveButton submitting={form.formState.isSubmitting} readOnly={readOnly} sx={{ mt: 2 }} />
      </Box>
    </Paper>
  );
}

/** Integrations: the tenant's API key for scripts and ERPs, and the connector address (cq_url). */
export function IntegrationsTab({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <ApiKeyCard readOnly={readOnly} />
      <ConfigLoader>{(entries) => <CqUrlSection entries={entries} readOnly={readOnly} />}</ConfigLoader>
    </Stack>
  );
}
