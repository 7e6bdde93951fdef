import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatuses } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import {
  deliveries,
  deliveryLines,
  orderAddresses,
  orderEvents,
  orderLines,
  orders,
  shipMethods,
  stores,
  tenants,
  type OrderAddressRow,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema/index.ts';
import type { AddressFields } from './order-address-fields.ts';
import { createOrderListRepository, rowsOf } from './order-list-repository.ts';
import { refreshOrderSearch, searchVectorSql, updatedSearchVectorSql } from './order-search.ts';

interface NewOrder {
  storeId: number | null;
  sourceType: string;
  externalId: string | null;
  /** Given, derived from the new id, or (null) `SD-<id>`. */
  orderNumber: string | ((id: number) => string) | null;
  orderDate: Date;
  orderStatus: string;
  paymentStatus: string;
  shipmentStatus: string;
  currency: string;
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
  paidTotal: number;
  customerName: string | null;
  customerEmail: string | null;
  requestedShippingMethod: string | null;
  tags: string[];
  linkedOrderId: number | null;
  lines: Array<{
    sku: string;
    name: string;
    quantity: number;
    quantityShipped?: number;
    unitPrice: number;
    weight: number;
    category: string | null;
    hazardous: boolean;
    hazardClass?: string | null;
  }>;
  shippingAddress: AddressFields | null;
  billingAddress: AddressFields | null;
}

interface NewEvent {
  orderId: number;
  event: string;
  actorId: string;
  actorEmail: string;
  before: OrderStatuses | null;
  after: OrderStatuses | null;
  payload?: Record<string, unknown>;
}

export interface OrderDetail {
  order: OrderRow;
  storeName: string | null;
  shipMethodName: string | null;
  lines: OrderLineRow[];
  addresses: OrderAddressRow[];
}

export const statusesOf = (o: Pick<OrderRow, 'orderStatus' | 'paymentStatus' | 'shipmentStatus'>): OrderStatuses => ({
  orderStatus: o.orderStatus as OrderStatuses['orderStatus'],
  paymentStatus: o.paymentStatus as OrderStatuses['paymentStatus'],
  shipmentStatus: o.shipmentStatus as OrderStatuses['shipmentStatus'],
});

async function insertEvent(tx: Executor, tenantId: string, event: NewEvent): Promise<OrderEventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values({ tenantId, ...event, payload: event.payload ?? {} })
    .returning();
  return row!;
}

async function tenantTimeZone(tx: Executor, tenantId: string): Promise<string | undefined> {
  const [row] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.timeZone;
}

/** Inserts an order with its lines, addresses and one planned delivery of every line. */
async function insertOrder(tx: Executor, tenantId: string, input: NewOrder): Promise<number> {
  const [{ id }] = (await rowsOf<{ id: string | number }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id`,
  )) as [{ id: string | number }];
  const orderId = Number(id);
  const itemCount = input.lines.reduce((n, l) => n + l.quantity, 0);
  const shipping = input.shippingAddress;
  const orderNumber =
    typeof input.orderNumber === 'function' ? input.orderNumber(orderId) : (input.orderNumber ?? `SD-${orderId}`);
  await tx.insert(orders).values({
    tenantId,
    id: orderId,
    storeId: input.storeId,
    sourceType: input.sourceType,
    externalId: input.externalId,
    orderNumber,
    orderDate: input.orderDate,
    orderStatus: input.orderStatus,
    paymentStatus: input.paymentStatus,
    shipmentStatus: input.shipmentStatus,
    currency: input.currency,
    subtotal: input.subtotal,
    shippingTotal: input.shippingTotal,
    taxTotal: input.taxTotal,
    discountTotal: input.discountTotal,
    total: input.total,
    paidTotal: input.paidTotal,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    requestedShippingMethod: input.requestedShippingMethod,
    tags: input.tags,
    itemCount,
    shipTo: shipping ? [shipping.city, shipping.state, shipping.country].filter(Boolean).join(', ') : null,
    linkedOrderId: input.linkedOrderId,
    searchVector: searchVectorSql(tenantId, {
      ...input,
      orderNumber,
      shipping,
      skus: input.lines.map((l) => l.sku),
    }),
  });
  // An order without lines (possible from channel sync) inserts none: Drizzle refuses an empty VALUES list.
  const lines =
    input.lines.length === 0
      ? []
      : await tx
          .insert(orderLines)
          .values(
            input.lines.map((l, position) => ({
              tenantId,
              orderId,
              position,
              sku: l.sku,
              name: l.name,
              quantity: l.quantity,
              quantityShipped: l.quantityShipped ?? 0,
              unitPrice: l.unitPrice,
              weight: l.weight,
              category: l.category,
              hazardous: l.hazardous || l.hazardClass != null,
              hazardClass: l.hazardClass ?? null,
            })),
          )
          .returning({ id: orderLines.id, quantity: orderLines.quantity, weight: orderLines.weight });
  const addresses = [
    input.shippingAddress && { type: 'shipping', ...input.shippingAddress },
    input.billingAddress && { type: 'billing', ...input.billingAddress },
  ].filter((a) => a !== null);
  if (addresses.length > 0) {
    await tx.insert(orderAddresses).values(addresses.map((a) => ({ tenantId, orderId, ...a })));
  }
  if (lines.length > 0) {
    const [delivery] = await tx
      .insert(deliveries)
      .values({
        tenantId,
        orderId,
        requestedShipMethod: input.requestedShippingMethod,
        weight: lines.reduce((g, l) => g + l.quantity * l.weight, 0),
      })
      .returning({ id: deliveries.id });
    await tx
      .insert(deliveryLines)
      .values(lines.map((l) => ({ tenantId, deliveryId: delivery!.id, lineId: l.id, quantity: l.quantity })));
  }
  return orderId;
}

/** The order with its store name, or undefined (missing, or another tenant's). `lock`: FOR UPDATE. */
async function findOrder(tx: Executor, tenantId: string, orderId: number, lock = false): Promise<OrderRow | undefined> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function findOrders(tx: Executor, tenantId: string, orderIds: number[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds)));
}

async function orderDetail(tx: Executor, tenantId: string, order: OrderRow): Promise<OrderDetail> {
  // Started together: on PostgreSQL they travel in one round trip (db-kit pipelines a transaction's connection).
  const [lines, addresses, store, method] = await Promise.all([
    tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, order.id)))
      .orderBy(asc(orderLines.position)),
    tx
      .select()
      .from(orderAddresses)
      .where(and(eq(orderAddresses.tenantId, tenantId), eq(orderAddresses.orderId, order.id))),
    order.storeId === null
      ? []
      : tx
          .select({ name: stores.name })
          .from(stores)
          .where(and(eq(stores.tenantId, tenantId), eq(stores.id, order.storeId))),
    order.shipMethodId === null
      ? []
      : tx
          .select({ name: shipMethods.name })
          .from(shipMethods)
          .where(and(eq(shipMethods.tenantId, tenantId), eq(shipMethods.id, order.shipMethodId))),
  ]);
  return { order, lines, addresses, storeName: store[0]?.name ?? null, shipMethodName: method[0]?.name ?? null };
}

async function updateOrder(
  tx: Executor,
  tenantId: string,
  orderId: number,
  changes: Partial<
    Pick<
      OrderRow,
      | 'orderStatus'
      | 'paymentStatus'
      | 'shipmentStatus'
      | 'paidTotal'
      | 'subtotal'
      | 'total'
      | 'itemCount'
      | 'shipTo'
      | 'customerName'
      | 'shipMethodId'
      | 'carrier'
      | 'carrierMethod'
      | 'packageType'
      | 'shippingByUser'
      | 'shippingByRule'
      | 'boxSizeId'
      | 'insuredValue'
      | 'signature'
      | 'holdUntil'
      | 'handSet'
    >
  >,
  /** Rewrite its search words too (a tracking number came or went), in the same statement. */
  options: { searchChanged?: boolean } = {},
): Promise<OrderRow> {
  const search = options.searchChanged ? { searchVector: updatedSearchVectorSql(changes.customerName) } : {};
  const [row] = await tx
    .update(orders)
    .set({ ...changes, ...search, version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
    .returning();
  return row!;
}

async function shipAllLines(tx: Executor, tenantId: string, orderId: number): Promise<void> {
  await tx
    .update(orderLines)
    .set({ quantityShipped: sql`${orderLines.quantity}` })
    .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId)));
  await tx
    .update(deliveries)
    .set({ status: 'shipped', updatedAt: new Date() })
    .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'planned')));
}

async function cancelPlannedDeliveries(tx: Executor, tenantId: string, orderId: number): Promise<void> {
  await tx
    .update(deliveries)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'planned')));
}

async function upsertAddress(
  tx: Executor,
  tenantId: string,
  orderId: number,
  type: 'billing' | 'shipping',
  fields: AddressFields,
): Promise<void> {
  await tx
    .insert(orderAddresses)
    .values({ tenantId, orderId, type, ...fields })
    .onConflictDoUpdate({
      target: [orderAddresses.tenantId, orderAddresses.orderId, orderAddresses.type],
      set: fields,
    });
  // The ship-to name, city and postal code are searched.
  if (type === 'shipping') await refreshOrderSearch(tx, tenantId, [orderId]);
}

/** Counts for the lifecycle guards: unlabelled deliveries and the units of the first one. */
async function deliveryCounts(
  tx: Executor,
  tenantId: string,
  orderId: number,
): Promise<{ unlabelled: number; nextDeliveryUnits: number }> {
  const planned = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'planned')))
    .orderBy(asc(deliveries.id));
  if (planned.length === 0) return { unlabelled: 0, nextDeliveryUnits: 0 };
  const [units] = await tx
    .select({ n: sql<number>`coalesce(sum(${deliveryLines.quantity}), 0)::int` })
    .from(deliveryLines)
    .where(and(eq(deliveryLines.tenantId, tenantId), eq(deliveryLines.deliveryId, planned[0]!.id)));
  return { unlabelled: planned.length, nextDeliveryUnits: Number(units?.n ?? 0) };
}

async function listEvents(tx: Executor, tenantId: string, orderId: number): Promise<OrderEventRow[]> {
  return tx
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.tenantId, tenantId), eq(orderEvents.orderId, orderId)))
    .orderBy(desc(orderEvents.id));
}

/** All SQL about orders, their lines, addresses and events. Every function takes the tenant's transaction. */
export function createOrdersRepository() {
  return {
    ...createOrderListRepository(),
    insertEvent,
    timeZone: tenantTimeZone,
    insertOrder,
    findOrder,
    findOrders,
    detail: orderDetail,
    updateOrder,
    shipAllLines,
    cancelPlannedDeliveries,
    upsertAddress,
    deliveryCounts,
    listEvents,
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
