import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { configs, setupGuideState, tenants, users } from '../../db/schema/index.ts';

interface SeenUser {
  tenantId: string;
  issuer: string;
  subject: string;
  email: string;
  roleId: number;
}

/** All SQL about tenants and their users. Every function takes the tenant-scoped transaction. */
export function createTenantsRepository() {
  return {
    async ensureTenant(tx: Executor, tenantId: string) {
      await tx.insert(tenants).values({ id: tenantId }).onConflictDoNothing({ target: tenants.id });
      const [row] = await tx
        .select()
        .from(tenants)
        .where(sql`${tenants.id} = ${tenantId}`);
      return row!;
    },

    async upsertUser(tx: Executor, user: SeenUser) {
      await tx
        .insert(users)
        .values({ ...user, lastSeenAt: new Date() })
        .onConflictDoUpdate({
          target: [users.tenantId, users.issuer, users.subject],
          set: { email: user.email, roleId: user.roleId, lastSeenAt: new Date() },
        });
    },

    /** Writes the given entries only where the tenant has none; returns how many were new. */
    async insertMissingConfigs(
      tx: Executor,
      tenantId: string,
      entries: ReadonlyArray<{ key: string; value: string | null; options: object | null }>,
    ): Promise<number> {
      if (entries.length === 0) return 0;
      const inserted = await tx
        .insert(configs)
        .values(
          entries.map((e) => ({
            tenantId,
            key: e.key,
            value: e.value,
            options: e.options as Record<string, unknown> | null,
            updatedBy: null,
          })),
        )
        .onConflictDoNothing({ target: [configs.tenantId, configs.key] })
        .returning({ key: configs.key });
      return inserted.length;
    },

    async ensureSetupGuideState(tx: Executor, tenantId: string) {
      await tx.insert(setupGuideState).values({ tenantId }).onConflictDoNothing({ target: setupGuideState.tenantId });
    },
  };
}
