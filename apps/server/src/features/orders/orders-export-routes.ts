import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { OrderListQuerySchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createOrdersExportService, type OrdersExportOptions } from './orders-export-service.ts';

const Csv = Type.Unsafe<Readable>(Type.String({ format: 'binary', description: 'text/csv; charset=utf-8' }));

export const ordersExportRoutes: FastifyPluginAsyncTypebox<OrdersExportOptions> = async (app, options) => {
  const service = createOrdersExportService(app.db, options);

  app.get(
    '/call/orders/export.csv',
    {
      config: { policy: 'signed-in' },
      schema: {
        tags: ['orders'],
        security: [{ bearerAuth: [] }],
        summary: 'Every order of the list’s filters and sort, as CSV (streamed)',
        description:
          'Takes the query of `GET /api/v1/orders` (filters, order, hide; 400 naming the bad filter as the list ' +
          'does) and answers every matching order, not a page: `size`, `page`, `cursor` and `last` are ignored. ' +
          'UTF-8 with a byte order mark, CRLF rows, RFC 4180 quoting; a text cell starting with = + - @, a tab or ' +
          'a carriage return is prefixed with a single quote. Times are the tenant’s wall clock, money in decimal ' +
          'units of the order’s currency. `X-Total-Count` is the list’s total for the same query (an estimate when ' +
          '`X-Total-Is-Estimate` is true); the rows are read page by page and sent as they are read.',
        querystring: OrderListQuerySchema,
        produces: ['text/csv'],
        response: { 200: Csv, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { total, totalIsEstimate, fileName, chunks } = await service.start(request.auth!, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .header('x-total-is-estimate', String(totalIsEstimate))
        .send(Readable.from(chunks, { objectMode: false }));
    },
  );
};
