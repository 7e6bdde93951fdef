import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ProductImportResultSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createProductsImportService } from './products-import-service.ts';

/** 50,000 products of every column fit in well under this. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

const Csv = Type.String({ description: 'text/csv; charset=utf-8 (docs/products.md, "CSV")' });

/** The catalogue as a CSV file, both ways (docs/products.md). */
export const productsImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createProductsImportService(app.db, app.productWeightFill);
  const common = { tags: ['products'], security: [{ bearerAuth: [] }] };
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_FILE_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/products/import',
    {
      config: { policy: 'admin' },
      bodyLimit: MAX_FILE_BYTES,
      schema: {
        ...common,
        summary: 'Create or update products by SKU from a CSV file (Admin), with a result per row',
        description:
          'The body is the file itself, sent as `text/csv`. The header row names the columns (PRODUCT_CSV_COLUMNS; ' +
          'only sku is required); a column left out leaves that field as it is, an empty cell clears it. A bad row ' +
          'writes nothing and is answered with its row number (the header is row 1) and column; good rows are kept. ' +
          'A file the import cannot read (no sku column, an unknown column) is a 400 naming `column` or `file`.',
        consumes: ['text/csv'],
        body: Csv,
        response: { 200: Envelope(ProductImportResultSchema), ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.import(request.auth!, request.body),
    }),
  );

  app.get(
    '/api/v1/products/export.csv',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Every live product as CSV, in the columns the import reads',
        produces: ['text/csv'],
        response: { 200: Csv, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .header('cache-control', 'no-store')
        .send(await service.export(request.auth!)),
  );
};
