import { and, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { addressChecks, orders, orderStatusCounts, shipMethods, stores, type OrderRow } from '../../db/schema/index.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Cursor, OrderFilter, SortSpec, TimePoint } from './order-list-query.ts';
import { SEARCH_SOURCE, searchMatchSql } from './order-search.ts';

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
   * A search's page is read one of two ways, chosen by the caller from the search's counts (order-list-counts.ts),
   * not left to the planner, whose estimate of a search's matches can be far off either way. By default, every match
   * through the search's index, sorted: a few milliseconds for a few thousand, never a walk of the whole tenant. With
   * `manyMatches` (a good share of the tenant's orders match): by walking the sort's index in the tenant's range and
   * testing each order, a few hundred for a page, where the index would read every match.
   */
  manyMatches?: boolean;
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
  | 'parcelStatus'
  | 'parcelExpected'
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
  parcel_status: string | null;
  parcel_expected: string | null;
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
    sql`${orders.id}, ${orders.storeId}, ${orders.sourceType}, ${orders.orderNumber}, ${orders.orderDate}, ${orders.createdAt}, ${orders.orderStatus}, ${orders.paymentStatus}, ${orders.shipmentStatus}, ${orders.customerName}, ${orders.customerEmail}, ${orders.shipTo}, ${orders.itemCount}, ${orders.currency}, ${orders.total}, ${orders.requestedShippingMethod}, ${orders.parcelStatus}, ${orders.parcelExpected}, ${orders.shipMethodId}, ${orders.carrier}, ${orders.carrierMethod}, ${orders.packageType}, ${orders.shippingByUser}, ${orders.version}, ${stores.name} AS store_name, ${shipMethods.name} AS ship_method_name`,
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
    parcelStatus: r.parcel_status,
    parcelExpected: r.parcel_expected,
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

const SORT_COLUMN = { id: orders.id, orderDate: orders.orderDate, total: orders.total } as const;

/** What a search's page tests and sorts its matches by: the view's columns but the search vector. */
const FOUND_COLUMNS = sql.raw(
  '"orders".tenant_id, "orders".id, store_id, source_type, order_date, created_at, order_status, payment_status, ' +
    'shipment_status, total, requested_service_key',
);

/**
 * The address-check filter (docs/address-checks.md): the order's check has one of `statuses`; `pending` also takes
 * an open order not swept yet (no check row), as the order's check reads.
 */
/** Orders whose parcels are in one of these statuses, or (`late`) past the promised day and not delivered. */
function parcelStatusSql(values: readonly string[], today: string): SQL {
  const statuses = values.filter((v) => v !== 'late');
  const parts: SQL[] = [];
  if (statuses.length > 0) parts.push(inArray(orders.parcelStatus, statuses));
  if (values.includes('late')) {
    parts.push(
      sql`(${orders.parcelExpected} < ${today} AND ${orders.parcelStatus} NOT IN ('delivered', 'returned', 'voided'))`,
    );
  }
  return or(...parts)!;
}

function addressCheckSql(statuses: readonly string[]): SQL {
  const row = sql`SELECT 1 FROM ${addressChecks} c WHERE c.tenant_id = ${orders.tenantId} AND c.order_id = ${orders.id}`;
  const found = sql`EXISTS (${row} AND c.status IN (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
  if (!statuses.includes('pending')) return found;
  const open = sql`${orders.orderStatus} IN ('Draft Order', 'Sales Order') AND ${orders.shipmentStatus} <> 'Shipped Complete'`;
  return sql`(${found} OR (${open} AND NOT EXISTS (${row})))`;
}

/** The order list's SQL: its WHERE, its keyset pages and its counts (docs/orders.md, "The list"). */
export function createOrderListRepository() {
  /** The WHERE of a list: the tenant (for a search, the view's; see below), then each filter. */
  function filterSql(tenantId: string, filters: readonly OrderFilter[], hideDeleted: boolean, walk = false): SQL {
    // A search reads the view, which holds the tenant's orders only, through the search's index (whose words are
    // the tenant's): the view tests the tenant on each match, and no index of the tenant is read beside the search's
    // (a BitmapAnd with all of the tenant's orders). Only a page found by walking needs the tenant's index range.
    const search = filters.some((f) => f.kind === 'search');
    const parts: Array<SQL | undefined> = [search && !walk ? undefined : eq(orders.tenantId, tenantId)];
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
          parts.push(searchMatchSql(tenantId, f.prefix, walk));
          break;
        case 'requestedService':
          // Under a search (the view: no tenant condition an index could use) a test of the search's matches that
          // no index answers (coalesce: nor does it imply the service's partial index), else that index, whose
          // entries are every tenant's, could be read whole instead.
          parts.push(
            search && !walk
              ? sql`coalesce(${orders.requestedServiceKey}, '') = ${f.key}`
              : eq(orders.requestedServiceKey, f.key),
          );
          break;
        case 'addressCheck':
          parts.push(addressCheckSql(f.values));
          break;
        case 'parcelStatus':
          parts.push(parcelStatusSql(f.values, f.today));
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
   * page), from a keyset position when a cursor is given, then `offset` rows on. Unexecuted, so tests can EXPLAIN it.
   */
  function listPageQuery(tenantId: string, q: ListPageQuery): SQL {
    const readDescending = q.spec.descending !== q.reverse;
    const search = q.filters.find((f) => f.kind === 'search');
    // A search read through its index (not `manyMatches`) applies the other filters to its matches.
    const found = search && !q.manyMatches;
    const where = and(
      filterSql(tenantId, found ? q.filters.filter((f) => f !== search) : q.filters, q.hideDeleted, q.manyMatches),
      q.cursor ? keysetSql(q.spec, q.cursor, readDescending) : undefined,
    );
    const dir = sql.raw(readDescending ? 'desc' : 'asc');
    const orderBy =
      q.spec.key === 'id' ? sql`${orders.id} ${dir}` : sql`${SORT_COLUMN[q.spec.key]} ${dir}, ${orders.id} ${dir}`;
    const page = sql`order by ${orderBy} limit ${q.limit}${q.offset > 0 ? sql` offset ${q.offset}` : sql``}`;
    const from = sql`${orders} left join ${stores} on (${stores.tenantId} = ${orders.tenantId} and ${stores.id} = ${orders.storeId}) left join ${shipMethods} on (${shipMethods.tenantId} = ${orders.tenantId} and ${shipMethods.id} = ${orders.shipMethodId})`;
    if (!search) return sql`select ${SUMMARY_COLUMNS} from ${from} where ${where} ${page}`;
    // A search chooses its page's ids in the view (where the match is an index condition), then reads those rows.
    // Read through its index: its matches first (MATERIALIZED: nothing else is read with them, such as a status
    // tab's partial index of every tenant's open orders in a BitmapAnd), then the other filters and the sort on them.
    const ids = found
      ? sql`WITH found AS MATERIALIZED (SELECT ${FOUND_COLUMNS} FROM ${SEARCH_SOURCE} WHERE ${searchMatchSql(tenantId, search.prefix)})
            SELECT ${orders.id} FROM found AS "orders" WHERE ${where} ${page}`
      : sql`SELECT ${orders.id} FROM ${SEARCH_SOURCE} WHERE ${where} ${page}`;
    // Those few rows sorted again; `+ 0`: the same order, but no index provides it, so the planner cannot walk one.
    const fenced = (column: typeof orders.id | typeof orders.orderDate | typeof orders.total) =>
      sql`(${column} + ${sql.raw(column === orders.orderDate ? "interval '0 s'" : '0')}) ${dir}`;
    const rowsOrder =
      q.spec.key === 'id' ? fenced(orders.id) : sql`${fenced(SORT_COLUMN[q.spec.key])}, ${fenced(orders.id)}`;
    return sql`select ${SUMMARY_COLUMNS} from ${from} where ${orders.tenantId} = ${tenantId} and ${orders.id} = ANY(ARRAY(${ids})) order by ${rowsOrder}`;
  }

  /** A search's matches (of the view) per order status, up to `limit + 1` in all. Unexecuted, for EXPLAIN. */
  function searchCountQuery(where: SQL, limit: number): SQL {
    return sql`SELECT m.order_status AS status, count(*) AS n
      FROM (SELECT ${orders.orderStatus} FROM ${SEARCH_SOURCE} WHERE ${where} LIMIT ${limit + 1}) AS m GROUP BY 1`;
  }

  /** The planner's row estimate of a query: no rows are read. */
  async function planRows(tx: Executor, query: SQL): Promise<number> {
    const [row] = await rowsOf<{ 'QUERY PLAN': unknown }>(tx, sql`EXPLAIN (FORMAT JSON) ${query}`);
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
    return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
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
    estimate(tx: Executor, where: SQL): Promise<number> {
      return planRows(tx, sql`SELECT 1 FROM ${orders} WHERE ${where}`);
    },

    /**
     * How many orders the planner expects a search's WHERE to match. Its words are the tenant's own lexemes, whose
     * frequencies already count the tenant's orders only, so the planner's figure, which also applies the view's
     * tenant condition, is divided by the share that condition leaves (the planner's own estimate of it).
     */
    async searchEstimate(tx: Executor, where: SQL): Promise<number> {
      const [rows, tenantRows, [table]] = await Promise.all([
        planRows(tx, sql`SELECT 1 FROM ${SEARCH_SOURCE} WHERE ${where}`),
        planRows(tx, sql`SELECT 1 FROM ${SEARCH_SOURCE}`),
        rowsOf<{ n: number | string }>(
          tx,
          sql`SELECT reltuples AS n FROM pg_class WHERE oid = 'public.orders'::regclass`,
        ),
      ]);
      const all = Number(table?.n ?? 0);
      return all > 0 && tenantRows > 0 ? Math.round((rows * all) / tenantRows) : rows;
    },

    searchCountQuery,

    /** A search's matches per order status, read once through its index, up to `limit + 1` in all. */
    async searchStatusCounts(tx: Executor, where: SQL, limit: number): Promise<Record<string, number>> {
      const rows = await rowsOf<{ status: string; n: number | string }>(tx, searchCountQuery(where, limit));
      const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
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
