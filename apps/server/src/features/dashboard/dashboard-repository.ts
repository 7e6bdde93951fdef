import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Slot, Window } from './dashboard-periods.ts';

/** Both drivers answer `execute` with `{ rows }`; sums come back as text (numeric) from node-postgres. */
async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

type Numeric = string | number | null;
const num = (value: Numeric) => Number(value ?? 0);

/** An array parameter as one text literal: one bound value, however many instants. */
const instants = (dates: readonly Date[]) => sql`${`{${dates.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Buckets in `earlier` or in `current` (earlier.from <= earlier.to <= current.from): one index range over both, the
 * gap between them (the rest of the previous period) filtered out.
 */
const bothWindows = (earlier: Window, current: Window) =>
  sql`b.bucket >= ${at(earlier.from)} AND b.bucket < ${at(current.to)}
      AND (b.bucket < ${at(earlier.to)} OR b.bucket >= ${at(current.from)})`;

interface TenantSettings {
  timeZone: string | null;
  currency: string | null;
}

/** Orders received in one slot from one store (0 = manual), with the store's name when it has one. */
export interface SlotTotals {
  /** Index into the slots given. */
  slot: number;
  storeKey: number;
  received: number;
  open: number;
  /** Revenue in minor units of the tenant's currency (sold and open orders in that currency). */
  revenue: number;
  storeName: string | null;
  sourceType: string | null;
}

export interface PeriodCounts {
  received: number;
  open: number;
}

export interface EventCounts {
  shipped: number;
  canceled: number;
}

export interface ParcelCounts {
  onTime: number;
  late: number;
  exceptions: number;
}

/** Instants in `earlier` or in `current`, as bothWindows, of any timestamp column. */
const inBoth = (column: SQL, earlier: Window, current: Window) =>
  sql`${column} >= ${at(earlier.from)} AND ${column} < ${at(current.to)}
      AND (${column} < ${at(earlier.to)} OR ${column} >= ${at(current.from)})`;

/**
 * All SQL of the dashboard: reads of the summaries the database keeps (migration `dashboard_triggers`). Every range
 * is `bucket >= from AND bucket < to` on instants, a primary-key range led by tenant_id (timestamptz comparisons are
 * leakproof, so row-level security keeps the index scan).
 */
export function createDashboardRepository() {
  return {
    /** The tenant's time zone and currency code (null where unset). */
    async settings(tx: Executor, tenantId: string): Promise<TenantSettings> {
      const [row] = await rowsOf<{ time_zone: string | null; currency: string | null }>(
        tx,
        sql`SELECT t.time_zone, c.options ->> 'currencyCode' AS currency
            FROM tenants t
            LEFT JOIN configs c ON c.tenant_id = t.id AND c.key = 'currency_info'
            WHERE t.id = ${tenantId}`,
      );
      return { timeZone: row?.time_zone ?? null, currency: row?.currency ?? null };
    },

    /**
     * Orders received per slot and store over both periods, with open orders and revenue. `width_bucket` finds the
     * slot of each bucket among the slot starts, so the regrouping by local hour or day needs no time-zone
     * function in SQL (the slots were cut in the tenant's zone by the caller).
     */
    async slotTotals(
      tx: Executor,
      tenantId: string,
      range: Window,
      slots: readonly Slot[],
      currency: string,
    ): Promise<SlotTotals[]> {
      const rows = await rowsOf<{
        slot: number;
        store_key: Numeric;
        received: Numeric;
        open: Numeric;
        revenue: Numeric;
        name: string | null;
        source_type: string | null;
      }>(
        tx,
        sql`WITH totals AS (
              SELECT width_bucket(b.bucket, ${instants(slots.map((s) => s.start))}) AS slot, b.store_key,
                     sum(b.order_count) AS received,
                     sum(b.order_count) FILTER (WHERE b.state = 'open') AS open,
                     sum(b.revenue) FILTER (WHERE b.state <> 'unsold' AND b.currency = ${currency}) AS revenue
              FROM dashboard_order_buckets b
              WHERE b.tenant_id = ${tenantId} AND b.bucket >= ${at(range.from)} AND b.bucket < ${at(range.to)}
              GROUP BY 1, 2
            )
            SELECT totals.*, s.name, s.source_type
            FROM totals
            LEFT JOIN stores s ON s.tenant_id = ${tenantId} AND s.id = totals.store_key`,
      );
      return rows.map((r) => ({
        slot: Number(r.slot) - 1,
        storeKey: num(r.store_key),
        received: num(r.received),
        open: num(r.open),
        revenue: num(r.revenue),
        storeName: r.name,
        sourceType: r.source_type,
      }));
    },

    /**
     * Orders received and still open, per period (the tiles alone: no slots, no stores). `compared` is the part of
     * the previous period the tiles compare with; it starts where that period starts, before `current`.
     */
    async periodCounts(
      tx: Executor,
      tenantId: string,
      compared: Window,
      current: Window,
    ): Promise<{ current: PeriodCounts; previous: PeriodCounts }> {
      const rows = await rowsOf<{ current: boolean; received: Numeric; open: Numeric }>(
        tx,
        sql`SELECT b.bucket >= ${at(current.from)} AS current, sum(b.order_count) AS received,
                   sum(b.order_count) FILTER (WHERE b.state = 'open') AS open
            FROM dashboard_order_buckets b
            WHERE b.tenant_id = ${tenantId} AND ${bothWindows(compared, current)}
            GROUP BY 1`,
      );
      const of = (current: boolean): PeriodCounts => {
        const row = rows.find((r) => r.current === current);
        return { received: num(row?.received ?? 0), open: num(row?.open ?? 0) };
      };
      return { current: of(true), previous: of(false) };
    },

    /** Orders shipped and canceled, in `current` and in `compared` (as for periodCounts). */
    async eventCounts(
      tx: Executor,
      tenantId: string,
      compared: Window,
      current: Window,
    ): Promise<{ current: EventCounts; previous: EventCounts }> {
      const rows = await rowsOf<{ current: boolean; measure: string; n: Numeric }>(
        tx,
        sql`SELECT b.bucket >= ${at(current.from)} AS current, b.measure, sum(b.order_count) AS n
            FROM dashboard_event_buckets b
            WHERE b.tenant_id = ${tenantId} AND ${bothWindows(compared, current)}
            GROUP BY 1, 2`,
      );
      const of = (current: boolean): EventCounts => {
        const n = (measure: string) => num(rows.find((r) => r.current === current && r.measure === measure)?.n ?? 0);
        return { shipped: n('shipped'), canceled: n('canceled') };
      };
      return { current: of(true), previous: of(false) };
    },

    /**
     * Parcels delivered in `current` and in `compared` (by the delivery event's time), on time (delivered on or
     * before the promised day in the tenant's zone, or with no promise) or late, and parcels with an exception event
     * in each: read from the labels and their events, not from a summary.
     */
    async parcelCounts(
      tx: Executor,
      tenantId: string,
      timeZone: string,
      compared: Window,
      current: Window,
    ): Promise<{ current: ParcelCounts; previous: ParcelCounts }> {
      const localDay = sql`to_char(l.parcel_status_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
      const [delivered, exceptions] = await Promise.all([
        rowsOf<{ current: boolean; on_time: Numeric; late: Numeric }>(
          tx,
          sql`SELECT l.parcel_status_at >= ${at(current.from)} AS current,
                     count(*) FILTER (WHERE l.parcel_expected IS NULL OR ${localDay} <= l.parcel_expected) AS on_time,
                     count(*) FILTER (WHERE ${localDay} > l.parcel_expected) AS late
              FROM shipping_labels l
              WHERE l.tenant_id = ${tenantId} AND l.status = 'active' AND l.parcel_status = 'delivered'
                AND ${inBoth(sql`l.parcel_status_at`, compared, current)}
              GROUP BY 1`,
        ),
        rowsOf<{ current: boolean; n: Numeric }>(
          tx,
          sql`SELECT e.at >= ${at(current.from)} AS current, count(DISTINCT e.label_id) AS n
              FROM tracking_events e
              WHERE e.tenant_id = ${tenantId} AND e.status = 'exception' AND ${inBoth(sql`e.at`, compared, current)}
              GROUP BY 1`,
        ),
      ]);
      const of = (side: boolean): ParcelCounts => {
        const row = delivered.find((r) => r.current === side);
        return {
          onTime: num(row?.on_time ?? 0),
          late: num(row?.late ?? 0),
          exceptions: num(exceptions.find((r) => r.current === side)?.n ?? 0),
        };
      };
      return { current: of(true), previous: of(false) };
    },
  };
}
