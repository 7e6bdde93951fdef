import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiKeyCreatedSchema, ApiKeyStatusSchema, Envelope } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createApiKeysService } from './api-keys-service.ts';

/** The tenant's API key (config `bearer_token`): see whether there is one, create or rotate it, revoke it. */
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createApiKeysService(app.db);

  app.get(
    '/call/apiKey',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Whether the tenant has a working API key, and how to recognise it',
        description: 'Every role may read: the answer holds the last four characters only, never the key.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(ApiKeyStatusSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.status(request.auth!) }),
  );

  app.post(
    '/call/apiKey/rotate',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Create the API key, or replace the working one',
        description:
          'Admins only, signed in (an API key cannot rotate itself). The answer carries the new key in clear; it ' +
          'is not stored and cannot be shown again. The previous key stops working at once.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(ApiKeyCreatedSchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.rotate(request.auth!) }),
  );

  app.delete(
    '/call/apiKey',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Revoke the API key',
        description: 'Admins only, signed in. Requests with the key answer 401 from now on. Harmless without a key.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(ApiKeyStatusSchema), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.revoke(request.auth!) }),
  );
};
