import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MagentoNotifications, Store } from '@shipdesk/contract';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useMagentoNotificationsQuery,
  useTurnOffMagentoNotificationsMutation,
  useTurnOnMagentoNotificationsMutation,
} from '../api/magento-notifications-api';
import { PushQueryContent, StorePushDialog } from './store-push-dialog';
import { PushDetailsGrid, PushRowLabel, PushStateRows, type PushStateWords } from './store-push-state-rows';

const STATES: PushStateWords = {
  off: { label: 'Off', tone: 'neutral', words: 'Orders arrive by the scheduled pull only.' },
  pending: {
    label: 'Pending',
    tone: 'info',
    words: 'The key is set. The first signed call from Adobe Commerce will make this live.',
  },
  active: {
    label: 'Live',
    tone: 'success',
    words: 'Adobe Commerce tells Shipdesk of each order save within seconds; the scheduled pull still runs.',
  },
  failed: { label: 'Failed', tone: 'error', words: 'Orders still arrive by the scheduled pull.' },
};

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Webhook URL copied.');
  } catch {
    toast.error('Could not copy. Select the address and copy it by hand.');
  }
}

function Details({ view, timeZone }: { view: MagentoNotifications; timeZone: string }) {
  return (
    <PushDetailsGrid>
      <PushStateRows view={view} states={STATES} timeZone={timeZone} />
      {view.endpoint ? <PushRowLabel>Webhook URL</PushRowLabel> : null}
      {view.endpoint ? (
        <Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {view.endpoint}
          </Typography>
          <Button size="small" startIcon={<ContentCopyOutlined />} onClick={() => void copy(view.endpoint!)}>
            Copy URL
          </Button>
        </Box>
      ) : null}
      {view.publicKeyFingerprint ? <PushRowLabel>Key set</PushRowLabel> : null}
      {view.publicKeyFingerprint ? (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          SHA-256 {view.publicKeyFingerprint.slice(0, 16)}…
        </Typography>
      ) : null}
    </PushDetailsGrid>
  );
}

/**
 * A Magento store's order notifications through Adobe Commerce Webhooks: the steps in the seller's Admin (there is no
 * API to subscribe from outside), the public key pasted here, the URL to paste there, the state in words, and off.
 */
export function MagentoNotificationsDialog({
  store,
  readOnly = false,
  onClose,
}: {
  store: Store;
  /** A Manager: reads the setup, cannot change it. */
  readOnly?: boolean;
  onClose(): void;
}) {
  const timeZone = useTenantTimeZone();
  const query = useMagentoNotificationsQuery(store.id);
  const [turnOn, turningOn] = useTurnOnMagentoNotificationsMutation();
  const [turnOff, turningOff] = useTurnOffMagentoNotificationsMutation();
  const [publicKey, setPublicKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const view = query.data;
  const busy = turningOn.isLoading || turningOff.isLoading;

  const save = async () => {
    setKeyError(null);
    try {
      await turnOn({ storeId: store.id, publicKey: publicKey.trim() }).unwrap();
      setPublicKey('');
      toast.success(`The public key of ${store.name} is set. Paste the webhook URL into Adobe Commerce.`);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.publicKey) setKeyError(`Public key ${fields.publicKey}`);
      else toast.error(apiErrorMessage(error, `Could not set the public key of ${store.name}.`));
    }
  };
  const off = async () => {
    try {
      await turnOff(store.id).unwrap();
      toast.success(`Order notifications of ${store.name} are off.`);
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not turn off the order notifications of ${store.name}.`));
    }
  };

  return (
    <StorePushDialog
      store={store}
      readOnly={readOnly}
      onClose={onClose}
      onTurnOff={view && view.status !== 'off' ? () => void off() : undefined}
      turnOffDisabled={busy}
      actions={
        <Button variant="contained" onClick={() => void save()} disabled={busy || !publicKey.trim()}>
          Save key
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        With Adobe Commerce Webhooks, the store calls Shipdesk each time an order is saved, and Shipdesk fetches that
        order at once. Magento Open Source has no webhooks: its orders keep arriving by the scheduled pull.
      </Typography>
      <Typography component="ol" variant="body2" sx={{ pl: 2.5, mt: 1 }}>
        <li>
          In the Admin, Stores › Configuration › Adobe Services › Webhooks: turn on signature verification, regenerate
          the key pair and paste the public key below.
        </li>
        <li>
          Add a webhook for <code>observer.sales_order_save_after</code> (type after, Required: No) to the webhook URL
          Shipdesk shows once the key is set.
        </li>
      </Typography>
      <PushQueryContent query={query}>{(loaded) => <Details view={loaded} timeZone={timeZone} />}</PushQueryContent>
      {readOnly ? null : (
        <TextField
          label={view?.publicKeyFingerprint ? 'Replace the public key' : 'Public key'}
          placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
          error={Boolean(keyError)}
          helperText={keyError ?? undefined}
          multiline
          minRows={3}
          fullWidth
          size="small"
          sx={{ mt: 3 }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      )}
    </StorePushDialog>
  );
}
