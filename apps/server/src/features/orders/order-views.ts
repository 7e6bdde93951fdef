import {
  HAND_SET_TARGETS,
  findCarrierService,
  isCarrier,
  type Address,
  type Order,
  type OrderEventRecord,
  type OrderShipping,
  type OrderSummary,
  type RuleSettings,
  type SourceType,
} from '@shipdesk/contract';
import type { OrderAddressRow, OrderEventRow } from '../../db/schema/index.ts';
import type { SummaryRow } from './order-list-repository.ts';
import { statusesOf, type OrderDetail } from './orders-repository.ts';

/** How orders leave the server (contract shapes): ids as strings, times as ISO 8601 UTC. */

export const idText = (id: number | null) => (id === null ? null : String(id));

type ShippingColumns = Pick<
  SummaryRow,
  'shipMethodId' | 'carrier' | 'carrierMethod' | 'packageType' | 'shippingByUser'
>;

/** The resolved (or chosen) shipping of an order; the carrier service named as the catalogue names it. */
export function toShipping(order: ShippingColumns, shipMethodName: string | null): OrderShipping {
  const carrier = isCarrier(order.carrier) ? order.carrier : null;
  const service = carrier && order.carrierMethod ? findCarrierService(carrier, order.carrierMethod) : undefined;
  return {
    shipMethod: order.shipMethodId === null ? null : { id: String(order.shipMethodId), name: shipMethodName ?? '' },
    carrier,
    carrierMethod: carrier ? order.carrierMethod : null,
    carrierMethodName: service?.name ?? (carrier ? order.carrierMethod : null),
    packageType: order.packageType,
    chosenByUser: order.shippingByUser,
  };
}

export function toSummary(
  order: Omit<SummaryRow, 'storeName' | 'shipMethodName'>,
  storeName: string | null,
  shipMethodName: string | null,
): OrderSummary {
  return {
    id: String(order.id),
    storeId: idText(order.storeId),
    storeName,
    sourceType: order.sourceType as SourceType,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    created: order.createdAt.toISOString(),
    ...statusesOf(order),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shipTo: order.shipTo,
    itemCount: order.itemCount,
    currency: order.currency,
    total: order.total,
    requestedShippingMethod: order.requestedShippingMethod,
    parcelStatus: order.parcelStatus as OrderSummary['parcelStatus'],
    parcelExpected: order.parcelExpected,
    shipping: toShipping(order, shipMethodName),
    version: order.version,
  };
}

function toAddress(row: OrderAddressRow | undefined): Address | null {
  if (!row) return null;
  return {
    type: row.type as Address['type'],
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    email: row.email,
  };
}

export function toOrder(detail: OrderDetail): Order {
  const { order } = detail;
  return {
    ...toSummary(order, detail.storeName, detail.shipMethodName),
    externalId: order.externalId,
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    taxTotal: order.taxTotal,
    discountTotal: order.discountTotal,
    paidTotal: order.paidTotal,
    tags: order.tags,
    lines: detail.lines.map((l) => ({
      id: String(l.id),
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      quantityShipped: l.quantityShipped,
      unitPrice: l.unitPrice,
      weight: l.weight,
      category: l.category,
      hazardous: l.hazardous,
      hazardClass: l.hazardClass,
    })),
    billingAddress: toAddress(detail.addresses.find((a) => a.type === 'billing')),
    shippingAddress: toAddress(detail.addresses.find((a) => a.type === 'shipping')),
    linkedOrderId: idText(order.linkedOrderId),
    ruleSettings: {
      insuredValue: order.insuredValue,
      signature: order.signature as RuleSettings['signature'],
      holdUntil: order.holdUntil,
      boxSizeId: idText(order.boxSizeId),
      handSet: HAND_SET_TARGETS.filter((target) => order.handSet.includes(target)),
    },
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toEventRecord(row: OrderEventRow): OrderEventRecord {
  return {
    id: String(row.id),
    event: row.event,
    actor: row.actorEmail,
    at: row.at.toISOString(),
    before: row.before ?? null,
    after: row.after ?? null,
    payload: row.payload,
  };
}
