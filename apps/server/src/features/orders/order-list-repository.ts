import { and, eq, inArray, isNull, ne, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ORDER_STATUSES } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders, orderStatusCounts, shipMethods, stores, type OrderRow } from '../../db/schema/index.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  prefixUpperBound,
  type Cursor,
  type OrderFilter,
  type SortSpec,
  type TimePoint,
} from '../../domain/orders/order-list-query.ts';

/** Both drivers answer `execute` with `{ rows }`. */
export async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface ListPageQuery {
  filters: readonly OrderFilter[];
  hideDeleted: boolean;
  spec: SortSpec;
  cursor: Cursor | null;
  /** Read against the sort order (prev cursor, last page); the rows come back in that reversed order. */
  reverse: boolean;
  offset: number;
  limit: number;
  /**
   * The caller counted at most a few thousand matches (a search): read them all through the filters' indexes and
   * sort them, rather than let the planner walk the sort's index and filter, which it may choose on an estimate of
   * hundreds where there are a handful, and then read every order of the tenant.
   */
  fewMatches?: boolean;
}

/** A list row: what `OrderSummary` shows and what a cursor is made of. */
export type SummaryRow = Pick<
  OrderRow,
  | 'id'
  | 'storeId'
  | 'sourceType'
  | 'orderNumber'
  | 'orderDate'
  | 'createdAt'
  | 'orderStatus'
  | 'paymentStatus'
  | 'shipmentStatus'
  | 'customerName'
  | 'customerEmail'
  | 'shipTo'
  | 'itemCount'
  | 'currency'
  | 'total'
  | 'requestedShippingMethod'
  | 'shipMethodId'
  | 'carrier'
  | 'carrierMethod'
  | 'packageType'
  | 'shippingByUser'
  | 'version'
> & { storeName: string | null; shipMethodName: string | null };

/** A list row as both drivers answer it: bigint as text (or a number), timestamps as PostgreSQL's text. */
interface SummaryRowData {
  id: string | number;
  store_id: string | number | null;
  source_type: string;
  order_number: string;
  order_date: string | Date;
  created_at: string | Date;
  order_status: string;
  payment_status: string;
  shipment_status: string;
  customer_name: string | null;
  customer_email: string | null;
  ship_to: string | null;
  item_count: number;
  currency: string;
  total: string | number;
  requested_shipping_method: string | null;
  ship_method_id: string | number | null;
  carrier: string | null;
  carrier_method: string | null;
  package_type: string | null;
  shipping_by_user: boolean;
  version: number;
  store_name: string | null;
  ship_method_name: string | null;
}

// The list's columns, rendered once: the page query runs on every list request, and Drizzle's select builder spends
// more time building it (and mapping its rows) than the database spends answering it.
const SUMMARY_COLUMNS = sql.raw(
  new PgDialect().sqlToQuery(
    sql`${orders.id}, ${orders.storeId}, ${orders.sourceType}, ${orders.orderNumber}, ${orders.orderDate}, ${orders.createdAt}, ${orders.orderStatus}, ${orders.paymentStatus}, ${orders.shipmentStatus}, ${orders.customerName}, ${orders.customerEmail}, ${orders.shipTo}, ${orders.itemCount}, ${orders.currency}, ${orders.total}, ${orders.requestedShippingMethod}, ${orders.shipMethodId}, ${orders.carrier}, ${orders.carrierMethod}, ${orders.packageType}, ${orders.shippingByUser}, ${orders.version}, ${stores.name} AS store_name, ${shipMethods.name} AS ship_method_name`,
  ).sql,
);

function toSummaryRow(r: SummaryRowData): SummaryRow {
  return {
    id: Number(r.id),
    storeId: r.store_id === null ? null : Number(r.store_id),
    sourceType: r.source_type,
    orderNumber: r.order_number,
    orderDate: new Date(r.order_date),
    createdAt: new Date(r.created_at),
    orderStatus: r.order_status,
    paymentStatus: r.payment_status,
    shipmentStatus: r.shipment_status,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    shipTo: r.ship_to,
    itemCount: r.item_count,
    currency: r.currency,
    total: Number(r.total),
    requestedShippingMethod: r.requested_shipping_method,
    shipMethodId: r.ship_method_id === null ? null : Number(r.ship_method_id),
    carrier: r.carrier,
    carrierMethod: r.carrier_method,
    packageType: r.package_type,
    shippingByUser: r.shipping_by_user,
    version: r.version,
    storeName: r.store_name,
    shipMethodName: r.ship_method_name,
  };
}

/** Days must be resolved to instants first (resolveDays): the database compares plain timestamps. */
function timeSql(p: TimePoint): SQL {
  if ('day' in p) throw new Error('resolve calendar days to instants before querying');
  return sql`${p.instant}::timestamptz`;
}

/** `column` starts with `prefix`, as a byte-wise range: leakproof operators, so usable in an index scan under RLS. */
function prefixSql(column: SQLWrapper, prefix: string): SQL {
  const upper = prefixUpperBound(prefix);
  return upper === null ? sql`${column} ~>=~ ${prefix}` : sql`(${column} ~>=~ ${prefix} AND ${column} ~<~ ${upper})`;
}

/**
 * The list's search: a prefix of the order number, the customer's e-mail or name, or of any line's SKU, as one OR
 * whose every arm is an index range led by tenant_id (a BitmapOr). The SKU arm is the ids of the orders with a
 * matching line, read once (an InitPlan) from order_lines (tenant_id, search_sku, order_id) into an array, and
 * looked up in the primary key: `= ANY(ARRAY(...))` and not `IN (SELECT ...)`, because only the array form is an
 * index condition inside an OR (and int8 equality is leakproof, so row-level security keeps it). An order with
 * several matching lines is one row: the condition is on the order, not a join.
 */
function searchSql(tenantId: string, prefix: string): SQL {
  const skuOrderIds = sql`SELECT ${orderLines.orderId} FROM ${orderLines} WHERE ${orderLines.tenantId} = ${tenantId} AND ${prefixSql(orderLines.searchSku, prefix)}`;
  return or(
    prefixSql(orders.searchNumber, prefix),
    prefixSql(orders.searchEmail, prefix),
    prefixSql(orders.searchName, prefix),
    sql`${orders.id} = ANY(ARRAY(${skuOrderIds}))`,
  )!;
}

const SORT_COLUMN = { id: orders.id, orderDate: orders.orderDate, total: orders.total } as const;

/** The order list's SQL: its WHERE, its keyset pages and its counts (docs/orders.md, "The list"). */
export function createOrderListRepository() {
  /** The WHERE of a list: tenant first, then each filter. */
  function filterSql(tenantId: string, filters: readonly OrderFilter[], hideDeleted: boolean): SQL {
    const parts: Array<SQL | undefined> = [eq(orders.tenantId, tenantId)];
    for (const f of filters) {
      switch (f.kind) {
        case 'status': {
          const column = orders[f.column];
          parts.push(f.op === 'ne' ? notInArray(column, f.values) : inArray(column, f.values));
          break;
        }
        case 'sourceType':
          parts.push(inArray(orders.sourceType, f.values));
          break;
        case 'store': {
          const ids = f.values.filter((v): v is number => v !== null);
          const manual = f.values.includes(null);
          parts.push(
            or(ids.length > 0 ? inArray(orders.storeId, ids) : undefined, manual ? isNull(orders.storeId) : undefined),
          );
          break;
        }
        case 'time': {
          const column = orders[f.column];
          if (f.from) parts.push(sql`${column} >= ${timeSql(f.from)}`);
          if (f.to) parts.push(sql`${column} < ${timeSql(f.to)}`);
          break;
        }
        case 'search':
          parts.push(searchSql(tenantId, f.prefix));
          break;
      }
    }
    if (hideDeleted) parts.push(ne(orders.orderStatus, 'Deleted'));
    return and(...parts)!;
  }

  /** `(key, id) < / > (cursor key, cursor id)` in the direction the rows are read. */
  function keysetSql(spec: SortSpec, cursor: Cursor, readDescending: boolean): SQL {
    const cmp = readDescending ? sql.raw('<') : sql.raw('>');
    if (spec.key === 'id') return sql`${orders.id} ${cmp} ${cursor.id}`;
    const value = spec.key === 'orderDate' ? sql`${cursor.key}::timestamptz` : sql`${cursor.key}::bigint`;
    return sql`(${SORT_COLUMN[spec.key]}, ${orders.id}) ${cmp} (${value}, ${cursor.id})`;
  }

  /**
   * One page of the list: `limit` rows read in the sort order (or against it, for a `prev` cursor or the last
   * page), from a keyset position when a cursor is given, else from `offset`. Unexecuted, so tests can EXPLAIN it.
   */
  function listPageQuery(tenantId: string, q: ListPageQuery): SQL {
    const readDescending = q.spec.descending !== q.reverse;
    const where = and(
      filterSql(tenantId, q.filters, q.hideDeleted),
      q.cursor ? keysetSql(q.spec, q.cursor, readDescending) : undefined,
    );
    const dir = sql.raw(readDescending ? 'desc' : 'asc');
    // `+ 0`: the same order, but no index provides it, so the planner cannot walk one (see `fewMatches`).
    const fence = (column: SQLWrapper) =>
      q.fewMatches
        ? sql`(${column} + ${sql.raw(column === orders.orderDate ? "interval '0 s'" : '0')})`
        : sql`${column}`;
    const orderBy =
      q.spec.key === 'id'
        ? sql`${fence(orders.id)} ${dir}`
        : sql`${fence(SORT_COLUMN[q.spec.key])} ${dir}, ${fence(orders.id)} ${dir}`;
    const offset = !q.cursor && q.offset > 0 ? sql` offset ${q.offset}` : sql``;
    return sql`select ${SUMMARY_COLUMNS} from ${orders} left join ${stores} on (${stores.tenantId} = ${orders.tenantId} and ${stores.id} = ${orders.storeId}) left join ${shipMethods} on (${shipMethods.tenantId} = ${orders.tenantId} and ${shipMethods.id} = ${orders.shipMethodId}) where ${where} order by ${orderBy} limit ${q.limit}${offset}`;
  }

  return {
    filterSql,
    listPageQuery,

    async listPage(tx: Executor, tenantId: string, q: ListPageQuery): Promise<SummaryRow[]> {
      return (await rowsOf<SummaryRowData>(tx, listPageQuery(tenantId, q))).map(toSummaryRow);
    },

    /** Rows matching, counted up to `limit + 1` (so the caller knows when the exact count stopped). */
    async countUpTo(tx: Executor, where: SQL, limit: number): Promise<number> {
      const [row] = await rowsOf<{ n: number | string }>(
        tx,
        sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${orders} WHERE ${where} LIMIT ${limit + 1}) AS limited`,
      );
      return Number(row?.n ?? 0);
    },

    /** The planner's row estimate for the same WHERE: no rows are read. */
    async estimate(tx: Executor, where: SQL): Promise<number> {
      const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${orders} WHERE ${where}`,
      );
      const plan = row?.['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
      return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
    },

    /**
     * The tenant's orders per order status, every status present (0 when it has none): exact, one index lookup of
     * the summary the database keeps (order_status_counts, migration 0004).
     */
    async statusCounts(tx: Executor, tenantId: string): Promise<Record<string, number>> {
      const rows = await rowsOf<{ order_status: string; order_count: number | string }>(
        tx,
        sql`select ${orderStatusCounts.orderStatus}, ${orderStatusCounts.orderCount} from ${orderStatusCounts} where ${orderStatusCounts.tenantId} = ${tenantId}`,
      );
      const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
      for (const row of rows) counts[row.order_status] = Number(row.order_count);
      return counts;
    },

    /** Per order status, the rows matching `where`, each counted up to `limit + 1` (one bounded scan each). */
    async countByStatus(tx: Executor, where: SQL, limit: number): Promise<Record<string, number>> {
      const values = sql.join(
        ORDER_STATUSES.map((s) => sql`(${s}::text)`),
        sql`, `,
      );
      const rows = await rowsOf<{ status: string; n: number | string }>(
        tx,
        sql`SELECT v.status, (SELECT count(*) FROM (SELECT 1 FROM ${orders} WHERE ${where} AND ${orders.orderStatus} = v.status LIMIT ${limit + 1}) AS limited) AS n
            FROM (VALUES ${values}) AS v(status)`,
      );
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}
