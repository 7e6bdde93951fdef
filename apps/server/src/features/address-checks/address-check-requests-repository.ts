import { sql } from 'drizzle-orm';
import type { CheckedAddress } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { checkedAddressKey, ids, iso, rowsOf, SHIP_TO_KEY, SHIPPING_ADDRESS } from './address-check-sql.ts';

/** The SQL of what people ask of the checks: an order's check, checking again, an address applied; labels' read. */

/** A row as the API reads it, with the key of the order's ship-to now (null: the order has none). */
interface StoredCheck {
  status: string;
  addressKey: string;
  liveKey: string | null;
  carrier: string | null;
  residential: boolean | null;
  suggestion: CheckedAddress | null;
  candidates: CheckedAddress[];
  messages: string[];
  checkedAt: string | null;
  nextAt: string | null;
}

export function createAddressCheckRequestsRepository() {
  return {
    /** The order's row with the key of its ship-to now; undefined when the tenant has no such order. */
    async read(tx: Executor, tenantId: string, orderId: number): Promise<StoredCheck | null | undefined> {
      const [row] = await rowsOf<{
        found: boolean;
        live_key: string | null;
        status: string | null;
        address_key: string | null;
        carrier: string | null;
        residential: boolean | null;
        suggestion: CheckedAddress | null;
        candidates: CheckedAddress[] | null;
        messages: string[] | null;
        checked_at: string | Date | null;
        next_at: string | Date | null;
      }>(
        tx,
        sql`SELECT true AS found, ${SHIP_TO_KEY} AS live_key, c.status, c.address_key, c.carrier, c.residential,
            c.suggestion, c.candidates, c.messages, c.checked_at, c.next_at
          FROM orders o
          LEFT JOIN order_addresses a ON ${SHIPPING_ADDRESS}
          LEFT JOIN address_checks c ON c.tenant_id = o.tenant_id AND c.order_id = o.id
          WHERE o.tenant_id = ${tenantId} AND o.id = ${orderId}`,
      );
      if (!row) return undefined;
      if (row.status === null) return null;
      return {
        status: row.status,
        addressKey: row.address_key ?? '',
        liveKey: row.live_key,
        carrier: row.carrier,
        residential: row.residential,
        suggestion: row.suggestion,
        candidates: row.candidates ?? [],
        messages: row.messages ?? [],
        checkedAt: iso(row.checked_at),
        nextAt: iso(row.next_at),
      };
    },

    /** Which of `orderIds` are the tenant's orders (the others: unknown or another tenant's). */
    async existing(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<Set<number>> {
      const rows = await rowsOf<{ id: string | number }>(
        tx,
        sql`SELECT id FROM orders WHERE tenant_id = ${tenantId} AND id = ANY(${ids(orderIds)})`,
      );
      return new Set(rows.map((r) => Number(r.id)));
    },

    /**
     * "Check again": the orders' rows pending about their ship-to now (made where missing), and the cached answers
     * about those addresses forgotten, so the carrier is asked. Answers the orders queued (those with a ship-to).
     */
    async requestAgain(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<number> {
      const rows = await rowsOf<{ address_key: string }>(
        tx,
        sql`INSERT INTO address_checks AS c (tenant_id, order_id, status, address_key, next_at)
          SELECT o.tenant_id, o.id, 'pending', ${SHIP_TO_KEY}, now()
          FROM orders o JOIN order_addresses a ON ${SHIPPING_ADDRESS}
          WHERE o.tenant_id = ${tenantId} AND o.id = ANY(${ids(orderIds)})
          ON CONFLICT (tenant_id, order_id) DO UPDATE SET status = 'pending', address_key = excluded.address_key,
            carrier = NULL, carrier_account_id = NULL, residential = NULL, suggestion = NULL, candidates = '[]',
            messages = '[]', attempts = 0, next_at = now(), checked_at = NULL, updated_at = now()
          RETURNING c.address_key`,
      );
      const keys = [...new Set(rows.map((r) => r.address_key))];
      if (keys.length > 0) {
        await tx.execute(sql`DELETE FROM address_check_cache WHERE tenant_id = ${tenantId}
          AND address_key = ANY(ARRAY[${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )}]::text[])`);
      }
      return rows.length;
    },

    /**
     * After the carrier's address was applied to the order: verified, about the address now stored, when it is the
     * one applied (an edit in between leaves the row for the sweep).
     */
    async markApplied(tx: Executor, tenantId: string, orderId: number, applied: CheckedAddress): Promise<void> {
      await tx.execute(sql`UPDATE address_checks c SET status = 'verified', address_key = ${SHIP_TO_KEY},
          suggestion = NULL, candidates = '[]', messages = '[]', attempts = 0, next_at = NULL, checked_at = now(),
          updated_at = now()
        FROM order_addresses a
        WHERE c.tenant_id = ${tenantId} AND c.order_id = ${orderId} AND a.tenant_id = c.tenant_id
          AND a.order_id = c.order_id AND a.type = 'shipping' AND ${SHIP_TO_KEY} = ${checkedAddressKey(applied)}`);
    },

    /** The check of the order's ship-to now (not of an address it had before), for labels and batches. */
    async current(
      tx: Executor,
      tenantId: string,
      orderId: number,
    ): Promise<{ status: string; residential: boolean | null; messages: string[] } | null> {
      const [row] = await rowsOf<{ status: string; residential: boolean | null; messages: string[] }>(
        tx,
        sql`SELECT c.status, c.residential, c.messages FROM address_checks c
          JOIN order_addresses a ON a.tenant_id = c.tenant_id AND a.order_id = c.order_id AND a.type = 'shipping'
          WHERE c.tenant_id = ${tenantId} AND c.order_id = ${orderId} AND c.address_key = ${SHIP_TO_KEY}`,
      );
      return row ?? null;
    },
  };
}
