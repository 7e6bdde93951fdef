import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, OrderNoteInputSchema, OrderNoteSchema, OrderNoteUpdateSchema, ID_PATTERN } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import { ordersNotifier } from './orders-notifier.ts';
import { createOrderNotesService } from './order-notes-service.ts';

const Id = Type.String({ pattern: ID_PATTERN });

export const orderNotesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createOrderNotesService(app.db, ordersNotifier(app));
  const common = { tags: ['order notes'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/v1/orderNotes',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "An order's notes, oldest first",
        querystring: Type.Object({ order_id: Id }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Array(OrderNoteSchema)), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.list(request.auth!, request.query.order_id),
    }),
  );

  app.post(
    '/api/v1/orderNotes',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Add a note to an order',
        description: 'Writes a `noteAdded` row to the order timeline. Send `Idempotency-Key` to make retries safe.',
        headers: idempotencyHeaders,
        body: OrderNoteInputSchema,
        response: { 201: Envelope(OrderNoteSchema), ...errorResponses(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.add(request.auth!, request.body, writeRequest(request));
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );

  app.put(
    '/api/v1/orderNotes/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Edit a note (its author, or an Admin)',
        description: 'Writes a `noteEdited` row (with the previous text) to the order timeline.',
        params: Type.Object({ id: Id }),
        body: OrderNoteUpdateSchema,
        response: { 200: Envelope(OrderNoteSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.edit(request.auth!, request.params.id, request.body.note),
    }),
  );
};
