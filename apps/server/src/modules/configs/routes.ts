import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ConfigEntrySchema, ConfigUpsertSchema, Envelope, Role } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createConfigsService } from './service.ts';

export const configsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createConfigsService(app.db, app.secrets);

  app.get(
    '/api/v1/configs',
    {
      schema: {
        summary: "The tenant's settings",
        description: 'Every role may read. Secrets (bearer_token) are masked.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(Type.Array(ConfigEntrySchema)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!) }),
  );

  app.post(
    '/call/configs/createOrUpdate',
    {
      preHandler: app.requireRole(Role.SuperAdmin, Role.Admin),
      schema: {
        summary: 'Create or replace one setting',
        description:
          'Admins only. Options keys (currency_info, ship_label_app_info, warehouse_info) take `options` as an ' +
          'object or its JSON text; value keys (bearer_token, cq_url) take `value`.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        body: ConfigUpsertSchema,
        response: { 200: Envelope(ConfigEntrySchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.createOrUpdate(request.auth!, request.body),
    }),
  );
};
