import type { OrderFlowResult, ShippingLabel, SuccessEnvelope } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { statusesAfterShipping } from '../../domain/orders/order-shipment-status.ts';
import type { PurchasedLabel } from '../../integrations/carriers/carrier-types.ts';
import { createOrdersRepository, statusesOf, toOrder } from '../orders/index.ts';
import { answerKey, type LabelKey } from './label-idempotency.ts';
import { toLabel } from '../orders/index.ts';
import { createLabelsRepository, type PurchaseRecord } from './labels-repository.ts';

export interface RecordedLabel {
  label: ShippingLabel;
  order: { id: string; version: number };
  /** The orderFlow answer, when it was asked for. */
  body: SuccessEnvelope<OrderFlowResult> | null;
}

/** Orders whose channel is told the tracking number: those pulled from a store (manual and wholesale orders are not). */
export const pushesTracking = (order: Pick<OrderRow, 'storeId' | 'sourceType'>) =>
  order.storeId !== null && order.sourceType !== 'Wholesale';

/**
 * Records a bought label in one transaction: the label and its document, the delivery labelled, its lines shipped,
 * the order's statuses, the timeline row ("who bought what for how much") and, for channel orders, the tracking
 * push queued. Recording the same purchase twice is refused by the one-standing-label index.
 */
export async function recordLabel(
  database: Database,
  input: {
    tenantId: string;
    deliveryId: number;
    record: PurchaseRecord;
    label: PurchasedLabel;
    key: LabelKey | null;
    /** The orderFlow answer (the whole order) is wanted: a person's purchase, not a batch's. */
    answer: boolean;
  },
): Promise<RecordedLabel> {
  const { tenantId, deliveryId, record, label } = input;
  const repo = createLabelsRepository();
  const orders = createOrdersRepository();
  return database.withTenant(tenantId, async (tx) => {
    const delivery = await repo.findDelivery(tx, tenantId, deliveryId);
    if (!delivery) throw new Error(`delivery ${deliveryId} vanished while its label was bought`);
    const order = (await orders.findOrder(tx, tenantId, delivery.orderId, true))!;
    await repo.lockDelivery(tx, tenantId, deliveryId);
    const request = record.request as {
      parcel: { packageType: string; weightGrams: number; lengthIn: number; widthIn: number; heightIn: number };
      shipDate: string;
    };
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
      createdById: record.actorId,
      createdByEmail: record.actorEmail,
      trackingPushStatus: push ? 'pending' : 'not_needed',
      trackingPushNextAt: push ? new Date() : null,
    });
    await repo.markLabelled(tx, tenantId, deliveryId, {
      trackingNumber: label.trackingNumber,
      carrierMethod: record.serviceName,
    });
    const before = statusesOf(order);
    const after = statusesAfterShipping(before, await repo.unitCounts(tx, tenantId, order.id));
    const updated = await orders.updateOrder(tx, tenantId, order.id, after);
    await orders.insertEvent(tx, tenantId, {
      orderId: order.id,
      event: record.event,
      actorId: record.actorId,
      actorEmail: record.actorEmail,
      before,
      after,
      payload: {
        deliveryId: String(deliveryId),
        labelId: String(row.id),
        carrier: record.carrier,
        service: record.serviceName,
        trackingNumber: label.trackingNumber,
        amount: label.amountMinor,
        currency: label.currency,
        format: label.format,
      },
    });
    if (order.linkedOrderId !== null) {
      // A reship (or reorder) ships: its original's timeline says so too.
      await orders.insertEvent(tx, tenantId, {
        orderId: order.linkedOrderId,
        event: 'linkedLabel',
        actorId: record.actorId,
        actorEmail: record.actorEmail,
        before: null,
        after: null,
        payload: {
          linkedOrderId: String(order.id),
          linkedOrderNumber: order.orderNumber,
          carrier: record.carrier,
          service: record.serviceName,
          trackingNumber: label.trackingNumber,
        },
      });
    }
    const view = toLabel(row);
    let body: SuccessEnvelope<OrderFlowResult> | null = null;
    if (input.answer || input.key) {
      body = {
        code: 200,
        success: true,
        data: { order: toOrder(await orders.detail(tx, tenantId, updated)), createdOrderId: null, label: view },
      };
      if (input.key) await answerKey(tx, tenantId, input.key, 200, body);
    }
    return { label: view, order: { id: String(updated.id), version: updated.version }, body };
  });
}
