import {
  BUILT_IN_CARRIER,
  CARRIER_NAMES,
  TRACKING_STATUS_NAMES,
  type Carrier,
  type ParcelTracking,
  type TrackingStatus,
} from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { TrackedEvent, TrackedParcel } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { claimCalls, spendCalls } from '../../lib/call-budget.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { queueBuyerNotice } from '../buyer-notices/index.ts';
import { carrierWords, shipDateIn, type LabelAccount, type LabelCarriers } from '../labels/index.ts';
import { recordOrderEvents, refreshOrderParcels, tenantTimeZone, type OrdersNotifier } from '../orders/index.ts';
import { isLate, nextCheckAfterFailure, nextCheckAt } from './tracking-cadence.ts';
import type { TrackingJobs } from './tracking-jobs.ts';
import { createTrackingPushRepository } from './tracking-push-repository.ts';
import { createTrackingRepository, type ParcelRow } from './tracking-repository.ts';
import { parcelStatusRow, TRACKING_ACTOR } from './tracking-timeline.ts';

const repo = createTrackingRepository();
const pushes = createTrackingPushRepository();
const TRACK_TIMEOUT_MS = 30_000;
/** Parcels the sweep looks at per run, and how long a check in flight holds its parcels. */
const SWEEP_LIMIT = 5_000;
const LEASE_SECONDS = 600;
/** A number the carrier still does not know this long after its label is said so (and still asked about). */
const UNKNOWN_AFTER_DAYS = 7;

type Source = 'poll' | 'push' | 'seller';

interface TrackingDeps {
  database: Database;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  jobs: TrackingJobs;
  log: FastifyBaseLogger;
}

/**
 * Writes what the carrier said of one parcel in the caller's transaction: its new events (each once), its status
 * (the newest event's, by the carrier's time), the promised day and the next check; on a change of status, the
 * order's parcel status and a timeline row. Answers the order id when its parcel status changed.
 */
async function recordParcel(
  tx: Executor,
  tenantId: string,
  label: ParcelRow,
  parcel: TrackedParcel | undefined,
  source: Source,
  now: Date,
  actor = TRACKING_ACTOR,
): Promise<number | null> {
  // A parcel whose carrier pushes its events is polled once a day only (a safety net).
  const pushed =
    source === 'push' || (source === 'poll' && (await pushes.active(tx, tenantId, label.carrierAccountId)));
  if (!parcel) {
    const age = now.getTime() - label.createdAt.getTime();
    await repo.setParcel(tx, tenantId, label.id, {
      parcelCheckedAt: now,
      parcelFailures: 0,
      parcelNextAt: nextCheckAt(label.parcelStatus as TrackingStatus, label.createdAt, now, pushed),
      parcelProblem:
        age > UNKNOWN_AFTER_DAYS * 86_400_000
          ? `${CARRIER_NAMES[label.carrier as Carrier]} has no record of this tracking number yet`
          : null,
    });
    return null;
  }
  await repo.addEvents(tx, tenantId, label.id, parcel.events, source);
  const [newest] = await repo.events(tx, tenantId, label.id, 1);
  // Only an event moves a parcel: a carrier's summary without one (or a status pushed out of order) moves nothing.
  const status = (newest?.status ?? label.parcelStatus) as TrackingStatus;
  const changed = status !== label.parcelStatus;
  await repo.setParcel(tx, tenantId, label.id, {
    parcelStatus: status,
    ...(changed ? { parcelStatusAt: newest!.at } : {}),
    parcelExpected: parcel.expectedDelivery ?? label.parcelExpected,
    parcelCheckedAt: now,
    parcelFailures: 0,
    parcelProblem: null,
    parcelNextAt: source === 'seller' ? null : nextCheckAt(status, label.createdAt, now, pushed),
  });
  await refreshOrderParcels(tx, tenantId, [label.orderId]);
  if (!changed) return null;
  // The buyer's delivered e-mail, when the store sends one (docs/buyer-notices.md).
  if (status === 'delivered') await queueBuyerNotice(tx, tenantId, label.id, 'delivered');
  await recordOrderEvents(tx, tenantId, [parcelStatusRow(label, status, newest!, actor)]);
  return label.orderId;
}

function accountFor(deps: TrackingDeps, tx: Executor, tenantId: string, carrier: string, accountId: number | null) {
  return deps.carriers.purchasingAccount(tx, tenantId, carrier as Carrier, accountId, { recorded: true });
}

async function failed(
  deps: TrackingDeps,
  tenantId: string,
  labels: ParcelRow[],
  account: LabelAccount,
  error: unknown,
) {
  const words = carrierWords(account.carrier, error);
  deps.log.warn({ tenantId, carrier: account.carrier, err: error }, 'tracking check failed');
  const now = new Date();
  await deps.database.withTenant(tenantId, async (tx) => {
    if (error instanceof ChannelError && error.kind === 'rate_limited' && account.accountId !== null) {
      const limits = account.adapter().trackingLimits;
      if (limits) {
        const budget = { callsPerWindow: limits.calls, windowSeconds: limits.windowSeconds };
        await spendCalls(tx, 'tracking_quotas', { tenantId, accountId: account.accountId }, budget);
      }
    }
    for (const label of labels) {
      const failures = label.parcelFailures + 1;
      // The carrier's silence delays tracking; it never makes a parcel late or lost by itself.
      await repo.setParcel(tx, tenantId, label.id, {
        parcelFailures: failures,
        parcelProblem: `Tracking is delayed: ${words}`,
        parcelNextAt: nextCheckAfterFailure(failures, now),
      });
    }
    // A delayed parcel's promised day leaves its order's rollup (no "late" on the list) until a call answers again.
    const newlyDelayed = labels.filter((l) => l.parcelFailures === 0).map((l) => l.orderId);
    await refreshOrderParcels(tx, tenantId, [...new Set(newlyDelayed)]);
  });
}

/**
 * The sweep (every minute): the due parcels, by tenant and carrier account, sent as checks of one call's worth
 * each, as many as the account's budget allows now (the rest stay due for the next sweep).
 */
async function sweepDue(deps: TrackingDeps): Promise<number> {
  const due = await repo.due(deps.database.db, SWEEP_LIMIT);
  const groups = new Map<string, typeof due>();
  for (const parcel of due) {
    const key = `${parcel.tenantId}\u0000${parcel.carrier}\u0000${parcel.carrierAccountId ?? ''}`;
    const group = groups.get(key);
    if (group) group.push(parcel);
    else groups.set(key, [parcel]);
  }
  let sent = 0;
  for (const parcels of groups.values()) {
    const { tenantId, carrier, carrierAccountId } = parcels[0]!;
    const batches = await deps.database.withTenant(tenantId, async (tx) => {
      // An account that is gone answers a 400; anything else (the database) is the sweep's failure, retried.
      const account = await accountFor(deps, tx, tenantId, carrier, carrierAccountId).catch((error: unknown) => {
        if (error instanceof HttpError) return null;
        throw error;
      });
      const limits = account?.adapter().trackingLimits;
      if (!account || !limits || account.accountId === null) {
        // Nothing can track these (the account is gone, or its carrier has no tracking call): not asked again.
        const ids = parcels.map((p) => p.id);
        for (const id of ids) {
          await repo.setParcel(tx, tenantId, id, {
            parcelNextAt: null,
            parcelProblem: `${CARRIER_NAMES[carrier as Carrier] ?? carrier} parcels cannot be tracked with this account`,
          });
        }
        return [];
      }
      const wanted = Math.ceil(parcels.length / limits.perCall);
      const budget = { callsPerWindow: limits.calls, windowSeconds: limits.windowSeconds };
      const grant = await claimCalls(tx, 'tracking_quotas', { tenantId, accountId: account.accountId }, wanted, budget);
      const chunks: number[][] = [];
      for (let i = 0; i < grant.granted; i++) {
        const ids = parcels.slice(i * limits.perCall, (i + 1) * limits.perCall).map((p) => p.id);
        if (ids.length === 0) break;
        await repo.lease(tx, tenantId, ids, LEASE_SECONDS);
        await deps.jobs.checkIn(tx, { tenantId, labelIds: ids });
        chunks.push(ids);
      }
      // The rest wait for the account's next window, out of the way of other accounts' parcels meanwhile.
      const waiting = parcels.slice(chunks.length * limits.perCall).map((p) => p.id);
      const untilWindow = Math.max(60, Math.ceil((Date.parse(grant.windowEndsAt) - Date.now()) / 1000));
      await repo.lease(tx, tenantId, waiting, untilWindow);
      return chunks;
    });
    sent += batches.length;
  }
  if (sent > 0) deps.jobs.wakeChecks();
  return sent;
}

/** Parcels of tracking: the sweep and its checks, a person's "check now", the built-in carrier's delivered. */
export function createTracking(deps: TrackingDeps) {
  const { database } = deps;

  function tell(tenantId: string, orderIds: Array<number | null>) {
    const changed = [...new Set(orderIds.filter((id): id is number => id !== null))].map(String);
    if (changed.length > 0) deps.notify(tenantId, { orderIds: changed, event: 'parcelStatus' });
  }

  const accountOf = (tx: Executor, tenantId: string, carrier: string, accountId: number | null) =>
    accountFor(deps, tx, tenantId, carrier, accountId);

  /** Asks the carrier about these parcels (one call's worth) and records its answers; a failure is written down. */
  async function check(tenantId: string, labelIds: readonly number[]): Promise<void> {
    const read = await database.withTenant(tenantId, async (tx) => {
      const labels = await repo.parcels(tx, tenantId, labelIds);
      if (labels.length === 0) return null;
      const first = labels[0]!;
      return { labels, account: await accountOf(tx, tenantId, first.carrier, first.carrierAccountId) };
    });
    if (!read) return;
    const { labels, account } = read;
    const adapter = account.adapter();
    let answers: Map<string, TrackedParcel>;
    try {
      if (!adapter.trackParcels) throw new ChannelError('invalid', `${account.name} does not track parcels`);
      answers = await adapter.trackParcels(
        labels.map((l) => l.trackingNumber),
        AbortSignal.timeout(TRACK_TIMEOUT_MS),
      );
    } catch (error) {
      await failed(deps, tenantId, labels, account, error);
      return;
    }
    const now = new Date();
    const changed = await database.withTenant(tenantId, async (tx) => {
      const locked = await repo.parcels(tx, tenantId, labelIds, true);
      const orders: Array<number | null> = [];
      for (const label of locked) {
        orders.push(await recordParcel(tx, tenantId, label, answers.get(label.trackingNumber), 'poll', now));
      }
      return orders;
    });
    tell(tenantId, changed);
  }

  /** The delivery's label (the standing one, else the latest); `standing`: 409 when that one was voided. */
  async function labelOf(
    tx: Executor,
    auth: AuthContext,
    deliveryIdText: string,
    options: { standing?: boolean } = {},
  ): Promise<ParcelRow> {
    const deliveryId = parseId(deliveryIdText);
    const label = deliveryId === null ? undefined : await repo.latest(tx, auth.tenantId, deliveryId);
    if (!label) throw notFound('This delivery has no label');
    if (options.standing && label.status !== 'active') {
      throw new HttpError(409, 'This label was voided: its parcel is not tracked', { reason: 'label_voided' });
    }
    return label;
  }

  async function view(tx: Executor, tenantId: string, label: ParcelRow): Promise<ParcelTracking> {
    const events = await repo.events(tx, tenantId, label.id);
    const today = shipDateIn(await tenantTimeZone(tx, tenantId));
    const status = label.parcelStatus as TrackingStatus;
    return {
      labelId: String(label.id),
      trackingNumber: label.trackingNumber,
      status,
      statusAt: label.parcelStatusAt?.toISOString() ?? null,
      expectedDelivery: label.parcelExpected,
      late: isLate(status, label.parcelExpected, today, label.parcelFailures > 0),
      lastCheckedAt: label.parcelCheckedAt?.toISOString() ?? null,
      nextCheckAt: label.parcelNextAt?.toISOString() ?? null,
      problem: label.parcelProblem,
      events: events.map((e) => ({
        at: e.at.toISOString(),
        status: e.status as TrackingStatus,
        code: e.code,
        description: e.description,
        location: e.location,
      })),
    };
  }

  /** `GET /call/shipment/{deliveryId}/tracking`. */
  async function tracking(auth: AuthContext, deliveryIdText: string): Promise<ParcelTracking> {
    return database.withTenant(
      auth.tenantId,
      async (tx) => view(tx, auth.tenantId, await labelOf(tx, auth, deliveryIdText)),
      {
        readOnly: true,
      },
    );
  }

  /** `POST /call/shipment/{deliveryId}/trackNow`: asked at once, within the account's budget. */
  async function trackNow(auth: AuthContext, deliveryIdText: string): Promise<ParcelTracking> {
    const { tenantId } = auth;
    const label = await database.withTenant(tenantId, async (tx) => {
      const found = await labelOf(tx, auth, deliveryIdText, { standing: true });
      if (found.carrier === BUILT_IN_CARRIER) {
        throw new HttpError(409, 'The built-in carrier does not track parcels: mark it delivered when it is', {
          reason: 'not_tracked',
        });
      }
      const account = await accountOf(tx, tenantId, found.carrier, found.carrierAccountId);
      const limits = account.adapter().trackingLimits;
      if (account.accountId !== null && limits) {
        const budget = { callsPerWindow: limits.calls, windowSeconds: limits.windowSeconds };
        const grant = await claimCalls(tx, 'tracking_quotas', { tenantId, accountId: account.accountId }, 1, budget);
        if (grant.granted === 0) {
          throw new HttpError(
            429,
            `${account.name}'s tracking allowance is used until ${grant.windowEndsAt}; Shipdesk asks again then`,
            { reason: 'tracking_budget_spent' },
          );
        }
      }
      return found;
    });
    await check(tenantId, [label.id]);
    return tracking(auth, deliveryIdText);
  }

  /** `POST /call/shipment/{deliveryId}/markDelivered`: the built-in carrier's parcel, delivered by hand. */
  async function markDelivered(auth: AuthContext, deliveryIdText: string): Promise<ParcelTracking> {
    const { tenantId } = auth;
    const now = new Date();
    const { result, orderId } = await database.withTenant(tenantId, async (tx) => {
      const label = await labelOf(tx, auth, deliveryIdText, { standing: true });
      if (label.carrier !== BUILT_IN_CARRIER) {
        const name = CARRIER_NAMES[label.carrier as Carrier] ?? label.carrier;
        throw new HttpError(409, `${name} reports this parcel's delivery itself`, { reason: 'carrier_tracks' });
      }
      if (label.parcelStatus === 'delivered') {
        throw new HttpError(409, 'This parcel is delivered already', { reason: 'already_delivered' });
      }
      const [locked] = await repo.parcels(tx, tenantId, [label.id], true);
      const event: TrackedEvent = {
        at: now.toISOString(),
        status: 'delivered',
        code: 'MANUAL',
        description: `${TRACKING_STATUS_NAMES.delivered} by hand (marked by ${auth.email})`,
        location: null,
      };
      const changed = await recordParcel(
        tx,
        tenantId,
        locked!,
        { trackingNumber: label.trackingNumber, status: 'delivered', expectedDelivery: null, events: [event] },
        'seller',
        now,
        { id: auth.userId, email: auth.email },
      );
      const after = (await repo.parcels(tx, tenantId, [label.id]))[0]!;
      return { result: await view(tx, tenantId, after), orderId: changed };
    });
    tell(tenantId, [orderId]);
    return result;
  }

  return { sweep: () => sweepDue(deps), check, tracking, trackNow, markDelivered };
}
export type Tracking = ReturnType<typeof createTracking>;
