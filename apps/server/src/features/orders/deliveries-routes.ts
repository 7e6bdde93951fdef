import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DeliveriesShapeSchema, DeliverySchema, Envelope, ID_PATTERN } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createDeliveriesService } from './deliveries-service.ts';
import { createDeliveryShapes } from './delivery-shapes-service.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import { ordersNotifier } from './orders-notifier.ts';

export const deliveriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createDeliveriesService(app.db);
  app.get(
    '/api/v1/deliveries',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: "An order's deliveries (planned shipments of its lines, with their shipping methods)",
        querystring: Type.Object({ orderId: Type.String({ pattern: ID_PATTERN }) }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Array(DeliverySchema)), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.list(request.auth!, request.query.orderId),
    }),
  );

  const shapes = createDeliveryShapes(app.db, ordersNotifier(app));
  app.post(
    '/call/order/:orderId/shapeDeliveries',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: "Split an order's lines across several deliveries (boxes), or merge them back",
        description:
          'Replaces the unlabelled deliveries with `deliveries` (a `deliveryId` keeps that delivery, others are new): ' +
          'every unit not in a labelled delivery must be in exactly one box (400 naming the field otherwise). Each ' +
          "box may carry its box size, weight and dimensions (the label form's defaults). Draft and Sales Orders; " +
          "`version` must be the order's current one. Send `Idempotency-Key`.",
        params: Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) }),
        headers: idempotencyHeaders,
        body: DeliveriesShapeSchema,
        response: { 200: Envelope(Type.Array(DeliverySchema)), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await shapes.shape(request.auth!, request.params.orderId, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
