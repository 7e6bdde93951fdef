import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buyerNoticesRoutes } from './buyer-notices-routes.ts';

/** Buyer e-mails, signed in: the settings per store (Admins change them) and a preview. */
export const buyerNoticesFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(buyerNoticesRoutes);
};

export { buyerNoticesPlugin } from './buyer-notices-plugin.ts';
// Labels (shipped) and tracking (delivered) queue a label's e-mail in their own transaction (the workers poll for it).
export { queueBuyerNotice } from './buyer-notices-jobs.ts';
