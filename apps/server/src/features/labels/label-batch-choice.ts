import {
  formatWeight,
  isCarrier,
  needsCustoms,
  type Carrier,
  type CustomsDeclaration,
  type CustomsDefaults,
  type LabelPurchase,
} from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { checkedShipTo } from '../address-checks/index.ts';
import { findOrder, tenantTimeZone } from '../orders/index.ts';
import { tenantUnitSystem } from '../settings/index.ts';
import { customsContents, draftCustoms, firstCustomsProblem } from './label-customs.ts';
import { draftParcel, orderOptions } from './label-parcel.ts';
import { holdRefusal, shipDateIn, shipFrom, shipTo } from './label-shipment.ts';
import type { LabelsRepository } from './labels-repository.ts';

export type CheapestChoice = { services: Array<{ carrier: string; serviceCode: string }>; withinDays?: number };

/**
 * Why a parcel cannot be weighed, in words that say both places a seller can fix it: the order's lines (a channel's
 * order has its weights only, docs/order-editing.md) and the product of each SKU (docs/products.md).
 */
function missingWeight(sourceType: string, weight: number, skus: readonly string[]): string {
  const which = weight > 0 ? 'Some of its lines have' : 'Its lines have';
  const where = sourceType === 'Wholesale' ? 'Items > Edit lines' : 'Items > Edit weights';
  if (skus.length === 0) return `${which} no weight: enter a weight for its items on the order (${where})`;
  const named = skus.slice(0, 5).join(', ') + (skus.length > 5 ? ' and others' : '');
  const products = skus.length === 1 ? `the product ${named}` : `the products ${named}`;
  return `${which} no weight: enter a weight for ${named} on the order (${where}), or give ${products} a weight (Settings > Products)`;
}

/**
 * What a batch buys for one order, decided without a person: the carrier service its shipping method maps to, the
 * account that carrier's default is, and the parcel as the label form would start it (the delivery's size, else the
 * smallest of the seller's boxes that holds the weight). An order that cannot be decided fails with the reason and what to do.
 */
export async function batchPurchase(
  tx: Executor,
  repo: LabelsRepository,
  tenantId: string,
  orderId: number,
  event: 'shipLabel' | 'zpl',
  /** The batch's customs choices, for an order that needs customs (docs/customs.md). */
  defaults: { customs?: CustomsDefaults } = {},
): Promise<{ purchase: LabelPurchase; cheapest: CheapestChoice | null; currency: string } | { problem: string }> {
  const order = await findOrder(tx, tenantId, orderId);
  if (!order) return { problem: 'The order is gone' };
  // A refused event (a draft, an unpaid order) is refused by the purchase itself, in the same words.
  if (order.orderStatus !== 'Sales Order') {
    return { problem: `${event} is not allowed for an order that is ${order.orderStatus}` };
  }
  // An order on hold waits: a batch decides for nobody to ship it before its day (docs/labels.md, "On hold").
  if (order.holdUntil) {
    const held = holdRefusal(order, shipDateIn(await tenantTimeZone(tx, tenantId)));
    if (held) return { problem: held };
  }
  // A ship-to the carrier's address service called invalid is left out with the carrier's words (docs/address-checks.md):
  // a person may still buy its label one at a time.
  const { undeliverable } = await checkedShipTo(tx, tenantId, order.id);
  if (undeliverable) return { problem: undeliverable };
  // A rule's "cheapest of these services" is decided when the label is bought (label-batch-cheapest.ts); a person's
  // choice of service on the order stands.
  const cheapest = order.cheapestServices && !order.shippingByUser ? order.cheapestServices : null;
  if (!cheapest && (!order.carrier || !order.carrierMethod || !isCarrier(order.carrier))) {
    const asked = order.requestedShippingMethod ? `“${order.requestedShippingMethod}”` : 'its shipping';
    return { problem: `No carrier service: map ${asked} to a shipping method with a carrier service` };
  }
  const delivery = await repo.nextPlannedDelivery(tx, tenantId, order.id);
  if (!delivery) return { problem: 'Every delivery of this order has a label' };
  const draft = await draftParcel(tx, repo, tenantId, delivery, order, {});
  const { weight, length, width, height, boxSizeId } = draft;
  if (!length || !width || !height) {
    const held = formatWeight(weight, await tenantUnitSystem(tx, tenantId));
    return { problem: `None of your boxes holds ${held}: add a box size, or split the order` };
  }
  // A line without a weight (nor a weighed product) would leave the parcel lighter than it is, and the carrier charges
  // the difference later: a batch buys only parcels whose every line is weighed (one label at a time, a person may
  // weigh the box instead).
  const skus = draft.unweighed;
  if (weight <= 0 || skus.length > 0) return { problem: missingWeight(order.sourceType, weight, skus) };
  // An order crossing a customs border is declared as its label form would start it (its products' customs facts, the
  // batch's choices); one whose declaration is incomplete fails with what is missing and where to set it.
  let customs: CustomsDeclaration | undefined;
  const from = await shipFrom(tx, tenantId);
  const address = await repo.shippingAddress(tx, tenantId, order.id);
  if (from && address && needsCustoms(from, shipTo(address))) {
    const units = await tenantUnitSystem(tx, tenantId);
    const context = { order, from, to: shipTo(address), parcelWeight: weight, units };
    const drafted = draftCustoms(await customsContents(tx, tenantId, delivery.id), context, defaults.customs);
    if (drafted) {
      const problem = firstCustomsProblem(drafted);
      if (problem) return { problem };
      customs = {
        ...drafted.declaration,
        lines: drafted.declaration.lines.map(({ sku: _s, title: _t, ...line }) => line),
      };
    }
  }
  const options = orderOptions(order);
  const first = cheapest?.services.find((s) => isCarrier(s.carrier));
  return {
    cheapest,
    currency: order.currency,
    purchase: {
      deliveryId: String(delivery.id),
      carrier: (order.carrier && isCarrier(order.carrier) ? order.carrier : first?.carrier) as Carrier,
      carrierAccountId: null,
      serviceCode: order.carrierMethod ?? first?.serviceCode ?? '',
      // The order's box (draftParcel), insured value and signature: a rule's or a person's.
      options: {
        insuredValue: options.insuredValue,
        insuranceProvider: options.insuranceProvider,
        signature: options.signature,
      },
      ...(customs ? { customs } : {}),
      parcel: {
        ...(boxSizeId ? { boxSizeId: String(boxSizeId) } : {}),
        ...(draft.packageType ? { packageType: draft.packageType } : {}),
        weight,
        length,
        width,
        height,
      },
    },
  };
}
