import {
  createFakeFulfillments,
  type FulfillmentAnswer,
  type RecordedFulfillment,
} from './fake-shopify-fulfillments.ts';
import { GraphqlError } from './fake-shopify-graphql-parser.ts';
import {
  ORDER_ID_BASE,
  ORDER_ID_STRIDE,
  generateOrder,
  hashOf,
  orderIdOf,
  orderIndexOfFulfillmentOrder,
} from './fake-shopify-orders.ts';
import {
  decodeCursor,
  encodeCursor,
  legacyIdFrom,
  parseSearch,
  passes,
  type Bound,
  type Cursor,
} from './fake-shopify-search.ts';
import { isoSeconds, type FakeShopifyOrder } from './fake-shopify-wire.ts';

/**
 * The fake shop's orders: `count` generated on demand (order i never changes until something changes it), the
 * changed ones kept in full. Orders are listed by (updatedAt, id) like Shopify's UPDATED_AT sort: the untouched
 * generated orders first (their updatedAt grows with i, found by binary search), then the changed ones in the order
 * they changed, all later than any generated one.
 */

const SPAN_SECONDS = 60 * 86_400;
const MAX_PAGE = 250;

interface ListArgs {
  first?: unknown;
  last?: unknown;
  after?: unknown;
  before?: unknown;
  query?: unknown;
  sortKey?: unknown;
  reverse?: unknown;
}

interface FakeOrderStore {
  readonly now: number;
  count(): number;
  /** The order as it is now, or null. */
  find(id: string | number): FakeShopifyOrder | null;
  list(args: ListArgs): {
    orders: FakeShopifyOrder[];
    cursors: string[];
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
  update(id: string | number, patch: Partial<FakeShopifyOrder>): FakeShopifyOrder;
  add(n: number): FakeShopifyOrder[];
  /** `fulfillmentCreate`'s answer. */
  fulfill(input: unknown): FulfillmentAnswer;
  /** `fulfillmentCancel`'s answer. */
  cancelFulfillment(id: unknown): FulfillmentAnswer;
  readonly fulfillments: RecordedFulfillment[];
}

export function createFakeOrderStore(options: { seed: number; orders: number; now?: number }): FakeOrderStore {
  const { seed } = options;
  const baseCount = Math.max(0, Math.floor(options.orders));
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const start = now - SPAN_SECONDS;
  const width = SPAN_SECONDS / Math.max(1, baseCount);
  const halfSlot = Math.floor(Math.floor(width) / 2);

  /** Created-at times of orders added after start. */
  const added: number[] = [];
  const materialized = new Map<number, FakeShopifyOrder>();
  /** Changed and added orders, sorted by (updatedAt, id). */
  const changes: Array<{ index: number; updatedAt: number; id: number }> = [];
  const changedAt = new Map<number, number>();

  // Two jitters of under half a slot each keep created <= updated < next order's created.
  function baseTimes(index: number): { createdAt: number; updatedAt: number } {
    const slot = start + Math.floor(index * width);
    if (halfSlot === 0) return { createdAt: slot, updatedAt: slot };
    const hash = hashOf(seed, index);
    const createdAt = slot + (hash % halfSlot);
    return { createdAt, updatedAt: createdAt + (Math.floor(hash / 65_536) % halfSlot) };
  }
  const baseMaxUpdated = baseCount > 0 ? baseTimes(baseCount - 1).updatedAt : start;

  const total = () => baseCount + added.length;

  function createdAtOf(index: number): number {
    return index < baseCount ? baseTimes(index).createdAt : added[index - baseCount]!;
  }

  function updatedAtOf(index: number): number {
    return changedAt.get(index) ?? baseTimes(index).updatedAt;
  }

  function orderAt(index: number): FakeShopifyOrder {
    const kept = materialized.get(index);
    if (kept) return kept;
    const createdAt = createdAtOf(index);
    return generateOrder(seed, index, { createdAt, updatedAt: updatedAtOf(index), now });
  }

  function indexOf(id: string | number): number | null {
    const legacy = legacyIdFrom(id);
    if (legacy === null || legacy < ORDER_ID_BASE) return null;
    const index = Math.floor((legacy - ORDER_ID_BASE) / ORDER_ID_STRIDE);
    return index < total() && orderIdOf(index, seed) === legacy ? index : null;
  }

  /** Records a change: later than every generated order, and strictly later than this order's last change. */
  function touch(index: number): number {
    const previous = changedAt.get(index);
    const updatedAt = Math.max(Math.floor(Date.now() / 1000), baseMaxUpdated + 1, (previous ?? 0) + 1);
    if (previous !== undefined)
      changes.splice(
        changes.findIndex((c) => c.index === index),
        1,
      );
    const entry = { index, updatedAt, id: orderIdOf(index, seed) };
    let at = changes.length;
    while (
      at > 0 &&
      (changes[at - 1]!.updatedAt > updatedAt ||
        (changes[at - 1]!.updatedAt === updatedAt && changes[at - 1]!.id > entry.id))
    )
      at--;
    changes.splice(at, 0, entry);
    changedAt.set(index, updatedAt);
    const order = materialized.get(index);
    if (order) order.updatedAt = isoSeconds(updatedAt);
    return updatedAt;
  }

  function materialize(index: number): FakeShopifyOrder {
    const order = orderAt(index);
    materialized.set(index, order);
    return order;
  }

  function listByUpdatedAt(first: number, after: Cursor | null, bounds: Bound[]): number[] {
    const lower = (index: number, updatedAt: number, id: number) =>
      bounds.every((b) => b.field !== 'updated_at' || b.op === '<' || b.op === '<=' || passes(b, 0, updatedAt)) &&
      (!after || updatedAt > after.last_value || (updatedAt === after.last_value && id > after.last_id));
    const wanted = (index: number, updatedAt: number) => bounds.every((b) => passes(b, createdAtOf(index), updatedAt));

    const found: number[] = [];
    // The generated orders' (updatedAt, id) grow with the index, so the first one past the window start is found
    // by bisection and the rest are read in order.
    let lo = 0;
    let hi = baseCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lower(mid, baseTimes(mid).updatedAt, orderIdOf(mid, seed))) hi = mid;
      else lo = mid + 1;
    }
    for (let index = lo; index < baseCount && found.length <= first; index++) {
      if (changedAt.has(index)) continue;
      const updatedAt = baseTimes(index).updatedAt;
      if (wanted(index, updatedAt)) found.push(index);
      else if (bounds.some((b) => b.field === 'updated_at' && !passes(b, 0, updatedAt))) break;
    }
    for (const change of changes) {
      if (found.length > first) break;
      if (lower(change.index, change.updatedAt, change.id) && wanted(change.index, change.updatedAt)) {
        found.push(change.index);
      }
    }
    return found;
  }

  function listByIndex(first: number, after: Cursor | null, bounds: Bound[]): number[] {
    const found: number[] = [];
    const from = after ? (indexOf(after.last_id) ?? -1) + 1 : 0;
    for (let index = from; index < total() && found.length <= first; index++) {
      if (bounds.every((b) => passes(b, createdAtOf(index), updatedAtOf(index)))) found.push(index);
    }
    return found;
  }

  function findByFulfillmentOrder(foId: number): number | null {
    const index = orderIndexOfFulfillmentOrder(foId);
    return index !== null && index < total() ? index : null;
  }

  const fulfillments = createFakeFulfillments({
    orderAt,
    materialize,
    touch,
    orderOfFulfillmentOrder: findByFulfillmentOrder,
  });

  return {
    now: now * 1000,
    count: total,
    fulfillments: fulfillments.recorded,
    find(id) {
      const index = indexOf(id);
      return index === null ? null : orderAt(index);
    },
    list(args) {
      if (args.last !== undefined && args.last !== null) {
        throw new GraphqlError('The fake Shopify pages forwards only: use first/after.', 'BAD_USER_INPUT');
      }
      if (args.reverse === true) throw new GraphqlError('The fake Shopify does not sort in reverse.', 'BAD_USER_INPUT');
      const first = Number(args.first);
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) {
        throw new GraphqlError(`The 'first' argument must be between 1 and ${MAX_PAGE}.`, 'BAD_USER_INPUT');
      }
      const after = decodeCursor(args.after);
      const bounds = parseSearch(args.query);
      const sortKey = typeof args.sortKey === 'string' ? args.sortKey : 'ID';
      if (!['UPDATED_AT', 'ID', 'CREATED_AT', 'PROCESSED_AT'].includes(sortKey)) {
        throw new GraphqlError(`The fake Shopify does not sort orders by ${sortKey}.`, 'BAD_USER_INPUT');
      }
      const found =
        sortKey === 'UPDATED_AT' ? listByUpdatedAt(first, after, bounds) : listByIndex(first, after, bounds);
      const page = found.slice(0, first);
      const orders = page.map(orderAt);
      const cursors = page.map((index) =>
        encodeCursor({
          last_id: orderIdOf(index, seed),
          last_value:
            sortKey === 'UPDATED_AT'
              ? updatedAtOf(index)
              : sortKey === 'ID'
                ? orderIdOf(index, seed)
                : createdAtOf(index),
        }),
      );
      return { orders, cursors, hasNextPage: found.length > first, hasPreviousPage: after !== null };
    },
    update(id, patch) {
      const index = indexOf(id);
      if (index === null) throw new Error(`The fake Shopify has no order ${id}`);
      const order = materialize(index);
      Object.assign(order, patch);
      // New lines without new fulfillment orders: the open fulfillment order now holds the new lines.
      if (patch.lineItems && !patch.fulfillmentOrders) {
        const [fo] = order.fulfillmentOrders;
        if (fo) {
          fo.lineItems = order.lineItems.map((line, k) => ({
            __typename: 'FulfillmentOrderLineItem',
            id: `${fo.id.replace('FulfillmentOrder/', 'FulfillmentOrderLineItem/')}${String(k).padStart(2, '0')}`,
            totalQuantity: line.quantity,
            remainingQuantity: order.cancelledAt ? 0 : line.unfulfilledQuantity,
            lineItem: line,
          }));
        }
      }
      touch(index);
      return order;
    },
    add(n) {
      const created: FakeShopifyOrder[] = [];
      for (let k = 0; k < n; k++) {
        const index = total();
        added.push(Math.max(Math.floor(Date.now() / 1000), baseMaxUpdated + 1));
        touch(index);
        created.push(orderAt(index));
      }
      return created;
    },
    fulfill: fulfillments.fulfill,
    cancelFulfillment: fulfillments.cancel,
  };
}
