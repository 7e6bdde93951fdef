import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AddressCheckOutcome } from '../../integrations/carriers/carrier-types.ts';
import { ids, jsonb, OPEN_ORDER, rowsOf, SHIP_TO_KEY, SHIPPING_ADDRESS } from './address-check-sql.ts';

/** The SQL of the checks' background work: rows made and claimed, the carriers' answers written (docs/address-checks.md). */

/** A claimed row with the ship-to to ask about. */
export interface DueCheck {
  orderId: number;
  key: string;
  attempts: number;
  address: {
    name: string;
    company: string | null;
    address1: string;
    address2: string | null;
    city: string;
    state: string | null;
    postalCode: string | null;
    country: string;
  } | null;
}

interface DueRow {
  order_id: string | number;
  attempts: number;
  live_key: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
}

export function createAddressChecksRepository() {
  return {
    /**
     * Rows for the tenant's open orders: a pending row for each order that has none, and a row whose order's ship-to
     * changed since (an edit, a channel's newer copy) made pending again about the new address. Answers how many.
     */
    async sync(tx: Executor, tenantId: string): Promise<number> {
      const rows = await rowsOf<{ order_id: string }>(
        tx,
        sql`INSERT INTO address_checks AS c (tenant_id, order_id, status, address_key, next_at)
          SELECT o.tenant_id, o.id, 'pending', ${SHIP_TO_KEY}, now()
          FROM orders o JOIN order_addresses a ON ${SHIPPING_ADDRESS}
          WHERE o.tenant_id = ${tenantId} AND ${OPEN_ORDER}
          ON CONFLICT (tenant_id, order_id) DO UPDATE SET status = 'pending', address_key = excluded.address_key,
            carrier = NULL, carrier_account_id = NULL, residential = NULL, suggestion = NULL, candidates = '[]',
            messages = '[]', attempts = 0, next_at = now(), checked_at = NULL, updated_at = now()
          WHERE c.address_key <> excluded.address_key
          RETURNING c.order_id`,
      );
      return rows.length;
    },

    /**
     * The tenants with checks to do, across tenants (the owner's connection): open orders without a row or whose
     * ship-to changed, and rows due now.
     */
    async tenantsWithWork(db: Executor, limit: number): Promise<string[]> {
      const rows = await rowsOf<{ tenant_id: string }>(
        db,
        sql`(SELECT DISTINCT o.tenant_id FROM orders o JOIN order_addresses a ON ${SHIPPING_ADDRESS}
             LEFT JOIN address_checks c ON c.tenant_id = o.tenant_id AND c.order_id = o.id
             WHERE ${OPEN_ORDER} AND (c.order_id IS NULL OR c.address_key <> ${SHIP_TO_KEY}))
          UNION
          (SELECT DISTINCT tenant_id FROM address_checks
             WHERE status IN ('pending', 'not_checked') AND (next_at IS NULL OR next_at <= now()))
          LIMIT ${limit}`,
      );
      return rows.map((r) => r.tenant_id);
    },

    /**
     * Up to `limit` rows due now (pending, or not checked whose time came), each leased for `leaseSeconds` so that a
     * second run does not ask about them too; with the ship-to they are about now (null: the order has none left).
     */
    async claimDue(tx: Executor, tenantId: string, limit: number, leaseSeconds: number): Promise<DueCheck[]> {
      const rows = await rowsOf<DueRow>(
        tx,
        sql`WITH due AS (
            SELECT order_id FROM address_checks
            WHERE tenant_id = ${tenantId} AND status IN ('pending', 'not_checked') AND (next_at IS NULL OR next_at <= now())
            ORDER BY next_at NULLS FIRST, order_id LIMIT ${limit} FOR UPDATE SKIP LOCKED),
          claimed AS (
            UPDATE address_checks c SET next_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
            FROM due WHERE c.tenant_id = ${tenantId} AND c.order_id = due.order_id
            RETURNING c.order_id, c.attempts)
          SELECT claimed.order_id, claimed.attempts, ${SHIP_TO_KEY} AS live_key, a.first_name, a.last_name, a.company,
            a.address1, a.address2, a.city, a.state, a.postal_code, a.country
          FROM claimed LEFT JOIN order_addresses a
            ON a.tenant_id = ${tenantId} AND a.order_id = claimed.order_id AND a.type = 'shipping'
          ORDER BY claimed.order_id`,
      );
      return rows.map((r) => ({
        orderId: Number(r.order_id),
        key: r.live_key ?? '',
        attempts: r.attempts,
        address:
          r.address1 === null
            ? null
            : {
                name: [r.first_name, r.last_name].filter(Boolean).join(' '),
                company: r.company,
                address1: r.address1,
                address2: r.address2,
                city: r.city ?? '',
                state: r.state,
                postalCode: r.postal_code,
                country: r.country ?? '',
              },
      }));
    },

    /** Rows of orders that no longer have a ship-to: nothing to check. */
    async drop(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await tx.execute(
        sql`DELETE FROM address_checks WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids(orderIds)})`,
      );
    },

    /** The carrier's answer about `key`, written on the order's row. */
    async writeOutcome(
      tx: Executor,
      tenantId: string,
      check: { orderId: number; key: string },
      answer: { carrier: string; accountId: number; outcome: AddressCheckOutcome },
    ): Promise<void> {
      const { outcome } = answer;
      const suggestion = outcome.status === 'corrected' ? jsonb(outcome.suggestion) : sql`NULL`;
      const candidates = outcome.status === 'ambiguous' ? outcome.candidates : [];
      await tx.execute(sql`UPDATE address_checks SET status = ${outcome.status}, address_key = ${check.key},
          carrier = ${answer.carrier}, carrier_account_id = ${answer.accountId}, residential = ${outcome.residential},
          suggestion = ${suggestion}, candidates = ${jsonb(candidates)}, messages = ${jsonb(outcome.messages)},
          attempts = 0, next_at = NULL, checked_at = now(), updated_at = now()
        WHERE tenant_id = ${tenantId} AND order_id = ${check.orderId}`);
    },

    /** No carrier account checks addresses: the format's problems only. */
    async writeFormatOnly(
      tx: Executor,
      tenantId: string,
      check: { orderId: number; key: string },
      messages: readonly string[],
    ): Promise<void> {
      await tx.execute(sql`UPDATE address_checks SET status = 'format_only', address_key = ${check.key},
          carrier = NULL, carrier_account_id = NULL, residential = NULL, suggestion = NULL, candidates = '[]',
          messages = ${jsonb(messages)}, attempts = 0, next_at = NULL, checked_at = now(), updated_at = now()
        WHERE tenant_id = ${tenantId} AND order_id = ${check.orderId}`);
    },

    /**
     * The carrier could not answer (an outage, its rate limit, a refused credential): not checked, asked again after
     * a wait that doubles with each failure, from a minute to six hours. Never invalid.
     */
    async writeNotChecked(
      tx: Executor,
      tenantId: string,
      orderIds: readonly number[],
      message: string,
      backoff: { firstSeconds: number; maxSeconds: number },
    ): Promise<void> {
      if (orderIds.length === 0) return;
      await tx.execute(sql`UPDATE address_checks SET status = 'not_checked', messages = ${jsonb([message])},
          attempts = attempts + 1,
          next_at = now() + make_interval(secs => least(${backoff.firstSeconds} * power(2, least(attempts, 30)), ${backoff.maxSeconds})),
          updated_at = now()
        WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids(orderIds)})`);
    },

    /** Rows the budget of this window could not ask about: due again when the next window opens. */
    async postpone(tx: Executor, tenantId: string, orderIds: readonly number[], until: string): Promise<void> {
      if (orderIds.length === 0) return;
      await tx.execute(sql`UPDATE address_checks SET next_at = ${until}::timestamptz, updated_at = now()
        WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids(orderIds)})`);
    },

    /** Seconds until the tenant's next row is due (0: due now), or null when none waits. */
    async nextDueIn(tx: Executor, tenantId: string): Promise<number | null> {
      const [row] = await rowsOf<{ seconds: number | string | null }>(
        tx,
        sql`SELECT extract(epoch FROM min(coalesce(next_at, now())) - now())::float AS seconds
          FROM address_checks WHERE tenant_id = ${tenantId} AND status IN ('pending', 'not_checked')`,
      );
      // No row waits: min() is NULL (and greatest() would have made it 0: a job sent again at once, forever).
      return row?.seconds === null || row?.seconds === undefined ? null : Math.max(0, Number(row.seconds));
    },
  };
}
