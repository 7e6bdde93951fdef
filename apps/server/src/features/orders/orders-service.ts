import {
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  type AddressInput,
  type CreateOrder,
  type Order,
  type OrderEventRecord,
  type OrderList,
  type OrderListQuery,
  type SuccessEnvelope,
  computeTotals,
  joinName,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { shipToLabel, toAddressFields } from './order-address-fields.ts';
import {
  EXACT_COUNT_LIMIT,
  decodeCursor,
  encodeCursor,
  needsTimeZone,
  parseOrderQuery,
  resolveDays,
  sortSpec,
  type Cursor,
  type SortSpec,
} from './order-list-query.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import { idempotencyKey, runIdempotent, type Answer, type WriteRequest } from '../../lib/idempotency.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createConfigsRepository } from '../settings/index.ts';
import { resolveShipping } from '../shipping/index.ts';
import { createListCounts, type ListCounts } from './order-list-counts.ts';
import { pageStart } from './order-list-pages.ts';
import type { ListPageQuery, SummaryRow } from './order-list-repository.ts';
import { ORDER_NOT_FOUND, changeOrder } from './order-changes.ts';
import type { OrderRules } from './new-order-rules.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { createOrdersRepository, statusesOf } from './orders-repository.ts';
import { toEventRecord, toOrder, toSummary } from './order-views.ts';

interface OrdersServiceOptions {
  /** Filtered lists count exactly up to this many rows, and estimate above (tests lower it). */
  exactCountLimit?: number;
  /** The shipping rules, run on a new order before it is shown; without them it comes as its mappings left it. */
  rules?: OrderRules;
}

/** Reads that answer a request: the database refuses writes in them, and the answer does not wait for COMMIT. */
const READ_ONLY = { readOnly: true } as const;

/** Statuses in which the addresses may still change. */
const ADDRESS_EDITABLE = new Set(['Draft Order', 'Sales Order']);
const repo = createOrdersRepository();

/** What the orders' use cases take: the database, the notifier, the shipping rules, and the list's counting. */
interface OrdersDeps {
  database: Database;
  notify: OrdersNotifier;
  rules?: OrderRules;
  counts: ReturnType<typeof createListCounts>;
}

async function tenantCurrency(tx: Executor, tenantId: string): Promise<string> {
  const entry = await createConfigsRepository(tx).find(tenantId, 'currency_info', tx);
  const code = (entry?.options as { currencyCode?: unknown } | null | undefined)?.currencyCode;
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
}

const ok = <T>(statusCode: number, data: T): Answer<SuccessEnvelope<T>> => ({
  statusCode,
  body: { code: statusCode, success: true, data },
});

async function loadOrder(tx: Executor, tenantId: string, idText: string) {
  const id = parseId(idText);
  const order = id === null ? undefined : await repo.findOrder(tx, tenantId, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

const cursorOf = (spec: SortSpec, row: SummaryRow, direction: Cursor['direction'], fingerprint: string) =>
  encodeCursor({
    sort: spec.sort,
    direction,
    id: row.id,
    key: spec.key === 'id' ? null : spec.key === 'total' ? row.total : row.orderDate.toISOString(),
    fingerprint,
  });

/**
 * The counts and a page. Independent, so started together (one round trip on PostgreSQL); but a search counts
 * first, and how many it matches decides how its page is read (`searchPage`): how many match is what the planner
 * can only estimate, and a guess wrong either way reads far more than the page (docs/orders.md, "Search").
 */
async function countsAndPage(deps: OrdersDeps, tx: Executor, tenantId: string, page: ListPageQuery) {
  const counting = () => deps.counts(tx, tenantId, page.filters, page.hideDeleted);
  if (!page.filters.some((f) => f.kind === 'search')) {
    return Promise.all([counting(), repo.listPage(tx, tenantId, page)]);
  }
  const counted = await counting();
  return [counted, await repo.listPage(tx, tenantId, { ...page, ...counted.searchPage })] as const;
}

/** `POST /api/v1/store/1/orders`: a manual Draft Order with one delivery of every line, in one transaction. */
async function createOrder(deps: OrdersDeps, auth: AuthContext, input: CreateOrder, request: WriteRequest) {
  const totals = computeTotals(input);
  if (!totals.ok) throw badRequest(totals.errors);
  const answer = await runIdempotent(
    deps.database,
    auth.tenantId,
    idempotencyKey(request, auth.userId, input),
    async (tx) => {
      const shippingAddress = toAddressFields(input.shippingAddress);
      const orderId = await repo.insertOrder(tx, auth.tenantId, {
        storeId: null,
        sourceType: 'Wholesale',
        externalId: null,
        orderNumber: input.orderNumber?.trim() || null,
        orderDate: input.orderDate ? new Date(input.orderDate) : new Date(),
        orderStatus: 'Draft Order',
        paymentStatus: 'Unpaid',
        shipmentStatus: 'Unshipped',
        // A manual order is in the seller's currency unless the body names another.
        currency: input.currency ?? (await tenantCurrency(tx, auth.tenantId)),
        ...totals.totals,
        paidTotal: 0,
        customerName: input.customerName?.trim() || joinName(shippingAddress.firstName, shippingAddress.lastName),
        customerEmail: input.customerEmail?.toLowerCase() ?? shippingAddress.email?.toLowerCase() ?? null,
        requestedShippingMethod: input.requestedShippingMethod?.trim() || null,
        tags: [...new Set(input.tags ?? [])],
        linkedOrderId: null,
        lines: input.lines.map((l) => ({
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          weight: l.weight ?? 0,
          category: l.category ?? null,
          hazardous: l.hazardous ?? false,
          hazardClass: l.hazardClass ?? null,
        })),
        shippingAddress,
        billingAddress: input.billingAddress ? toAddressFields(input.billingAddress) : null,
      });
      await resolveShipping(tx, auth.tenantId, [orderId]);
      await deps.rules?.(tx, auth.tenantId, [orderId], 'created');
      const order = (await repo.findOrder(tx, auth.tenantId, orderId))!;
      await repo.insertEvent(tx, auth.tenantId, {
        orderId,
        event: 'create',
        actorId: auth.userId,
        actorEmail: auth.email,
        before: null,
        after: statusesOf(order),
        payload: {
          channel: 'manual',
          orderNumber: order.orderNumber,
          total: order.total,
          currency: order.currency,
        },
      });
      return ok(201, toOrder(await repo.detail(tx, auth.tenantId, order)));
    },
  );
  if (!answer.replayed) {
    deps.notify(auth.tenantId, { orderIds: [answer.body.data.id], event: 'create', version: answer.body.data.version });
  }
  return answer;
}

function getOrder(deps: OrdersDeps, auth: AuthContext, idText: string): Promise<Order> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => toOrder(await repo.detail(tx, auth.tenantId, await loadOrder(tx, auth.tenantId, idText))),
    READ_ONLY,
  );
}

function listOrderEvents(deps: OrdersDeps, auth: AuthContext, idText: string): Promise<OrderEventRecord[]> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const order = await loadOrder(tx, auth.tenantId, idText);
      return (await repo.listEvents(tx, auth.tenantId, order.id)).map(toEventRecord);
    },
    READ_ONLY,
  );
}

/**
 * `GET /api/v1/orders`: one page, keyset-paged with a cursor (no OFFSET), OFFSET only for a typed-in page
 * number; totals and tab counts per `counts` (docs/orders.md, "Paging" and "Counts").
 */
async function listOrders(deps: OrdersDeps, auth: AuthContext, query: OrderListQuery): Promise<OrderList> {
  const parsed = parseOrderQuery(query.filters, query.hide);
  if (!parsed.ok) throw badRequest(parsed.errors);
  const { hideDeleted, fingerprint } = parsed.value;
  const spec = sortSpec(query.order);
  const size = query.size ?? 10;
  const page = query.page ?? 1;
  let cursor: Cursor | null = null;
  if (query.cursor) {
    const decoded = decodeCursor(query.cursor, spec.sort, fingerprint);
    if (!decoded.ok) throw badRequest(decoded.errors);
    cursor = decoded.value;
  }
  const tenantId = auth.tenantId;

  return deps.database.withTenant(
    tenantId,
    async (tx) => {
      const filters = needsTimeZone(parsed.value.filters)
        ? resolveDays(parsed.value.filters, (await repo.timeZone(tx, tenantId)) ?? DEFAULT_TIME_ZONE)
        : parsed.value.filters;
      const page0 = { filters, hideDeleted, spec };
      let rows: SummaryRow[];
      let nextCursor: string | null = null;
      let prevCursor: string | null = null;
      let pageNumber = page;
      let counted: ListCounts;
      if (query.last === 1) {
        // The last page's size follows from the total.
        counted = await deps.counts(tx, tenantId, filters, hideDeleted);
        const { total, totalIsEstimate } = counted;
        const pages = Math.max(1, Math.ceil(total / size));
        // With an exact total the last page holds the remainder, so its page number lines up with OFFSET pages.
        const lastSize = totalIsEstimate ? size : total - (pages - 1) * size || size;
        rows = await repo.listPage(tx, tenantId, {
          ...page0,
          cursor: null,
          reverse: true,
          offset: 0,
          limit: lastSize,
          ...counted.searchPage,
        });
        rows.reverse();
        pageNumber = pages;
        const first = rows[0];
        if (first && pages > 1) prevCursor = cursorOf(spec, first, 'prev', fingerprint);
      } else if (cursor) {
        const reverse = cursor.direction === 'prev';
        [counted, rows] = await countsAndPage(deps, tx, tenantId, {
          ...page0,
          cursor,
          reverse,
          offset: 0,
          limit: size + 1,
        });
        const more = rows.length > size;
        rows = rows.slice(0, size);
        if (reverse) rows.reverse();
        const first = rows[0];
        const last = rows.at(-1);
        if (first && last) {
          nextCursor = reverse || more ? cursorOf(spec, last, 'next', fingerprint) : null;
          prevCursor = !reverse || more ? cursorOf(spec, first, 'prev', fingerprint) : null;
        }
      } else {
        // A deep page of a status tab starts from the bucket that holds its first order (order-list-pages.ts).
        const offset = (page - 1) * size;
        const start = page > 1 ? await pageStart(tx, tenantId, { ...page0, offset, limit: size + 1 }) : null;
        [counted, rows] = await countsAndPage(deps, tx, tenantId, {
          ...page0,
          cursor: start?.cursor ?? null,
          reverse: start?.reverse ?? false,
          offset: start?.skip ?? offset,
          limit: start?.limit ?? size + 1,
        });
        if (start?.reverse) rows.reverse();
        const more = rows.length > size;
        rows = rows.slice(0, size);
        const first = rows[0];
        const last = rows.at(-1);
        if (last && more) nextCursor = cursorOf(spec, last, 'next', fingerprint);
        if (first && page > 1) prevCursor = cursorOf(spec, first, 'prev', fingerprint);
      }
      const { total, totalIsEstimate, statusCounts } = counted;

      return {
        rows: rows.map((r) => toSummary(r, r.storeName, r.shipMethodName)),
        page: pageNumber,
        size,
        total,
        totalIsEstimate,
        nextCursor,
        prevCursor,
        statusCounts,
      };
    },
    READ_ONLY,
  );
}

/** `POST /call/order/{orderId}/{billing|shipping}/updateOrderAddress`. */
async function updateOrderAddress(
  deps: OrdersDeps,
  auth: AuthContext,
  idText: string,
  type: 'billing' | 'shipping',
  input: AddressInput & { version?: number | undefined },
  request: WriteRequest,
) {
  const { version, ...address } = input;
  const answer = await runIdempotent(
    deps.database,
    auth.tenantId,
    idempotencyKey(request, auth.userId, input),
    async (tx) => {
      const event = type === 'shipping' ? 'shippingAddressUpdated' : 'billingAddressUpdated';
      const actor = { id: auth.userId, email: auth.email };
      const { order } = await changeOrder(tx, auth.tenantId, idText, { event, actor, version }, async (order) => {
        if (!ADDRESS_EDITABLE.has(order.orderStatus)) {
          throw new HttpError(409, `The addresses of a ${order.orderStatus} order cannot change`, {
            reason: 'invalid_status',
          });
        }
        const fields = toAddressFields(address);
        // The ship-to's words are searched: upsertAddress rewrites them.
        await repo.upsertAddress(tx, auth.tenantId, order.id, type, fields);
        // Another country can make it international: the carrier service follows (unless chosen by hand).
        if (type === 'shipping') await resolveShipping(tx, auth.tenantId, [order.id]);
        return {
          columns: type === 'shipping' ? { shipTo: shipToLabel(fields) } : {},
          payload: { type, address: fields },
        };
      });
      return ok(200, toOrder(await repo.detail(tx, auth.tenantId, order)));
    },
  );
  if (!answer.replayed) {
    deps.notify(auth.tenantId, {
      orderIds: [answer.body.data.id],
      event: `${type}AddressUpdated`,
      version: answer.body.data.version,
    });
  }
  return answer;
}

export function createOrdersService(database: Database, notify: OrdersNotifier, options: OrdersServiceOptions = {}) {
  const counts = createListCounts(repo, options.exactCountLimit ?? EXACT_COUNT_LIMIT);
  const deps: OrdersDeps = { database, notify, rules: options.rules, counts };
  return {
    create: (auth: AuthContext, input: CreateOrder, request: WriteRequest) => createOrder(deps, auth, input, request),
    get: (auth: AuthContext, idText: string) => getOrder(deps, auth, idText),
    events: (auth: AuthContext, idText: string) => listOrderEvents(deps, auth, idText),
    list: (auth: AuthContext, query: OrderListQuery) => listOrders(deps, auth, query),
    updateAddress: (
      auth: AuthContext,
      idText: string,
      type: 'billing' | 'shipping',
      input: AddressInput & { version?: number | undefined },
      request: WriteRequest,
    ) => updateOrderAddress(deps, auth, idText, type, input, request),
  };
}
