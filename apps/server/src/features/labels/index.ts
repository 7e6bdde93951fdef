import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { labelBatchesRoutes } from './label-batches-routes.ts';
import { labelsRoutes } from './labels-routes.ts';

/** Labels, signed in: documents, previews, voids and tracking-push retries (purchases go through the lifecycle). */
export const labelsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(labelsRoutes);
  await app.register(labelBatchesRoutes);
};

export { labelsPlugin } from './labels-plugin.ts';
