import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, EbayNotificationsSchema, EbayNotificationsSetupSchema } from '@shipdesk/contract';
import { createEbayKeyCache } from '../../integrations/channels/ebay/ebay-notification-keys.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createEbayEndpointService } from './ebay-endpoint-service.ts';
import { createEbayNotificationsService } from './ebay-notifications-service.ts';
import {
  PushKeyParams,
  PushReceived,
  rawBodyOf,
  registerPushSetupRoutes,
  registerRawBodyRoutes,
  type StorePushRoutesOptions,
} from './store-push-routes-kit.ts';

/**
 * eBay's REST Notification API for eBay stores (docs/stores.md, "Pushes"): the endpoint eBay calls (no user token:
 * the challenge and the ECDSA signature are the proof), and the setup a Manager or Admin turns on and off.
 */
export const ebayNotificationsRoutes: FastifyPluginAsyncTypebox<StorePushRoutesOptions> = async (app, options) => {
  const endpoint = createEbayEndpointService({
    database: app.db,
    secrets: app.secrets,
    sync: app.storeSync,
    publicUrl: options.publicUrl,
    keys: createEbayKeyCache(),
    http: options.http,
  });
  const setup = createEbayNotificationsService({
    database: app.db,
    secrets: app.secrets,
    publicUrl: options.publicUrl,
    http: options.http,
  });

  await registerRawBodyRoutes(app, 1024 * 1024, async (hooks) => {
    const common = { tags: ['webhooks'] };
    hooks.get(
      '/webhooks/ebay/:key',
      {
        config: { policy: 'signed-request' },
        schema: {
          ...common,
          summary: "eBay's endpoint challenge",
          description:
            'Answers `{ challengeResponse }`: hex SHA-256 of challenge_code, the store’s verification token and this URL.',
          params: PushKeyParams,
          querystring: Type.Object({ challenge_code: Type.String({ minLength: 1, maxLength: 200 }) }),
          response: {
            200: Type.Object({ challengeResponse: Type.String() }),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request) => endpoint.challenge(request.params.key, request.query.challenge_code),
    );
    hooks.post(
      '/webhooks/ebay/:key',
      {
        config: { policy: 'signed-request' },
        schema: {
          ...common,
          summary: "An eBay store's order notification",
          description:
            "X-EBAY-SIGNATURE is checked with eBay's public key for its kid (kept an hour). A replayed notificationId " +
            'is answered 200 and taken once; the order is fetched fresh from eBay.',
          params: PushKeyParams,
          response: { 200: Envelope(PushReceived), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => {
        const data = await endpoint.receive(request.params.key, rawBodyOf(request), request.headers);
        return { code: 200, success: true as const, data };
      },
    );
  });

  registerPushSetupRoutes(app, {
    path: '/call/store/:storeId/ebayNotifications',
    answer: EbayNotificationsSchema,
    body: EbayNotificationsSetupSchema,
    bodyMayBeEmpty: true,
    setup,
    docs: {
      read: { summary: "An eBay store's order notifications: status, topics, when last heard, counts" },
      turnOn: {
        summary: "Turn on (or refresh) an eBay store's order notifications",
        description:
          'Creates the destination (eBay challenges the endpoint) and a subscription per order topic eBay lists. ' +
          'The topic ids are not confirmed by eBay: `topics` names others. Pending until the first verified ' +
          'message; when eBay refuses, the answer is the store’s state `failed` with eBay’s words.',
      },
      turnOff: {
        summary: "Turn off an eBay store's order notifications (its subscriptions and destination are deleted)",
      },
    },
  });
};
