import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { boxSizesRoutes } from './box-sizes-routes.ts';
import { deliveriesRoutes } from './deliveries-routes.ts';
import { orderLifecycleRoutes } from './order-lifecycle-routes.ts';
import type { OrderLifecycleOptions } from './order-lifecycle-service.ts';
import { orderNotesRoutes } from './order-notes-routes.ts';
import { orderRuleSettingsRoutes } from './order-rule-settings-routes.ts';
import { orderShippingRoutes } from './order-shipping-routes.ts';
import { ordersExportRoutes } from './orders-export-routes.ts';
import { ordersRoutes } from './orders-routes.ts';
import { packingSlipsRoutes } from './packing-slips-routes.ts';

/**
 * Orders: the list, view and manual add, the lifecycle events, notes, how an order ships and its settings set by hand,
 * deliveries, box sizes and packing slips.
 */
export const ordersFeature: FastifyPluginAsyncTypebox<OrderLifecycleOptions> = async (app, options) => {
  await app.register(ordersRoutes);
  await app.register(ordersExportRoutes);
  await app.register(orderLifecycleRoutes, { labels: options.labels });
  await app.register(orderNotesRoutes);
  await app.register(orderShippingRoutes);
  await app.register(orderRuleSettingsRoutes);
  await app.register(deliveriesRoutes);
  await app.register(boxSizesRoutes);
  await app.register(packingSlipsRoutes);
};

export { seedBoxSizes } from './box-sizes-repository.ts';

// What the label work needs of orders.
export { checkOrderEvent, type LabelEvents } from './order-lifecycle-service.ts';
export { createOrdersRepository, statusesOf } from './orders-repository.ts';
export { ORDER_NOT_FOUND, staleVersion, type OrdersNotifier, type WriteRequest } from './orders-service.ts';
export { parseId, toOrder } from './order-views.ts';
export { requestHash, type IdempotentRequest } from './order-idempotency.ts';
export { idempotencyHeaders, ordersNotifier, writeRequest } from './order-write-request.ts';
export { toLabel } from './delivery-label-view.ts';
export { createPackingSlipsService } from './packing-slips-service.ts';
// The search's words (labels' tracking numbers, channel orders; what the tables say, for tests).
export { STORED_SEARCH_VECTOR_SQL, refreshOrderSearch, searchText } from './order-search.ts';
