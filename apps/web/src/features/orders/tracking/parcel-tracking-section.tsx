import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { BUILT_IN_CARRIER, type Delivery, type Order, type ParcelTracking } from '@shipdesk/contract';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { QueryError } from '@/components/query-error';
import { StatusChip } from '@/components/status-chip';
import { apiErrorMessage, apiErrorReason } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { TrackingLinkActions } from '../tracking-link/tracking-link-actions';
import { ParcelEvents } from './parcel-events';
import { useGetParcelTrackingQuery, useMarkParcelDeliveredMutation, useTrackParcelNowMutation } from './tracking-api';
import { dayWords, lateWords, messageInZone, parcelChip, relativeWords } from './tracking-words';

/** What the Deliveries card gives each of its labelled deliveries (labels draws the card; app/ joins them). */
interface ParcelTrackingSectionProps {
  delivery: Delivery;
  order: Order;
  locale: string;
}

/** A problem the seller should read, in the warning colour of the theme's mode. */
const WARNING_TEXT = (theme: Theme) => ({
  color: (theme.vars ?? theme).palette.warning.dark,
  ...theme.applyStyles('dark', { color: (theme.vars ?? theme).palette.warning.light }),
});

/** The facts under the chip: promised or delivered day, when the carrier was last asked. */
function parcelFacts(tracking: ParcelTracking, local: boolean, locale: string, timeZone: string): string[] {
  const facts: string[] = [];
  if (tracking.status === 'delivered' && tracking.statusAt) {
    facts.push(`Delivered ${formatDateTime(tracking.statusAt, timeZone)}`);
  } else if (tracking.expectedDelivery && !tracking.late && tracking.status !== 'voided') {
    facts.push(`Expected ${dayWords(tracking.expectedDelivery, locale)}`);
  }
  // The built-in carrier is never asked: its parcel is only marked delivered.
  if (local) return facts;
  if (tracking.lastCheckedAt) facts.push(`Last checked ${relativeWords(tracking.lastCheckedAt, Date.now(), locale)}`);
  else if (tracking.status !== 'voided') facts.push('Not checked yet');
  return facts;
}

/** With no event: when the carrier is asked first, or that the built-in carrier sends none. */
function emptyWords(tracking: ParcelTracking, local: boolean, locale: string): string {
  if (local) return 'The built-in carrier sends no events: mark the parcel delivered when it is.';
  if (tracking.nextCheckAt) {
    return `No carrier events yet — the first check is due ${relativeWords(tracking.nextCheckAt, Date.now(), locale)}`;
  }
  return 'No carrier events yet.';
}

/**
 * A labelled delivery's parcel in the Deliveries card (docs/tracking.md): its status (late when past the promised
 * day), the promised day, why tracking is delayed, when the carrier was last asked, its events, and what the seller
 * can do: ask the carrier now, or, for the built-in carrier, mark the parcel delivered.
 */
export function ParcelTrackingSection({ delivery, order, locale }: ParcelTrackingSectionProps) {
  const timeZone = useTenantTimeZone();
  const args = { orderId: order.id, deliveryId: delivery.deliveryId };
  const query = useGetParcelTrackingQuery(args);
  const [trackNow, trackState] = useTrackParcelNowMutation();
  const [markDelivered, markState] = useMarkParcelDeliveredMutation();
  const [failure, setFailure] = useState<{ message: string; severity: 'error' | 'warning' } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const local = delivery.label?.carrier === BUILT_IN_CARRIER;
  const tracking = query.data;

  const run = async (action: () => Promise<unknown>, fallback: string): Promise<boolean> => {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      const spent = apiErrorReason(error) === 'tracking_budget_spent';
      setFailure({
        message: messageInZone(apiErrorMessage(error, fallback), timeZone),
        severity: spent ? 'warning' : 'error',
      });
      return false;
    }
  };
  const checkNow = () => void run(() => trackNow(args).unwrap(), 'The carrier could not be asked now.');
  const confirmDelivered = async () => {
    const done = await run(() => markDelivered(args).unwrap(), 'The parcel could not be marked delivered.');
    setConfirming(false);
    if (done) toast.success('Parcel marked delivered.');
  };

  if (query.isLoading) return <Skeleton variant="rounded" height={28} sx={{ maxWidth: 360 }} />;
  if (query.error || !tracking) {
    return (
      <QueryError
        error={query.error}
        fallback="Could not load the parcel's tracking."
        refetch={query.refetch}
        isFetching={query.isFetching}
        severity="warning"
      />
    );
  }
  const chip = parcelChip(tracking.status);
  const standing = tracking.status !== 'voided';
  const facts = parcelFacts(tracking, local, locale, timeZone);
  return (
    <Box
      component="section"
      aria-label={`Tracking of delivery ${delivery.deliveryId}`}
      sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <StatusChip small kind="Delivery" label={chip.label} tone={chip.tone} />
        {tracking.late && tracking.expectedDelivery ? (
          <StatusChip small kind="Delivery" label={lateWords(tracking.expectedDelivery, locale)} tone="warning" />
        ) : null}
        {facts.length > 0 ? (
          <Typography variant="caption" color="text.secondary" title={checkedTitle(tracking, timeZone)}>
            {facts.join(' · ')}
          </Typography>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {standing ? <TrackingLinkActions deliveryId={delivery.deliveryId} /> : null}
        {standing && !local ? (
          <Button size="small" onClick={checkNow} disabled={trackState.isLoading}>
            {trackState.isLoading ? 'Checking…' : 'Check now'}
          </Button>
        ) : null}
        {standing && local && tracking.status !== 'delivered' ? (
          <Button size="small" onClick={() => setConfirming(true)}>
            Mark delivered
          </Button>
        ) : null}
      </Box>
      {tracking.problem ? (
        <Typography variant="caption" sx={WARNING_TEXT}>
          {tracking.problem}
        </Typography>
      ) : null}
      {failure ? (
        <Alert severity={failure.severity} onClose={() => setFailure(null)} sx={{ py: 0 }}>
          {failure.message}
        </Alert>
      ) : null}
      {tracking.events.length > 0 ? (
        <ParcelEvents events={tracking.events} timeZone={timeZone} />
      ) : standing && tracking.status !== 'delivered' ? (
        <Typography variant="caption" color="text.secondary">
          {emptyWords(tracking, local, locale)}
        </Typography>
      ) : null}
      <LazyConfirmDialog
        open={confirming}
        title="Mark this parcel delivered?"
        message={`Tracking ${tracking.trackingNumber}. The built-in carrier reports nothing itself: say so when you delivered the parcel. The order's history records it with your e-mail.`}
        confirmLabel="Mark delivered"
        busy={markState.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelivered()}
      />
    </Box>
  );
}

/** The exact times behind the relative words. */
function checkedTitle(tracking: ParcelTracking, timeZone: string): string | undefined {
  const times = [
    tracking.lastCheckedAt ? `Last checked ${formatDateTime(tracking.lastCheckedAt, timeZone)}` : null,
    tracking.nextCheckAt ? `Next check ${formatDateTime(tracking.nextCheckAt, timeZone)}` : null,
  ].filter((time): time is string => time !== null);
  return times.length > 0 ? times.join(', ') : undefined;
}
