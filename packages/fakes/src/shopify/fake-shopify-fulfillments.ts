import { GraphqlError } from './fake-shopify-graphql-parser.ts';
import { FULFILLMENT_ORDER_SLOTS, fulfillmentOrderIdOf } from './fake-shopify-orders.ts';
import {
  isoSeconds,
  type FakeFulfillment,
  type FakeFulfillmentOrder,
  type FakeShopifyOrder,
  type FakeTrackingInfo,
} from './fake-shopify-wire.ts';

/**
 * The fake shop's fulfillments (tests and the demo only): `fulfillmentCreate` ships fulfillment order lines and
 * records the fulfillment on its order, `fulfillmentCancel` takes one back the way Shopify documents it. The cancelled
 * items go back to fulfil: into their fulfillment order when it is still open, else into a new fulfillment order.
 * Cancelling a cancelled fulfillment changes nothing.
 */

export interface RecordedFulfillment {
  id: string;
  orderId: string;
  orderName: string;
  status: 'SUCCESS' | 'CANCELLED';
  notifyCustomer: boolean;
  trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }>;
  lineItems: Array<{ lineItemId: string; sku: string; quantity: number }>;
  createdAt: string;
}

interface UserError {
  field: string[];
  message: string;
}

export interface FulfillmentAnswer {
  fulfillment: FakeFulfillment | null;
  userErrors: UserError[];
}

/** What the fulfillments need of the order store. */
interface OrderAccess {
  /** The order as it is now (generated or kept). */
  orderAt(index: number): FakeShopifyOrder;
  /** The order kept in full, so changes to it last. */
  materialize(index: number): FakeShopifyOrder;
  /** Records a change to the order: its new updatedAt, in Unix seconds. */
  touch(index: number): number;
  /** The index of the order a fulfillment order id (the number) belongs to, or null. */
  orderOfFulfillmentOrder(id: number): number | null;
}

interface FakeFulfillments {
  /** Every fulfillment created, oldest first; a cancelled one stays, with status CANCELLED. */
  readonly recorded: RecordedFulfillment[];
  fulfill(input: unknown): FulfillmentAnswer;
  cancel(id: unknown): FulfillmentAnswer;
}

const FULFILLMENT_ID_BASE = 5_203_400_000_000;

/** Which fulfillment order lines a fulfillment shipped, to put them back when it is cancelled. */
interface Shipped {
  index: number;
  record: RecordedFulfillment;
  steps: Array<{ fulfillmentOrderId: string; lineId: string; quantity: number }>;
}

const gidNumber = (gid: string | undefined) => Number(/\/(\d+)$/.exec(gid ?? '')?.[1] ?? NaN);

function settleStatus(order: FakeShopifyOrder): void {
  const unfulfilled = order.lineItems.reduce((sum, l) => sum + l.unfulfilledQuantity, 0);
  const ordered = order.lineItems.reduce((sum, l) => sum + l.quantity, 0);
  order.displayFulfillmentStatus =
    unfulfilled === 0 ? 'FULFILLED' : unfulfilled >= ordered ? 'UNFULFILLED' : 'PARTIALLY_FULFILLED';
}

export function createFakeFulfillments(orders: OrderAccess): FakeFulfillments {
  const recorded: RecordedFulfillment[] = [];
  const shipped = new Map<string, Shipped>();

  function fulfill(input: unknown): FulfillmentAnswer {
    const fail = (message: string, field = ['fulfillment']) => ({
      fulfillment: null,
      userErrors: [{ field, message }],
    });
    const fulfillment = (input ?? {}) as {
      lineItemsByFulfillmentOrder?: Array<{
        fulfillmentOrderId?: string;
        fulfillmentOrderLineItems?: Array<{ id?: string; quantity?: number }> | null;
      }>;
      trackingInfo?: { company?: string; number?: string; url?: string; numbers?: string[]; urls?: string[] } | null;
      notifyCustomer?: boolean;
    };
    const groups = fulfillment.lineItemsByFulfillmentOrder ?? [];
    if (groups.length === 0)
      return fail('Line items by fulfillment order must not be empty.', ['fulfillment', 'lineItemsByFulfillmentOrder']);

    // Check everything before changing anything: Shopify applies a fulfillment whole or not at all.
    const plan: Array<{ order: number; fo: FakeFulfillmentOrder; items: Array<{ id: string; quantity: number }> }> = [];
    for (const group of groups) {
      const foId = gidNumber(group.fulfillmentOrderId);
      const index = Number.isFinite(foId) ? orders.orderOfFulfillmentOrder(foId) : null;
      const fo =
        index === null
          ? undefined
          : orders.orderAt(index).fulfillmentOrders.find((f) => f.id === group.fulfillmentOrderId);
      if (index === null || !fo) return fail('Fulfillment order does not exist.');
      if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS') {
        return fail(
          `Fulfillment order ${group.fulfillmentOrderId} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
        );
      }
      const items = group.fulfillmentOrderLineItems?.length
        ? group.fulfillmentOrderLineItems.map((item) => ({ id: item.id ?? '', quantity: Number(item.quantity) }))
        : fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
      for (const item of items) {
        const line = fo.lineItems.find((l) => l.id === item.id);
        if (!line) return fail('Fulfillment order line item does not exist.');
        if (!Number.isInteger(item.quantity) || item.quantity <= 0 || item.quantity > line.remainingQuantity) {
          return fail('Invalid fulfillment order line item quantity requested.');
        }
      }
      plan.push({ order: index, fo, items });
    }
    if (new Set(plan.map((p) => p.order)).size > 1)
      return fail('All fulfillment orders must belong to the same order.');

    const index = plan[0]!.order;
    const order = orders.materialize(index);
    const recordedLines: RecordedFulfillment['lineItems'] = [];
    const steps: Shipped['steps'] = [];
    for (const step of plan) {
      const fo = order.fulfillmentOrders.find((f) => f.id === step.fo.id)!;
      for (const item of step.items) {
        const line = fo.lineItems.find((l) => l.id === item.id)!;
        line.remainingQuantity -= item.quantity;
        line.lineItem.unfulfilledQuantity = Math.max(0, line.lineItem.unfulfilledQuantity - item.quantity);
        recordedLines.push({ lineItemId: line.lineItem.id, sku: line.lineItem.sku, quantity: item.quantity });
        steps.push({ fulfillmentOrderId: fo.id, lineId: line.id, quantity: item.quantity });
      }
      fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0) ? 'CLOSED' : 'IN_PROGRESS';
    }
    settleStatus(order);
    const createdAt = isoSeconds(orders.touch(index));

    const tracking = fulfillment.trackingInfo ?? {};
    const numbers = tracking.numbers ?? (tracking.number ? [tracking.number] : []);
    const urls = tracking.urls ?? (tracking.url ? [tracking.url] : []);
    const trackingInfo: FakeTrackingInfo[] = (numbers.length > 0 ? numbers : [null]).map((number, i) => ({
      __typename: 'FulfillmentTrackingInfo',
      company: tracking.company ?? null,
      number,
      url: urls[i] ?? null,
    }));
    const id = `gid://shopify/Fulfillment/${FULFILLMENT_ID_BASE + recorded.length + 1}`;
    const record: RecordedFulfillment = {
      id,
      orderId: order.legacyResourceId,
      orderName: order.name,
      status: 'SUCCESS',
      notifyCustomer: fulfillment.notifyCustomer === true,
      trackingInfo: trackingInfo.map(({ company, number, url }) => ({ company, number, url })),
      lineItems: recordedLines,
      createdAt,
    };
    recorded.push(record);
    shipped.set(id, { index, record, steps });
    const created: FakeFulfillment = {
      __typename: 'Fulfillment',
      id,
      name: `${order.name}-F${order.fulfillments.length + 1}`,
      status: 'SUCCESS',
      createdAt,
      trackingInfo,
    };
    order.fulfillments.push(created);
    return { fulfillment: created, userErrors: [] };
  }

  /** Puts a cancelled fulfillment's items back into fulfillment orders that can take them. */
  function reopen(index: number, order: FakeShopifyOrder, steps: Shipped['steps']): void {
    const moved = new Map<string, FakeFulfillmentOrder>();
    for (const step of steps) {
      const fo = order.fulfillmentOrders.find((f) => f.id === step.fulfillmentOrderId);
      const line = fo?.lineItems.find((l) => l.id === step.lineId);
      if (!fo || !line) continue;
      line.lineItem.unfulfilledQuantity = Math.min(
        line.lineItem.quantity,
        line.lineItem.unfulfilledQuantity + step.quantity,
      );
      const slot = order.fulfillmentOrders.length;
      if (fo.status !== 'CLOSED' || slot >= FULFILLMENT_ORDER_SLOTS) {
        line.remainingQuantity += step.quantity;
        fo.status = fo.lineItems.every((l) => l.remainingQuantity === l.totalQuantity) ? 'OPEN' : 'IN_PROGRESS';
        continue;
      }
      // A closed fulfillment order stays closed; a new one at the same location holds the items again.
      let replacement = moved.get(fo.id);
      if (!replacement) {
        replacement = { ...fo, id: fulfillmentOrderIdOf(index, slot), status: 'OPEN', lineItems: [] };
        order.fulfillmentOrders.push(replacement);
        moved.set(fo.id, replacement);
      }
      const lineIdBase = replacement.id.replace('FulfillmentOrder/', 'FulfillmentOrderLineItem/');
      replacement.lineItems.push({
        __typename: 'FulfillmentOrderLineItem',
        id: `${lineIdBase}${String(replacement.lineItems.length).padStart(2, '0')}`,
        totalQuantity: step.quantity,
        remainingQuantity: step.quantity,
        lineItem: line.lineItem,
      });
    }
  }

  function cancel(id: unknown): FulfillmentAnswer {
    const gid = String(id ?? '');
    if (!/^gid:\/\/shopify\/Fulfillment\/\d+$/.test(gid)) {
      throw new GraphqlError(`Invalid global id '${gid}'`, 'argumentLiteralsIncompatible');
    }
    const entry = shipped.get(gid);
    if (!entry) return { fulfillment: null, userErrors: [{ field: ['id'], message: 'Fulfillment does not exist.' }] };
    const order = orders.materialize(entry.index);
    const fulfillment = order.fulfillments.find((f) => f.id === gid)!;
    if (fulfillment.status === 'CANCELLED') return { fulfillment, userErrors: [] };

    reopen(entry.index, order, entry.steps);
    settleStatus(order);
    fulfillment.status = 'CANCELLED';
    entry.record.status = 'CANCELLED';
    orders.touch(entry.index);
    return { fulfillment, userErrors: [] };
  }

  return { recorded, fulfill, cancel };
}
