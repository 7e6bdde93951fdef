import fp from 'fastify-plugin';
import type { JobQueue } from '../../plugins/background.ts';
import {
  createShippingResolution,
  type ResolutionJob,
  type ShippingResolution,
} from './shipping-resolution-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shippingResolution: ShippingResolution;
  }
}

interface ShippingPluginOptions {
  /** Orders per batch of a pass. */
  batchSize?: number;
}

/** A pass's slices (one tenant: one waiting slice at most). */
export const RESOLUTION_QUEUE = 'shipping-resolution';
/** A slice still running this long (its worker stopped) is run again from the position reached. */
const RESOLUTION_EXPIRY_SECONDS = 30;

/**
 * Re-resolving open orders after a mapping changed, on the one engine (plugins/background.ts): the pass is a chain
 * of `shipping-resolution` slice jobs, the first sent with the change; any instance that runs jobs works them.
 */
export const shippingPlugin = fp<ShippingPluginOptions>(
  async (app, options) => {
    const queue: JobQueue<ResolutionJob> = app.background.queue<ResolutionJob>({
      name: RESOLUTION_QUEUE,
      policy: 'short',
      expireInSeconds: RESOLUTION_EXPIRY_SECONDS,
      sliceSeconds: RESOLUTION_EXPIRY_SECONDS / 3,
      retryLimit: 10,
      retryDelaySeconds: 1,
      retryDelayMaxSeconds: 300,
      work: (job, run) => resolution.runSlice(job, run),
    });
    const resolution = createShippingResolution({
      database: app.db,
      notify: (tenantId, event, payload) => app.realtime.toTenant(tenantId, event, payload),
      log: app.log,
      queue,
      batchSize: options.batchSize,
    });
    app.decorate('shippingResolution', resolution);
  },
  { name: 'shipping', dependencies: ['db', 'realtime', 'background'] },
);
