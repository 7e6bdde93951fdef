import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ReconcileStartSchema, ReconcileViewSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { parseStoreId, StoreIdParams } from '../stores/index.ts';

const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };

/** A store's missing-orders check (issue 30, point 3): start one, read the latest, fetch and fix what it found. */
export const storeReconcileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.storeReconcile;

  app.post(
    '/call/store/:storeId/reconcile',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Compare the channel's orders of the last `days` days with the store's; answers at once",
        description:
          'Finds orders the channel has and Shipdesk lacks (`missing`), orders open here that the channel canceled ' +
          '(`canceled_on_channel`) and orders the channel changed since we last took them (`changed`). While a ' +
          'check or a fix of the store is going, answers that one.',
        params: StoreIdParams,
        body: ReconcileStartSchema,
        response: { 202: Envelope(ReconcileViewSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const storeId = parseStoreId(request.params.storeId);
      const data = await service.start(request.auth!.tenantId, storeId, request.body.days);
      return reply.code(202).send({ code: 202, success: true as const, data });
    },
  );

  app.get(
    '/call/store/:storeId/reconcile',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The store's latest missing-orders check, with what it found",
        params: StoreIdParams,
        response: { 200: Envelope(ReconcileViewSchema), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.view(request.auth!.tenantId, parseStoreId(request.params.storeId)),
    }),
  );

  app.post(
    '/call/store/:storeId/reconcile/fix',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Fetch and fix: take the latest check's open findings in, as a pull would; answers at once",
        description:
          'Each finding is fetched fresh from the channel and written the way a pull writes it, so an order ' +
          'already current changes nothing. One the channel no longer has, or that fails the checks, stays open ' +
          'with a note.',
        params: StoreIdParams,
        response: { 202: Envelope(ReconcileViewSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.fix(request.auth!.tenantId, parseStoreId(request.params.storeId));
      return reply.code(202).send({ code: 202, success: true as const, data });
    },
  );
};
