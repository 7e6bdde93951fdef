import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ArchivedQuerySchema,
  BoxSizeInputSchema,
  BoxSizeSchema,
  Envelope,
  ID_PATTERN,
  RemovalResultSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createBoxSizesService } from './box-sizes-service.ts';

/** Box sizes: every role reads them (packing, rules, labels); Admins keep the list in Settings. */
export const boxSizesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createBoxSizesService(app.db);
  const common = { tags: ['orders'], security: [{ bearerAuth: [] }] };
  app.get(
    '/api/v1/orderBoxSizes',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Box sizes to pack orders in (inches, grams); archived ones too with archived=true',
        querystring: ArchivedQuerySchema,
        response: { 200: Envelope(Type.Array(BoxSizeSchema)), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!, request.query) }),
  );

  app.post(
    '/api/v1/orderBoxSizes',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Add a box size (Admin)',
        body: BoxSizeInputSchema,
        response: { 201: Envelope(BoxSizeSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ code: 201, success: true as const, data: await service.create(request.auth!, request.body) }),
  );

  app.put(
    '/api/v1/orderBoxSizes/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Replace a box size (Admin)',
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        body: BoxSizeInputSchema,
        response: { 200: Envelope(BoxSizeSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.update(request.auth!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/orderBoxSizes/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Delete a box size (Admin); archived instead while orders, deliveries or rules name it',
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        response: { 200: Envelope(RemovalResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.remove(request.auth!, request.params.id),
    }),
  );

  app.post(
    '/api/v1/orderBoxSizes/:id/restore',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Restore an archived box size (Admin)',
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        response: { 200: Envelope(BoxSizeSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.restore(request.auth!, request.params.id),
    }),
  );
};
