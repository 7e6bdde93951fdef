import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, SyncRunListSchema, SyncRunSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import type { StoreSyncService } from './store-sync-service.ts';
import { StoreIdParams } from './stores-routes.ts';
import { parseStoreId } from './stores-service.ts';

/** A store's pulls (spec 7.3): start one, and the sync log. */
export const storeSyncRoutes: FastifyPluginAsyncTypebox<{ sync: StoreSyncService }> = async (app, options) => {
  const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/store/:storeId/pullOrders',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Start pulling orders; answers at once with the sync run',
        description: 'While a pull of the store is queued or running, answers that run (202 either way).',
        params: StoreIdParams,
        response: { 202: Envelope(SyncRunSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const storeId = parseStoreId(request.params.storeId);
      const { run } = await options.sync.startPull(request.auth!.tenantId, storeId, 'manual');
      const data = (await options.sync.listRuns(request.auth!.tenantId, storeId, 1)).find(
        (r) => r.id === String(run.id),
      );
      return reply.code(202).send({ code: 202, success: true as const, data: data! });
    },
  );

  app.get(
    '/call/store/:storeId/syncRuns',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The store's sync log, newest first (last 20 runs)",
        params: StoreIdParams,
        response: { 200: Envelope(SyncRunListSchema), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: { rows: await options.sync.listRuns(request.auth!.tenantId, parseStoreId(request.params.storeId)) },
    }),
  );
};
