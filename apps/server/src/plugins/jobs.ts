import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable background jobs (pg-boss) in the app's own database; null when this instance runs none. */
    jobs: PgBoss | null;
  }
}

export interface JobsPluginOptions {
  enabled: boolean;
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
    if (!options.enabled) {
      app.decorate('jobs', null);
      return;
    }
    const common = { schema: 'pgboss', supervise: true, schedule: false, migrate: true } as const;
    let boss: PgBoss;
    if (options.databaseUrl) {
      boss = new PgBoss({
        ...common,
        connectionString: options.databaseUrl,
        max: 4,
        application_name: 'shipdesk-jobs',
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
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
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
