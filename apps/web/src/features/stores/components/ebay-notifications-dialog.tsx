import Typography from '@mui/material/Typography';
import type { EbayNotifications, Store } from '@shipdesk/contract';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useEbayNotificationsQuery,
  useTurnOffEbayNotificationsMutation,
  useTurnOnEbayNotificationsMutation,
} from '../api/ebay-notifications-api';
import { PushFailureAlert, PushQueryContent, PushTurnOnButton, StorePushDialog } from './store-push-dialog';
import { PushDetailsGrid, PushRowLabel, PushStateRows, type PushStateWords } from './store-push-state-rows';
import { switchPush } from './store-push-switch';

const STATES: PushStateWords = {
  off: { label: 'Off', tone: 'neutral', words: 'Orders arrive by the scheduled pull only.' },
  pending: {
    label: 'Pending',
    tone: 'info',
    words: 'eBay accepted the endpoint. The first order change it sends will make this live.',
  },
  active: {
    label: 'Live',
    tone: 'success',
    words: 'eBay tells Shipdesk of order changes within seconds; the scheduled pull still catches anything missed.',
  },
  failed: { label: 'Failed', tone: 'error', words: 'eBay refused us. Orders still arrive by the scheduled pull.' },
};

function Details({ view, timeZone }: { view: EbayNotifications; timeZone: string }) {
  return (
    <PushDetailsGrid>
      <PushStateRows view={view} states={STATES} timeZone={timeZone} />
      <PushRowLabel>{view.status === 'off' ? 'Would subscribe to' : 'Topics'}</PushRowLabel>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {view.topics.join(', ')}
      </Typography>
    </PushDetailsGrid>
  );
}

/**
 * An eBay store's order notifications: what they do, their state in words, when eBay was last heard from, and one
 * button to turn them on (or again, after a failure) or off.
 */
export function EbayNotificationsDialog({
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
  const query = useEbayNotificationsQuery(store.id);
  const [turnOn, turningOn] = useTurnOnEbayNotificationsMutation();
  const [turnOff, turningOff] = useTurnOffEbayNotificationsMutation();
  const view = query.data;
  const busy = turningOn.isLoading || turningOff.isLoading;

  const run = (on: boolean) =>
    switchPush({
      platform: 'eBay',
      store,
      on,
      request: () => (on ? turnOn({ storeId: store.id }).unwrap() : turnOff(store.id).unwrap()),
    });

  return (
    <StorePushDialog
      store={store}
      readOnly={readOnly}
      onClose={onClose}
      onTurnOff={view && view.status !== 'off' ? () => void run(false) : undefined}
      turnOffDisabled={busy}
      actions={
        view && view.status !== 'active' && view.status !== 'pending' ? (
          <PushTurnOnButton status={view.status} onClick={() => void run(true)} disabled={busy} />
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary">
        eBay sends Shipdesk a signed message when an order is placed, paid, shipped or canceled, and Shipdesk fetches
        that order at once, so a buyer&apos;s cancellation reaches the packing table before a label is bought. The
        scheduled pull keeps running to catch anything a message missed.
      </Typography>
      <PushQueryContent query={query}>
        {(loaded) => (
          <>
            <PushFailureAlert view={loaded} />
            <Details view={loaded} timeZone={timeZone} />
          </>
        )}
      </PushQueryContent>
    </StorePushDialog>
  );
}
