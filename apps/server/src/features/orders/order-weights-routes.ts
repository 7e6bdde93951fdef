import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  DeliveryParcelUpdateSchema,
  DeliverySchema,
  Envelope,
  ID_PATTERN,
  OrderLineWeightsUpdateSchema,
  OrderSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import type { OrderRules } from './new-order-rules.ts';
import { createOrderWeightsService } from './order-weights-service.ts';
import { ordersNotifier } from './orders-notifier.ts';

const params = Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) });

/** Line weights and a planned delivery's box, on any open order, channel orders included (docs/order-editing.md). */
export const orderWeightsRoutes: FastifyPluginAsyncTypebox<{ rules?: OrderRules }> = async (app, options) => {
  const service = createOrderWeightsService(app.db, ordersNotifier(app), options.rules);
  const common = { tags: ['orders'], security: [{ bearerAuth: [] }], params, headers: idempotencyHeaders };

  app.post(
    '/call/order/:orderId/updateLineWeights',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Set the weight per unit of an open order's lines, whatever its channel",
        description:
          "Draft and Sales Orders with nothing shipped, channel orders included: a weight is the seller's fact, and " +
          "a channel's re-sent 0 does not overwrite it. Each line sent (`lineId`, `weight` in whole grams from 1) " +
          'takes its weight; lines not sent keep theirs; a line in a labelled delivery is refused (400 ' +
          '`lines.N.weight`). Planned deliveries weighed from their lines are weighed again; the service is resolved ' +
          'and the shipping rules run again; one `lineWeightsUpdated` timeline row ("MUG-1: weight 0 g -> 340 g"). ' +
          '`version` is required (409 stale_version). Send `Idempotency-Key`.',
        body: OrderLineWeightsUpdateSchema,
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.updateLineWeights(
        request.auth!,
        request.params.orderId,
        request.body,
        writeRequest(request),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.post(
    '/call/order/:orderId/updateDeliveryParcel',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Set a planned delivery's box, weight and size before its label is bought",
        description:
          "The delivery's parcel as the label form will start from it: `boxSizeId` (null: none), `weight` in whole " +
          "grams, box included (null: its lines' weight plus the box's own), and `length`, `width`, `height` in " +
          "inches, all three or none (none: the box's). A delivery with a label is refused (409). Draft and Sales " +
          'Orders with nothing shipped; `version` is required (409 stale_version); one `deliveryParcelUpdated` ' +
          'timeline row. Send `Idempotency-Key`.',
        body: DeliveryParcelUpdateSchema,
        response: { 200: Envelope(Type.Array(DeliverySchema)), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.updateDeliveryParcel(
        request.auth!,
        request.params.orderId,
        request.body,
        writeRequest(request),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
