import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  ID_PATTERN,
  MAX_ORDER_LIST_VIEWS,
  OrderListPreferencesSchema,
  OrderListPreferencesUpdateSchema,
  OrderListViewInputSchema,
  OrderListViewSchema,
  OrderListViewUpdateSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createOrderViewsService, REQUESTED_SERVICES_OFFERED } from './order-views-service.ts';

const ViewParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/** The order list as each user keeps it: page size, density and columns, and saved views (docs/orders.md). */
export const orderViewsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createOrderViewsService(app.db);
  const common = { tags: ['order list views'], security: [{ bearerAuth: [] }] };
  const ok = <T>(data: T) => ({ code: 200, success: true as const, data });

  app.get(
    '/api/v1/orderListPreferences',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The caller's page size, row density and hidden columns of the order list",
        description:
          'Per user of the tenant; the defaults (10 rows, standard density, no column hidden) until changed.',
        response: { 200: Envelope(OrderListPreferencesSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await service.getPreferences(request.auth!)),
  );

  app.patch(
    '/api/v1/orderListPreferences',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Change the caller's order list preferences",
        description: 'Only the fields sent change. The order number column cannot be hidden.',
        body: OrderListPreferencesUpdateSchema,
        response: { 200: Envelope(OrderListPreferencesSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ok(await service.updatePreferences(request.auth!, request.body)),
  );

  app.get(
    '/api/v1/orderListViews',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The caller's saved views of the order list, by name",
        response: { 200: Envelope(Type.Array(OrderListViewSchema)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await service.listViews(request.auth!)),
  );

  app.post(
    '/api/v1/orderListViews',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Save a view: a name, filters, sort and hidden columns (and optionally page size and density)',
        description:
          `Names are unique per user, ignoring case (409 \`duplicate_name\`); at most ${MAX_ORDER_LIST_VIEWS} views ` +
          'a user (400 `too_many_views`).',
        body: OrderListViewInputSchema,
        response: { 201: Envelope(OrderListViewSchema), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ code: 201, success: true as const, data: await service.createView(request.auth!, request.body) }),
  );

  app.patch(
    '/api/v1/orderListViews/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Rename a view, or replace what it holds',
        description: "Another user's view answers 404, as a missing one does.",
        params: ViewParams,
        body: OrderListViewUpdateSchema,
        response: { 200: Envelope(OrderListViewSchema), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ok(await service.updateView(request.auth!, Number(request.params.id), request.body)),
  );

  app.delete(
    '/api/v1/orderListViews/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Delete a view',
        params: ViewParams,
        response: { 200: Envelope(Type.Object({ id: Type.String() })), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ok(await service.deleteView(request.auth!, Number(request.params.id))),
  );

  app.get(
    '/call/orderList/requestedServices',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The requested services of the tenant's orders, for the list's filter",
        description: `Distinct services (case and outer spaces ignored), by name, at most ${REQUESTED_SERVICES_OFFERED}.`,
        response: { 200: Envelope(Type.Array(Type.String())), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await service.requestedServices(request.auth!)),
  );
};
