import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { boxSizesRoutes } from './box-sizes-routes.ts';
import { deliveriesRoutes } from './deliveries-routes.ts';
import { orderLifecycleRoutes } from './order-lifecycle-routes.ts';
import { orderNotesRoutes } from './order-notes-routes.ts';
import { orderShippingRoutes } from './order-shipping-routes.ts';
import { ordersRoutes } from './orders-routes.ts';
import { packingSlipsRoutes } from './packing-slips-routes.ts';

/** Orders: the list, view and manual add, the lifecycle events, notes, deliveries, box sizes and packing slips. */
export const ordersFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(ordersRoutes);
  await app.register(orderLifecycleRoutes);
  await app.register(orderNotesRoutes);
  await app.register(orderShippingRoutes);
  await app.register(deliveriesRoutes);
  await app.register(boxSizesRoutes);
  await app.register(packingSlipsRoutes);
};

export { seedBoxSizes } from './box-sizes-repository.ts';
