import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, WalmartNotificationsSchema, WalmartNotificationsSetupSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createWalmartEndpointService } from './walmart-endpoint-service.ts';
import { createWalmartNotificationsService } from './walmart-notifications-service.ts';
import {
  PushKeyParams,
  PushReceived,
  rawBodyOf,
  registerPushSetupRoutes,
  registerRawBodyRoutes,
  type StorePushRoutesOptions,
} from './store-push-routes-kit.ts';

/**
 * Walmart's webhooks for Walmart stores (docs/stores.md, "Pushes"): the endpoint Walmart calls (no user token: the
 * HMAC is the proof), and the setup a Manager or Admin turns on and off.
 */
export const walmartNotificationsRoutes: FastifyPluginAsyncTypebox<StorePushRoutesOptions> = async (app, options) => {
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

  await registerRawBodyRoutes(app, 1024 * 1024, async (hooks) => {
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
          params: PushKeyParams,
          response: { 200: Envelope(PushReceived), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => {
        const data = await endpoint.receive(request.params.key, {
          method: request.method,
          url: request.url,
          rawBody: rawBodyOf(request),
          headers: request.headers,
        });
        return { code: 200, success: true as const, data };
      },
    );
  });

  registerPushSetupRoutes(app, {
    path: '/call/store/:storeId/walmartNotifications',
    answer: WalmartNotificationsSchema,
    body: WalmartNotificationsSetupSchema,
    bodyMayBeEmpty: true,
    setup,
    docs: {
      read: {
        summary: "A Walmart store's order notifications: status, events, signature rules, when last heard, counts",
      },
      turnOn: {
        summary: "Turn on (or renew) a Walmart store's order notifications",
        description:
          'Subscribes PO_CREATED and PO_LINE_AUTOCANCELLED (ORDER, V1) to the store’s endpoint with HMAC auth and a ' +
          'new secret. How Walmart signs is not confirmed: `scheme`, `header` and `timestampHeader` change what is ' +
          'checked. Pending until the first verified notification; when Walmart refuses, the answer is the ' +
          'store’s state `failed` with Walmart’s words.',
      },
      turnOff: {
        summary: "Turn off a Walmart store's order notifications (its subscriptions are deleted, the secret forgotten)",
      },
    },
  });
};
