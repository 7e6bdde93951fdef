import { sql, type SQL } from 'drizzle-orm';
import type { CheckedAddress } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { AddressCheckOutcome, AddressServiceLimits } from '../../integrations/carriers/carrier-types.ts';
import { checkedAddressKey } from './address-check-sql.ts';
import { claimCalls, spendCalls } from '../../lib/call-budget.ts';

/**
 * The SQL of what spares the carriers: the cache of their answers per normalised address (per tenant and carrier), and
 * each carrier account's budget of calls in the current window (address_check_quotas), shared by every instance.
 */

async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
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

    /** Claims up to `wanted` calls of the account's budget (lib/call-budget.ts). */
    claim: (tx: Executor, tenantId: string, accountId: number, wanted: number, limits: AddressServiceLimits) =>
      claimCalls(tx, 'address_check_quotas', { tenantId, accountId }, wanted, limits),

    /** The carrier said its limit is reached (a 429): nothing more is asked of it until the window ends. */
    spend: (tx: Executor, tenantId: string, accountId: number, limits: AddressServiceLimits) =>
      spendCalls(tx, 'address_check_quotas', { tenantId, accountId }, limits),
  };
}
