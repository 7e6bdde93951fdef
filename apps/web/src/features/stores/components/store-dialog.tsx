import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOURCE_TYPES, type ConnectionResult, type Store } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { apiFieldErrors } from '@/lib/errors';
import { sourceLabel } from '@/lib/format/source-type';
import { applyServerErrors, textFieldProps } from '@/lib/validation';
import { useCreateStoreMutation, useTestStoreConnectionMutation, useUpdateStoreMutation } from '../api/stores-api';
import {
  defaultStoreForm,
  fieldPath,
  fieldsOf,
  storeFieldPaths,
  storeFormResolver,
  toCreateStore,
  toTestConnection,
  toUpdateStore,
  type StoreFormValues,
} from '../store-form';
import { SYNC_INTERVALS, intervalLabel } from '../store-status';
import { ConnectionField } from './connection-field';

/** Platforms that push order webhooks to the store's webhook address. */
const WEBHOOK_SOURCES = new Set(['Shopify', 'Bigcommerce']);

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, pt: 1 }}>
      {children}
    </Typography>
  );
}

function ConnectionAnswer({ result }: { result: ConnectionResult }) {
  if (result.ok) {
    return (
      <Alert severity="success" role="status">
        {result.accountName ? `Connected to ${result.accountName}` : result.message}
      </Alert>
    );
  }
  return (
    <Alert severity="error" role="status">
      <AlertTitle>{result.message}</AlertTitle>
      {result.platformAnswer ? (
        <>
          The platform answered:{' '}
          <Box component="code" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {result.platformAnswer}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Webhook URL copied.');
  } catch {
    toast.error('Could not copy. Select the address and copy it by hand.');
  }
}

/**
 * Add a store, or edit one (`store`). The connection fields follow STORE_FIELDS of the chosen channel; 'Test
 * connection' asks the platform with what the form holds now, before anything is saved.
 */
export function StoreDialog({ store, onClose }: { store?: Store; onClose(): void }) {
  const editing = store !== undefined;
  const resolver = useMemo(() => storeFormResolver(store), [store]);
  const form = useForm<StoreFormValues>({ resolver, defaultValues: defaultStoreForm(store), mode: 'onSubmit' });
  const sourceType = useWatch({ control: form.control, name: 'sourceType' });
  const fields = fieldsOf(sourceType);
  const basic = fields.filter((field) => !field.advanced);
  const advanced = fields.filter((field) => field.advanced);
  const advancedId = useId();
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const [createStore] = useCreateStoreMutation();
  const [updateStore] = useUpdateStoreMutation();
  const [testConnection, testing] = useTestStoreConnectionMutation();

  /** Field errors of a 400 go under their inputs (opening "Advanced" if one is there); the rest is returned. */
  const landOnFields = (error: unknown, fallback: string) => {
    const named = Object.keys(apiFieldErrors(error));
    if (advanced.some((field) => named.includes(fieldPath(field)))) setShowAdvanced(true);
    return applyServerErrors(error, storeFieldPaths(sourceType), form.setError, fallback);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = store
        ? await updateStore({ id: store.id, body: toUpdateStore(values, store) }).unwrap()
        : await createStore(toCreateStore(values)).unwrap();
      toast.success(store ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
    } catch (error) {
      setFormError(landOnFields(error, store ? 'Could not save the store.' : 'Could not add the store.'));
    }
  });

  const runTest = async () => {
    setResult(null);
    const valid = await form.trigger(['sourceType', ...fields.map(fieldPath)]);
    if (!valid) return;
    try {
      setResult(await testConnection(toTestConnection(form.getValues(), store?.id)).unwrap());
    } catch (error) {
      const message = landOnFields(error, 'Could not test the connection.');
      if (message) setResult({ ok: false, message, platformAnswer: null, accountName: null });
    }
  };

  const interval = useWatch({ control: form.control, name: 'syncIntervalMinutes' });
  const intervals = SYNC_INTERVALS.map((option) => ({
    value: option.minutes === null ? 'off' : String(option.minutes),
    label: option.label,
  }));
  // A schedule set through the API may be none of the offered ones: keep it selectable.
  if (!intervals.some((option) => option.value === interval)) {
    intervals.push({ value: interval, label: intervalLabel(Number(interval)) });
  }

  const busy = form.formState.isSubmitting;
  return (
    <FormDialog
      open
      title={store ? `Edit ${store.name}` : 'Add store'}
      message={store ? `${sourceLabel(store.sourceType)} store` : undefined}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel={store ? 'Save' : 'Add store'}
      busy={busy}
      error={formError}
      maxWidth="sm"
    >
      <TextField {...textFieldProps(form, 'name')} label="Name" required fullWidth autoFocus />
      {editing ? null : (
        <Controller
          control={form.control}
          name="sourceType"
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Channel"
              required
              fullWidth
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                setResult(null);
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {SOURCE_TYPES.map((source) => (
                <MenuItem key={source} value={source}>
                  {sourceLabel(source)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}

      {sourceType === 'Wholesale' ? (
        <Typography variant="body2" color="text.secondary">
          Wholesale stores need no connection: their orders are added by hand or through the API.
        </Typography>
      ) : null}
      {fields.length > 0 ? (
        <>
          <SectionTitle>Connection</SectionTitle>
          {basic.map((field) => (
            <ConnectionField key={field.key} form={form} field={field} stored={store?.credentials[field.key]} />
          ))}
          {advanced.length > 0 ? (
            <Box>
              <Button
                size="small"
                onClick={() => setShowAdvanced((open) => !open)}
                aria-expanded={showAdvanced}
                aria-controls={advancedId}
                endIcon={
                  <ExpandMoreOutlined
                    sx={{ transform: showAdvanced ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
                  />
                }
              >
                Advanced
              </Button>
              <Collapse in={showAdvanced} id={advancedId}>
                <Stack spacing={2} sx={{ pt: 2 }}>
                  {advanced.map((field) => (
                    <ConnectionField key={field.key} form={form} field={field} stored={store?.credentials[field.key]} />
                  ))}
                </Stack>
              </Collapse>
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
            <Button
              variant="outlined"
              onClick={() => void runTest()}
              disabled={testing.isLoading || busy}
              startIcon={testing.isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Test connection
            </Button>
            {result ? (
              <Box sx={{ alignSelf: 'stretch' }}>
                <ConnectionAnswer result={result} />
              </Box>
            ) : null}
          </Box>
        </>
      ) : null}

      <SectionTitle>Orders</SectionTitle>
      <TextField
        {...textFieldProps(
          form,
          'customerOrderCode',
          editing
            ? "Shown before the channel's order number, e.g. SHP-1001."
            : "Shown before the channel's order number, e.g. SHP-1001. Left empty, the channel's usual code is used.",
        )}
        label="Customer order code"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 10, spellCheck: false } }}
      />
      <Controller
        control={form.control}
        name="syncIntervalMinutes"
        render={({ field }) => (
          <TextField
            select
            label="Scheduled pull"
            fullWidth
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            helperText="How often orders are pulled without anyone asking."
          >
            {intervals.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {store && store.status !== 'uninstalled' ? (
        <Controller
          control={form.control}
          name="paused"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
              label="Paused: no scheduled pulls until resumed"
            />
          )}
        />
      ) : null}
      {store?.webhookUrl && WEBHOOK_SOURCES.has(store.sourceType) ? (
        <TextField
          label="Webhook URL"
          value={store.webhookUrl}
          fullWidth
          helperText={`Register this address for order webhooks in ${sourceLabel(store.sourceType)}, so new orders arrive at once.`}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton edge="end" aria-label="Copy webhook URL" onClick={() => void copy(store.webhookUrl!)}>
                    <ContentCopyOutlined />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : null}
    </FormDialog>
  );
}
