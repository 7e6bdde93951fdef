import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stores } from '../stores/stores-tables.ts';

/**
 * The queries of Amazon notifications (amazon-push-service.ts). The sweep and the queue check read across tenants
 * on the owner connection (ids and sealed blobs only); everything else runs in the tenant's row-level security.
 */

export type AmazonStoreRow = Pick<
  typeof stores.$inferSelect,
  | 'tenantId'
  | 'id'
  | 'sourceType'
  | 'settings'
  | 'credentials'
  | 'archivedAt'
  | 'pushStatus'
  | 'pushError'
  | 'lastHeardAt'
  | 'pushCounts'
>;

const columns = {
  tenantId: stores.tenantId,
  id: stores.id,
  sourceType: stores.sourceType,
  settings: stores.settings,
  credentials: stores.credentials,
  archivedAt: stores.archivedAt,
  pushStatus: stores.pushStatus,
  pushError: stores.pushError,
  lastHeardAt: stores.lastHeardAt,
  pushCounts: stores.pushCounts,
};

const LISTENING = ['pending', 'active'];

export function createAmazonPushRepository() {
  return {
    /** The store, locked when `forUpdate` (a credentials write must not lose a concurrent one). */
    async find(tx: Executor, tenantId: string, storeId: number, forUpdate = false): Promise<AmazonStoreRow | null> {
      const query = tx
        .select(columns)
        .from(stores)
        .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async saveCredentials(tx: Executor, tenantId: string, storeId: number, sealed: string | null): Promise<void> {
      await tx
        .update(stores)
        .set({ credentials: sealed, updatedAt: sql`now()` })
        .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
    },

    /** Every Amazon store whose notifications are on, in every tenant (the poll sweep). */
    async listening(db: Executor): Promise<Array<{ tenantId: string; id: number }>> {
      return db
        .select({ tenantId: stores.tenantId, id: stores.id })
        .from(stores)
        .where(and(eq(stores.sourceType, 'AmazonSP'), inArray(stores.pushStatus, LISTENING), isNull(stores.archivedAt)))
        .orderBy(stores.tenantId, stores.id);
    },

    /** The other Amazon stores with notifications set up (any tenant): their sealed credentials, to compare queues. */
    async othersSetUp(db: Executor, tenantId: string, storeId: number) {
      return db
        .select({ tenantId: stores.tenantId, id: stores.id, credentials: stores.credentials })
        .from(stores)
        .where(
          and(
            eq(stores.sourceType, 'AmazonSP'),
            inArray(stores.pushStatus, [...LISTENING, 'failed']),
            sql`NOT (${stores.tenantId} = ${tenantId} AND ${stores.id} = ${storeId})`,
          ),
        );
    },
  };
}
