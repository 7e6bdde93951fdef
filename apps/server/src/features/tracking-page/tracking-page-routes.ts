import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, TrackingLinkSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { PAGE_POLICY } from './tracking-page-html.ts';

const DeliveryParams = Type.Object({ deliveryId: Type.String({ pattern: ID_PATTERN, description: 'delivery id' }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 100, description: "the page's token" }) });

const CACHE_CONTROL = 'public, max-age=60';
const ROBOTS = 'User-agent: *\nDisallow: /t/\n';

/** Whether the client's copy (If-None-Match: one or more ETags, or `*`) is this one. */
function fresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** The public tracking page, robots.txt, and a delivery's link to its page (docs/tracking-page.md). */
export const trackingPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The page's own Content-Security-Policy, after the web app's (security-headers.ts) that every HTML page gets.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === '/t/:token') reply.header('content-security-policy', PAGE_POLICY);
    return payload;
  });

  app.get(
    '/t/:token',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['tracking'],
        summary: "A parcel's public tracking page (HTML, no sign-in)",
        description:
          'Status, promised day, carrier, tracking number, the events newest first and the destination city: no ' +
          'street, name or postal code. `Cache-Control: public, max-age=60` with an ETag (304 on If-None-Match); ' +
          '404 page for an unknown token or a voided label. Kept out of search engines (X-Robots-Tag, robots.txt).',
        params: TokenParams,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const answer = await app.trackingPage.page(request.params.token);
      reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', CACHE_CONTROL)
        .header('content-type', 'text/html; charset=utf-8');
      if (answer.etag) {
        reply.header('etag', answer.etag);
        if (fresh(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      }
      return reply.code(answer.status).send(answer.html);
    },
  );

  app.get(
    '/robots.txt',
    {
      config: { policy: 'public' },
      schema: { tags: ['tracking'], summary: 'Keeps robots out of the tracking pages', produces: ['text/plain'] },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(ROBOTS),
  );

  app.post(
    '/call/shipment/:deliveryId/trackingLink',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['tracking'],
        security: [{ bearerAuth: [] }],
        summary: "The public tracking page's address of the delivery's standing label",
        description: "Makes the label's token the first time; the same address after. 404 without a standing label.",
        params: DeliveryParams,
        response: { 200: Envelope(TrackingLinkSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.trackingPage.link(request.auth!, request.params.deliveryId),
    }),
  );
};
