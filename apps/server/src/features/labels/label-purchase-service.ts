import {
  CARRIER_NAMES,
  type Carrier,
  type LabelPurchase,
  type OrderFlowBody,
  type OrderFlowResult,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { LabelRequest, PurchasedLabel } from '../../integrations/carriers/carrier-types.ts';
import { AnswerTooLargeError, ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import {
  idempotencyKey,
  releaseKey,
  startIdempotent,
  type IdempotencyKey,
  type KeptAnswer,
  type WriteRequest,
} from '../../lib/idempotency.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { OrdersNotifier } from '../orders/index.ts';
import { reserve, type Reserved } from './label-purchase-reserve.ts';
import { recordLabel, type RecordedLabel } from './label-record.ts';
import { carrierWords, type LabelCarriers } from './label-rates.ts';
import type { LabelJobs } from './label-jobs.ts';
import { createLabelsRepository, settleWaitSeconds, type PurchaseRecord } from './labels-repository.ts';
import { throughput } from '../../lib/throughput-metrics.ts';

export interface LabelPurchaseDeps {
  database: Database;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  log: FastifyBaseLogger;
  /** The tracking push of a recorded label and the next ask of an unconfirmed purchase, sent with their change. */
  jobs: Pick<LabelJobs, 'pushIn' | 'settleIn' | 'wakePushes'>;
  /** A purchase still `buying` after this long belonged to an instance that stopped (s). */
  purchaseStaleSeconds: number;
  /** Refuses the event as the order lifecycle would (statuses, guards); throws the refusal. */
  checkEvent(tx: Executor, tenantId: string, order: OrderRow, event: LabelEvent): Promise<void>;
}

export type LabelEvent = 'shipLabel' | 'zpl';
/** Who buys: a signed-in user, or the user who started a batch. */
export type Actor = Pick<AuthContext, 'tenantId' | 'userId' | 'email'>;
type FlowAnswer = KeptAnswer<SuccessEnvelope<OrderFlowResult>>;

const BUY_TIMEOUT_MS = 60_000;
const FIND_TIMEOUT_MS = 30_000;
/** Failures after which the carrier may or may not have made the label: it is asked before anything else. */
const AMBIGUOUS = new Set(['timeout', 'network', 'unavailable', 'malformed']);
const repo = createLabelsRepository();

function isAmbiguous(error: unknown): boolean {
  if (error instanceof ChannelError) return AMBIGUOUS.has(error.kind);
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A failure of asking the carrier (its answer, its silence, its account), as opposed to a fault of our own. */
function isCarrierFailure(error: unknown): boolean {
  return error instanceof ChannelError || error instanceof HttpError || isAmbiguous(error);
}

/** The purchase failed before anything was bought: the delivery and the key are free again. */
async function release(
  deps: LabelPurchaseDeps,
  tenantId: string,
  deliveryId: number,
  key: IdempotencyKey | null,
): Promise<void> {
  await deps.database.withTenant(tenantId, async (tx) => {
    await repo.clearPurchase(tx, tenantId, deliveryId);
    if (key) await releaseKey(tx, tenantId, key);
  });
}

/** The label bought, recorded; answers the orderFlow result (also kept under the key). */
async function settleBought(
  deps: LabelPurchaseDeps,
  tenantId: string,
  deliveryId: number,
  record: PurchaseRecord,
  label: PurchasedLabel,
  key: IdempotencyKey | null,
  answer: boolean,
): Promise<RecordedLabel> {
  const queuePush = (tx: Executor, labelId: number) => deps.jobs.pushIn(tx, { tenantId, labelId });
  const recorded = await recordLabel(deps.database, { tenantId, deliveryId, record, label, key, answer, queuePush });
  throughput.labelBought(record.carrier);
  deps.notify(tenantId, { orderIds: [recorded.order.id], event: record.event, version: recorded.order.version });
  if (recorded.label.trackingPush.status === 'pending') deps.jobs.wakePushes();
  return recorded;
}

/** Asks the carrier whether it holds the label of a purchase whose answer was lost; records or frees it. */
async function findLost(
  deps: LabelPurchaseDeps,
  tenantId: string,
  deliveryId: number,
  record: PurchaseRecord,
  key: IdempotencyKey | null,
  answer: boolean,
): Promise<RecordedLabel | null> {
  const account = await deps.database.withTenant(tenantId, (tx) =>
    deps.carriers.purchasingAccount(tx, tenantId, record.carrier as Carrier, record.carrierAccountId, {
      recorded: true,
    }),
  );
  const request = record.request as unknown as LabelRequest;
  const found = await account.adapter().findLabel(request, AbortSignal.timeout(FIND_TIMEOUT_MS));
  if (found) return settleBought(deps, tenantId, deliveryId, record, found, key, answer);
  await release(deps, tenantId, deliveryId, key);
  return null;
}

/**
 * An ask of the carrier failed: counted, its reason kept for the seller to see, and the next ask sent as a job
 * after the wait (which doubles with each failed ask), in the same transaction.
 */
async function recordFailedAsk(
  deps: LabelPurchaseDeps,
  tx: Executor,
  tenantId: string,
  deliveryId: number,
  problem: string,
): Promise<void> {
  const failedAsks = await repo.recordSettleFailure(tx, tenantId, deliveryId, problem);
  // A second past the wait: the job must not find the purchase a moment short of due.
  if (failedAsks !== null) await deps.jobs.settleIn(tx, { tenantId, deliveryId }, settleWaitSeconds(failedAsks) + 1);
}

/**
 * The carrier could not say whether it made the label: the delivery stays unconfirmed and is asked about again
 * later, the reason is kept for the seller to see, and the key is free, so a retry is told so at once.
 */
async function unconfirmed(
  deps: LabelPurchaseDeps,
  tenantId: string,
  deliveryId: number,
  key: IdempotencyKey | null,
  carrier: Carrier,
  lost: unknown,
  problem: unknown,
): Promise<HttpError> {
  const name = CARRIER_NAMES[carrier];
  const problemWords = carrierWords(carrier, problem);
  await deps.database.withTenant(tenantId, async (tx) => {
    await recordFailedAsk(deps, tx, tenantId, deliveryId, problemWords);
    if (key) await releaseKey(tx, tenantId, key);
  });
  const lostWords = carrierWords(carrier, lost);
  const words = lost === problem ? lostWords : `${lostWords}; asked again: ${problemWords}`;
  return new HttpError(
    502,
    `${name} did not confirm the purchase (${words}). Shipdesk keeps asking ${name} whether it made the label ` +
      'before this delivery can be bought again.',
    { reason: 'purchase_unconfirmed' },
  );
}

async function buy(
  deps: LabelPurchaseDeps,
  auth: Actor,
  reserved: Reserved,
  key: IdempotencyKey | null,
  answer: boolean,
): Promise<RecordedLabel> {
  const { tenantId } = auth;
  const { deliveryId, record, request, account } = reserved;
  const carrier = record.carrier as Carrier;
  const name = CARRIER_NAMES[carrier];
  let label: PurchasedLabel;
  try {
    label = await account.adapter().buyLabel(request, AbortSignal.timeout(BUY_TIMEOUT_MS));
  } catch (error) {
    if (!isAmbiguous(error)) {
      await release(deps, tenantId, deliveryId, key);
      if (error instanceof ChannelError || error instanceof HttpError) {
        throw new HttpError(422, `${name} did not sell the label: ${carrierWords(carrier, error)}`, {
          reason: 'carrier_refused',
        });
      }
      throw error;
    }
    await deps.database.withTenant(tenantId, (tx) => repo.markUnconfirmed(tx, tenantId, deliveryId));
    // Asked at once, an answer past its limit would come as large again: it is asked later, after a wait.
    if (error instanceof AnswerTooLargeError) {
      deps.log.warn({ carrier, deliveryId, err: error }, 'label purchase answer refused as too large');
      throw await unconfirmed(deps, tenantId, deliveryId, key, carrier, error, error);
    }
    deps.log.warn({ carrier, deliveryId }, 'label purchase answer lost; asking the carrier');
    try {
      const found = await findLost(deps, tenantId, deliveryId, record, key, answer);
      if (found) return found;
    } catch (findError) {
      deps.log.warn({ carrier, deliveryId, err: findError }, 'label purchase not confirmed');
      throw await unconfirmed(deps, tenantId, deliveryId, key, carrier, error, findError);
    }
    throw new HttpError(502, `${carrierWords(carrier, error)}; nothing was bought. Try again.`, {
      reason: 'carrier_unavailable',
    });
  }
  return settleBought(deps, tenantId, deliveryId, record, label, key, answer);
}

/** `orderFlow` of shipLabel / zpl: one label, one charge, whatever the retries and double clicks. */
async function purchaseLabel(
  deps: LabelPurchaseDeps,
  auth: AuthContext,
  orderIdText: string,
  event: LabelEvent,
  body: OrderFlowBody,
  request: WriteRequest,
): Promise<FlowAnswer> {
  const key = idempotencyKey(request, auth.userId, body);
  const purchase = body.label;
  if (!purchase) {
    throw badRequest({ label: `label is required for ${event}: the delivery, the carrier service and the parcel` });
  }
  // The key's claim commits with the reservation, before the carrier is asked: a second request with the same
  // key waits for this one's answer (kept when the label is recorded) instead of buying again.
  const started = await startIdempotent(
    deps.database,
    auth.tenantId,
    key,
    reserve(deps, auth, orderIdText, event, purchase, body.version),
    () =>
      new HttpError(409, 'The same purchase is still in progress; try again shortly', {
        reason: 'purchase_in_progress',
      }),
  );
  if (started.kind === 'replay') {
    const { statusCode, body: replayed } = started.answer;
    return { statusCode, body: replayed as SuccessEnvelope<OrderFlowResult>, replayed: true };
  }
  const recorded = await buy(deps, auth, started.value, key, true);
  return { statusCode: 200, body: recorded.body!, replayed: false };
}

/** A batch's purchase for one order: the order as it is now, no key (the batch item is the record). */
async function buyLabelFor(
  deps: LabelPurchaseDeps,
  actor: Actor,
  orderId: number,
  event: LabelEvent,
  purchase: LabelPurchase,
): Promise<RecordedLabel> {
  const reserved = await deps.database.withTenant(
    actor.tenantId,
    reserve(deps, actor, String(orderId), event, purchase, null),
  );
  return buy(deps, actor, reserved, null, false);
}

/**
 * A purchase left unsettled (answer lost, instance stopped): asks the carrier, records or frees it. A carrier
 * that still cannot say leaves it `unconfirmed`, the failure counted, its reason kept and the next ask sent
 * after a longer wait (never thrown). `ifDue`: only when its wait is over (a job may come early or twice).
 */
async function settlePurchase(
  deps: LabelPurchaseDeps,
  tenantId: string,
  deliveryId: number,
  options: { ifDue?: boolean } = {},
): Promise<'recorded' | 'released' | 'skipped' | 'unconfirmed'> {
  const claimed = await deps.database.withTenant(tenantId, async (tx) => {
    const delivery = options.ifDue
      ? await repo.lockDuePurchase(tx, tenantId, deliveryId, deps.purchaseStaleSeconds)
      : await repo.lockDelivery(tx, tenantId, deliveryId);
    if (!delivery?.purchaseState || !delivery.purchaseRequest) return null;
    // Fenced: another ask at the same time finds the newer stamp (not due) and leaves it.
    await repo.markUnconfirmed(tx, tenantId, deliveryId);
    return delivery.purchaseRequest as unknown as PurchaseRecord;
  });
  if (!claimed) return 'skipped';
  try {
    const found = await findLost(deps, tenantId, deliveryId, claimed, null, false);
    return found ? 'recorded' : 'released';
  } catch (error) {
    if (!isCarrierFailure(error)) throw error;
    const carrier = claimed.carrier as Carrier;
    deps.log.warn({ err: error, carrier, deliveryId }, 'label purchase still unconfirmed');
    const problem = carrierWords(carrier, error);
    await deps.database.withTenant(tenantId, (tx) => recordFailedAsk(deps, tx, tenantId, deliveryId, problem));
    return 'unconfirmed';
  }
}

/** The sweep (every minute): a settle job for each purchase that is due, at most one a minute per purchase. */
async function sweepUnsettled(
  deps: LabelPurchaseDeps,
  send: (job: { tenantId: string; deliveryId: number }) => Promise<void>,
): Promise<number> {
  const due = await repo.unsettledPurchases(deps.database.db, deps.purchaseStaleSeconds);
  for (const purchase of due) await send(purchase);
  return due.length;
}

/**
 * Buying a label: the purchase is written on its delivery before the carrier is asked (one at a time per delivery;
 * the carrier's idempotency key kept with it), the carrier is asked outside any transaction, and the label is
 * recorded in one transaction with the lines shipped, the statuses, the timeline and the tracking push. An answer
 * lost on the way is never bought again blindly: the carrier is asked whether it holds the label first (here at
 * once; then by a `label-purchase-settle` job sent with each failed ask, after a wait that doubles, and for
 * purchases an instance left `buying`, by the sweep: label-jobs.ts).
 */
export function createLabelPurchases(deps: LabelPurchaseDeps) {
  return {
    purchase: (auth: AuthContext, orderIdText: string, event: LabelEvent, body: OrderFlowBody, request: WriteRequest) =>
      purchaseLabel(deps, auth, orderIdText, event, body, request),
    buyFor: (actor: Actor, orderId: number, event: LabelEvent, purchase: LabelPurchase) =>
      buyLabelFor(deps, actor, orderId, event, purchase),
    settle: (tenantId: string, deliveryId: number, options: { ifDue?: boolean } = {}) =>
      settlePurchase(deps, tenantId, deliveryId, options),
    sweep: (send: (job: { tenantId: string; deliveryId: number }) => Promise<void>) => sweepUnsettled(deps, send),
  };
}
export type LabelPurchases = ReturnType<typeof createLabelPurchases>;
