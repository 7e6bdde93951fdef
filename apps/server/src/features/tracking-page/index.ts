import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { trackingPageRoutes } from './tracking-page-routes.ts';

/** The public tracking page (docs/tracking-page.md): `/t/{token}`, robots.txt, and a delivery's link. */
export const trackingPageFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(trackingPageRoutes);
};

export { trackingPagePlugin } from './tracking-page-plugin.ts';
// What other features use of it (buyer e-mails' links).
export { trackingPageToken, trackingPageUrl } from './tracking-page-links.ts';
