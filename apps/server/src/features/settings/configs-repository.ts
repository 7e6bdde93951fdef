import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configs, tenants, type ConfigRow } from '../../db/schema/index.ts';

/** All SQL about tenant settings; `tx` is the tenant-scoped transaction (or the database for admin work). */
export function createConfigsRepository(db: Executor) {
  return {
    list(tenantId: string, tx: Executor = db): Promise<ConfigRow[]> {
      return tx.select().from(configs).where(eq(configs.tenantId, tenantId)).orderBy(asc(configs.key));
    },

    async find(tenantId: string, key: string, tx: Executor = db): Promise<ConfigRow | undefined> {
      const [row] = await tx
        .select()
        .from(configs)
        .where(and(eq(configs.tenantId, tenantId), eq(configs.key, key)));
      return row;
    },

    async upsert(
      tenantId: string,
      entry: { key: string; value: string | null; options: Record<string, unknown> | null; updatedBy: string },
      tx: Executor = db,
    ): Promise<ConfigRow> {
      const now = new Date();
      const [row] = await tx
        .insert(configs)
        .values({ tenantId, ...entry, updatedAt: now })
        .onConflictDoUpdate({
          target: [configs.tenantId, configs.key],
          set: { value: entry.value, options: entry.options, updatedBy: entry.updatedBy, updatedAt: now },
        })
        .returning();
      return row!;
    },

    /** Removes one entry; whether there was one. */
    async remove(tenantId: string, key: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(configs)
        .where(and(eq(configs.tenantId, tenantId), eq(configs.key, key)))
        .returning({ key: configs.key });
      return rows.length > 0;
    },

    /** The tenant's own zone, which dashboard periods and dates use. */
    async setTenantTimeZone(tenantId: string, timeZone: string, tx: Executor = db): Promise<void> {
      await tx
        .insert(tenants)
        .values({ id: tenantId, timeZone })
        .onConflictDoUpdate({ target: tenants.id, set: { timeZone } });
    },
  };
}
