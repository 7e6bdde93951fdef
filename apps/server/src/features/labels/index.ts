import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { labelBatchesRoutes } from './label-batches-routes.ts';
import { labelsRoutes } from './labels-routes.ts';

/** Labels, signed in: documents, previews, voids and tracking-push retries (purchases go through the lifecycle). */
export const labelsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(labelsRoutes);
  await app.register(labelBatchesRoutes);
};

export { labelsPlugin } from './labels-plugin.ts';
// What return labels (features/returns) share with outbound labels: the tenant's carriers, addresses and words.
export { carrierWords, idText, type LabelAccount, type LabelCarriers } from './label-rates.ts';
export { defaultPackageType, parcelRefusal, servicesFor, shipDateIn, shipFrom, shipTo } from './label-shipment.ts';
