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

export interface FakeOrderStore {
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

/** The store's orders: how the generated ones are spread in time, and those added or changed since. */
interface OrderStoreState {
  seed: number;
  baseCount: number;
  /** Unix seconds. */
  now: number;
  start: number;
  width: number;
  halfSlot: number;
  /** Created-at times of orders added after start. */
  added: number[];
  materialized: Map<number, FakeShopifyOrder>;
  /** Changed and added orders, sorted by (updatedAt, id). */
  changes: Array<{ index: number; updatedAt: number; id: number }>;
  changedAt: Map<number, number>;
  /** The last updatedAt of the generated orders: every change is later. */
  baseMaxUpdated: number;
}

function total(state: OrderStoreState): number {
  return state.baseCount + state.added.length;
}

// Two jitters of under half a slot each keep created <= updated < next order's created.
function baseTimes(state: OrderStoreState, index: number): { createdAt: number; updatedAt: number } {
  const slot = state.start + Math.floor(index * state.width);
  if (state.halfSlot === 0) return { createdAt: slot, updatedAt: slot };
  const hash = hashOf(state.seed, index);
  const createdAt = slot + (hash % state.halfSlot);
  return { createdAt, updatedAt: createdAt + (Math.floor(hash / 65_536) % state.halfSlot) };
}

function createdAtOf(state: OrderStoreState, index: number): number {
  return index < state.baseCount ? baseTimes(state, index).createdAt : state.added[index - state.baseCount]!;
}

function updatedAtOf(state: OrderStoreState, index: number): number {
  return state.changedAt.get(index) ?? baseTimes(state, index).updatedAt;
}

function orderAt(state: OrderStoreState, index: number): FakeShopifyOrder {
  const kept = state.materialized.get(index);
  if (kept) return kept;
  const createdAt = createdAtOf(state, index);
  return generateOrder(state.seed, index, { createdAt, updatedAt: updatedAtOf(state, index), now: state.now });
}

function indexOf(state: OrderStoreState, id: string | number): number | null {
  const legacy = legacyIdFrom(id);
  if (legacy === null || legacy < ORDER_ID_BASE) return null;
  const index = Math.floor((legacy - ORDER_ID_BASE) / ORDER_ID_STRIDE);
  return index < total(state) && orderIdOf(index, state.seed) === legacy ? index : null;
}

/** Records a change: later than every generated order, and strictly later than this order's last change. */
function touch(state: OrderStoreState, index: number): number {
  const previous = state.changedAt.get(index);
  const updatedAt = Math.max(Math.floor(Date.now() / 1000), state.baseMaxUpdated + 1, (previous ?? 0) + 1);
  if (previous !== undefined)
    state.changes.splice(
      state.changes.findIndex((c) => c.index === index),
      1,
    );
  const entry = { index, updatedAt, id: orderIdOf(index, state.seed) };
  let at = state.changes.length;
  while (
    at > 0 &&
    (state.changes[at - 1]!.updatedAt > updatedAt ||
      (state.changes[at - 1]!.updatedAt === updatedAt && state.changes[at - 1]!.id > entry.id))
  )
    at--;
  state.changes.splice(at, 0, entry);
  state.changedAt.set(index, updatedAt);
  const order = state.materialized.get(index);
  if (order) order.updatedAt = isoSeconds(updatedAt);
  return updatedAt;
}

function materialize(state: OrderStoreState, index: number): FakeShopifyOrder {
  const order = orderAt(state, index);
  state.materialized.set(index, order);
  return order;
}

function listByUpdatedAt(state: OrderStoreState, first: number, after: Cursor | null, bounds: Bound[]): number[] {
  const lower = (index: number, updatedAt: number, id: number) =>
    bounds.every((b) => b.field !== 'updated_at' || b.op === '<' || b.op === '<=' || passes(b, 0, updatedAt)) &&
    (!after || updatedAt > after.last_value || (updatedAt === after.last_value && id > after.last_id));
  const wanted = (index: number, updatedAt: number) =>
    bounds.every((b) => passes(b, createdAtOf(state, index), updatedAt));

  const found: number[] = [];
  // The generated orders' (updatedAt, id) grow with the index, so the first one past the window start is found
  // by bisection and the rest are read in order.
  let lo = 0;
  let hi = state.baseCount;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lower(mid, baseTimes(state, mid).updatedAt, orderIdOf(mid, state.seed))) hi = mid;
    else lo = mid + 1;
  }
  for (let index = lo; index < state.baseCount && found.length <= first; index++) {
    if (state.changedAt.has(index)) continue;
    const updatedAt = baseTimes(state, index).updatedAt;
    if (wanted(index, updatedAt)) found.push(index);
    else if (bounds.some((b) => b.field === 'updated_at' && !passes(b, 0, updatedAt))) break;
  }
  for (const change of state.changes) {
    if (found.length > first) break;
    if (lower(change.index, change.updatedAt, change.id) && wanted(change.index, change.updatedAt)) {
      found.push(change.index);
    }
  }
  return found;
}

function listByIndex(state: OrderStoreState, first: number, after: Cursor | null, bounds: Bound[]): number[] {
  const found: number[] = [];
  const from = after ? (indexOf(state, after.last_id) ?? -1) + 1 : 0;
  for (let index = from; index < total(state) && found.length <= first; index++) {
    if (bounds.every((b) => passes(b, createdAtOf(state, index), updatedAtOf(state, index)))) found.push(index);
  }
  return found;
}

function findByFulfillmentOrder(state: OrderStoreState, foId: number): number | null {
  const index = orderIndexOfFulfillmentOrder(foId);
  return index !== null && index < total(state) ? index : null;
}

function findOrder(state: OrderStoreState, id: string | number): FakeShopifyOrder | null {
  const index = indexOf(state, id);
  return index === null ? null : orderAt(state, index);
}

function listOrders(state: OrderStoreState, args: ListArgs): ReturnType<FakeOrderStore['list']> {
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
    sortKey === 'UPDATED_AT' ? listByUpdatedAt(state, first, after, bounds) : listByIndex(state, first, after, bounds);
  const page = found.slice(0, first);
  const orders = page.map((index) => orderAt(state, index));
  const cursors = page.map((index) =>
    encodeCursor({
      last_id: orderIdOf(index, state.seed),
      last_value:
        sortKey === 'UPDATED_AT'
          ? updatedAtOf(state, index)
          : sortKey === 'ID'
            ? orderIdOf(index, state.seed)
            : createdAtOf(state, index),
    }),
  );
  return { orders, cursors, hasNextPage: found.length > first, hasPreviousPage: after !== null };
}

function updateOrder(state: OrderStoreState, id: string | number, patch: Partial<FakeShopifyOrder>): FakeShopifyOrder {
  const index = indexOf(state, id);
  if (index === null) throw new Error(`The fake Shopify has no order ${id}`);
  const order = materialize(state, index);
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
  touch(state, index);
  return order;
}

function addOrders(state: OrderStoreState, n: number): FakeShopifyOrder[] {
  const created: FakeShopifyOrder[] = [];
  for (let k = 0; k < n; k++) {
    const index = total(state);
    state.added.push(Math.max(Math.floor(Date.now() / 1000), state.baseMaxUpdated + 1));
    touch(state, index);
    created.push(orderAt(state, index));
  }
  return created;
}

export function createFakeOrderStore(options: { seed: number; orders: number; now?: number }): FakeOrderStore {
  const baseCount = Math.max(0, Math.floor(options.orders));
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const start = now - SPAN_SECONDS;
  const width = SPAN_SECONDS / Math.max(1, baseCount);
  const state: OrderStoreState = {
    seed: options.seed,
    baseCount,
    now,
    start,
    width,
    halfSlot: Math.floor(Math.floor(width) / 2),
    added: [],
    materialized: new Map(),
    changes: [],
    changedAt: new Map(),
    baseMaxUpdated: start,
  };
  if (baseCount > 0) state.baseMaxUpdated = baseTimes(state, baseCount - 1).updatedAt;

  const fulfillments = createFakeFulfillments({
    orderAt: (index) => orderAt(state, index),
    materialize: (index) => materialize(state, index),
    touch: (index) => touch(state, index),
    orderOfFulfillmentOrder: (foId) => findByFulfillmentOrder(state, foId),
  });

  return {
    now: now * 1000,
    count: () => total(state),
    fulfillments: fulfillments.recorded,
    find: (id) => findOrder(state, id),
    list: (args) => listOrders(state, args),
    update: (id, patch) => updateOrder(state, id, patch),
    add: (n) => addOrders(state, n),
    fulfill: fulfillments.fulfill,
    cancelFulfillment: fulfillments.cancel,
  };
}
