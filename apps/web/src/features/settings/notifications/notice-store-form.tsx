import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  BuyerNoticeKind,
  BuyerNoticePreview,
  BuyerNoticeSettings,
  BuyerNoticeSettingsInput,
} from '@shipdesk/contract';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { useSaveBuyerNoticeSettingsMutation, usePreviewBuyerNoticeMutation } from './notifications-api';
import { NoticePreviewDialog } from './notice-preview-dialog';
import { NoticeTemplateFields } from './notice-template-fields';

/** The form's fields: the input without the save's guard (`expectedUpdatedAt`, sent from the settings shown). */
type Field = Exclude<keyof BuyerNoticeSettingsInput, 'expectedUpdatedAt'>;
type Draft = Record<Field, string | boolean>;
type TextKey = Exclude<Field, 'shippedEnabled' | 'deliveredEnabled' | 'evenWhenChannelNotifies'>;

const TEXT_FIELDS: TextKey[] = [
  'shippedSubject',
  'shippedBody',
  'deliveredSubject',
  'deliveredBody',
  'senderName',
  'replyTo',
  'logoUrl',
];

function draftOf(settings: BuyerNoticeSettings): Draft {
  const draft = {
    shippedEnabled: settings.shippedEnabled,
    deliveredEnabled: settings.deliveredEnabled,
    evenWhenChannelNotifies: settings.evenWhenChannelNotifies,
  } as Draft;
  for (const field of TEXT_FIELDS) draft[field] = settings[field] ?? '';
  return draft;
}

/** The request body: empty texts as null (the server's defaults). */
function inputOf(draft: Draft): BuyerNoticeSettingsInput {
  const input = {
    shippedEnabled: Boolean(draft.shippedEnabled),
    deliveredEnabled: Boolean(draft.deliveredEnabled),
    evenWhenChannelNotifies: Boolean(draft.evenWhenChannelNotifies),
  } as BuyerNoticeSettingsInput;
  for (const field of TEXT_FIELDS) {
    const text = String(draft[field]).trim();
    input[field] = text === '' ? null : text;
  }
  return input;
}

/** One store's buyer e-mails: the switches, the sender, the two templates and their preview. */
export function NoticeStoreForm({ settings, readOnly }: { settings: BuyerNoticeSettings; readOnly: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<BuyerNoticePreview | null>(null);
  const [save, saving] = useSaveBuyerNoticeSettingsMutation();
  const [askPreview, previewing] = usePreviewBuyerNoticeMutation();
  const id = `notices-${settings.storeKey}`;
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const text = (field: TextKey) => String(draft[field]);

  async function onSave() {
    setErrors({});
    const result = await save({
      storeKey: settings.storeKey,
      settings: { ...inputOf(draft), expectedUpdatedAt: settings.updatedAt },
    });
    if ('error' in result) {
      setErrors(apiFieldErrors(result.error));
      toast.error(apiErrorMessage(result.error, 'The notification settings could not be saved'));
      return;
    }
    toast.success(`Saved the e-mails of ${settings.storeName}`);
  }

  async function onPreview(kind: BuyerNoticeKind) {
    const input = inputOf(draft);
    const result = await askPreview({
      kind,
      storeKey: settings.storeKey,
      subject: kind === 'shipped' ? input.shippedSubject : input.deliveredSubject,
      body: kind === 'shipped' ? input.shippedBody : input.deliveredBody,
      senderName: input.senderName,
      logoUrl: input.logoUrl,
    });
    if ('error' in result) {
      setErrors(apiFieldErrors(result.error));
      toast.error(apiErrorMessage(result.error, 'The preview could not be made'));
      return;
    }
    setPreview(result.data);
  }

  const toggle = (field: 'shippedEnabled' | 'deliveredEnabled' | 'evenWhenChannelNotifies', label: string) => (
    <FormControlLabel
      control={
        <Switch
          checked={Boolean(draft[field])}
          onChange={(e) => set({ [field]: e.target.checked })}
          disabled={readOnly}
        />
      }
      label={label}
    />
  );
  const templates = (kind: BuyerNoticeKind) => (
    <NoticeTemplateFields
      kind={kind}
      subject={text(`${kind}Subject`)}
      body={text(`${kind}Body`)}
      onChange={(change) =>
        set({
          ...(change.subject !== undefined ? { [`${kind}Subject`]: change.subject } : {}),
          ...(change.body !== undefined ? { [`${kind}Body`]: change.body } : {}),
        })
      }
      errors={{ subject: errors[`${kind}Subject`], body: errors[`${kind}Body`] }}
      readOnly={readOnly}
    />
  );

  return (
    <Stack spacing={2} component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2">
        {settings.storeName}
      </Typography>
      {settings.channelNotifies ? (
        <Alert severity="info">
          This channel usually e-mails its buyers itself when an order ships. Shipdesk leaves them to it unless you turn
          on the switch below.
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }}>
        {toggle('shippedEnabled', 'Shipped e-mail')}
        {toggle('deliveredEnabled', 'Delivered e-mail')}
        {settings.channelNotifies
          ? toggle('evenWhenChannelNotifies', 'Also when the channel e-mails its buyers')
          : null}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {(
          [
            ['senderName', 'Sender name', 'Default: the store’s name'],
            ['replyTo', 'Reply-to e-mail', 'Where buyers’ answers go'],
            ['logoUrl', 'Logo URL', 'An https:// image shown at the top'],
          ] as const
        ).map(([field, label, hint]) => (
          <TextField
            key={field}
            label={label}
            value={text(field)}
            onChange={(e) => set({ [field]: e.target.value })}
            error={Boolean(errors[field])}
            helperText={errors[field] ?? hint}
            disabled={readOnly}
            size="small"
            fullWidth
          />
        ))}
      </Stack>
      {(['shipped', 'delivered'] as const).map((kind) => (
        <Stack key={kind} spacing={1}>
          {templates(kind)}
          <div>
            <Button size="small" onClick={() => void onPreview(kind)} disabled={previewing.isLoading}>
              Preview {kind} e-mail
            </Button>
          </div>
        </Stack>
      ))}
      {readOnly ? null : (
        <div>
          <Button variant="contained" onClick={() => void onSave()} disabled={saving.isLoading}>
            Save {settings.storeName}
          </Button>
        </div>
      )}
      <Divider />
      <NoticePreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}
