import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, RemovalResultSchema, ShipMethodSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import type { ShipMethodsService } from './ship-methods-service.ts';

const ok = <T>(data: T) => ({ code: 200, success: true as const, data });
const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/**
 * Deleting shipping methods and their mappings (Admins; docs/setup-deletion.md): a method orders or rules name is
 * archived instead, and can be restored; mappings are always deleted.
 */
export const shipMethodsRemovalRoutes: FastifyPluginAsyncTypebox<{ methods: ShipMethodsService }> = async (
  app,
  { methods },
) => {
  const common = { tags: ['shipping'], security: [{ bearerAuth: [] }] };

  app.delete(
    '/api/v1/shipMethods/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Delete a shipping method (Admin); archived instead while orders or rules name it',
        params: IdParams,
        response: { 200: Envelope(RemovalResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.remove(request.auth!, request.params.id)),
  );

  app.post(
    '/api/v1/shipMethods/:id/restore',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Restore an archived shipping method (Admin)',
        params: IdParams,
        response: { 200: Envelope(ShipMethodSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.restore(request.auth!, request.params.id)),
  );

  app.delete(
    '/api/v1/shipMethodCarrierMethodMappings/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Delete a carrier mapping (Admin); open orders are resolved again',
        params: IdParams,
        response: { 200: Envelope(RemovalResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.deleteCarrierMapping(request.auth!, request.params.id)),
  );

  app.delete(
    '/api/v1/shipMethodStoreMappings/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Delete a store mapping (Admin); open orders are resolved again',
        params: IdParams,
        response: { 200: Envelope(RemovalResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.deleteStoreMapping(request.auth!, request.params.id)),
  );
};
