import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  marketplaceInstalls,
  orders,
  stores,
  syncRuns,
  type StoreRow,
  type SyncRunRow,
} from '../../db/schema/index.ts';

/** All SQL of the stores module; every function takes the tenant and a `withTenant` transaction. */

export type StoreFilter =
  | { field: 'name'; op: 'eq' | 'like'; value: string }
  | { field: 'sourceType' | 'status'; op: 'eq' | 'in'; values: string[] };

function whereOf(tenantId: string, filters: readonly StoreFilter[], archived: boolean): SQL {
  const parts: SQL[] = [eq(stores.tenantId, tenantId)];
  if (!archived) parts.push(isNull(stores.archivedAt));
  for (const f of filters) {
    if (f.field === 'name') {
      parts.push(
        f.op === 'eq' ? eq(stores.name, f.value) : ilike(stores.name, `%${f.value.replace(/[\\%_]/g, '\\$&')}%`),
      );
    } else {
      parts.push(inArray(f.field === 'sourceType' ? stores.sourceType : stores.status, f.values));
    }
  }
  return and(...parts)!;
}

export function createStoresRepository() {
  return {
    async list(
      tx: Executor,
      tenantId: string,
      filters: readonly StoreFilter[],
      page: { size: number; offset: number },
      archived = false,
    ): Promise<{ rows: StoreRow[]; total: number }> {
      const where = whereOf(tenantId, filters, archived);
      const rows = await tx
        .select()
        .from(stores)
        .where(where)
        .orderBy(asc(stores.createdAt), asc(stores.id))
        .limit(page.size)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(stores).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async find(tx: Executor, tenantId: string, storeId: number): Promise<StoreRow | undefined> {
      const [row] = await tx
        .select()
        .from(stores)
        .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
      return row;
    },

    async insert(tx: Executor, values: typeof stores.$inferInsert): Promise<StoreRow> {
      const [row] = await tx.insert(stores).values(values).returning();
      return row!;
    },

    async update(
      tx: Executor,
      tenantId: string,
      storeId: number,
      values: Partial<typeof stores.$inferInsert>,
    ): Promise<StoreRow | undefined> {
      const [row] = await tx
        .update(stores)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)))
        .returning();
      return row;
    },

    /** Orders per store, for the list (an index-only count on orders_tenant_store_idx). */
    async orderCounts(tx: Executor, tenantId: string, storeIds: number[]): Promise<Map<number, number>> {
      if (storeIds.length === 0) return new Map();
      const found = await tx
        .select({ storeId: orders.storeId, n: count() })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), inArray(orders.storeId, storeIds)))
        .groupBy(orders.storeId);
      return new Map(found.map((r) => [Number(r.storeId), Number(r.n)]));
    },

    /** The latest run of each store. */
    async latestRuns(tx: Executor, tenantId: string, storeIds: number[]): Promise<Map<number, SyncRunRow>> {
      if (storeIds.length === 0) return new Map();
      const found = await tx
        .selectDistinctOn([syncRuns.storeId])
        .from(syncRuns)
        .where(and(eq(syncRuns.tenantId, tenantId), inArray(syncRuns.storeId, storeIds)))
        .orderBy(syncRuns.storeId, sql`${syncRuns.id} DESC`);
      return new Map(found.map((r) => [r.storeId, r]));
    },

    async sampleOrderNumber(tx: Executor, tenantId: string, storeId: number): Promise<string | undefined> {
      const [row] = await tx
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.storeId, storeId)))
        .orderBy(sql`${orders.id} DESC`)
        .limit(1);
      return row?.orderNumber;
    },

    async installsOf(tx: Executor, tenantId: string) {
      return tx
        .select()
        .from(marketplaceInstalls)
        .where(and(eq(marketplaceInstalls.tenantId, tenantId), isNull(marketplaceInstalls.uninstalledAt)))
        .orderBy(asc(marketplaceInstalls.installedAt));
    },
  };
}
