import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { homeCountrySql, resolutionJoin } from './shipping-resolution-sql.ts';

/** The SQL of re-resolving open orders: asking for a pass, claiming it, one batch, the position reached. */

async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const OPEN = sql.raw(`('Draft Order', 'Sales Order')`);

interface StateRow {
  tenant_id: string;
  requested_at: Date | string;
  done_through: string | number;
  done: string | number;
  total: string | number;
  finished_at: Date | string | null;
}

export interface ResolutionState {
  tenantId: string;
  requestedAt: Date;
  doneThrough: number;
  done: number;
  total: number;
  finished: boolean;
}

const toState = (r: StateRow): ResolutionState => ({
  tenantId: r.tenant_id,
  requestedAt: new Date(r.requested_at),
  doneThrough: Number(r.done_through),
  done: Number(r.done),
  total: Number(r.total),
  finished: r.finished_at !== null,
});

export function createShippingResolutionRepository() {
  return {
    /**
     * Asks for a pass over the tenant's open orders, in the caller's transaction (the mapping change's), so the ask
     * commits or rolls back with the change. A pass already running starts over. The time is kept to the millisecond:
     * it fences the pass, and a JavaScript Date carries no more.
     */
    async request(tx: Executor, tenantId: string): Promise<void> {
      await tx.execute(sql`
        INSERT INTO shipping_resolutions AS s (tenant_id, requested_at, done_through, done, total, finished_at)
        VALUES (${tenantId}, date_trunc('milliseconds', clock_timestamp()), 0, 0,
          (SELECT count(*) FROM orders o WHERE o.tenant_id = ${tenantId} AND o.order_status IN ${OPEN}
             AND NOT o.shipping_by_user AND NOT o.shipping_by_rule), NULL)
        ON CONFLICT (tenant_id) DO UPDATE SET requested_at = excluded.requested_at, done_through = 0, done = 0,
          total = excluded.total, finished_at = NULL`);
    },

    /**
     * Takes the tenant's unfinished pass for `holder`, one run of its pg-boss job (plugins/background.ts): pg-boss
     * starts a job's next run only once the one before finished its slice or ran past its expiry, and a holder that
     * lost the pass finds out at its next batch (`advance`). Owner connection (the job names its tenant).
     */
    async claim(db: Executor, tenantId: string, holder: string): Promise<ResolutionState | null> {
      const [row] = await rowsOf<StateRow>(
        db,
        sql`UPDATE shipping_resolutions SET worker = ${holder}
            WHERE tenant_id = ${tenantId} AND finished_at IS NULL
            RETURNING tenant_id, requested_at, done_through, done, total, finished_at`,
      );
      return row ? toState(row) : null;
    },

    /** Passes not finished, in all tenants (a test or a benchmark waits for them). */
    async unfinished(db: Executor): Promise<number> {
      const [row] = await rowsOf<{ n: string | number }>(
        db,
        sql`SELECT count(*) AS n FROM shipping_resolutions WHERE finished_at IS NULL`,
      );
      return Number(row?.n ?? 0);
    },

    /** Who holds the tenant's pass now, and the pass as it stands (after `advance` was refused). */
    async holderOf(db: Executor, tenantId: string): Promise<{ worker: string | null; state: ResolutionState } | null> {
      const [row] = await rowsOf<StateRow & { worker: string | null }>(
        db,
        sql`SELECT tenant_id, requested_at, done_through, done, total, finished_at, worker
            FROM shipping_resolutions WHERE tenant_id = ${tenantId}`,
      );
      return row ? { worker: row.worker, state: toState(row) } : null;
    },

    async state(tx: Executor, tenantId: string): Promise<ResolutionState | null> {
      const [row] = await rowsOf<StateRow>(
        tx,
        sql`SELECT tenant_id, requested_at, done_through, done, total, finished_at
            FROM shipping_resolutions WHERE tenant_id = ${tenantId}`,
      );
      return row ? toState(row) : null;
    },

    /**
     * One batch: the next `limit` open orders after `afterId` (by id) resolved again, those a person chose by hand
     * left alone, only rows whose result differs written. Answers the last id seen (null: none left) and how many.
     */
    async batch(
      tx: Executor,
      tenantId: string,
      afterId: number,
      limit: number,
    ): Promise<{ lastId: number | null; seen: number; changed: number }> {
      const [row] = await rowsOf<{ last_id: string | number | null; seen: string | number; changed: string | number }>(
        tx,
        sql`WITH home AS (SELECT ${homeCountrySql(tenantId)} AS country),
            target AS (
              SELECT o.id, o.store_id, o.requested_shipping_method,
                (SELECT a.country FROM order_addresses a
                  WHERE a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping') AS country
              FROM orders o
              WHERE o.tenant_id = ${tenantId} AND o.order_status IN ${OPEN} AND o.id > ${afterId}
              ORDER BY o.id LIMIT ${limit}
            ),
            resolved AS (
              SELECT t.id, res.ship_method_id, res.carrier, res.carrier_method, res.package_type
              FROM target t
              ${resolutionJoin(tenantId, {
                storeId: sql`t.store_id`,
                service: sql`t.requested_shipping_method`,
                country: sql`t.country`,
                home: sql`(SELECT country FROM home)`,
              })}
            ),
            upd AS (
              UPDATE orders o SET ship_method_id = r.ship_method_id, carrier = r.carrier,
                carrier_method = r.carrier_method, package_type = r.package_type
              FROM resolved r
              WHERE o.tenant_id = ${tenantId} AND o.id = r.id AND NOT o.shipping_by_user AND NOT o.shipping_by_rule
                AND (o.ship_method_id, o.carrier, o.carrier_method, o.package_type)
                    IS DISTINCT FROM (r.ship_method_id, r.carrier, r.carrier_method, r.package_type)
              RETURNING o.id
            )
            SELECT (SELECT max(id) FROM target) AS last_id, (SELECT count(*) FROM target) AS seen,
                   (SELECT count(*) FROM upd) AS changed`,
      );
      return {
        lastId: row?.last_id === null || row?.last_id === undefined ? null : Number(row.last_id),
        seen: Number(row?.seen ?? 0),
        changed: Number(row?.changed ?? 0),
      };
    },

    /**
     * Resolves the given orders now (an order added by hand, a channel's new copy of one), in the caller's
     * transaction; a choice made by hand is kept.
     */
    async resolveOrders(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      const ids = sql`ARRAY[${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`;
      await tx.execute(sql`
        WITH home AS (SELECT ${homeCountrySql(tenantId)} AS country),
        resolved AS (
          SELECT o.id, res.ship_method_id, res.carrier, res.carrier_method, res.package_type
          FROM orders o
          ${resolutionJoin(tenantId, {
            storeId: sql`o.store_id`,
            service: sql`o.requested_shipping_method`,
            country: sql`(SELECT a.country FROM order_addresses a
              WHERE a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping')`,
            home: sql`(SELECT country FROM home)`,
          })}
          WHERE o.tenant_id = ${tenantId} AND o.id = ANY(${ids}) AND NOT o.shipping_by_user AND NOT o.shipping_by_rule
        )
        UPDATE orders o SET ship_method_id = r.ship_method_id, carrier = r.carrier,
          carrier_method = r.carrier_method, package_type = r.package_type
        FROM resolved r
        WHERE o.tenant_id = ${tenantId} AND o.id = r.id
          AND (o.ship_method_id, o.carrier, o.carrier_method, o.package_type)
              IS DISTINCT FROM (r.ship_method_id, r.carrier, r.carrier_method, r.package_type)`);
    },

    /**
     * Records the position reached, fenced by the pass it belongs to: false when a newer ask replaced the pass (the
     * caller then starts over) or a newer run of the job took it (the caller stops).
     */
    async advance(
      tx: Executor,
      state: Pick<ResolutionState, 'tenantId' | 'requestedAt'>,
      worker: string,
      doneThrough: number,
      done: number,
      finished: boolean,
    ): Promise<boolean> {
      const rows = await rowsOf<{ tenant_id: string }>(
        tx,
        sql`UPDATE shipping_resolutions SET done_through = ${doneThrough}, done = ${done},
              finished_at = CASE WHEN ${finished} THEN clock_timestamp() ELSE NULL END,
              worker = CASE WHEN ${finished} THEN NULL ELSE worker END
            WHERE tenant_id = ${state.tenantId} AND requested_at = ${state.requestedAt.toISOString()}::timestamptz
              AND worker = ${worker}
            RETURNING tenant_id`,
      );
      return rows.length > 0;
    },
  };
}
