import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { returnsRoutes } from './returns-routes.ts';

/** Return labels, signed in: made from an order or for selected orders, their documents, void and e-mail. */
export const returnsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(returnsRoutes);
};

export { returnsPlugin } from './returns-plugin.ts';
