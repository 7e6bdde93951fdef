import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, RemovalResultSchema, StoreSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { parseStoreId, type StoresService } from './stores-service.ts';

const StoreIdParams = Type.Object({ storeId: Type.String({ maxLength: 20 }) });

/** Archiving a store and restoring it (Admins; docs/setup-deletion.md): stores are never deleted. */
export const storesArchiveRoutes: FastifyPluginAsyncTypebox<{ service: StoresService }> = async (app, { service }) => {
  const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };

  app.delete(
    '/api/v1/stores/:storeId',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Archive a store (Admin): its orders stay, syncing stops, it leaves the pickers',
        params: StoreIdParams,
        response: { 200: Envelope(RemovalResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.archive(request.auth!, parseStoreId(request.params.storeId)),
    }),
  );

  app.post(
    '/api/v1/stores/:storeId/restore',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Restore an archived store (Admin); it comes back paused',
        params: StoreIdParams,
        response: { 200: Envelope(StoreSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.restore(request.auth!, parseStoreId(request.params.storeId)),
    }),
  );
};
