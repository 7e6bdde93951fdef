import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  ID_PATTERN,
  OrderLinesUpdateSchema,
  OrderSchema,
  PaymentTermsUpdateSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import type { OrderRules } from './new-order-rules.ts';
import { createOrderEditsService } from './order-edits-service.ts';
import { ordersNotifier } from './orders-notifier.ts';

const params = Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) });

/** Editing an order's lines, and its payment terms (docs/order-editing.md). */
export const orderEditsRoutes: FastifyPluginAsyncTypebox<{ rules?: OrderRules }> = async (app, options) => {
  const service = createOrderEditsService(app.db, ordersNotifier(app), options.rules);
  const common = { tags: ['orders'], security: [{ bearerAuth: [] }], params, headers: idempotencyHeaders };

  app.post(
    '/call/order/:orderId/updateOrderLines',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Replace a wholesale or manual order's lines (add, remove, quantity, price, weight)",
        description:
          'Draft and Sales Orders with nothing shipped or labelled, typed in this app (source Wholesale): a ' +
          "channel's order keeps the lines its channel sent (409 channel_order). A line with `lineId` changes that " +
          'line, one without is added, a line not sent is removed. The totals are computed again, every unit goes ' +
          'into one planned delivery, the service is resolved and the shipping rules run again; one ' +
          '`linesUpdated` timeline row says what changed. `version` is required (409 stale_version). Errors name ' +
          'the field (`lines.2.quantity`); nothing is written when any is refused. Send `Idempotency-Key`.',
        body: OrderLinesUpdateSchema,
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.updateLines(
        request.auth!,
        request.params.orderId,
        request.body,
        writeRequest(request),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.post(
    '/call/order/:orderId/paymentTerms',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Put a wholesale or manual order on net terms (payment status Terms), or take it off',
        description:
          "Admins only (a Manager is answered 403): extending credit is the business owner's decision. " +
          '`terms: true` sets Terms on an Unpaid or Paid Partial Draft or Sales Order; `terms: false` takes it ' +
          'back (Unpaid, or Paid Partial when something was paid). Channel orders are paid on their channel (409 ' +
          'channel_order). `version` is required (409 stale_version). Send `Idempotency-Key`.',
        body: PaymentTermsUpdateSchema,
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.setTerms(request.auth!, request.params.orderId, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
