import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { trackingPushHookRoutes, trackingPushRoutes } from './tracking-push-routes.ts';
import { trackingRoutes } from './tracking-routes.ts';

/** Tracking, signed in: a delivery's parcel, a check now, the built-in carrier's delivered. */
export const trackingFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(trackingRoutes);
  await app.register(trackingPushRoutes);
  // Carriers' pushes: raw bodies (their own content-type parser, encapsulated).
  await app.register(trackingPushHookRoutes);
};

export { trackingPlugin } from './tracking-plugin.ts';
// The public tracking page's "running late" (tracking-page).
export { isLate } from './tracking-cadence.ts';
