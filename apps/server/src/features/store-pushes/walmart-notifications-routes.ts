import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, WalmartNotificationsSchema, WalmartNotificationsSetupSchema } from '@shipdesk/contract';
import type { HttpOptions } from '../../integrations/http/channel-http.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createWalmartEndpointService } from './walmart-endpoint-service.ts';
import { createWalmartNotificationsService } from './walmart-notifications-service.ts';

interface WalmartNotificationsRoutesOptions {
  /** Where Walmart reaches us: the endpoint is `${publicUrl}/webhooks/walmart/{key}`. */
  publicUrl: string;
  http?: HttpOptions;
}

const Received = Type.Object({ duplicate: Type.Boolean(), stored: Type.Boolean() });
const KeyParams = Type.Object({ key: Type.String({ minLength: 10, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
const StoreParams = Type.Object({ storeId: Type.String({ pattern: ID_PATTERN, description: 'store id' }) });

/**
 * Walmart's webhooks for Walmart stores (docs/stores.md, "Pushes"): the endpoint Walmart calls (no user token: the
 * HMAC is the proof), and the setup a Manager or Admin turns on and off.
 */
export const walmartNotificationsRoutes: FastifyPluginAsyncTypebox<WalmartNotificationsRoutesOptions> = async (
  app,
  options,
) => {
  const endpoint = createWalmartEndpointService({
    database: app.db,
    secrets: app.secrets,
    sync: app.storeSync,
    publicUrl: options.publicUrl,
  });
  const setup = createWalmartNotificationsService({
    database: app.db,
    secrets: app.secrets,
    publicUrl: options.publicUrl,
    http: options.http,
  });

  const endpointRoutes: FastifyPluginAsyncTypebox = async (hooks) => {
    // The body stays raw bytes until the signature over them is verified.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/webhooks/walmart/:key',
      {
        config: { policy: 'signed-request' },
        schema: {
          tags: ['webhooks'],
          summary: "A Walmart store's order notification (PO_CREATED, PO_LINE_AUTOCANCELLED)",
          description:
            "The HMAC is checked with the store's secret as its setup says (`canonical`: WM_SEC.SIGNATURE over " +
            'method, path, WM_SEC.TIMESTAMP and the body’s SHA-256, the timestamp within five minutes). A replayed ' +
            'eventId is answered 200 and taken once; the purchase order is fetched fresh from Walmart.',
          params: KeyParams,
          response: { 200: Envelope(Received), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data = await endpoint.receive(request.params.key, {
          method: request.method,
          url: request.url,
          rawBody,
          headers: request.headers,
        });
        return { code: 200, success: true as const, data };
      },
    );
  };
  await app.register(endpointRoutes);

  const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };
  const answer = { 200: Envelope(WalmartNotificationsSchema) };
  const path = '/call/store/:storeId/walmartNotifications';
  const storeId = (params: { storeId: string }) => Number(params.storeId);

  app.get(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A Walmart store's order notifications: status, events, signature rules, when last heard, counts",
        params: StoreParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await setup.read(request.auth!, storeId(request.params)),
    }),
  );

  app.put(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Turn on (or renew) a Walmart store's order notifications",
        description:
          'Subscribes PO_CREATED and PO_LINE_AUTOCANCELLED (ORDER, V1) to the store’s endpoint with HMAC auth and a ' +
          'new secret. How Walmart signs is not confirmed: `scheme`, `header` and `timestampHeader` change what is ' +
          'checked. Pending until the first verified notification; when Walmart refuses, the answer is the ' +
          'store’s state `failed` with Walmart’s words.',
        params: StoreParams,
        body: WalmartNotificationsSetupSchema,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
      // No body is the defaults, like `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await setup.turnOn(request.auth!, storeId(request.params), request.body),
    }),
  );

  app.delete(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Turn off a Walmart store's order notifications (its subscriptions are deleted, the secret forgotten)",
        params: StoreParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await setup.turnOff(request.auth!, storeId(request.params)),
    }),
  );
};
