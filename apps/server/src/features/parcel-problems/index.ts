import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parcelProblemsRoutes } from './parcel-problems-routes.ts';

/** Parcel problems, signed in: the list, resolved, the daily e-mail switch (Admins). */
export const parcelProblemsFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(parcelProblemsRoutes);
};

export { parcelProblemsPlugin } from './parcel-problems-plugin.ts';
