import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AmazonNotificationsSetupSchema, AmazonNotificationsStateSchema } from '@shipdesk/contract';
import { registerPushSetupRoutes } from './store-push-routes-kit.ts';

/**
 * An Amazon store's ORDER_CHANGE notifications through the seller's SQS queue: Managers and Admins read them, an
 * Admin turns them on (the queue, AWS keys and merchant token) and off, as with the store's other credentials.
 */
export const amazonPushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerPushSetupRoutes(app, {
    path: '/call/store/:storeId/amazonNotifications',
    answer: AmazonNotificationsStateSchema,
    body: AmazonNotificationsSetupSchema,
    turnOnErrors: [502],
    setup: { read: app.amazonPush.state, turnOn: app.amazonPush.turnOn, turnOff: app.amazonPush.turnOff },
    docs: {
      read: {
        summary: "An Amazon store's order notifications: status, queue, masked key id, last heard, counts",
        description: 'The AWS secret is never answered. Not your store: 404; not an Amazon store: 400.',
      },
      turnOn: {
        summary: 'Turn on Amazon order notifications to an SQS queue of the seller (Admin)',
        description:
          "Checks the keys on the queue (GetQueueAttributes), creates Amazon's destination and the ORDER_CHANGE " +
          'subscription, seals the secret; the status is `pending` until the first message. 400 names the field AWS ' +
          'or the input got wrong; 502 when Amazon refused.',
      },
      turnOff: {
        summary: 'Turn off Amazon order notifications (Admin): the subscription deleted, the AWS keys removed',
      },
    },
  });
};
