import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { carryRequestId } from '../lib/request-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable background jobs (pg-boss) in the app's own database; null when this instance has no queue. */
    jobs: PgBoss | null;
    /** Whether this instance runs the jobs and the schedules; false on an API-only one, which only sends jobs. */
    jobWorkers: boolean;
  }
}

/**
 * `work`: send jobs and run them (`SERVER_ROLE` all or worker); `send`: only send them, the workers run them
 * (`SERVER_ROLE=api`); `off`: no queue, work is handed to this process directly (JOBS=off, the tests).
 */
export type JobsMode = 'work' | 'send' | 'off';

export interface JobsPluginOptions {
  mode: JobsMode;
  databaseUrl: string | undefined;
}

interface PGliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/**
 * pg-boss on the app's database: its own small pool on PostgreSQL; on PGlite, the app's one instance through the
 * `db.executeSql` adapter (text without parameters may hold several statements: it goes through `exec`).
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, options) => {
    app.decorate('jobWorkers', options.mode !== 'send');
    if (options.mode === 'off') {
      app.decorate('jobs', null);
      return;
    }
    // Maintenance (expiring, archiving) is the workers' business; a sender only needs the queue's tables.
    const supervise = options.mode === 'work';
    const common = { schema: 'pgboss', supervise, schedule: false, migrate: true } as const;
    let boss: PgBoss;
    if (options.databaseUrl) {
      boss = new PgBoss({
        ...common,
        connectionString: options.databaseUrl,
        max: supervise ? 4 : 2,
        application_name: supervise ? 'shipdesk-jobs' : 'shipdesk-jobs-send',
      });
    } else {
      const client = (app.db.db as unknown as { $client: PGliteLike }).$client;
      boss = new PgBoss({
        ...common,
        db: {
          async executeSql(text: string, values: unknown[]) {
            if (!values || values.length === 0) {
              const results = (await client.exec(text)) as Array<{ rows: unknown[] }>;
              return { rows: results.at(-1)?.rows ?? [] };
            }
            return client.query(text, values);
          },
        },
      });
    }
    // The error alone: node-postgres hangs its whole client (connection settings, queues) on a connection error.
    boss.on('error', (error: Error & { code?: string }) =>
      app.log.error({ err: { type: error.name, message: error.message, code: error.code } }, 'job queue error'),
    );
    // A job sent while answering a request carries its id into the worker's logs (lib/request-context.ts).
    carryRequestId(boss);
    await boss.start();
    app.decorate('jobs', boss);
    // onClose hooks run last-registered first: this stops before the database closes, letting running handlers
    // finish the page in flight (store sync stops after it, in its preClose).
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: true });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
