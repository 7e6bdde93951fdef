import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endOfDayPlugin } from './end-of-day-plugin.ts';
import { endOfDayRoutes } from './end-of-day-routes.ts';

/**
 * The end of the day, signed in: the day's labels, USPS SCAN forms and carrier pickups. Its service is built here,
 * for its own routes (no other feature uses it, and it has no background work).
 */
export const endOfDayFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(endOfDayPlugin);
  await app.register(endOfDayRoutes);
};
