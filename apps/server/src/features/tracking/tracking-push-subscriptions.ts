import { Counter } from 'prom-client';
import type { Carrier } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { upsTrackingSubscriptionLimits } from '../../integrations/carriers/ups/ups-track-alert.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { claimCalls, spendCalls } from '../../lib/call-budget.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';
import { carrierWords, type LabelCarriers } from '../labels/index.ts';
import { nextCheckAfterFailure } from './tracking-cadence.ts';
import { createPushSubscriptionRepository, type SubscribingLabel } from './tracking-push-subscriptions-repository.ts';

/**
 * Per-number push subscriptions (docs/tracking.md "Pushes"): a carrier that pushes only the numbers subscribed to
 * it (UPS Track Alert, 14 days a subscription) gets each standing label of an account whose push is active
 * subscribed, and renewed a day before it lapses, while its parcel still moves and for 60 days after the label.
 *
 * The sweep (`tracking-push-subscribe-due`, every minute) reads the labels never subscribed or lapsing, leases them
 * and sends them as `tracking-push-subscribe` jobs of one call's worth (100 numbers), as many as the account's
 * tracking budget allows now (the rest wait for its next window). A label bought on such an account is therefore
 * subscribed within a minute, and turning an account's push on subscribes its standing labels. A number the carrier
 * refuses is written on the label and asked again an hour later, doubling to a day; a failed call (an outage, a
 * 429) is asked again after 5 minutes, doubling to 6 hours. Neither touches the parcel's status or its tracking.
 */

const subscriptions = new Counter({
  name: 'shipdesk_tracking_push_subscriptions_total',
  help: 'Numbers sent to a carrier for its per-number tracking push, by carrier and outcome (subscribed, invalid, failed)',
  labelNames: ['carrier', 'outcome'] as const,
  registers: [processRegistry],
});

const SWEEP_LIMIT = 5_000;
/** How long a subscription call in flight holds its labels. */
const LEASE_SECONDS = 600;
/** A subscription is renewed when it lapses within this. */
const RENEW_BEFORE_HOURS = 24;
/** As polling (tracking-cadence.ts): a parcel is followed for 60 days after its label. */
const FOLLOW_DAYS = 60;
const CALL_TIMEOUT_MS = 30_000;
const HOUR = 3_600_000;
/** Each subscribing carrier's numbers a call and days a subscription lasts. */
const LIMITS: Record<string, { perCall: number; days: number }> = { ups: upsTrackingSubscriptionLimits };
const limitsOf = (carrier: string) => LIMITS[carrier] ?? { perCall: 1, days: 1 };

export interface PushSubscribeJob {
  tenantId: string;
  carrierAccountId: number;
  labelIds: number[];
}

interface PushSubscribeQueue {
  sendIn(tx: Executor, job: PushSubscribeJob): Promise<void>;
  wake(): void;
}

interface Deps {
  database: Database;
  carriers: LabelCarriers;
  log: FastifyBaseLogger;
  jobs: () => PushSubscribeQueue;
}

const repo = createPushSubscriptionRepository();

/** After a number was refused `refusals` times in a row: an hour, doubling, at most a day. */
function nextSubscribeAfterRefusal(refusals: number, now: Date): Date {
  const hours = Math.min(2 ** Math.max(0, refusals - 1), 24);
  return new Date(now.getTime() + hours * HOUR);
}

function accountFor(deps: Deps, tx: Executor, tenantId: string, carrier: string, accountId: number | null) {
  return deps.carriers.purchasingAccount(tx, tenantId, carrier as Carrier, accountId, { recorded: true });
}

/** The account as the sweep reads it; null when it is gone (its labels then wait a day). */
async function subscribingAccount(deps: Deps, tx: Executor, tenantId: string, carrier: string, accountId: number) {
  const account = await accountFor(deps, tx, tenantId, carrier, accountId).catch((error: unknown) => {
    if (error instanceof HttpError) return null;
    throw error;
  });
  const adapter = account?.adapter();
  if (!account || account.accountId === null || !adapter?.subscribeTracking) return null;
  return { accountId: account.accountId, adapter };
}

/** One tenant's account's due labels: leased, and sent as calls within its budget. Answers the jobs sent. */
async function sendGroup(deps: Deps, tenantId: string, carrier: string, accountId: number, ids: number[]) {
  return deps.database.withTenant(tenantId, async (tx) => {
    const account = await subscribingAccount(deps, tx, tenantId, carrier, accountId);
    if (!account) {
      await repo.holdUntil(tx, tenantId, ids, new Date(Date.now() + 24 * HOUR));
      return 0;
    }
    // Only what no other sweep took meanwhile, in the sweep's order.
    const leased = await repo.lease(tx, tenantId, ids, LEASE_SECONDS);
    const mine = ids.filter((id) => leased.has(id));
    const { perCall } = limitsOf(carrier);
    const wanted = Math.ceil(mine.length / perCall);
    let granted = wanted;
    let windowEndsAt: string | null = null;
    const limits = account.adapter.trackingLimits;
    if (limits && wanted > 0) {
      const budget = { callsPerWindow: limits.calls, windowSeconds: limits.windowSeconds };
      const grant = await claimCalls(tx, 'tracking_quotas', { tenantId, accountId: account.accountId }, wanted, budget);
      granted = grant.granted;
      windowEndsAt = grant.windowEndsAt;
    }
    for (let i = 0; i < granted; i++) {
      const labelIds = mine.slice(i * perCall, (i + 1) * perCall);
      await deps.jobs().sendIn(tx, { tenantId, carrierAccountId: account.accountId, labelIds });
    }
    // The rest wait for the account's next window.
    const waiting = mine.slice(granted * perCall);
    if (waiting.length > 0 && windowEndsAt) {
      await repo.holdUntil(tx, tenantId, waiting, new Date(Math.max(Date.parse(windowEndsAt), Date.now() + 60_000)));
    }
    return granted;
  });
}

/** The sweep: every label due for a subscription, by tenant and account, sent as jobs. Answers the jobs sent. */
async function sweep(deps: Deps): Promise<number> {
  const due = await repo.due(deps.database.db, SWEEP_LIMIT, RENEW_BEFORE_HOURS, FOLLOW_DAYS);
  const groups = new Map<string, typeof due>();
  for (const label of due) {
    const key = `${label.tenantId}\u0000${label.carrier}\u0000${label.carrierAccountId}`;
    const group = groups.get(key);
    if (group) group.push(label);
    else groups.set(key, [label]);
  }
  let sent = 0;
  for (const labels of groups.values()) {
    const { tenantId, carrier, carrierAccountId } = labels[0]!;
    const ids = labels.map((l) => l.id);
    sent += await sendGroup(deps, tenantId, carrier, carrierAccountId, ids);
  }
  if (sent > 0) deps.jobs().wake();
  return sent;
}

/** A failed call: written on the labels, asked again at their backoff; a 429 also spends the account's window. */
async function failed(deps: Deps, tenantId: string, labels: SubscribingLabel[], carrier: string, error: unknown) {
  const words = carrierWords(carrier as Carrier, error);
  deps.log.warn({ tenantId, carrier, err: error }, 'tracking push subscription failed');
  subscriptions.inc({ carrier, outcome: 'failed' }, labels.length);
  const now = new Date();
  await deps.database.withTenant(tenantId, async (tx) => {
    const accountId = labels[0]?.carrierAccountId ?? null;
    if (error instanceof ChannelError && error.kind === 'rate_limited' && accountId !== null) {
      const account = await subscribingAccount(deps, tx, tenantId, carrier, accountId);
      const limits = account?.adapter.trackingLimits;
      if (account && limits) {
        const budget = { callsPerWindow: limits.calls, windowSeconds: limits.windowSeconds };
        await spendCalls(tx, 'tracking_quotas', { tenantId, accountId: account.accountId }, budget);
      }
    }
    for (const label of labels) {
      const failures = label.pushSubscribeFailures + 1;
      await repo.set(tx, tenantId, [label.id], {
        pushSubscribeFailures: failures,
        pushSubscribeAt: nextCheckAfterFailure(failures, now),
        pushSubscribeProblem: `Tracking push subscription failed: ${words}`,
      });
    }
  });
}

/** The `tracking-push-subscribe` job: one call for these labels, its answer written on each. */
async function work(deps: Deps, job: PushSubscribeJob): Promise<void> {
  const { tenantId } = job;
  const read = await deps.database.withTenant(tenantId, async (tx) => {
    const labels = await repo.labels(tx, tenantId, job.labelIds);
    const first = labels[0];
    if (!first) return null;
    const account = await accountFor(deps, tx, tenantId, first.carrier, first.carrierAccountId).catch(
      (error: unknown) => ({ error }),
    );
    return { labels, carrier: first.carrier, account };
  });
  if (!read) return;
  const { labels, carrier, account } = read;
  let answer: { valid: string[]; invalid: string[] };
  try {
    if ('error' in account) throw account.error;
    const adapter = account.adapter();
    if (!adapter.subscribeTracking) throw new ChannelError('invalid', `${account.name} does not subscribe numbers`);
    answer = await adapter.subscribeTracking(
      labels.map((l) => l.trackingNumber),
      AbortSignal.timeout(CALL_TIMEOUT_MS),
    );
  } catch (error) {
    await failed(deps, tenantId, labels, carrier, error);
    return;
  }
  const { days } = limitsOf(carrier);
  const now = new Date();
  const valid = new Set(answer.valid.map((n) => n.toUpperCase()));
  const subscribed = labels.filter((l) => valid.has(l.trackingNumber.toUpperCase()));
  const refused = labels.filter((l) => !valid.has(l.trackingNumber.toUpperCase()));
  await deps.database.withTenant(tenantId, async (tx) => {
    await repo.set(
      tx,
      tenantId,
      subscribed.map((l) => l.id),
      {
        pushSubscribedUntil: new Date(now.getTime() + days * 24 * HOUR),
        pushSubscribeAt: null,
        pushSubscribeFailures: 0,
        pushSubscribeProblem: null,
      },
    );
    // A refused number keeps what it had (a running subscription runs on) and is asked again later.
    for (const label of refused) {
      const refusals = label.pushSubscribeFailures + 1;
      await repo.set(tx, tenantId, [label.id], {
        pushSubscribeFailures: refusals,
        pushSubscribeAt: nextSubscribeAfterRefusal(refusals, now),
        pushSubscribeProblem: 'The carrier refused this tracking number for its tracking push',
      });
    }
  });
  if (subscribed.length > 0) subscriptions.inc({ carrier, outcome: 'subscribed' }, subscribed.length);
  if (refused.length > 0) subscriptions.inc({ carrier, outcome: 'invalid' }, refused.length);
}

export function createTrackingPushSubscriptions(deps: Deps) {
  return {
    sweep: () => sweep(deps),
    work: (job: PushSubscribeJob) => work(deps, job),
  };
}
export type TrackingPushSubscriptions = ReturnType<typeof createTrackingPushSubscriptions>;
