import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, SETUP_GUIDE_STEPS, SetupGuideSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createSetupGuideService } from './setup-guide-service.ts';

export const setupGuideRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = createSetupGuideService(app.db);

  app.get(
    '/call/setupGuide',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'Setup-guide steps, computed from the tenant data',
        description:
          `Steps: ${SETUP_GUIDE_STEPS.map((s) => s.id).join(', ')}. ` +
          'labelType counts only after a user saved ship_label_app_info (the provisioned default does not).',
        tags: ['setup guide'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(SetupGuideSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.get(request.auth!) }),
  );
};
