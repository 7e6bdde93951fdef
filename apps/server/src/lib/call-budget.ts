import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * A carrier account's budget of calls per window, kept in a quota table (tenant_id, carrier_account_id,
 * window_started_at, used) that every instance claims from, so that together they keep to the carrier's limit:
 * the address checks' (address_check_quotas) and tracking's (tracking_quotas).
 */
type QuotaTable = 'address_check_quotas' | 'tracking_quotas';

interface CallBudgetLimits {
  callsPerWindow: number;
  windowSeconds: number;
}

interface CallGrant {
  /** Calls this run may make now (0: the window is spent). */
  granted: number;
  /** When the current window ends (ISO): the first moment more calls may be made. */
  windowEndsAt: string;
}

async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Claims up to `wanted` calls of the account's budget in the caller's transaction (the row locked): a window that
 * has ended starts a new one now.
 */
export async function claimCalls(
  tx: Executor,
  table: QuotaTable,
  key: { tenantId: string; accountId: number },
  wanted: number,
  limits: CallBudgetLimits,
): Promise<CallGrant> {
  const { tenantId, accountId } = key;
  const quotas = sql.raw(table);
  await tx.execute(sql`INSERT INTO ${quotas} (tenant_id, carrier_account_id, window_started_at, used)
    VALUES (${tenantId}, ${accountId}, now(), 0) ON CONFLICT DO NOTHING`);
  const [row] = await rowsOf<{ used: number; window_ends_at: string | Date }>(
    tx,
    sql`UPDATE ${quotas} q SET
        window_started_at = w.started_at,
        used = w.used + least(${wanted}, greatest(0, ${limits.callsPerWindow} - w.used))
      FROM (
        SELECT CASE WHEN window_started_at + make_interval(secs => ${limits.windowSeconds}) <= now()
                 THEN now() ELSE window_started_at END AS started_at,
               CASE WHEN window_started_at + make_interval(secs => ${limits.windowSeconds}) <= now()
                 THEN 0 ELSE used END AS used
        FROM ${quotas}
        WHERE tenant_id = ${tenantId} AND carrier_account_id = ${accountId} FOR UPDATE) AS w
      WHERE q.tenant_id = ${tenantId} AND q.carrier_account_id = ${accountId}
      RETURNING least(${wanted}, greatest(0, ${limits.callsPerWindow} - w.used)) AS used,
        q.window_started_at + make_interval(secs => ${limits.windowSeconds}) AS window_ends_at`,
  );
  return { granted: Number(row?.used ?? 0), windowEndsAt: new Date(row!.window_ends_at).toISOString() };
}

/** The carrier said its limit is reached (a 429): nothing more is asked of it until the window ends. */
export async function spendCalls(
  tx: Executor,
  table: QuotaTable,
  key: { tenantId: string; accountId: number },
  limits: CallBudgetLimits,
): Promise<void> {
  await tx.execute(sql`UPDATE ${sql.raw(table)} SET used = greatest(used, ${limits.callsPerWindow})
    WHERE tenant_id = ${key.tenantId} AND carrier_account_id = ${key.accountId}`);
}
