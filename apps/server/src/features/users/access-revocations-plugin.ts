import fp from 'fastify-plugin';
import { createAccessRevocations, type AccessRevocations } from './access-revocations-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users whose access ended before their tokens expire (deactivated, role changed); see modules/users. */
    revocations: AccessRevocations;
  }
}

export interface AccessRevocationsOptions {
  /** How often revocations recorded by other instances are read. */
  refreshMs: number;
}

/** Loads the revocations before the server answers, then reads new ones every `refreshMs`. */
export const accessRevocationsPlugin = fp<AccessRevocationsOptions>(
  async (app, options) => {
    const revocations = createAccessRevocations(app.db);
    app.decorate('revocations', revocations);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await revocations.refresh();
      timer = setInterval(() => {
        revocations.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'reading revocations failed'));
      }, options.refreshMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'access-revocations', dependencies: ['db'] },
);
