import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { startEventLoopWatchdog } from './event-loop-watchdog.ts';

const HealthSchema = Type.Object({
  status: Type.String(),
  reason: Type.Optional(Type.String({ description: 'why the process is not live or not ready' })),
});

interface HealthOptions {
  /** A block of the event loop this long or longer reports the process as not live (EVENT_LOOP_LIMIT_SECONDS). */
  eventLoopLimitMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, options) => {
  const watchdog = startEventLoopWatchdog({
    limitMs: options.eventLoopLimitMs,
    onBlocked: (ms) => app.log.error({ blockedMs: Math.round(ms) }, `the event loop was blocked for ${seconds(ms)}`),
  });
  app.addHook('onClose', async () => watchdog.stop());

  app.get(
    '/healthz',
    {
      config: { policy: 'public' },
      schema: {
        summary: 'The process is live: up, and its event loop not held (a 503 asks for a restart)',
        tags: ['health'],
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const { live, blockedMs } = watchdog.liveness();
      if (live) return { status: 'ok' };
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'not live', reason: `the event loop was blocked for ${seconds(blockedMs ?? 0)}` });
    },
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
      (await app.db.isReady())
        ? { status: 'ready' }
        : reply.code(503).header('retry-after', '1').send({ status: 'not ready' }),
  );
};
