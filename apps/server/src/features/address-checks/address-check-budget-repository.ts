import { sql, type SQL } from 'drizzle-orm';
import type { CheckedAddress } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { AddressCheckOutcome, AddressServiceLimits } from '../../integrations/carriers/carrier-types.ts';
import { checkedAddressKey } from './address-check-sql.ts';

/**
 * The SQL of what spares the carriers: the cache of their answers per normalised address (per tenant and carrier), and
 * each carrier account's budget of calls in the current window (address_check_quotas), shared by every instance.
 */

async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Grant {
  /** Calls this run may make now (0: the window is spent). */
  granted: number;
  /** When the current window ends (ISO): the first moment more calls may be made. */
  windowEndsAt: string;
}

export function createAddressCheckBudgetRepository() {
  return {
    /** The carrier's answers about `keys` younger than `maxAgeDays`, by key. */
    async cached(
      tx: Executor,
      tenantId: string,
      carrier: string,
      keys: readonly string[],
      maxAgeDays: number,
    ): Promise<Map<string, AddressCheckOutcome>> {
      if (keys.length === 0) return new Map();
      const rows = await rowsOf<{ address_key: string; outcome: AddressCheckOutcome }>(
        tx,
        sql`SELECT address_key, outcome FROM address_check_cache
          WHERE tenant_id = ${tenantId} AND carrier = ${carrier}
            AND address_key = ANY(ARRAY[${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}]::text[])
            AND checked_at > now() - make_interval(days => ${maxAgeDays})`,
      );
      return new Map(rows.map((r) => [r.address_key, r.outcome]));
    },

    /**
     * Keeps the carrier's answer about `key`; a correction is kept too as verified under its own key (the carrier's
     * form of the address is one it knows), so an order whose ship-to is that form is not asked about again.
     */
    async remember(
      tx: Executor,
      tenantId: string,
      carrier: string,
      key: string,
      outcome: AddressCheckOutcome,
    ): Promise<void> {
      const upsert = (keySql: SQL, value: AddressCheckOutcome) =>
        tx.execute(sql`INSERT INTO address_check_cache (tenant_id, carrier, address_key, outcome, checked_at)
          VALUES (${tenantId}, ${carrier}, ${keySql}, ${JSON.stringify(value)}::jsonb, now())
          ON CONFLICT (tenant_id, carrier, address_key) DO UPDATE SET outcome = excluded.outcome, checked_at = now()`);
      await upsert(sql`${key}`, outcome);
      if (outcome.status === 'corrected') {
        const verified: AddressCheckOutcome = { status: 'verified', residential: outcome.residential, messages: [] };
        await upsert(checkedAddressKey(outcome.suggestion as CheckedAddress), verified);
      }
    },

    /**
     * Claims up to `wanted` calls of the account's budget in the caller's transaction (the row locked): a window that
     * has ended starts a new one now. Every instance claims from the same row, so together they keep to the limit.
     */
    async claim(
      tx: Executor,
      tenantId: string,
      accountId: number,
      wanted: number,
      limits: AddressServiceLimits,
    ): Promise<Grant> {
      await tx.execute(sql`INSERT INTO address_check_quotas (tenant_id, carrier_account_id, window_started_at, used)
        VALUES (${tenantId}, ${accountId}, now(), 0) ON CONFLICT DO NOTHING`);
      const [row] = await rowsOf<{ used: number; window_ends_at: string | Date }>(
        tx,
        sql`UPDATE address_check_quotas q SET
            window_started_at = w.started_at,
            used = w.used + least(${wanted}, greatest(0, ${limits.callsPerWindow} - w.used))
          FROM (
            SELECT CASE WHEN window_started_at + make_interval(secs => ${limits.windowSeconds}) <= now()
                     THEN now() ELSE window_started_at END AS started_at,
                   CASE WHEN window_started_at + make_interval(secs => ${limits.windowSeconds}) <= now()
                     THEN 0 ELSE used END AS used
            FROM address_check_quotas
            WHERE tenant_id = ${tenantId} AND carrier_account_id = ${accountId} FOR UPDATE) AS w
          WHERE q.tenant_id = ${tenantId} AND q.carrier_account_id = ${accountId}
          RETURNING least(${wanted}, greatest(0, ${limits.callsPerWindow} - w.used)) AS used,
            q.window_started_at + make_interval(secs => ${limits.windowSeconds}) AS window_ends_at`,
      );
      return { granted: Number(row?.used ?? 0), windowEndsAt: new Date(row!.window_ends_at).toISOString() };
    },

    /** The carrier said its limit is reached (a 429): nothing more is asked of it until the window ends. */
    async spend(tx: Executor, tenantId: string, accountId: number, limits: AddressServiceLimits): Promise<void> {
      await tx.execute(sql`UPDATE address_check_quotas SET used = greatest(used, ${limits.callsPerWindow})
        WHERE tenant_id = ${tenantId} AND carrier_account_id = ${accountId}`);
    },
  };
}
