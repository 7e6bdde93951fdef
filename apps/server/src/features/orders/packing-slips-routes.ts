import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { PackingSlipOptionsSchema, ID_PATTERN } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { ordersNotifier } from './orders-notifier.ts';
import { createPackingSlipsService } from './packing-slips-service.ts';

const Params = Type.Object({ orderId: Type.String({ pattern: ID_PATTERN }) });
const Pdf = Type.Unsafe<Buffer>(Type.String({ format: 'binary', description: 'application/pdf' }));

export const packingSlipsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createPackingSlipsService(app.db, ordersNotifier(app));
  const common = { tags: ['order events'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/orders/:orderId/packingSlip',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The order's packing slip (PDF, 4x6 inches; ?format=letter)",
        params: Params,
        querystring: Type.Object(
          { format: Type.Optional(Type.Union([Type.Literal('4x6'), Type.Literal('letter')])) },
          { additionalProperties: false },
        ),
        produces: ['application/pdf'],
        response: { 200: Pdf, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.render(request.auth!, request.params.orderId, {
        format: request.query.format,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/call/orders/:orderId/packingSlip',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Packing slips of several orders in one PDF, a page per order',
        params: Params,
        body: PackingSlipOptionsSchema,
        produces: ['application/pdf'],
        response: { 200: Pdf, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.render(request.auth!, request.params.orderId, request.body ?? {});
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};
