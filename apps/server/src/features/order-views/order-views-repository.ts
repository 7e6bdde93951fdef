import { DEFAULT_ORDER_LIST_PREFERENCES } from '@shipdesk/contract';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  orderListPreferences,
  orderListViews,
  type OrderListPreferencesRow,
  type OrderListViewRow,
} from '../../db/schema/index.ts';

type PreferencesValues = Partial<Pick<OrderListPreferencesRow, 'pageSize' | 'density' | 'hiddenColumns'>>;
export type ViewValues = Pick<OrderListViewRow, 'name' | 'filters' | 'sort' | 'hiddenColumns' | 'pageSize' | 'density'>;

/** Both drivers answer `execute` with `{ rows }`. */
async function rowsOf<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** All SQL of the list's per-user preferences and saved views; every function takes the tenant's transaction. */
export function createOrderViewsRepository() {
  const ownView = (tenantId: string, userId: string, id: number) =>
    and(eq(orderListViews.tenantId, tenantId), eq(orderListViews.userId, userId), eq(orderListViews.id, id));

  return {
    async findPreferences(tx: Executor, tenantId: string, userId: string) {
      const [row] = await tx
        .select()
        .from(orderListPreferences)
        .where(and(eq(orderListPreferences.tenantId, tenantId), eq(orderListPreferences.userId, userId)));
      return row;
    },

    /** Writes what changes (a first write keeps the defaults for the rest) and answers the whole row. */
    async savePreferences(
      tx: Executor,
      tenantId: string,
      userId: string,
      values: PreferencesValues,
    ): Promise<OrderListPreferencesRow> {
      const [row] = await tx
        .insert(orderListPreferences)
        .values({ tenantId, userId, hiddenColumns: [...DEFAULT_ORDER_LIST_PREFERENCES.hiddenColumns], ...values })
        .onConflictDoUpdate({
          target: [orderListPreferences.tenantId, orderListPreferences.userId],
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },

    /**
     * Takes the user's lock for view writes: their preferences row, made with the defaults when they have none. Two
     * requests of one user then write views one after the other, so the limit and the unique names hold.
     */
    async lockUser(tx: Executor, tenantId: string, userId: string): Promise<void> {
      await tx
        .insert(orderListPreferences)
        .values({ tenantId, userId, hiddenColumns: [...DEFAULT_ORDER_LIST_PREFERENCES.hiddenColumns] })
        .onConflictDoNothing();
      await tx
        .select({ userId: orderListPreferences.userId })
        .from(orderListPreferences)
        .where(and(eq(orderListPreferences.tenantId, tenantId), eq(orderListPreferences.userId, userId)))
        .for('update');
    },

    listViews(tx: Executor, tenantId: string, userId: string): Promise<OrderListViewRow[]> {
      return tx
        .select()
        .from(orderListViews)
        .where(and(eq(orderListViews.tenantId, tenantId), eq(orderListViews.userId, userId)))
        .orderBy(asc(sql`lower(${orderListViews.name})`), asc(orderListViews.id));
    },

    async countViews(tx: Executor, tenantId: string, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(orderListViews)
        .where(and(eq(orderListViews.tenantId, tenantId), eq(orderListViews.userId, userId)));
      return Number(row?.n ?? 0);
    },

    async findView(tx: Executor, tenantId: string, userId: string, id: number) {
      const [row] = await tx
        .select()
        .from(orderListViews)
        .where(ownView(tenantId, userId, id));
      return row;
    },

    /** Another view of the user with this name (case ignored), but `exceptId`. */
    async nameTaken(tx: Executor, tenantId: string, userId: string, name: string, exceptId?: number) {
      const [row] = await tx
        .select({ id: orderListViews.id })
        .from(orderListViews)
        .where(
          and(
            eq(orderListViews.tenantId, tenantId),
            eq(orderListViews.userId, userId),
            sql`lower(${orderListViews.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(orderListViews.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertView(tx: Executor, tenantId: string, userId: string, values: ViewValues) {
      const [row] = await tx
        .insert(orderListViews)
        .values({ tenantId, userId, ...values })
        .returning();
      return row!;
    },

    async updateView(tx: Executor, tenantId: string, userId: string, id: number, values: Partial<ViewValues>) {
      const [row] = await tx
        .update(orderListViews)
        .set({ ...values, updatedAt: new Date() })
        .where(ownView(tenantId, userId, id))
        .returning();
      return row;
    },

    async deleteView(tx: Executor, tenantId: string, userId: string, id: number): Promise<boolean> {
      const rows = await tx
        .delete(orderListViews)
        .where(ownView(tenantId, userId, id))
        .returning({ id: orderListViews.id });
      return rows.length > 0;
    },

    /**
     * The tenant's distinct requested services, first `limit` in order of their key, each as one of its orders has
     * it. A skip scan of orders_tenant_requested_service_idx: one index probe per service, however many orders.
     */
    async requestedServices(tx: Executor, tenantId: string, limit: number): Promise<string[]> {
      const rows = await rowsOf<{ service: string }>(
        tx,
        sql`WITH RECURSIVE services(key) AS (
              (SELECT requested_service_key FROM orders
               WHERE tenant_id = ${tenantId} AND requested_service_key > ''
               ORDER BY requested_service_key LIMIT 1)
              UNION ALL
              SELECT (SELECT o.requested_service_key FROM orders o
                      WHERE o.tenant_id = ${tenantId} AND o.requested_service_key > s.key
                      ORDER BY o.requested_service_key LIMIT 1)
              FROM services s WHERE s.key IS NOT NULL
            )
            SELECT (SELECT btrim(o.requested_shipping_method) FROM orders o
                    WHERE o.tenant_id = ${tenantId} AND o.requested_service_key = s.key
                    ORDER BY o.id DESC LIMIT 1) AS service
            FROM (SELECT key FROM services WHERE key IS NOT NULL LIMIT ${limit}) AS s
            ORDER BY s.key`,
      );
      return rows.map((r) => r.service);
    },
  };
}
