import { useId } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { EbayNotifications, PushStatus, Store } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { apiErrorMessage } from '@/lib/errors';
import { formatCount, formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useEbayNotificationsQuery,
  useTurnOffEbayNotificationsMutation,
  useTurnOnEbayNotificationsMutation,
} from '../api/ebay-notifications-api';

const STATES: Record<PushStatus, { label: string; tone: StatusTone; words: string }> = {
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
  const state = STATES[view.status];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        State
      </Typography>
      <Box>
        <StatusChip label={state.label} tone={state.tone} small kind="Order notifications" />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {state.words}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Last heard
      </Typography>
      <Typography variant="body2">
        {view.lastHeardAt ? formatDateTime(view.lastHeardAt, timeZone) : 'Not yet'}
        {view.counts.recorded + view.counts.duplicate + view.counts.ignored > 0
          ? ` · ${formatCount(view.counts.recorded)} taken in, ${formatCount(view.counts.duplicate)} repeats, ` +
            `${formatCount(view.counts.ignored)} without a change`
          : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {view.status === 'off' ? 'Would subscribe to' : 'Topics'}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {view.topics.join(', ')}
      </Typography>
    </Box>
  );
}

/**
 * An eBay store's order notifications: what they do, their state in words, when eBay was last heard from, and one
 * button to turn them on (or again, after a failure) or off.
 */
export function EbayNotificationsDialog({ store, onClose }: { store: Store; onClose(): void }) {
  const titleId = useId();
  const timeZone = useTenantTimeZone();
  const query = useEbayNotificationsQuery(store.id);
  const [turnOn, turningOn] = useTurnOnEbayNotificationsMutation();
  const [turnOff, turningOff] = useTurnOffEbayNotificationsMutation();
  const view = query.data;
  const busy = turningOn.isLoading || turningOff.isLoading;

  const run = async (on: boolean) => {
    try {
      const next = on ? await turnOn({ storeId: store.id }).unwrap() : await turnOff(store.id).unwrap();
      if (next.status === 'failed') toast.error(`eBay refused the order notifications of ${store.name}.`);
      else
        toast.success(
          on ? `Order notifications of ${store.name} are on.` : `Order notifications of ${store.name} are off.`,
        );
    } catch (error) {
      toast.error(apiErrorMessage(error, `Could not change the order notifications of ${store.name}.`));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Order notifications · {store.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          eBay sends Shipdesk a signed message when an order is placed, paid, shipped or canceled, and Shipdesk fetches
          that order at once, so a buyer&apos;s cancellation reaches the packing table before a label is bought. The
          scheduled pull keeps running to catch anything a message missed.
        </Typography>
        {query.isLoading ? (
          <Skeleton variant="rectangular" height={96} sx={{ mt: 2 }} />
        ) : query.error ? (
          <QueryError
            error={query.error}
            fallback="Could not load the order notifications."
            refetch={query.refetch}
            isFetching={query.isFetching}
            sx={{ mt: 2 }}
          />
        ) : view ? (
          <>
            {view.status === 'failed' && view.error ? (
              <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
                {view.error}
              </Alert>
            ) : null}
            <Details view={view} timeZone={timeZone} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {view && view.status !== 'off' ? (
          <Button color="error" onClick={() => void run(false)} disabled={busy}>
            Turn off
          </Button>
        ) : null}
        {view && view.status !== 'active' && view.status !== 'pending' ? (
          <Button variant="contained" onClick={() => void run(true)} disabled={busy}>
            {view.status === 'failed' ? 'Try again' : 'Turn on'}
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
