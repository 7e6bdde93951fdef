import { DEFAULT_CONFIGS, type TenantProvision } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { seedBoxSizes } from '../orders/index.ts';
import { createTenantsRepository } from './tenants-repository.ts';

export function createTenantsService(database: Database) {
  const repo = createTenantsRepository();
  return {
    /** Records the tenant and the user of a verified token (first sight per process). */
    recordSighting(auth: AuthContext): Promise<void> {
      return database.withTenant(auth.tenantId, async (tx) => {
        await repo.ensureTenant(tx, auth.tenantId);
        await repo.upsertUser(tx, {
          tenantId: auth.tenantId,
          issuer: auth.issuer,
          subject: auth.userId,
          email: auth.email,
          roleId: auth.roleId,
        });
      });
    },

    /**
     * `POST /call/verifyNewUserRegister`: makes sure the caller's tenant has its row, its default settings and
     * its setup-guide state, in one transaction. Existing data is never touched, so a second call changes nothing.
     */
    provision(auth: Pick<AuthContext, 'tenantId'>): Promise<TenantProvision> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const tenant = await repo.ensureTenant(tx, auth.tenantId);
        await repo.insertMissingConfigs(tx, auth.tenantId, DEFAULT_CONFIGS);
        await repo.ensureSetupGuideState(tx, auth.tenantId);
        await seedBoxSizes(tx, auth.tenantId);
        return { tenantId: tenant.id, timeZone: tenant.timeZone };
      });
    },
  };
}
export type TenantsService = ReturnType<typeof createTenantsService>;
