import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Store, WalmartNotifications } from '@shipdesk/contract';
import { apiFieldErrors } from '@/lib/errors';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import {
  useTurnOffWalmartNotificationsMutation,
  useTurnOnWalmartNotificationsMutation,
  useWalmartNotificationsQuery,
} from '../api/walmart-notifications-api';
import { PushFailureAlert, PushQueryContent, PushTurnOnButton, StorePushDialog } from './store-push-dialog';
import { PushDetailsGrid, PushRowLabel, PushStateRows, type PushStateWords } from './store-push-state-rows';
import { switchPush } from './store-push-switch';

type Scheme = WalmartNotifications['signature']['scheme'];

const STATES: PushStateWords = {
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
  return (
    <PushDetailsGrid>
      <PushStateRows view={view} states={STATES} timeZone={timeZone} />
      <PushRowLabel>{view.status === 'off' ? 'Would subscribe to' : 'Events'}</PushRowLabel>
      <Typography variant="body2">{view.events.join(', ')}</Typography>
      <PushRowLabel>Signature</PushRowLabel>
      <Typography variant="body2">
        {SCHEMES[view.signature.scheme]} in {view.signature.header}
      </Typography>
      {view.endpoint ? <PushRowLabel>Endpoint</PushRowLabel> : null}
      {view.endpoint ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {view.endpoint}
        </Typography>
      ) : null}
    </PushDetailsGrid>
  );
}

/**
 * A Walmart store's order notifications: what they do, their state in words, when Walmart was last heard from, how
 * signatures are checked (Walmart's scheme is not confirmed, so it can be changed before turning on), and one button
 * to turn them on (or again, after a failure) or off.
 */
export function WalmartNotificationsDialog({
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

  const run = (on: boolean) => {
    setFieldErrors({});
    return switchPush({
      platform: 'Walmart',
      store,
      on,
      request: () =>
        on
          ? turnOn({ storeId: store.id, scheme: chosenScheme, header: chosenHeader.trim() }).unwrap()
          : turnOff(store.id).unwrap(),
      onError: (error) => setFieldErrors(apiFieldErrors(error)),
    });
  };
  const settable = view && (view.status === 'off' || view.status === 'failed');

  return (
    <StorePushDialog
      store={store}
      readOnly={readOnly}
      onClose={onClose}
      onTurnOff={view && view.status !== 'off' ? () => void run(false) : undefined}
      turnOffDisabled={busy}
      actions={
        settable ? (
          <PushTurnOnButton
            status={view.status}
            onClick={() => void run(true)}
            disabled={busy || !chosenHeader.trim()}
          />
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary">
        Walmart sends Shipdesk a signed notification when a purchase order is created or a line is auto-canceled, and
        Shipdesk fetches that order at once. The scheduled pull keeps running to catch anything a notification missed.
      </Typography>
      <PushQueryContent query={query}>
        {(loaded) => (
          <>
            <PushFailureAlert view={loaded} />
            <Details view={loaded} timeZone={timeZone} />
            {settable && !readOnly ? (
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
        )}
      </PushQueryContent>
    </StorePushDialog>
  );
}
