import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiKeys, type ApiKeyRow } from '../../db/schema/index.ts';

/** All SQL about API keys. `tx` is the tenant-scoped transaction, except for the lookup by hash (see there). */
export function createApiKeysRepository() {
  return {
    async working(tx: Executor, tenantId: string): Promise<ApiKeyRow | undefined> {
      const [row] = await tx
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)));
      return row;
    },

    /** Makes concurrent rotations of one tenant take turns, so "one working key" never trips its unique index. */
    async lockTenant(tx: Executor, tenantId: string): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('shipdesk.api_keys'), hashtext(${tenantId}))`);
    },

    async revokeWorking(tx: Executor, tenantId: string, at: Date): Promise<number> {
      const revoked = await tx
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return revoked.length;
    },

    async insert(
      tx: Executor,
      row: { tenantId: string; keyHash: string; last4: string; createdBy: string; createdAt: Date },
    ): Promise<ApiKeyRow> {
      const [inserted] = await tx.insert(apiKeys).values(row).returning();
      return inserted!;
    },

    /**
     * The working key with this hash, in any tenant. Runs on the owner connection (no tenant is known yet: the key
     * is what names it), so it must stay this narrow.
     */
    async findWorkingByHash(db: Executor, keyHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
      return row;
    },

    /** Records use at most once a minute per key, so a busy script does not write on every request. */
    async touch(db: Executor, tenantId: string, id: string, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(apiKeys.tenantId, tenantId),
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - 60_000))),
          ),
        );
    },
  };
}
