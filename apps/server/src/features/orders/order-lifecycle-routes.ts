import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  FsmFlowSchema,
  OrderEventNameSchema,
  OrderFlowBodySchema,
  OrderFlowResultSchema,
  ShipLabelQuerySchema,
  ID_PATTERN,
  lifecycleTable,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import { ordersNotifier } from './orders-notifier.ts';
import { createOrderLifecycleService, type OrderLifecycleOptions } from './order-lifecycle-service.ts';

/** The table of events as the rules say it (the same one docs/orders.md shows). */
const LIFECYCLE_DESCRIPTION = `The order lifecycle:\n\n${lifecycleTable()}`;

const Params = Type.Object({
  orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }),
  eventName: OrderEventNameSchema,
});

export const orderLifecycleRoutes: FastifyPluginAsyncTypebox<OrderLifecycleOptions> = async (app, options) => {
  const service = createOrderLifecycleService(app.db, ordersNotifier(app), options);
  const common = { tags: ['order events'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/orders/:orderId/:eventName/fsmFlow',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Whether an event is allowed now, why not, what it would change, and its form defaults',
        description:
          'shipLabel and zpl answer in `defaults` the delivery to label (or the one named by `deliveryId`), its ' +
          'parcel (the query may change box, package type, weight and dimensions) and the rates of every connected ' +
          'carrier service that can take it, the mapped one marked; carriers that could not quote are listed in ' +
          '`rateErrors` in their own words.\n\n' +
          LIFECYCLE_DESCRIPTION,
        params: Params,
        querystring: ShipLabelQuerySchema,
        response: { 200: Envelope(FsmFlowSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.fsmFlow(request.auth!, request.params.orderId, request.params.eventName, request.query),
    }),
  );

  app.post(
    '/call/orders/:orderId/:eventName/orderFlow',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Perform an order event',
        description:
          'approve, cancel, processPayment, shipComplete, delete, reorder, reship, and shipLabel / zpl, which buy ' +
          'a label (PDF / ZPL) for one delivery with `label` (carrier, account, service, parcel): a carrier refusal ' +
          "is a 422 in the carrier's words, nothing recorded; an order on hold until a later day is a 409 " +
          "`order_on_hold`. `version` must be the order's current version " +
          '(409 stale_version otherwise). A refused event is a 409 with `reason`. Send `Idempotency-Key`: the same ' +
          'key buys one label, however often it is sent.\n\n' +
          LIFECYCLE_DESCRIPTION,
        params: Params,
        headers: idempotencyHeaders,
        body: OrderFlowBodySchema,
        response: { 200: Envelope(OrderFlowResultSchema), ...errorResponses(400, 401, 404, 409, 422, 429, 502) },
      },
    },
    async (request, reply) => {
      const { orderId, eventName } = request.params;
      const answer = await service.orderFlow(request.auth!, orderId, eventName, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
