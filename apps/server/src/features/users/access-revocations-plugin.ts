import fp from 'fastify-plugin';
import { createAccessRevocations, type AccessRevocations } from './access-revocations-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users whose access ended before their tokens expire (deactivated, role changed); see modules/users. */
    revocations: AccessRevocations;
  }
}

interface AccessRevocationsOptions {
  /** How often revocations recorded by other instances are read. */
  refreshMs: number;
}

/**
 * Loads the revocations before the server answers, then reads new ones every `refreshMs` in every instance: a task of
 * the one engine's `everyInstance` (plugins/background.ts), since a job runs on one worker and every instance, API
 * ones too, refuses the tokens from its own copy. Registered before the engine (auth and realtime read it), so the
 * task is handed over when the app is ready.
 */
export const accessRevocationsPlugin = fp<AccessRevocationsOptions>(
  async (app, options) => {
    const revocations = createAccessRevocations(app.db);
    app.decorate('revocations', revocations);
    app.addHook('onReady', async () => {
      await revocations.refresh();
      app.background.everyInstance('access-revocations', options.refreshMs, () => revocations.refresh());
    });
  },
  { name: 'access-revocations', dependencies: ['db'] },
);
