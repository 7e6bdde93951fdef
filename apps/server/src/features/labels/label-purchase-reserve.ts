import { randomUUID } from 'node:crypto';
import {
  findCarrierService,
  needsCustoms,
  type Carrier,
  type LabelFormat,
  type LabelPurchase,
} from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { LabelRequest } from '../../integrations/carriers/carrier-types.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import { lockOrder, tenantTimeZone } from '../orders/index.ts';
import { tenantUnitSystem } from '../settings/index.ts';
import { insuranceRefusal } from '../../integrations/carriers/carrier-options.ts';
import { customsContents, purchaseCustoms } from './label-customs.ts';
import { refuseChannelCanceled } from './label-channel-cancel.ts';
import { checkBox, orderOptions, shipmentOptions, shipmentParcel } from './label-parcel.ts';
import type { Actor, LabelEvent, LabelPurchaseDeps } from './label-purchase-service.ts';
import type { LabelAccount } from './label-rates.ts';
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
import { checkedShipTo } from '../address-checks/index.ts';
import { createLabelsRepository, type PurchaseRecord } from './labels-repository.ts';

const repo = createLabelsRepository();
const formatOf = (event: LabelEvent): LabelFormat => (event === 'zpl' ? 'zpl' : 'pdf');

export interface Reserved {
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
export function reserve(
  deps: Pick<LabelPurchaseDeps, 'carriers' | 'checkEvent'>,
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
    await refuseChannelCanceled(tx, tenantId, order);
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
    // A carrier's word on the address (docs/address-checks.md) says whether it is a home or a business.
    const to = shipTo(address, (await checkedShipTo(tx, tenantId, order.id)).residential);
    const serviceProblem = serviceRefusal(carrier, purchase.serviceCode, scopeOf(from, to));
    if (serviceProblem) throw badRequest({ 'label.serviceCode': serviceProblem });
    const parcel = shipmentParcel(purchase.parcel, purchase.parcel.packageType ?? defaultPackageType(carrier));
    const units = await tenantUnitSystem(tx, tenantId);
    const refusal = parcelRefusal(carrier, parcel, units);
    if (refusal) throw badRequest({ [`label.parcel.${refusal.field}`]: refusal.message });
    await checkBox(tx, tenantId, purchase.parcel);
    // The order's options (a rule's or a person's) unless the form changed them for this label; a value the
    // carrier does not insure is refused before anything is sent, a service the carrier says cannot carry an
    // option is refused by the carrier in its own words (never bought without it).
    const options = shipmentOptions(orderOptions(order, purchase.options));
    const uninsured = insuranceRefusal(carrier, options.insurance);
    if (uninsured) throw badRequest({ 'label.options.insuredValue': uninsured });
    const account = await deps.carriers.purchasingAccount(
      tx,
      tenantId,
      carrier,
      purchase.carrierAccountId == null ? null : Number(purchase.carrierAccountId),
    );
    // A shipment crossing a customs border carries its declaration: the form's, else the one drafted from the order
    // and its products; every problem is refused here, by field and line, before the carrier is asked.
    // The lines' customs facts are read only when a declaration is needed or was sent (its lines are looked up).
    const contents = purchase.customs || needsCustoms(from, to) ? await customsContents(tx, tenantId, delivery.id) : [];
    const customs = purchaseCustoms(carrier, purchase.customs, contents, {
      order,
      from,
      to,
      parcelWeight: parcel.weightGrams,
      units,
      shipDate: today,
    });
    const request: LabelRequest = {
      from,
      to,
      parcel,
      shipDate: today,
      reference: order.orderNumber,
      units,
      ...options,
      customs,
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
