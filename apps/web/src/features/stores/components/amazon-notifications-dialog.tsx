import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AmazonNotificationsSetup, AmazonNotificationsState, PushStatus, Store } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-error';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { apiErrorMessage } from '@/lib/errors';
import { formatCount, formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useAmazonNotificationsQuery,
  useTurnOffAmazonNotificationsMutation,
  useTurnOnAmazonNotificationsMutation,
} from '../api/amazon-notifications-api';
import { AmazonNotificationsForm } from './amazon-notifications-form';
import { StorePushDialog } from './store-push-dialog';

const STATUS_UI: Record<PushStatus, { label: string; tone: StatusTone; note: string }> = {
  off: { label: 'Off', tone: 'neutral', note: 'Shipdesk reads this store’s orders on its pull schedule only.' },
  pending: {
    label: 'Pending',
    tone: 'warning',
    note: 'Set up. Waiting for Amazon’s first message in the queue; the scheduled pulls go on meanwhile.',
  },
  active: {
    label: 'Live',
    tone: 'success',
    note: 'Amazon’s order changes reach Shipdesk within seconds. The scheduled pull still runs as a safety net.',
  },
  failed: {
    label: 'Failed',
    tone: 'error',
    note: 'The queue cannot be read; the scheduled pulls go on. Fix what AWS says and turn them on again.',
  },
};

/** How the store hears from Amazon now, when it last did, and what it took in. */
function NotificationsState({ state, timeZone }: { state: AmazonNotificationsState; timeZone: string }) {
  const ui = STATUS_UI[state.status];
  const { recorded, duplicate, ignored } = state.counts;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>Order notifications</Typography>
        <StatusChip label={ui.label} tone={ui.tone} small kind="Notifications" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {ui.note}
      </Typography>
      {state.error ? (
        <Alert severity={state.status === 'failed' ? 'error' : 'warning'} role="status" sx={{ mt: 1.5 }}>
          {state.error}
        </Alert>
      ) : null}
      {state.status !== 'off' ? (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          Last heard {state.lastHeardAt ? formatDateTime(state.lastHeardAt, timeZone) : 'never'} ·{' '}
          {formatCount(recorded)} taken in, {formatCount(duplicate)} repeats and {formatCount(ignored)} ignored
        </Typography>
      ) : null}
      {state.queueUrl ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          Queue {state.queueUrl} ({state.region}) · key {state.awsAccessKeyId}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * An Amazon store's "Order notifications…": Amazon puts each order change (a buyer's cancel, an address change) in an
 * SQS queue of the seller's AWS account and Shipdesk reads it at once, instead of waiting for the next pull. An Admin
 * turns them on with the queue and keys and off again; Managers see the state. Refreshes while pending.
 */
export function AmazonNotificationsDialog({
  store,
  readOnly,
  onClose,
}: {
  store: Store;
  readOnly: boolean;
  onClose(): void;
}) {
  const timeZone = useTenantTimeZone();
  const [polling, setPolling] = useState(false);
  const query = useAmazonNotificationsQuery(store.id, { pollingInterval: polling ? 3000 : 0 });
  const [turnOn] = useTurnOnAmazonNotificationsMutation();
  const [turnOff, turningOff] = useTurnOffAmazonNotificationsMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const state = query.data;
  const pending = state?.status === 'pending';
  if (pending !== polling) setPolling(pending);
  const on = state !== undefined && state.status !== 'off';

  const submit = async (body: AmazonNotificationsSetup) => {
    setFailure(null);
    await turnOn({ storeId: store.id, body }).unwrap();
    toast.success(`Order notifications are set up for ${store.name}: waiting for Amazon’s first message.`);
  };
  const off = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      await turnOff(store.id).unwrap();
      toast.success(`Order notifications are off for ${store.name}.`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Could not turn the notifications off.'));
    }
  };

  return (
    <>
      <StorePushDialog
        store={store}
        onClose={onClose}
        onTurnOff={!readOnly && on ? () => setConfirming(true) : undefined}
        turnOffDisabled={turningOff.isLoading}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Amazon can put every change of an order (a buyer&apos;s cancel, a new address) in an Amazon SQS queue of your
          own AWS account, and Shipdesk reads it within seconds. Create a standard SQS queue whose access policy lets
          Amazon&apos;s Selling Partner API (AWS account 437568002678) send messages and read its attributes, and an IAM
          user that may receive and delete its messages and read its attributes.
        </Typography>
        {query.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="Loading the order notifications" />
          </Box>
        ) : query.isError || !state ? (
          <QueryError
            error={query.error}
            fallback="Could not load the order notifications."
            refetch={query.refetch}
            isFetching={query.isFetching}
          />
        ) : (
          <Stack spacing={2.5}>
            <NotificationsState state={state} timeZone={timeZone} />
            {failure ? (
              <Alert severity="error" role="alert" sx={{ overflowWrap: 'anywhere' }}>
                {failure}
              </Alert>
            ) : null}
            {readOnly ? (
              <Typography variant="body2" color="text.secondary">
                Only administrators can turn order notifications on or off.
              </Typography>
            ) : (
              <AmazonNotificationsForm
                state={state}
                submitLabel={on ? 'Save and turn on again' : 'Turn on'}
                onSubmit={submit}
                onFailure={(error) => setFailure(apiErrorMessage(error, 'Could not turn the notifications on.'))}
              />
            )}
          </Stack>
        )}
      </StorePushDialog>
      <ConfirmDialog
        open={confirming}
        title="Turn off order notifications?"
        message={`Amazon stops sending ${store.name}'s order changes to the queue and Shipdesk forgets the AWS keys. Orders keep arriving on the pull schedule.`}
        confirmLabel="Turn off"
        onConfirm={() => void off()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
