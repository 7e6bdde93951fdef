import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { APP_ROLE } from '../db/schema/tenancy.ts';
import { carryRequestId } from '../lib/request-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable background jobs (pg-boss) in the app's own database: the one engine for all background work. */
    jobs: PgBoss;
    /** Whether this instance runs the jobs and the schedules; false when it only sends them (SERVER_ROLE=api, JOBS=off). */
    jobWorkers: boolean;
  }
}

/**
 * `work`: send jobs and run them, with the schedules and the expiry monitor (`SERVER_ROLE` all or worker); `send`:
 * only send them, the workers run them (`SERVER_ROLE=api`, or `JOBS=off`).
 */
type JobsMode = 'work' | 'send';

interface JobsPluginOptions {
  mode: JobsMode;
  databaseUrl: string | undefined;
  /**
   * How often a working instance looks for jobs that ran past their expiry (a killed worker's) and fails them into
   * their retry: a quarter of the shortest expiry of our queues, so a takeover waits little beyond the expiry.
   */
  monitorSeconds: number;
}

/** pg-boss's schema. */
export const JOBS_SCHEMA = 'pgboss';

interface PGliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

// Any constant: instances starting together take turns granting (concurrent GRANTs on one object can collide).
const GRANT_LOCK_KEY = 7_305_118_202;

/**
 * A job is sent in the transaction of the change that asks for it (tenant work runs as the RLS role), so that role
 * may add jobs: read the queues' settings and insert into the common job table. It cannot read or change any job.
 */
const GRANT_SENDING = `DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(${GRANT_LOCK_KEY});
  IF NOT has_table_privilege('${APP_ROLE}', '${JOBS_SCHEMA}.job_common', 'INSERT') THEN
    GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${APP_ROLE};
    GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${APP_ROLE};
    GRANT INSERT ON ${JOBS_SCHEMA}.job_common TO ${APP_ROLE};
  END IF;
END
$$`;

/**
 * pg-boss on the app's database: its own small pool on PostgreSQL; on PGlite, the app's one instance through the
 * `db.executeSql` adapter (text without parameters may hold several statements: it goes through `exec`).
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, options) => {
    const works = options.mode === 'work';
    app.decorate('jobWorkers', works);
    // Expiry, maintenance and the cron schedules are the workers' business; a sender only needs the queue's tables.
    const monitor = Math.max(1, Math.min(60, Math.floor(options.monitorSeconds)));
    const common = {
      schema: JOBS_SCHEMA,
      supervise: works,
      schedule: works,
      migrate: true,
      superviseIntervalSeconds: monitor,
      monitorIntervalSeconds: monitor,
    } as const;
    let boss: PgBoss;
    if (options.databaseUrl) {
      boss = new PgBoss({
        ...common,
        connectionString: options.databaseUrl,
        max: works ? 4 : 2,
        application_name: works ? 'shipdesk-jobs' : 'shipdesk-jobs-send',
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
    await boss.getDb().executeSql(GRANT_SENDING, []);
    app.decorate('jobs', boss);
    // onClose hooks run last-registered first: this stops before the database closes, letting running handlers
    // finish their slice (the features ask them to stop early in their preClose).
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: true });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
