import { CARRIER_NAMES, trackingUrl, type Carrier, type ShippingLabel } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { StoreRow } from '../../db/schema/index.ts';
import type { ChannelAdapter } from '../../integrations/channels/channel-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { findOrder, toLabel, type OrdersNotifier } from '../orders/index.ts';
import { createStoresRepository } from '../stores/index.ts';
import { PUSH_LEASE_SECONDS, type LabelJobs, type PushJob } from './label-jobs.ts';
import type { LabelRow } from '../../db/schema/index.ts';
import { createTrackingPushesRepository } from './tracking-pushes-repository.ts';

/**
 * Telling the order's channel the carrier and tracking number of a label. The label's own row says where the push
 * stands (pending with a due time, pushed, failed, with the attempts and the platform's words: the Deliveries card
 * shows it); each attempt is a `tracking-push` job (label-jobs.ts) sent in the transaction that makes the push due.
 * The job claims the push on the row with a lease (the job's expiry), so an attempt runs once even when a job comes
 * twice, and a worker that dies mid-push is replaced by pg-boss's retry once the lease is over. A label voided after
 * its number was pushed is pending again: the channel is asked to take the confirmation back where its platform
 * allows it. Failures are sent again with backoff (1 min, doubling, at most 1 h) up to MAX_ATTEMPTS; then the label
 * shows "failed" with the platform's words and a person retries.
 */

export const MAX_ATTEMPTS = 6;
const PUSH_TIMEOUT_MS = 30_000;

interface TrackingPushDeps {
  database: Database;
  adapterFor(store: StoreRow): ChannelAdapter;
  log: FastifyBaseLogger;
  /** The order's screens refresh when its channel was told (or could not be). */
  notify: OrdersNotifier;
  jobs: Pick<LabelJobs, 'pushIn' | 'wakePushes'>;
}

type Outcome = { ok: true; status?: 'pushed' | 'not_needed'; message?: string } | { ok: false; message: string };

const backoffSeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));
const stores = createStoresRepository();
const pushes = createTrackingPushesRepository();

/** Claims the label's push when it is due: leased, its attempt counted. False when it is not (pushed, not due). */
async function claim(deps: TrackingPushDeps, tenantId: string, id: number): Promise<boolean> {
  return deps.database.withTenant(tenantId, (tx) => pushes.claimPush(tx, tenantId, id, PUSH_LEASE_SECONDS));
}

async function settle(
  deps: TrackingPushDeps,
  tx: Executor,
  label: LabelRow,
  outcome: { ok: true } | { ok: false; message: string },
) {
  if (outcome.ok) {
    await pushes.markPushed(tx, label.tenantId, label.id);
    return;
  }
  const gaveUp = label.trackingPushAttempts >= MAX_ATTEMPTS;
  const wait = backoffSeconds(label.trackingPushAttempts);
  await pushes.recordPushFailure(tx, label.tenantId, label.id, outcome.message, gaveUp ? null : wait);
  // A second past the due time: the job must not find the push a moment short of due.
  if (!gaveUp) await deps.jobs.pushIn(tx, { tenantId: label.tenantId, labelId: label.id }, wait + 1);
}

/** What a channel failure says, for the label. */
function channelWords(deps: TrackingPushDeps, error: unknown, store: StoreRow, labelId: number): string {
  if (error instanceof ChannelError) return [error.message, error.platformAnswer].filter(Boolean).join(': ');
  if (error instanceof HttpError) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') return `${store.sourceType} did not answer in time`;
  deps.log.warn({ err: error, labelId }, 'tracking push failed');
  return 'The channel could not be told';
}

/**
 * One claimed push, the channel asked outside any transaction and the outcome written after: the tracking number
 * of a standing label, or, for a label voided after its number was pushed, taking the confirmation back where the
 * platform allows it.
 */
async function pushOne(deps: TrackingPushDeps, tenantId: string, id: number): Promise<void> {
  const loaded = await deps.database.withTenant(tenantId, async (tx) => {
    const label = await pushes.findPushLabel(tx, tenantId, id);
    if (!label || label.trackingPushStatus !== 'pending') return null;
    const order = await findOrder(tx, tenantId, label.orderId);
    const store = order?.storeId ? await stores.find(tx, tenantId, order.storeId) : undefined;
    return { label, order, store };
  });
  if (!loaded) return;
  const { label, order, store } = loaded;
  const voided = label.status !== 'active';
  let outcome: Outcome;
  if (!order?.externalId || !store) {
    outcome = { ok: false, message: 'The order has no channel copy to tell' };
  } else {
    const adapter = deps.adapterFor(store);
    try {
      if (!voided) {
        await adapter.pushTracking(
          {
            externalOrderId: order.externalId,
            carrier: CARRIER_NAMES[label.carrier as Carrier],
            trackingNumber: label.trackingNumber,
            trackingUrl: trackingUrl(label.carrier, label.trackingNumber),
            serviceName: label.serviceName,
            shippedAt: label.createdAt.toISOString(),
          },
          AbortSignal.timeout(PUSH_TIMEOUT_MS),
        );
        outcome = { ok: true };
      } else if (!adapter.cancelTracking) {
        outcome = {
          ok: true,
          status: 'not_needed',
          message: `${store.sourceType} cannot take back a shipment confirmation; correct it there`,
        };
      } else {
        const answer = await adapter.cancelTracking(
          { externalOrderId: order.externalId, trackingNumber: label.trackingNumber },
          AbortSignal.timeout(PUSH_TIMEOUT_MS),
        );
        outcome =
          answer === 'canceled'
            ? { ok: true }
            : { ok: true, status: 'not_needed', message: `${store.sourceType} held no shipment with this number` };
      }
    } catch (error) {
      outcome = { ok: false, message: channelWords(deps, error, store, id) };
    }
  }
  await deps.database.withTenant(tenantId, (tx) => settle(deps, tx, label, outcome));
  deps.notify(tenantId, { orderIds: [String(label.orderId)], event: 'trackingPush' });
}

/** The `tracking-push` job's work: the label's push, when it is due. */
async function pushDue(deps: TrackingPushDeps, job: PushJob): Promise<'pushed' | 'skipped'> {
  if (!(await claim(deps, job.tenantId, job.labelId))) return 'skipped';
  await pushOne(deps, job.tenantId, job.labelId);
  return 'pushed';
}

/** Pushes pending and due for over a minute, across tenants (the sweep, owner connection): their job is lost. */
async function overduePushes(deps: TrackingPushDeps, limit = 100): Promise<PushJob[]> {
  return pushes.overduePushes(deps.database.db, limit);
}

/** `GET /call/shipment/{deliveryId}/retryTrackingPush`: a failed (or waiting) push is due again now. */
async function retryPush(deps: TrackingPushDeps, auth: AuthContext, deliveryIdText: string): Promise<ShippingLabel> {
  const deliveryId = parseId(deliveryIdText);
  const retried = await deps.database.withTenant(auth.tenantId, async (tx) => {
    // The standing label, else the newest voided one (whose void the channel may not have taken yet).
    const label = deliveryId === null ? undefined : await pushes.lockDeliveryPushLabel(tx, auth.tenantId, deliveryId);
    if (!label) throw notFound('This delivery has no label');
    if (label.trackingPushStatus === 'not_needed') {
      throw new HttpError(409, "This order's channel is not told tracking numbers", { reason: 'push_not_needed' });
    }
    if (label.trackingPushStatus === 'pushed') {
      throw new HttpError(409, 'The channel has this tracking number already', { reason: 'push_done' });
    }
    const updated = await pushes.restartPush(tx, auth.tenantId, label.id);
    await deps.jobs.pushIn(tx, { tenantId: auth.tenantId, labelId: label.id });
    return toLabel(updated);
  });
  deps.jobs.wakePushes();
  return retried;
}

export function createTrackingPushes(deps: TrackingPushDeps) {
  return {
    push: (job: PushJob) => pushDue(deps, job),
    overdue: (limit = 100) => overduePushes(deps, limit),
    retry: (auth: AuthContext, deliveryIdText: string) => retryPush(deps, auth, deliveryIdText),
  };
}
export type TrackingPushes = ReturnType<typeof createTrackingPushes>;
