import { randomUUID } from 'node:crypto';
import {
  CARRIER_NAMES,
  findCarrierService,
  type Carrier,
  type LabelFormat,
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
import { lockOrder, tenantTimeZone, type OrdersNotifier } from '../orders/index.ts';
import { checkBox, shipmentParcel } from './label-parcel.ts';
import { recordLabel, type RecordedLabel } from './label-record.ts';
import { carrierWords, type LabelAccount, type LabelCarriers } from './label-rates.ts';
import {
  WAREHOUSE_MISSING,
  defaultPackageType,
  holdRefusal,
  parcelRefusal,
  scopeOf,
  serviceRefusal,
  shipDateIn,
  shipFrom,
  shipTo,
} from './label-shipment.ts';
import { createLabelsRepository, type PurchaseRecord } from './labels-repository.ts';
import { throughput } from '../../lib/throughput-metrics.ts';

export interface LabelPurchaseDeps {
  database: Database;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  log: FastifyBaseLogger;
  /** A label was recorded whose tracking number goes to the channel. */
  trackingQueued(): void;
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

const formatOf = (event: LabelEvent): LabelFormat => (event === 'zpl' ? 'zpl' : 'pdf');

function isAmbiguous(error: unknown): boolean {
  if (error instanceof ChannelError) return AMBIGUOUS.has(error.kind);
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A failure of asking the carrier (its answer, its silence, its account), as opposed to a fault of our own. */
function isCarrierFailure(error: unknown): boolean {
  return error instanceof ChannelError || error instanceof HttpError || isAmbiguous(error);
}

/**
 * Buying a label: the purchase is written on its delivery before the carrier is asked (one at a time per delivery;
 * the carrier's idempotency key kept with it), the carrier is asked outside any transaction, and the label is
 * recorded in one transaction with the lines shipped, the statuses, the timeline and the tracking push. An answer
 * lost on the way is never bought again blindly: the carrier is asked whether it holds the label first (here at
 * once, and by the monitor for purchases an instance left behind).
 */
export function createLabelPurchases(deps: LabelPurchaseDeps) {
  const { database } = deps;
  const repo = createLabelsRepository();

  interface Reserved {
    kind: 'reserved';
    deliveryId: number;
    record: PurchaseRecord;
    request: LabelRequest;
    account: LabelAccount;
  }

  /**
   * The work of a purchase's first transaction (the one that claims its Idempotency-Key, if it has one): checks and
   * writes the purchase on its delivery. The order stays locked until it commits.
   */
  function reserve(
    auth: Actor,
    orderIdText: string,
    event: LabelEvent,
    purchase: LabelPurchase,
    /** The order version the form showed; null for a batch, which takes the order as it is now. */
    version: number | null,
  ): (tx: Executor) => Promise<Reserved> {
    const tenantId = auth.tenantId;
    return async (tx) => {
      const order = await lockOrder(tx, tenantId, orderIdText, version);
      await deps.checkEvent(tx, tenantId, order, event);
      // An order on hold is not labelled before its day, by a person or a batch (docs/labels.md, "On hold").
      const today = shipDateIn(await tenantTimeZone(tx, tenantId));
      const held = holdRefusal(order, today);
      if (held) throw new HttpError(409, held, { reason: 'order_on_hold' });

      const deliveryId = purchase.deliveryId ? Number(purchase.deliveryId) : null;
      const delivery = deliveryId
        ? await repo.lockDelivery(tx, tenantId, deliveryId)
        : await repo.nextPlannedDelivery(tx, tenantId, order.id);
      if (!delivery || delivery.orderId !== order.id) {
        throw badRequest({ 'label.deliveryId': `Order ${order.orderNumber} has no delivery ${purchase.deliveryId}` });
      }
      if (delivery.status !== 'planned') {
        throw new HttpError(409, 'This delivery has a label already; void it to buy another', {
          reason: 'delivery_labelled',
        });
      }
      if (delivery.purchaseState) {
        throw new HttpError(409, 'A label for this delivery is being bought; wait for it to finish', {
          reason: 'purchase_in_progress',
        });
      }

      const carrier = purchase.carrier as Carrier;
      const from = await shipFrom(tx, tenantId);
      if (!from) throw new HttpError(409, WAREHOUSE_MISSING, { reason: 'warehouse_missing' });
      const address = await repo.shippingAddress(tx, tenantId, order.id);
      if (!address)
        throw new HttpError(409, 'The order has no shipping address', { reason: 'incomplete_shipping_address' });
      const to = shipTo(address);
      const serviceProblem = serviceRefusal(carrier, purchase.serviceCode, scopeOf(from, to));
      if (serviceProblem) throw badRequest({ 'label.serviceCode': serviceProblem });
      const parcel = shipmentParcel(purchase.parcel, purchase.parcel.packageType ?? defaultPackageType(carrier));
      const refusal = parcelRefusal(carrier, parcel);
      if (refusal) throw badRequest({ [`label.parcel.${refusal.field}`]: refusal.message });
      await checkBox(tx, tenantId, purchase.parcel);
      const account = await deps.carriers.purchasingAccount(
        tx,
        tenantId,
        carrier,
        purchase.carrierAccountId == null ? null : Number(purchase.carrierAccountId),
      );

      const request: LabelRequest = {
        from,
        to,
        parcel,
        shipDate: today,
        reference: order.orderNumber,
        serviceCode: purchase.serviceCode,
        format: formatOf(event),
        idempotencyKey: randomUUID(),
      };
      const record: PurchaseRecord = {
        carrier,
        carrierAccountId: account.accountId,
        serviceName: findCarrierService(carrier, purchase.serviceCode)!.name,
        event,
        actorId: auth.userId,
        actorEmail: auth.email,
        request: request as unknown as Record<string, unknown>,
      };
      await repo.startPurchase(
        tx,
        tenantId,
        delivery.id,
        {
          boxSizeId: purchase.parcel.boxSizeId ? Number(purchase.parcel.boxSizeId) : null,
          packageType: parcel.packageType,
          weight: parcel.weightGrams,
          length: parcel.lengthIn,
          width: parcel.widthIn,
          height: parcel.heightIn,
        },
        record,
      );
      return { kind: 'reserved' as const, deliveryId: delivery.id, record, request, account };
    };
  }

  /** The purchase failed before anything was bought: the delivery and the key are free again. */
  async function release(tenantId: string, deliveryId: number, key: IdempotencyKey | null): Promise<void> {
    await database.withTenant(tenantId, async (tx) => {
      await repo.clearPurchase(tx, tenantId, deliveryId);
      if (key) await releaseKey(tx, tenantId, key);
    });
  }

  /** The label bought, recorded; answers the orderFlow result (also kept under the key). */
  async function settleBought(
    tenantId: string,
    deliveryId: number,
    record: PurchaseRecord,
    label: PurchasedLabel,
    key: IdempotencyKey | null,
    answer: boolean,
  ): Promise<RecordedLabel> {
    const recorded = await recordLabel(database, { tenantId, deliveryId, record, label, key, answer });
    throughput.labelBought(record.carrier);
    deps.notify(tenantId, { orderIds: [recorded.order.id], event: record.event, version: recorded.order.version });
    if (recorded.label.trackingPush.status === 'pending') deps.trackingQueued();
    return recorded;
  }

  /** Asks the carrier whether it holds the label of a purchase whose answer was lost; records or frees it. */
  async function findLost(
    tenantId: string,
    deliveryId: number,
    record: PurchaseRecord,
    key: IdempotencyKey | null,
    answer: boolean,
  ): Promise<RecordedLabel | null> {
    const account = await database.withTenant(tenantId, (tx) =>
      deps.carriers.purchasingAccount(tx, tenantId, record.carrier as Carrier, record.carrierAccountId),
    );
    const request = record.request as unknown as LabelRequest;
    const found = await account.adapter().findLabel(request, AbortSignal.timeout(FIND_TIMEOUT_MS));
    if (found) return settleBought(tenantId, deliveryId, record, found, key, answer);
    await release(tenantId, deliveryId, key);
    return null;
  }

  /**
   * The carrier could not say whether it made the label: the delivery stays unconfirmed for the monitor to ask again,
   * the reason is kept for the seller to see, and the key is free, so a retry is told so at once.
   */
  async function unconfirmed(
    tenantId: string,
    deliveryId: number,
    key: IdempotencyKey | null,
    carrier: Carrier,
    lost: unknown,
    problem: unknown,
  ): Promise<HttpError> {
    const name = CARRIER_NAMES[carrier];
    const problemWords = carrierWords(carrier, problem);
    await database.withTenant(tenantId, async (tx) => {
      await repo.recordSettleFailure(tx, tenantId, deliveryId, problemWords);
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
        await release(tenantId, deliveryId, key);
        if (error instanceof ChannelError || error instanceof HttpError) {
          throw new HttpError(422, `${name} did not sell the label: ${carrierWords(carrier, error)}`, {
            reason: 'carrier_refused',
          });
        }
        throw error;
      }
      await database.withTenant(tenantId, (tx) => repo.markUnconfirmed(tx, tenantId, deliveryId));
      // Asked at once, an answer past its limit would come as large again: the monitor asks later, with a wait.
      if (error instanceof AnswerTooLargeError) {
        deps.log.warn({ carrier, deliveryId, err: error }, 'label purchase answer refused as too large');
        throw await unconfirmed(tenantId, deliveryId, key, carrier, error, error);
      }
      deps.log.warn({ carrier, deliveryId }, 'label purchase answer lost; asking the carrier');
      try {
        const found = await findLost(tenantId, deliveryId, record, key, answer);
        if (found) return found;
      } catch (findError) {
        deps.log.warn({ carrier, deliveryId, err: findError }, 'label purchase not confirmed');
        throw await unconfirmed(tenantId, deliveryId, key, carrier, error, findError);
      }
      throw new HttpError(502, `${carrierWords(carrier, error)}; nothing was bought. Try again.`, {
        reason: 'carrier_unavailable',
      });
    }
    return settleBought(tenantId, deliveryId, record, label, key, answer);
  }

  return {
    /** `orderFlow` of shipLabel / zpl: one label, one charge, whatever the retries and double clicks. */
    async purchase(
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
        database,
        auth.tenantId,
        key,
        reserve(auth, orderIdText, event, purchase, body.version),
        () =>
          new HttpError(409, 'The same purchase is still in progress; try again shortly', {
            reason: 'purchase_in_progress',
          }),
      );
      if (started.kind === 'replay') {
        const { statusCode, body: replayed } = started.answer;
        return { statusCode, body: replayed as SuccessEnvelope<OrderFlowResult>, replayed: true };
      }
      const recorded = await buy(auth, started.value, key, true);
      return { statusCode: 200, body: recorded.body!, replayed: false };
    },

    /** A batch's purchase for one order: the order as it is now, no key (the batch item is the record). */
    async buyFor(actor: Actor, orderId: number, event: LabelEvent, purchase: LabelPurchase): Promise<RecordedLabel> {
      const reserved = await database.withTenant(
        actor.tenantId,
        reserve(actor, String(orderId), event, purchase, null),
      );
      return buy(actor, reserved, null, false);
    },

    /**
     * Purchases left unsettled (answer lost, instance stopped): asks the carrier, records or frees them. A carrier
     * that still cannot say leaves it `unconfirmed`, the failure counted and its reason kept (never thrown): the
     * monitor asks again after a longer wait.
     */
    async settle(tenantId: string, deliveryId: number): Promise<'recorded' | 'released' | 'skipped' | 'unconfirmed'> {
      const claimed = await database.withTenant(tenantId, async (tx) => {
        const delivery = await repo.lockDelivery(tx, tenantId, deliveryId);
        if (!delivery?.purchaseState || !delivery.purchaseRequest) return null;
        // Fenced: another instance asking at the same time finds the newer stamp and waits its turn.
        await repo.markUnconfirmed(tx, tenantId, deliveryId);
        return delivery.purchaseRequest as unknown as PurchaseRecord;
      });
      if (!claimed) return 'skipped';
      try {
        const found = await findLost(tenantId, deliveryId, claimed, null, false);
        return found ? 'recorded' : 'released';
      } catch (error) {
        if (!isCarrierFailure(error)) throw error;
        const carrier = claimed.carrier as Carrier;
        deps.log.warn({ err: error, carrier, deliveryId }, 'label purchase still unconfirmed');
        const problem = carrierWords(carrier, error);
        await database.withTenant(tenantId, (tx) => repo.recordSettleFailure(tx, tenantId, deliveryId, problem));
        return 'unconfirmed';
      }
    },
  };
}
export type LabelPurchases = ReturnType<typeof createLabelPurchases>;
