import { and, desc, eq, sql } from 'drizzle-orm';
import type { OrderStatus, ShippingRule } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { ApplicationPayload } from './rule-application-payload.ts';
import { shippingRuleSets, shippingRuleSetVersions, stores } from '../../db/schema/index.ts';
import { orderTimeline } from '../orders/index.ts';

export interface SavedRuleSet {
  scope: string;
  version: number;
  rules: ShippingRule[];
  updatedAt: Date;
  updatedByEmail: string | null;
}

/** The timeline event of an application of the rule sets. */
export const RULES_EVENT = 'shippingRules';

interface StoredApplication extends ApplicationPayload {
  id: number;
  orderId: number;
  at: Date;
}

/** All SQL of rule sets and their applications; every function takes a `withTenant` transaction. */
export function createRuleSetsRepository() {
  const own = (tenantId: string, scope: string) =>
    and(eq(shippingRuleSets.tenantId, tenantId), eq(shippingRuleSets.scope, scope));
  return {
    /** The tenant's saved sets, any scope. */
    async list(tx: Executor, tenantId: string): Promise<SavedRuleSet[]> {
      return tx.select().from(shippingRuleSets).where(eq(shippingRuleSets.tenantId, tenantId));
    },

    /** The versions of the saved sets, by scope: what a rule-set cache checks before it compiles again. */
    async versions(tx: Executor, tenantId: string): Promise<Map<string, number>> {
      const rows = await tx
        .select({ scope: shippingRuleSets.scope, version: shippingRuleSets.version })
        .from(shippingRuleSets)
        .where(eq(shippingRuleSets.tenantId, tenantId));
      return new Map(rows.map((r) => [r.scope, r.version]));
    },

    async find(tx: Executor, tenantId: string, scope: string, lock = false): Promise<SavedRuleSet | undefined> {
      const query = tx.select().from(shippingRuleSets).where(own(tenantId, scope));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The tenant's stores, for the list (one set per store) and to know a scope names one of them. */
    async stores(tx: Executor, tenantId: string): Promise<Array<{ id: number; name: string }>> {
      return tx
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(eq(stores.tenantId, tenantId))
        .orderBy(stores.id);
    },

    /** Writes a new version of the set (the first is 1) and keeps it in the history. */
    async save(tx: Executor, tenantId: string, scope: string, version: number, rules: ShippingRule[], email: string) {
      const values = { rules, updatedByEmail: email, updatedAt: sql`clock_timestamp()`, version };
      const [row] = await tx
        .insert(shippingRuleSets)
        .values({ tenantId, scope, ...values })
        .onConflictDoUpdate({ target: [shippingRuleSets.tenantId, shippingRuleSets.scope], set: values })
        .returning();
      await tx
        .insert(shippingRuleSetVersions)
        .values({ tenantId, scope, version, rules, savedByEmail: email, savedAt: row!.updatedAt });
      return row!;
    },

    async history(tx: Executor, tenantId: string, scope: string) {
      return tx
        .select({
          version: shippingRuleSetVersions.version,
          ruleCount: sql<number>`jsonb_array_length(${shippingRuleSetVersions.rules})::int`,
          savedAt: shippingRuleSetVersions.savedAt,
          savedByEmail: shippingRuleSetVersions.savedByEmail,
        })
        .from(shippingRuleSetVersions)
        .where(and(eq(shippingRuleSetVersions.tenantId, tenantId), eq(shippingRuleSetVersions.scope, scope)))
        .orderBy(desc(shippingRuleSetVersions.version))
        .limit(200);
    },

    async historyVersion(tx: Executor, tenantId: string, scope: string, version: number) {
      const [row] = await tx
        .select()
        .from(shippingRuleSetVersions)
        .where(
          and(
            eq(shippingRuleSetVersions.tenantId, tenantId),
            eq(shippingRuleSetVersions.scope, scope),
            eq(shippingRuleSetVersions.version, version),
          ),
        );
      return row;
    },

    /** The order's last 20 applications, newest first: its `shippingRules` timeline rows (the orders' own read). */
    async applications(tx: Executor, tenantId: string, orderId: number): Promise<StoredApplication[]> {
      const rows = await orderTimeline(tx, tenantId, orderId, RULES_EVENT, 20);
      return rows.map((r) => ({ id: r.id, orderId, at: r.at, ...(r.payload as unknown as ApplicationPayload) }));
    },

    /** The ids of the tenant's ship methods, box sizes and stores: what rules may name. */
    async referenceIds(tx: Executor, tenantId: string) {
      const result = (await tx.execute(sql`
        SELECT 'm' AS kind, id::text AS id FROM ship_methods WHERE tenant_id = ${tenantId} AND archived_at IS NULL
        UNION ALL SELECT 'b', id::text FROM box_sizes WHERE tenant_id = ${tenantId} AND archived_at IS NULL
        UNION ALL SELECT 's', id::text FROM stores WHERE tenant_id = ${tenantId}`)) as unknown as {
        rows: Array<{ kind: string; id: string }>;
      };
      const ids = (kind: string) => new Set(result.rows.filter((r) => r.kind === kind).map((r) => r.id));
      return { shipMethodIds: ids('m'), boxSizeIds: ids('b'), storeIds: ids('s') };
    },

    /** A status tab's order ids, newest first, at most `limit`. */
    async statusOrderIds(tx: Executor, tenantId: string, status: OrderStatus, limit: number): Promise<number[]> {
      const result = (await tx.execute(sql`SELECT id FROM orders WHERE tenant_id = ${tenantId}
        AND order_status = ${status} ORDER BY id DESC LIMIT ${limit}`)) as unknown as { rows: Array<{ id: string }> };
      return result.rows.map((r) => Number(r.id));
    },

    /** Which of these ids are the tenant's orders. */
    async ownOrderIds(tx: Executor, tenantId: string, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const result = (await tx.execute(sql`SELECT id FROM orders WHERE tenant_id = ${tenantId}
        AND id = ANY(ARRAY[${list}]::bigint[])`)) as unknown as { rows: Array<{ id: string }> };
      return result.rows.map((r) => Number(r.id));
    },

    /** Whether the order is the tenant's. */
    async orderExists(tx: Executor, tenantId: string, orderId: number): Promise<boolean> {
      const found = (await tx.execute(
        sql`SELECT 1 AS one FROM orders WHERE tenant_id = ${tenantId} AND id = ${orderId}`,
      )) as unknown as { rows: unknown[] };
      return found.rows.length > 0;
    },
  };
}
