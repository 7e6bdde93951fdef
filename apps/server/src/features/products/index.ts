import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { productsImportRoutes } from './products-import-routes.ts';
import { productsRoutes } from './products-routes.ts';

/** The product catalogue: CRUD, archive and restore, CSV import and export (docs/products.md). */
export const productsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(productsRoutes);
  await app.register(productsImportRoutes);
};

export { recordChannelProducts, type ChannelProductsResult } from './products-channel-repository.ts';
