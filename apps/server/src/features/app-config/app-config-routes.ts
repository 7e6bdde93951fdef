import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppConfigSchema } from '@shipdesk/contract';
import type { ServerConfig } from '../../config.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { buildAppConfig } from './app-config-service.ts';

export const appConfigRoutes: FastifyPluginAsyncTypebox<{ config: ServerConfig }> = async (app, options) => {
  const body = buildAppConfig(options.config);

  app.get(
    '/app-config.json',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'Public runtime configuration of the web app',
        tags: ['app'],
        response: { 200: AppConfigSchema, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};
