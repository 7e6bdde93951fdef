import { sql, type SQL } from 'drizzle-orm';
import { pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/**
 * Row-level security, the second wall behind the `tenant_id` filter every repository applies.
 * The role is created by the first migration (a DO block, because roles are cluster-wide and several
 * databases of one cluster may migrate); tenant-scoped work switches to it for the transaction only (SET LOCAL ROLE,
 * written as `set_config('role', ..., true)` so that it shares a round trip with the tenant setting).
 */
export const APP_ROLE = 'shipdesk_app';
export const TENANT_SETTING = 'app.tenant_id';

export const appRole = pgRole(APP_ROLE).existing();

/** The policy every business table carries: rows of the tenant named by the transaction setting only. */
export function tenantPolicy(table: string, column: SQL = sql`tenant_id`) {
  const own = sql`${column} = current_setting('app.tenant_id', true)`;
  return pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: own,
    withCheck: own,
  });
}
