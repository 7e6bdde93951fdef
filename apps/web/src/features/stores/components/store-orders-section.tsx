import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Store } from '@shipdesk/contract';
import { ConnectionSectionTitle } from '@/entities/connections/connection-dialog';
import { sourceLabel } from '@/lib/format/source-type';
import { controlledFieldProps, fieldProps } from '@/lib/forms/field-props';
import type { StoreFormValues } from '../store-form';
import { SYNC_INTERVALS, intervalLabel } from '../store-status';

/** Platforms that push order webhooks to the store's webhook address. */
const WEBHOOK_SOURCES = new Set(['Shopify', 'Bigcommerce']);

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Webhook URL copied.');
  } catch {
    toast.error('Could not copy. Select the address and copy it by hand.');
  }
}

/** The schedules offered, and the store's own when it was set (through the API) to none of them. */
function intervalOptions(interval: string): { value: string; label: string }[] {
  const options = SYNC_INTERVALS.map((option) => ({
    value: option.minutes === null ? 'off' : String(option.minutes),
    label: option.label,
  }));
  if (!options.some((option) => option.value === interval)) {
    options.push({ value: interval, label: intervalLabel(Number(interval)) });
  }
  return options;
}

/** How the store's orders come in: their order code, the scheduled pull, pausing it, and the webhook address. */
export function StoreOrdersSection({ form, store }: { form: UseFormReturn<StoreFormValues>; store?: Store }) {
  const interval = useWatch({ control: form.control, name: 'syncIntervalMinutes' });
  return (
    <>
      <ConnectionSectionTitle>Orders</ConnectionSectionTitle>
      <TextField
        {...fieldProps(
          form,
          'customerOrderCode',
          store
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
        render={(control) => (
          <TextField
            select
            label="Scheduled pull"
            fullWidth
            value={control.field.value}
            onChange={(event) => control.field.onChange(event.target.value)}
            {...controlledFieldProps(control, 'How often orders are pulled without anyone asking.')}
          >
            {intervalOptions(interval).map((option) => (
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
    </>
  );
}
