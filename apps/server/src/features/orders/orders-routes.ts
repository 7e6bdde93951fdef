import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CreateOrderSchema,
  Envelope,
  MANUAL_STORE_ID,
  OrderAddressUpdateSchema,
  OrderEventRecordSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  ID_PATTERN,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { addressFieldErrors, orderAddressErrors } from './order-address-fields.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { createOrdersService } from './orders-service.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import type { OrderRules } from './new-order-rules.ts';
import { ordersNotifier } from './orders-notifier.ts';

interface OrdersRoutesOptions {
  /** Filtered lists count exactly up to this many rows (default 10,000). */
  exactCountLimit?: number;
  rules?: OrderRules;
}

const IdParam = Type.String({ pattern: ID_PATTERN, description: 'order id' });

export const ordersRoutes: FastifyPluginAsyncTypebox<OrdersRoutesOptions> = async (app, options) => {
  const service = createOrdersService(app.db, ordersNotifier(app), {
    exactCountLimit: options.exactCountLimit,
    rules: options.rules,
  });
  const common = { tags: ['orders'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/v1/orders',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'List orders (keyset paging, allow-listed filters)',
        description:
          'Pages are 1-based. Without a cursor, page N is read with OFFSET (a typed-in page number); next and ' +
          'previous use `nextCursor` / `prevCursor` (keyset, bound to the sort and filters); `last=1` reads the ' +
          'last page from the end. Without filters other than orderStatus, `total` and `statusCounts` are exact; ' +
          'with date, store, source or payment/shipment status filters they are exact up to 10,000 and ' +
          'estimated above (`totalIsEstimate`); with a search, exact up to 5,000 when at most 2,000 matches are ' +
          'expected, else estimated. `search`: every word typed starts a word of the order (number, channel order ' +
          'id, customer and ship-to name, e-mail, city, postal code, SKU, tracking number), case and accents aside. ' +
          'Deleted orders are hidden unless an orderStatus filter asks for them (`hide=1` always hides them).',
        querystring: OrderListQuerySchema,
        response: { 200: Envelope(OrderListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!, request.query) }),
  );

  app.get(
    '/api/v1/orders/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'One order with its lines and addresses',
        params: Type.Object({ id: IdParam }),
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.get(request.auth!, request.params.id),
    }),
  );

  app.get(
    '/api/v1/orders/:id/events',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The order's audit timeline, newest first",
        params: Type.Object({ id: IdParam }),
        response: { 200: Envelope(Type.Array(OrderEventRecordSchema)), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.events(request.auth!, request.params.id),
    }),
  );

  app.post(
    '/api/v1/store/:storeId/orders',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Create a manual order (store 1 = the manual channel)',
        description:
          'Creates a Draft Order (Unpaid, Unshipped) with one planned delivery of every line and a `create` ' +
          'event, in one transaction. Store 1 is the manual channel: the order has no store and source type ' +
          'Wholesale. Send `Idempotency-Key` to make retries safe. Addresses follow their country: a state where ' +
          'carriers need one (US, CA, AU), a postal code where they need one, in the country format ' +
          '(400 naming e.g. `shippingAddress.postalCode`).',
        params: Type.Object({ storeId: Type.String({ description: 'only 1 (manual orders)' }) }),
        headers: idempotencyHeaders,
        body: CreateOrderSchema,
        response: { 201: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      if (request.params.storeId !== MANUAL_STORE_ID) {
        throw notFound('Orders are created by hand in store 1 only; connected stores bring their own');
      }
      // The country rules of the addresses (a US ZIP code, a state...): typed by hand, refused before anything is stored.
      const addressErrors = orderAddressErrors(request.body);
      if (Object.keys(addressErrors).length > 0) throw badRequest(addressErrors);
      const answer = await service.create(request.auth!, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );

  app.post(
    '/call/order/:orderId/:editAddressType/updateOrderAddress',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Replace the order's billing or shipping address",
        description:
          'The name is split at the first space into first and last name. Draft and Sales Orders only. ' +
          'An optional `version` refuses a stale form (409 stale_version). The country rules of a manual ' +
          "order's address apply (400 naming `state` or `postalCode`).",
        params: Type.Object({
          orderId: IdParam,
          editAddressType: Type.Union([Type.Literal('billing'), Type.Literal('shipping')]),
        }),
        headers: idempotencyHeaders,
        body: OrderAddressUpdateSchema,
        response: { 200: Envelope(OrderSchema), ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { orderId, editAddressType } = request.params;
      const { version: _version, ...address } = request.body;
      const addressErrors = addressFieldErrors(address);
      if (Object.keys(addressErrors).length > 0) throw badRequest(addressErrors);
      const answer = await service.updateAddress(
        request.auth!,
        orderId,
        editAddressType,
        request.body,
        writeRequest(request),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
