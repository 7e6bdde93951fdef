import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, TenantProvisionSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createTenantsService } from './tenants-service.ts';

export const tenantsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createTenantsService(app.db);

  app.post(
    '/call/verifyNewUserRegister',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "Provision the caller's organisation (idempotent)",
        description:
          'Creates the tenant row, the default settings (only where missing) and the setup-guide state. ' +
          'Calling it again changes nothing and answers the same.',
        tags: ['tenants'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(TenantProvisionSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.provision(request.auth!) }),
  );
};
