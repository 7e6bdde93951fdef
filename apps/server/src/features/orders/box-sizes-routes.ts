import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { BoxSizeInputSchema, BoxSizeSchema, Envelope, ID_PATTERN } from '@shipdesk/contract';
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
        summary: 'Box sizes to pack orders in (inches, grams)',
        response: { 200: Envelope(Type.Array(BoxSizeSchema)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!) }),
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
};
