import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { boxSizesRoutes } from './box-sizes-routes.ts';
import { deliveriesRoutes } from './deliveries-routes.ts';
import { orderEditsRoutes } from './order-edits-routes.ts';
import { orderWeightsRoutes } from './order-weights-routes.ts';
import { orderLifecycleRoutes } from './order-lifecycle-routes.ts';
import type { OrderRules } from './new-order-rules.ts';
import type { LabelEvents } from './order-lifecycle-service.ts';
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
export const ordersFeature: FastifyPluginAsyncTypebox<{ labels?: LabelEvents; rules: OrderRules }> = async (
  app,
  options,
) => {
  const { labels, rules } = options;
  await app.register(ordersRoutes, { rules });
  await app.register(ordersExportRoutes);
  await app.register(orderLifecycleRoutes, { labels, rules });
  await app.register(orderNotesRoutes);
  await app.register(orderShippingRoutes);
  await app.register(orderRuleSettingsRoutes, { rules });
  await app.register(orderEditsRoutes, { rules });
  await app.register(orderWeightsRoutes, { rules });
  await app.register(deliveriesRoutes);
  await app.register(boxSizesRoutes);
  await app.register(packingSlipsRoutes);
};

/*
 * What other features may use of orders. The use cases below are the only writers of an order's statuses and of its
 * timeline (`order_events`): labels, store sync, shipping rules and every later feature call them and never write
 * either themselves (security/order-writers.test.ts fails when one does). Everything else of this folder, its
 * repository first, is its own.
 */

// Change one order (lock, version, statuses, timeline row); many at once (a channel's newer copies); or only append
// timeline rows of many orders in one statement (a pull page's imports, a rules run, a reship's original).
export { changeOrder, changeOrders, lockOrder, recordOrderEvents, type TimelineRow } from './order-changes.ts';
// May this event happen now: the lifecycle's statuses and guards, asked by a label purchase before it reserves.
export { checkOrderEvent, type LabelEvents } from './order-lifecycle-service.ts';
// The statuses an order has once its shipped units changed: a label bought or voided hands them to changeOrder.
export { statusesAfterShipping } from './order-shipment-status.ts';
export { refreshOrderParcels } from './order-parcels.ts';
// What orders ask of the shipping rules on new orders (handed in by app.ts: the rules write through this feature).
export type { OrderRules } from './new-order-rules.ts';
// A batch's packing slips, each with its timeline row.
export { createPackingSlipsService } from './packing-slips-service.ts';
// The starter box sizes: a new tenant gets them, and so does one whose first label form drafts a parcel.
export { seedBoxSizes } from './box-sizes-repository.ts';
// `orders:changed` after commit, for every feature that changed an order through the use cases.
export { ordersNotifier, type OrdersNotifier } from './orders-notifier.ts';

// Read helpers, each for a need another feature cannot meet without reading orders' tables:
// - findOrder: labels read the order's parcel, hold and channel fields for rates, batches and tracking pushes;
// - orderView: a label purchase answers orderFlow with the whole order, as the lifecycle does;
// - tenantTimeZone: "today" for a label's ship date and an order's hold;
// - orderTimeline: the shipping rules' "why" list reads the order's `shippingRules` rows;
// - toLabel: a label as the API answers it, the same in an order's deliveries and in labels' own answers;
// - searchText: a store sync inserts a page of orders in one statement, with their search words computed as here.
export { findOrder, orderTimeline, orderView, tenantTimeZone } from './order-reads.ts';
export { toLabel } from './delivery-label-view.ts';
export { searchText } from './order-search.ts';
// - deliveryContents: a label's parcel weighs a delivery's lines (a line without a weight counts its product's), and a
//   batch that cannot weigh it names the lines that need a weight.
export { deliveryContents } from './order-weights-repository.ts';
// - fillLineWeights: the catalogue's background fill writes a product's new weight to the open orders' lines that
//   lacked it, through this feature (lines, deliveries, versions, timeline, shipping and rules; docs/products.md).
export {
  countOrdersToFill,
  fillLineWeights,
  ordersToFill,
  WEIGHT_FILLED_EVENT,
  type FillOutcome,
} from './order-weights-fill.ts';

// For the benchmarks (bench/src), which measure the list and the view with the server's own code: the service whose
// statements they record, the list query's reading and cursor encoding, and the search vector a bulk load fills in.
export { createOrdersService } from './orders-service.ts';
export { encodeCursor, parseOrderQuery } from './order-list-query.ts';
export { STORED_SEARCH_VECTOR_SQL } from './order-search.ts';
