import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';

/**
 * The SQL of eBay notifications: a store's row as its setup and its endpoint read it (tenant transactions), and the
 * one cross-tenant read, the store an endpoint's unguessable key names (owner connection, ids only).
 */

const columns = {
  id: stores.id,
  sourceType: stores.sourceType,
  settings: stores.settings,
  credentials: stores.credentials,
  webhookKey: stores.webhookKey,
  archivedAt: stores.archivedAt,
  pushStatus: stores.pushStatus,
  pushError: stores.pushError,
  lastHeardAt: stores.lastHeardAt,
  pushCounts: stores.pushCounts,
};

export type EbayNotificationStore = Awaited<ReturnType<typeof findStore>>;

async function findStore(tx: Executor, tenantId: string, storeId: number, forUpdate = false) {
  const query = tx
    .select(columns)
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export function createEbayNotificationsRepository() {
  return {
    findStore,

    async storeByKey(db: Executor, webhookKey: string): Promise<{ tenantId: string; storeId: number } | null> {
      const result = await db.execute(sql`SELECT tenant_id, id FROM stores WHERE webhook_key = ${webhookKey}`);
      const [row] = (result as unknown as { rows: Array<{ tenant_id: string; id: string | number }> }).rows;
      return row ? { tenantId: row.tenant_id, storeId: Number(row.id) } : null;
    },

    /** Keeps the sealed credentials (read under `findStore(…, true)` in the same transaction) and the endpoint key. */
    async saveSetup(
      tx: Executor,
      tenantId: string,
      storeId: number,
      change: { credentials: string | null; webhookKey: string | null },
    ): Promise<void> {
      await tx
        .update(stores)
        .set({ credentials: change.credentials, webhookKey: change.webhookKey, updatedAt: sql`now()` })
        .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
    },
  };
}
