import type { SetupGuide } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { computeSetupGuide } from './setup-guide-steps.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createSetupGuideRepository } from './setup-guide-repository.ts';

export function createSetupGuideService(database: Database) {
  const repo = createSetupGuideRepository(database.db);
  return {
    /** The steps as the tenant's data shows them now. */
    get(auth: AuthContext): Promise<SetupGuide> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const guide = computeSetupGuide(await repo.readFacts(auth.tenantId, tx));
        if (guide.completed === guide.total) await repo.markFirstCompleted(auth.tenantId, tx);
        return guide;
      });
    },
  };
}
