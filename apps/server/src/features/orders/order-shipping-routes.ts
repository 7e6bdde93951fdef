import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, OrderSchema, OrderShippingUpdateSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createOrderShippingService } from './order-shipping-service.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import { ordersNotifier } from './orders-notifier.ts';

export const orderShippingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createOrderShippingService(app.db, ordersNotifier(app));
  app.post(
    '/call/order/:orderId/updateOrderShipping',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: 'Choose how one order ships (kept through mapping changes), or hand it back to the mappings',
        description:
          'Draft and Sales Orders only. `{ carrier, carrierMethod, packageType?, shipMethodId? }` is a choice made ' +
          'by hand; `{ automatic: true }` resolves it from the mappings again. An optional `version` refuses a stale ' +
          'form (409 stale_version). Send `Idempotency-Key`.',
        params: Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) }),
        headers: idempotencyHeaders,
        body: OrderShippingUpdateSchema,
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.update(request.auth!, request.params.orderId, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
