import { and, desc, eq, sql } from 'drizzle-orm';
import type { ShippingRule } from '@shipdesk/contract';
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
  };
}
