import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';

const HealthSchema = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      config: { policy: 'public' },
      schema: { summary: 'The process is up', tags: ['health'], response: { 200: HealthSchema } },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'The database answers and its migrations are applied',
        tags: ['health'],
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) =>
      (await app.db.isReady()) ? { status: 'ready' } : reply.code(503).send({ status: 'not ready' }),
  );
};
