import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marketplaceInstalls, stores, type MarketplaceInstallRow } from '../../db/schema/index.ts';

/**
 * Marketplace installs live outside any tenant until claimed, so these run on the owner's connection; once an
 * install is claimed, its store is written in the tenant's `withTenant` transaction like any other.
 */
export function createMarketplaceRepository() {
  return {
    /** A new install, or the same store installing again: fresh token, back from uninstalled. */
    async upsertInstall(
      db: Executor,
      install: {
        sourceType: string;
        externalRef: string;
        accessToken: string;
        scope: string;
        userEmail: string;
        claimToken: string;
      },
    ): Promise<MarketplaceInstallRow> {
      const [row] = await db
        .insert(marketplaceInstalls)
        .values(install)
        .onConflictDoUpdate({
          target: [marketplaceInstalls.sourceType, marketplaceInstalls.externalRef],
          set: {
            accessToken: install.accessToken,
            scope: install.scope,
            userEmail: install.userEmail,
            uninstalledAt: null,
            installedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },

    async byRef(db: Executor, sourceType: string, externalRef: string): Promise<MarketplaceInstallRow | undefined> {
      const [row] = await db
        .select()
        .from(marketplaceInstalls)
        .where(and(eq(marketplaceInstalls.sourceType, sourceType), eq(marketplaceInstalls.externalRef, externalRef)));
      return row;
    },

    async byClaimToken(db: Executor, claimToken: string): Promise<MarketplaceInstallRow | undefined> {
      const [row] = await db.select().from(marketplaceInstalls).where(eq(marketplaceInstalls.claimToken, claimToken));
      return row;
    },

    /** Attaches an unclaimed install (or one already this tenant's) to the tenant; false when another holds it. */
    async attach(db: Executor, installId: number, tenantId: string): Promise<boolean> {
      const done = await db
        .update(marketplaceInstalls)
        .set({ tenantId })
        .where(
          and(
            eq(marketplaceInstalls.id, installId),
            sql`(${marketplaceInstalls.tenantId} IS NULL OR ${marketplaceInstalls.tenantId} = ${tenantId})`,
          ),
        )
        .returning({ id: marketplaceInstalls.id });
      return done.length > 0;
    },

    async linkStore(db: Executor, installId: number, storeId: number): Promise<void> {
      await db.update(marketplaceInstalls).set({ storeId }).where(eq(marketplaceInstalls.id, installId));
    },

    async markUninstalled(db: Executor, installId: number): Promise<void> {
      await db
        .update(marketplaceInstalls)
        .set({ uninstalledAt: sql`now()`, accessToken: null })
        .where(and(eq(marketplaceInstalls.id, installId), isNull(marketplaceInstalls.uninstalledAt)));
    },

    /** The tenant's store of an install (in its withTenant transaction). */
    async storeOfInstall(tx: Executor, tenantId: string, installId: number) {
      const [row] = await tx
        .select()
        .from(stores)
        .where(and(eq(stores.tenantId, tenantId), eq(stores.installId, installId)));
      return row;
    },

    async updateStore(tx: Executor, tenantId: string, storeId: number, values: Partial<typeof stores.$inferInsert>) {
      await tx
        .update(stores)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
    },

    async insertStore(tx: Executor, values: typeof stores.$inferInsert) {
      const [row] = await tx.insert(stores).values(values).returning();
      return row!;
    },
  };
}
