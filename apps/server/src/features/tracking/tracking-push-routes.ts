import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  ID_PATTERN,
  CarrierPushSchema,
  CarrierPushSetupSchema,
  CarrierPushStateSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

const Received = Type.Object({ received: Type.Boolean() });
const UpsToken = Type.Object({ access_token: Type.String(), token_type: Type.String(), expires_in: Type.Number() });

/**
 * The carriers' tracking pushes (docs/tracking.md "Pushes"): no user token, the signature (or UPS's bearer token from
 * our token endpoint) is the authentication. The body stays a raw string until it is verified.
 */
export const trackingPushHookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const common = { tags: ['tracking'] };

  app.post(
    '/hooks/tracking/ups/token',
    {
      config: { policy: 'signed-request' },
      schema: {
        ...common,
        summary: "UPS Track Alert's token endpoint (client credentials: the hook's client id and secret)",
        response: { 200: UpsToken, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      app.trackingPushes.upsToken(typeof request.body === 'string' ? request.body : '', request.headers),
  );

  app.post(
    '/hooks/tracking/:hookKey',
    {
      config: { policy: 'signed-request' },
      schema: {
        ...common,
        summary: "A carrier's tracking push (USPS X-HMAC, Shippo token or signature, UPS bearer, FedEx HMAC)",
        description: 'Answered at once; the events are recorded in the background. 401 for a bad signature.',
        params: Type.Object({ hookKey: Type.String({ minLength: 16, maxLength: 64 }) }),
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: Envelope(Received), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const data = await app.trackingPushes.receive(request.params.hookKey, raw, request.headers, request.query.token);
      return { code: 200, success: true as const, data };
    },
  );
};

const AccountParams = Type.Object({
  accountId: Type.String({ pattern: ID_PATTERN, description: 'carrier account id' }),
});

/** An Admin turns a carrier account's pushes on (or refreshes them) and off; Managers and Admins read them. */
export const trackingPushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['tracking'], security: [{ bearerAuth: [] }] };
  const answer = { 200: Envelope(CarrierPushSchema) };

  app.post(
    '/call/carriers/:accountId/trackingPush',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: "Subscribe to the carrier account's tracking pushes (USPS, Shippo), or set up UPS's and FedEx's",
        description:
          'USPS and Shippo are subscribed through their APIs; UPS and FedEx are set up in their portals with the ' +
          "answer's listener (and UPS's token URL, client id and secret, shown once). FedEx needs its security token " +
          'as `secret`. Parcels of an account with a working push are polled once a day.',
        params: AccountParams,
        body: CarrierPushSetupSchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.trackingPushes.setup(request.auth!, request.params.accountId, request.body ?? {}),
    }),
  );

  app.get(
    '/call/carriers/:accountId/trackingPush',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "How the carrier account's parcels are tracked: its push, or null when pushes were never set up",
        description: "Managers and Admins. UPS's client secret is never answered here: only the POST that made it.",
        params: AccountParams,
        response: { 200: Envelope(CarrierPushStateSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.trackingPushes.read(request.auth!, request.params.accountId),
    }),
  );

  app.delete(
    '/call/carriers/:accountId/trackingPush',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: "Stop the carrier account's tracking pushes",
        params: AccountParams,
        response: { ...answer, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.trackingPushes.stop(request.auth!, request.params.accountId),
    }),
  );
};
