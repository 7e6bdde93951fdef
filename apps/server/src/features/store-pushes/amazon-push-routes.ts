import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AmazonNotificationsSetupSchema,
  AmazonNotificationsStateSchema,
  Envelope,
  ID_PATTERN,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

const StoreIdParams = Type.Object({ storeId: Type.String({ pattern: ID_PATTERN, description: 'store id' }) });

/**
 * An Amazon store's ORDER_CHANGE notifications through the seller's SQS queue: Managers and Admins read them, an
 * Admin turns them on (the queue, AWS keys and merchant token) and off, as with the store's other credentials.
 */
export const amazonPushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };
  const path = '/call/store/:storeId/amazonNotifications';
  const answer = { 200: Envelope(AmazonNotificationsStateSchema) };

  app.get(
    path,
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "An Amazon store's order notifications: status, queue, masked key id, last heard, counts",
        description: 'The AWS secret is never answered. Not your store: 404; not an Amazon store: 400.',
        params: StoreIdParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.amazonPush.state(request.auth!, Number(request.params.storeId)),
    }),
  );

  app.put(
    path,
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Turn on Amazon order notifications to an SQS queue of the seller (Admin)',
        description:
          "Checks the keys on the queue (GetQueueAttributes), creates Amazon's destination and the ORDER_CHANGE " +
          'subscription, seals the secret; the status is `pending` until the first message. 400 names the field AWS ' +
          'or the input got wrong; 502 when Amazon refused.',
        params: StoreIdParams,
        body: AmazonNotificationsSetupSchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.amazonPush.turnOn(request.auth!, Number(request.params.storeId), request.body),
    }),
  );

  app.delete(
    path,
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Turn off Amazon order notifications (Admin): the subscription deleted, the AWS keys removed',
        params: StoreIdParams,
        response: { ...answer, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.amazonPush.turnOff(request.auth!, Number(request.params.storeId)),
    }),
  );
};
