import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiKeyRoutes } from './api-keys-routes.ts';
import { configsRoutes } from './configs-routes.ts';

/** Settings: the tenant's config entries and its API key. */
export const settingsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(configsRoutes);
  await app.register(apiKeyRoutes);
};

export { createApiKeyVerifier } from './api-key-verifier.ts';
export { createConfigsRepository } from './configs-repository.ts';
export { tenantUnitSystem } from './tenant-units.ts';
