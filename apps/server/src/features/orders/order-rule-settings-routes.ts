import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, OrderRuleSettingsUpdateSchema, OrderSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createOrderRuleSettingsService } from './order-rule-settings-service.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import type { OrderRules } from './new-order-rules.ts';
import { ordersNotifier } from './orders-notifier.ts';

export const orderRuleSettingsRoutes: FastifyPluginAsyncTypebox<{ rules?: OrderRules }> = async (app, options) => {
  const service = createOrderRuleSettingsService(app.db, ordersNotifier(app), options.rules);
  app.post(
    '/call/order/:orderId/updateRuleSettings',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary:
          "Set an order's box, insurance, signature or hold by hand (shipping rules keep off), or hand them back",
        description:
          'Draft and Sales Orders only. Each of `insuredValue` (minor units), `signature`, `holdUntil` (YYYY-MM-DD) ' +
          'and `boxSizeId` sent is set to its value (null: none) and kept through later rule runs (`kept`); each ' +
          'target in `automatic` (`boxSize`, `insuredValue`, `signature`, `holdUntil`) is cleared and handed back to ' +
          'the rules, which run again on the order. A field both set and handed back is a 400. An optional ' +
          '`version` refuses a stale form (409 stale_version). Send `Idempotency-Key`.',
        params: Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) }),
        headers: idempotencyHeaders,
        body: OrderRuleSettingsUpdateSchema,
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.update(request.auth!, request.params.orderId, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
