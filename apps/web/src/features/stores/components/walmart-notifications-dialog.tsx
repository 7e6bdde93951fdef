import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PushStatus, Store, WalmartNotifications } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { formatCount, formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useTurnOffWalmartNotificationsMutation,
  useTurnOnWalmartNotificationsMutation,
  useWalmartNotificationsQuery,
} from '../api/walmart-notifications-api';

type Scheme = WalmartNotifications['signature']['scheme'];

const STATES: Record<PushStatus, { label: string; tone: StatusTone; words: string }> = {
  off: { label: 'Off', tone: 'neutral', words: 'Orders arrive by the scheduled pull only.' },
  pending: {
    label: 'Pending',
    tone: 'info',
    words: 'Walmart accepted the subscriptions. The first notification it sends will make this live.',
  },
  active: {
    label: 'Live',
    tone: 'success',
    words: 'Walmart tells Shipdesk of new and auto-canceled orders within seconds; the scheduled pull still runs.',
  },
  failed: { label: 'Failed', tone: 'error', words: 'Walmart refused us. Orders still arrive by the scheduled pull.' },
};

const SCHEMES: Record<Scheme, string> = {
  canonical: 'Method, path, timestamp and body hash (Walmart’s WM_SEC.SIGNATURE)',
  body: 'The body alone (HMAC of the complete notification)',
};

function Details({ view, timeZone }: { view: WalmartNotifications; timeZone: string }) {
  const state = STATES[view.status];
  const label = (text: string) => (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
  const total = view.counts.recorded + view.counts.duplicate + view.counts.ignored;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, mt: 2 }}>
      {label('State')}
      <Box>
        <StatusChip label={state.label} tone={state.tone} small kind="Order notifications" />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {state.words}
        </Typography>
      </Box>
      {label('Last heard')}
      <Typography variant="body2">
        {view.lastHeardAt ? formatDateTime(view.lastHeardAt, timeZone) : 'Not yet'}
        {total > 0
          ? ` · ${formatCount(view.counts.recorded)} taken in, ${formatCount(view.counts.duplicate)} repeats, ` +
            `${formatCount(view.counts.ignored)} without a change`
          : ''}
      </Typography>
      {label(view.status === 'off' ? 'Would subscribe to' : 'Events')}
      <Typography variant="body2">{view.events.join(', ')}</Typography>
      {label('Signature')}
      <Typography variant="body2">
        {SCHEMES[view.signature.scheme]} in {view.signature.header}
      </Typography>
      {view.endpoint ? label('Endpoint') : null}
      {view.endpoint ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {view.endpoint}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * A Walmart store's order notifications: what they do, their state in words, when Walmart was last heard from, how
 * signatures are checked (Walmart's scheme is not confirmed, so it can be changed before turning on), and one button
 * to turn them on (or again, after a failure) or off.
 */
export function WalmartNotificationsDialog({ store, onClose }: { store: Store; onClose(): void }) {
  const titleId = useId();
  const timeZone = useTenantTimeZone();
  const query = useWalmartNotificationsQuery(store.id);
  const [turnOn, turningOn] = useTurnOnWalmartNotificationsMutation();
  const [turnOff, turningOff] = useTurnOffWalmartNotificationsMutation();
  const [scheme, setScheme] = useState<Scheme | null>(null);
  const [header, setHeader] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const view = query.data;
  const busy = turningOn.isLoading || turningOff.isLoading;
  const chosenScheme = scheme ?? view?.signature.scheme ?? 'canonical';
  const chosenHeader = header ?? view?.signature.header ?? 'WM_SEC.SIGNATURE';

  const run = async (on: boolean) => {
    setFieldErrors({});
    try {
      const next = on
        ? await turnOn({ storeId: store.id, scheme: chosenScheme, header: chosenHeader.trim() }).unwrap()
        : await turnOff(store.id).unwrap();
      if (next.status === 'failed') toast.error(`Walmart refused the order notifications of ${store.name}.`);
      else toast.success(`Order notifications of ${store.name} are ${on ? 'on' : 'off'}.`);
    } catch (error) {
      setFieldErrors(apiFieldErrors(error));
      toast.error(apiErrorMessage(error, `Could not change the order notifications of ${store.name}.`));
    }
  };
  const settable = view && (view.status === 'off' || view.status === 'failed');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Order notifications · {store.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          Walmart sends Shipdesk a signed notification when a purchase order is created or a line is auto-canceled, and
          Shipdesk fetches that order at once. The scheduled pull keeps running to catch anything a notification missed.
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
            {settable ? (
              <Stack spacing={2} sx={{ mt: 3 }}>
                <TextField
                  select
                  size="small"
                  label="Walmart signs"
                  value={chosenScheme}
                  onChange={(event) => setScheme(event.target.value as Scheme)}
                  error={Boolean(fieldErrors.scheme)}
                  helperText={fieldErrors.scheme}
                >
                  {(Object.keys(SCHEMES) as Scheme[]).map((value) => (
                    <MenuItem key={value} value={value}>
                      {SCHEMES[value]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  label="Signature header"
                  value={chosenHeader}
                  onChange={(event) => setHeader(event.target.value)}
                  error={Boolean(fieldErrors.header)}
                  helperText={fieldErrors.header ?? 'The header Walmart is asked to put its HMAC in.'}
                />
              </Stack>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {view && view.status !== 'off' ? (
          <Button color="error" onClick={() => void run(false)} disabled={busy}>
            Turn off
          </Button>
        ) : null}
        {settable ? (
          <Button variant="contained" onClick={() => void run(true)} disabled={busy || !chosenHeader.trim()}>
            {view.status === 'failed' ? 'Try again' : 'Turn on'}
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
