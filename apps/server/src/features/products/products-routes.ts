import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  ID_PATTERN,
  ProductInputSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductSchema,
  RemovalResultSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createProductsService } from './products-service.ts';

/** The product catalogue (docs/products.md): every role reads it; Admins keep it in Settings > Products. */
export const productsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createProductsService(app.db, app.productWeightFill);
  const common = { tags: ['products'], security: [{ bearerAuth: [] }] };
  const params = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

  app.get(
    '/api/v1/products',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'A page of products by SKU, searched by SKU or title; archived ones too with archived=true',
        querystring: ProductListQuerySchema,
        response: { 200: Envelope(ProductListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!, request.query) }),
  );

  app.get(
    '/api/v1/products/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'One product',
        params,
        response: { 200: Envelope(ProductSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.get(request.auth!, request.params.id),
    }),
  );

  app.post(
    '/api/v1/products',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Add a product (Admin); its SKU must be no other live product’s',
        body: ProductInputSchema,
        response: { 201: Envelope(ProductSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ code: 201, success: true as const, data: await service.create(request.auth!, request.body) }),
  );

  app.put(
    '/api/v1/products/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Replace a product (Admin); a changed weight or size becomes the seller’s',
        params,
        body: ProductInputSchema,
        response: { 200: Envelope(ProductSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.update(request.auth!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/products/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Delete a product (Admin); archived instead while order lines name its SKU',
        params,
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
    '/api/v1/products/:id/restore',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Restore an archived product (Admin), unless a live product has its SKU now',
        params,
        response: { 200: Envelope(ProductSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.restore(request.auth!, request.params.id),
    }),
  );
};
