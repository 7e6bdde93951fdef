import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { productFillRoutes } from './product-fill-routes.ts';
import { productsImportRoutes } from './products-import-routes.ts';
import { productsRoutes } from './products-routes.ts';

/** The product catalogue: CRUD, archive and restore, CSV import and export (docs/products.md). */
export const productsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(productsRoutes);
  await app.register(productsImportRoutes);
  await app.register(productFillRoutes);
};

// The fill of open orders from the catalogue on the engine (app.ts registers it beside the other queues).
export { productFillPlugin } from './product-fill-plugin.ts';

export { recordChannelProducts } from './products-channel-repository.ts';
