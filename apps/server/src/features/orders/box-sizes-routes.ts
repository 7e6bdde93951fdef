import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { BoxSizeSchema, Envelope } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createBoxSizesService } from './box-sizes-service.ts';

export const boxSizesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createBoxSizesService(app.db);
  app.get(
    '/api/v1/orderBoxSizes',
    {
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: 'Box sizes to pack orders in (inches, grams)',
        response: { 200: Envelope(Type.Array(BoxSizeSchema)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!) }),
  );
};
