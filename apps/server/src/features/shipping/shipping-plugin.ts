import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { createShippingResolution, type ShippingResolution } from './shipping-resolution-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shippingResolution: ShippingResolution;
  }
}

export interface ShippingPluginOptions {
  /** Whether this instance runs background work (JOBS=off: an API-only instance leaves passes to the workers). */
  jobs: boolean;
  /** Orders per batch of a pass. */
  batchSize?: number;
}

/**
 * Re-resolving open orders after a mapping changed: every instance can run a pass it was asked for; a monitor in
 * the instances that run background work takes up passes left unfinished by a stopped one.
 */
export const shippingPlugin = fp<ShippingPluginOptions>(
  async (app, options) => {
    const resolution = createShippingResolution({
      database: app.db,
      notify: (tenantId, event, payload) => app.realtime.toTenant(tenantId, event, payload),
      log: app.log,
      worker: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      batchSize: options.batchSize,
    });
    app.decorate('shippingResolution', resolution);
    let monitor: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!options.jobs) return;
      monitor = setInterval(() => {
        resolution.resumePending().catch((error: unknown) => app.log.warn({ err: error }, 'shipping monitor failed'));
      }, 15_000);
      monitor.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(monitor);
      resolution.stop();
      await resolution.idle();
    });
  },
  { name: 'shipping', dependencies: ['db', 'realtime'] },
);
