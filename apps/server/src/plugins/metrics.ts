import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import { collectProcessMetrics, processRegistry } from '../lib/throughput-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** The exposition text of every metric of this app and its process. */
      render(): Promise<string>;
      /** Where the separate metrics listener listens (METRICS_PORT), or null. */
      address(): AddressInfo | null;
    };
  }
}

interface MetricsOptions {
  /** METRICS_TOKEN: `/metrics` on the app's port answers only `Authorization: Bearer <token>`; unset: 404 there. */
  token: string | undefined;
  /** METRICS_PORT: a listener of its own serving only `/metrics` (the token too, when one is set); unset: none. */
  port: number | undefined;
  /** METRICS_HOST: where that listener binds (default loopback: an agent on the same host or pod scrapes it). */
  host: string;
  /** How long one read of the job queues and the database size serves the scrapes that follow (ms). */
  cacheMs?: number;
}

const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
const UNMATCHED = '(unmatched)';
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

interface Snapshot {
  queues: Array<{ queue: string; waiting: number; oldest: number; active: number }>;
  databaseBytes: number | null;
}

/** One statement per table: the waiting jobs are read through pg-boss's own partial index (name, start_after). */
const QUEUES_SQL = sql`
  SELECT q.name AS queue, w.waiting, w.oldest, q.active_count AS active
  FROM pgboss.queue q
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS waiting,
           coalesce(extract(epoch FROM now() - min(j.start_after)), 0)::float8 AS oldest
    FROM pgboss.job j
    WHERE j.name = q.name AND j.state < 'active' AND j.start_after <= now()
  ) w`;
const SIZE_SQL = sql`SELECT pg_database_size(current_database())::float8 AS bytes`;

/**
 * Prometheus metrics for operators: HTTP requests by route template, method and status class; the database pool;
 * the job queues; realtime connections; sync and label throughput and the process (lib/throughput-metrics.ts).
 * docs/OPERATIONS.md "Metrics". The hot path costs one histogram observation per request.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, options) => {
    collectProcessMetrics();
    const registry = new Registry();
    const duration = new Histogram({
      name: 'shipdesk_http_request_duration_seconds',
      help: 'HTTP requests by route template (not the raw path), method and status class; _count is the request count',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      const status = STATUS_CLASSES[Math.floor(reply.statusCode / 100)] ?? '5xx';
      const route = request.routeOptions.url ?? UNMATCHED;
      duration.observe({ method: request.method, route, status_class: status }, reply.elapsedTime / 1000);
      done();
    });

    databaseMetrics(app, registry, options.cacheMs ?? 5_000);
    new Gauge({
      name: 'shipdesk_realtime_connections',
      help: 'Realtime (socket.io) clients connected to this instance',
      registers: [registry],
      collect() {
        const realtime = app.hasDecorator('realtime') ? app.realtime : undefined;
        this.set(realtime?.io?.engine?.clientsCount ?? 0);
      },
    });

    const render = async () => (await processRegistry.metrics()) + (await registry.metrics());
    const expected = options.token ? digest(options.token) : null;
    const allowed = (headers: IncomingHttpHeaders) => {
      if (!expected) return true;
      const header = headers.authorization;
      return (
        typeof header === 'string' && header.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7)), expected)
      );
    };

    if (options.token) {
      app.get('/metrics', { config: { policy: 'signed-request' }, schema: { hide: true } }, async (request, reply) => {
        if (!allowed(request.headers)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ code: 401, success: false, message: 'A metrics token is required' });
        }
        return reply
          .header('content-type', CONTENT_TYPE)
          .header('cache-control', 'no-store')
          .send(await render());
      });
    }

    let server: Server | null = null;
    if (options.port !== undefined) {
      server = createServer((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
          res.writeHead(404).end();
        } else if (!allowed(req.headers)) {
          res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
        } else {
          render().then(
            (text) => res.writeHead(200, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
            (error: unknown) => {
              app.log.warn({ err: error }, 'metrics could not be collected');
              res.writeHead(500).end();
            },
          );
        }
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(options.port, options.host, () => resolve());
      });
      // Not `address`: that field is redacted (a customer's address, lib/logging.ts).
      app.log.info({ host: options.host, port: (listening.address() as AddressInfo).port }, 'metrics listening');
      app.addHook('onClose', () => new Promise<void>((resolve) => listening.close(() => resolve())));
    }

    app.decorate('metrics', {
      render,
      address: () => (server?.address() as AddressInfo | null) ?? null,
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);

/** Compared as digests: equal lengths whatever was sent, so the comparison takes the same time. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function databaseMetrics(app: FastifyInstance, registry: Registry, cacheMs: number): void {
  const database = app.db;
  new Gauge({
    name: 'shipdesk_db_info',
    help: 'The database driver: postgres (node-postgres pool) or pglite (embedded, one connection, no pool)',
    labelNames: ['driver'] as const,
    registers: [registry],
  }).set({ driver: database.kind }, 1);

  const pool = database.kind === 'postgres' ? (database.db as unknown as { $client: PoolLike }).$client : null;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: PoolLike) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('shipdesk_db_pool_connections', 'Connections the pool holds (idle and in use)', (p) => p.totalCount);
    poolGauge('shipdesk_db_pool_idle_connections', 'Connections idle in the pool', (p) => p.idleCount);
    poolGauge('shipdesk_db_pool_waiting_clients', 'Queries waiting for a connection', (p) => p.waitingCount);
    poolGauge('shipdesk_db_pool_max_connections', 'The most connections the pool opens', (p) => p.options?.max ?? 0);
  }

  let cached: { at: number; snapshot: Promise<Snapshot> } | null = null;
  const snapshot = (): Promise<Snapshot> => {
    const now = Date.now();
    if (!cached || now - cached.at >= cacheMs) cached = { at: now, snapshot: readSnapshot(app) };
    return cached.snapshot;
  };
  const queueGauge = (name: string, help: string, pick: (q: Snapshot['queues'][number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const { queues } = await snapshot();
        this.reset();
        for (const queue of queues) this.set({ queue: queue.queue }, pick(queue));
      },
    });
  queueGauge('shipdesk_job_queue_waiting', 'Jobs ready to run and not yet taken, per pg-boss queue', (q) => q.waiting);
  queueGauge(
    'shipdesk_job_queue_oldest_waiting_seconds',
    'How long the oldest ready job has waited for a worker (0 when none waits), per queue',
    (q) => q.oldest,
  );
  queueGauge(
    'shipdesk_job_queue_active',
    'Jobs being worked, per queue (pg-boss counts them each minute)',
    (q) => q.active,
  );
  new Gauge({
    name: 'shipdesk_db_size_bytes',
    help: 'Size of the database on disk',
    registers: [registry],
    async collect() {
      const { databaseBytes } = await snapshot();
      if (databaseBytes === null) this.reset();
      else this.set(databaseBytes);
    },
  });
}

/** Never fails a scrape: a database that does not answer (or has no job tables yet) shows as missing series. */
async function readSnapshot(app: FastifyInstance): Promise<Snapshot> {
  const run = async <T>(query: ReturnType<typeof sql>): Promise<T[] | null> => {
    try {
      return ((await app.db.db.execute(query)) as unknown as { rows: T[] }).rows;
    } catch (error) {
      app.log.debug({ err: error }, 'metrics query failed');
      return null;
    }
  };
  const queues = (await run<{ queue: string; waiting: number; oldest: number; active: number }>(QUEUES_SQL)) ?? [];
  const size = await run<{ bytes: number }>(SIZE_SQL);
  return {
    queues: queues.map((q) => ({
      queue: q.queue,
      waiting: Number(q.waiting),
      oldest: Number(q.oldest),
      active: Number(q.active),
    })),
    databaseBytes: size?.[0] ? Number(size[0].bytes) : null,
  };
}
