import {
  BUILT_IN_CARRIER,
  type Carrier,
  type OrderFlowResult,
  type ShippingLabel,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { customsFormOf } from '../../integrations/carriers/carrier-customs.ts';
import type { PurchasedLabel, ShipmentCustoms } from '../../integrations/carriers/carrier-types.ts';
import { answerKey, type IdempotencyKey } from '../../lib/idempotency.ts';
import {
  changeOrder,
  orderView,
  recordOrderEvents,
  refreshOrderParcels,
  statusesAfterShipping,
  toLabel,
} from '../orders/index.ts';
import { queueBuyerNotice } from '../buyer-notices/index.ts';
import { createLabelsRepository, type PurchaseRecord } from './labels-repository.ts';

export interface RecordedLabel {
  label: ShippingLabel;
  order: { id: string; version: number };
  /** The orderFlow answer, when it was asked for. */
  body: SuccessEnvelope<OrderFlowResult> | null;
}

/** Orders whose channel is told the tracking number: those pulled from a store (manual and wholesale orders are not). */
const pushesTracking = (order: Pick<OrderRow, 'storeId' | 'sourceType'>) =>
  order.storeId !== null && order.sourceType !== 'Wholesale';

/**
 * Records a bought label in one transaction: the label and its document, the delivery labelled, its lines shipped,
 * for channel orders the tracking push queued (its job sent), and, through the orders' changeOrder (which locks the order first),
 * the order's statuses and the timeline row ("who bought what for how much"); a reship's original gets its
 * `linkedLabel` row. Recording the same purchase twice is refused by the one-standing-label index.
 */
export async function recordLabel(
  database: Database,
  input: {
    tenantId: string;
    deliveryId: number;
    record: PurchaseRecord;
    label: PurchasedLabel;
    key: IdempotencyKey | null;
    /** The orderFlow answer (the whole order) is wanted: a person's purchase, not a batch's. */
    answer: boolean;
    /** Sends the label's tracking push job, in this transaction (label-jobs.ts). */
    queuePush(tx: Executor, labelId: number): Promise<void>;
  },
): Promise<RecordedLabel> {
  const { tenantId, deliveryId, record, label } = input;
  const repo = createLabelsRepository();
  return database.withTenant(tenantId, async (tx) => {
    const delivery = await repo.findDelivery(tx, tenantId, deliveryId);
    if (!delivery) throw new Error(`delivery ${deliveryId} vanished while its label was bought`);
    const request = record.request as {
      parcel: { packageType: string; weightGrams: number; lengthIn: number; widthIn: number; heightIn: number };
      shipDate: string;
      insurance?: { amountMinor: number; currency: string; provider: string } | null;
      signature?: string | null;
      customs?: ShipmentCustoms | null;
    };
    const customs = request.customs ?? null;
    // The forms the carrier returned; a label found again after a lost answer may come without them (its form is then
    // the carrier's usual one, its document the carrier's to print again).
    const forms = customs ? (label.forms ?? { form: customsFormOf(record.carrier as Carrier), document: null }) : null;
    const actor = { id: record.actorId, email: record.actorEmail };
    // The tracking number is searched: the order's words are rewritten with the change.
    const change = { event: record.event, actor, searchChanged: true };
    const { before, order, outcome } = await changeOrder(
      tx,
      tenantId,
      delivery.orderId,
      change,
      async (order, current) => {
        await repo.lockDelivery(tx, tenantId, deliveryId);
        const push = pushesTracking(order);
        const row = await repo.insertLabel(tx, tenantId, {
          orderId: order.id,
          deliveryId,
          carrierAccountId: record.carrierAccountId,
          carrier: record.carrier,
          serviceCode: String((record.request as { serviceCode: string }).serviceCode),
          serviceName: record.serviceName,
          packageType: request.parcel.packageType,
          weight: request.parcel.weightGrams,
          length: request.parcel.lengthIn,
          width: request.parcel.widthIn,
          height: request.parcel.heightIn,
          trackingNumber: label.trackingNumber,
          carrierShipmentId: label.carrierShipmentId,
          shipDate: request.shipDate,
          format: label.format,
          contentType: label.contentType,
          document: label.document,
          amount: label.amountMinor,
          currency: label.currency,
          // The options it was bought with, from the request the carrier was sent (kept on the delivery, so a
          // purchase found again after a lost answer records them too).
          insuredValue: request.insurance?.amountMinor ?? null,
          insuredCurrency: request.insurance?.currency ?? null,
          insuranceProvider: request.insurance?.provider ?? null,
          signature: request.signature ?? null,
          customs,
          customsForm: forms?.form ?? null,
          customsDocument: forms?.document?.bytes ?? null,
          customsContentType: forms?.document?.contentType ?? null,
          createdById: record.actorId,
          createdByEmail: record.actorEmail,
          trackingPushStatus: push ? 'pending' : 'not_needed',
          trackingPushNextAt: push ? new Date() : null,
          // Tracked by its carrier from half an hour on (docs/tracking.md); the built-in carrier's by the seller.
          parcelNextAt: record.carrier === BUILT_IN_CARRIER ? null : new Date(Date.now() + 30 * 60_000),
        });
        if (push) await input.queuePush(tx, row.id);
        // The buyer's shipped e-mail, when the store sends one (docs/buyer-notices.md).
        await queueBuyerNotice(tx, tenantId, row.id, 'shipped');
        await refreshOrderParcels(tx, tenantId, [order.id]);
        await repo.markLabelled(tx, tenantId, deliveryId, {
          trackingNumber: label.trackingNumber,
          carrierMethod: record.serviceName,
        });
        const statuses = statusesAfterShipping(current, await repo.unitCounts(tx, tenantId, order.id));
        const payload = {
          deliveryId: String(deliveryId),
          labelId: String(row.id),
          carrier: record.carrier,
          service: record.serviceName,
          trackingNumber: label.trackingNumber,
          amount: label.amountMinor,
          currency: label.currency,
          format: label.format,
          // The options it was bought with (also on the label's own columns).
          boxSizeId: delivery.boxSizeId != null ? String(delivery.boxSizeId) : null,
          insuredValue: request.insurance?.amountMinor ?? null,
          insuranceProvider: request.insurance?.provider ?? null,
          signature: request.signature ?? null,
          customsForm: forms?.form ?? null,
        };
        return { statuses, payload, row };
      },
    );
    if (before.linkedOrderId !== null) {
      // A reship (or reorder) ships: its original's timeline says so too.
      await recordOrderEvents(tx, tenantId, [
        {
          orderId: before.linkedOrderId,
          event: 'linkedLabel',
          actor,
          before: null,
          after: null,
          payload: {
            linkedOrderId: String(before.id),
            linkedOrderNumber: before.orderNumber,
            carrier: record.carrier,
            service: record.serviceName,
            trackingNumber: label.trackingNumber,
          },
        },
      ]);
    }
    const view = toLabel(outcome.row);
    let body: SuccessEnvelope<OrderFlowResult> | null = null;
    if (input.answer || input.key) {
      body = {
        code: 200,
        success: true,
        data: { order: await orderView(tx, tenantId, order), createdOrderId: null, label: view },
      };
      if (input.key) await answerKey(tx, tenantId, input.key, { statusCode: 200, body });
    }
    return { label: view, order: { id: String(order.id), version: order.version }, body };
  });
}
