import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configs, setupGuideState, shipMethodCarrierMappings, shipMethods, stores } from '../../db/schema/index.ts';

/** The reads behind the setup guide: cheap existence checks on the tenant's own rows. */
export function createSetupGuideRepository(db: Executor) {
  const exists = async (tx: Executor, query: ReturnType<typeof sql>) => {
    const result = (await tx.execute(sql`SELECT EXISTS (${query}) AS present`)) as unknown as {
      rows: Array<{ present: boolean }>;
    };
    return result.rows[0]?.present === true;
  };

  return {
    async readFacts(tenantId: string, tx: Executor = db) {
      const [hasStore, hasShipMethod, hasCarrierMapping] = [
        await exists(tx, sql`SELECT 1 FROM ${stores} WHERE ${stores.tenantId} = ${tenantId}`),
        await exists(tx, sql`SELECT 1 FROM ${shipMethods} WHERE ${shipMethods.tenantId} = ${tenantId}`),
        await exists(
          tx,
          sql`SELECT 1 FROM ${shipMethodCarrierMappings} WHERE ${shipMethodCarrierMappings.tenantId} = ${tenantId}`,
        ),
      ];
      const settings = await tx
        .select({ key: configs.key, options: configs.options, updatedBy: configs.updatedBy })
        .from(configs)
        .where(and(eq(configs.tenantId, tenantId), sql`${configs.key} IN ('warehouse_info', 'ship_label_app_info')`));
      const storeProblems = await tx
        .select({ name: stores.name, problem: stores.problem })
        .from(stores)
        .where(and(eq(stores.tenantId, tenantId), sql`${stores.problem} IS NOT NULL`))
        .orderBy(stores.id)
        .limit(5);
      const warehouse = settings.find((s) => s.key === 'warehouse_info');
      const label = settings.find((s) => s.key === 'ship_label_app_info');
      return {
        hasStore,
        hasShipMethod,
        hasCarrierMapping,
        warehouseOptions: warehouse?.options ?? null,
        labelOptions: label?.options ?? null,
        labelChosenByUser: Boolean(label?.updatedBy),
        storeProblems: storeProblems.map((s) => ({ name: s.name, problem: s.problem ?? '' })),
      };
    },

    /** Remembers the first time every step was done (kept even if a step later turns false). */
    async markFirstCompleted(tenantId: string, tx: Executor = db) {
      await tx
        .insert(setupGuideState)
        .values({ tenantId, firstCompletedAt: new Date() })
        .onConflictDoUpdate({
          target: setupGuideState.tenantId,
          set: { firstCompletedAt: new Date() },
          setWhere: isNull(setupGuideState.firstCompletedAt),
        });
    },
  };
}
