import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { storeReconcileRoutes } from './store-reconcile-routes.ts';

/** A store's missing-orders check, signed in (Admin or Manager): the routes. */
export const storeReconcileFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(storeReconcileRoutes);
};

export { storeReconcilePlugin } from './store-reconcile-plugin.ts';
