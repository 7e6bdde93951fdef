import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  createChannelAdapter,
  type AdapterFactory,
} from '../../apps/server/src/integrations/channels/channel-registry.ts';
import {
  LIST_ORDERS_QUERY,
  ORDERS_PER_QUERY,
} from '../../apps/server/src/integrations/channels/shopify/shopify-queries.ts';
import { DEFAULT_API_VERSION } from '../../apps/server/src/integrations/channels/shopify/shopify-client.ts';
import type { OwnerSql } from './pull-copy.ts';

/**
 * What the pull benchmark sets up around the server, and what it reads on the side: fresh databases, the fake Shopify
 * in its worker thread, the timers wrapped around the adapter and the tenant transactions, and CPU readings.
 */

/** An empty database: PostgreSQL `shipdesk_pullbench_<ts>[_suffix]` on the server of adminUrl, or a PGlite folder. */
export interface Target {
  databaseUrl: string | undefined;
  dataDir: string;
  name: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function freshTarget(kind: 'postgres' | 'pglite', adminUrl: string, suffix: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), `shipdesk-pullbench-${suffix}-`));
  if (kind === 'pglite') {
    return { databaseUrl: undefined, dataDir, name: dataDir, drop: async () => rmSync(dataDir, { recursive: true }) };
  }
  const name = `shipdesk_pullbench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${suffix}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.href,
    dataDir,
    name,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface FakeShop {
  url: string;
  accessToken: string;
  requests(): Promise<number>;
  /** CPU seconds the shop's thread has used. */
  cpu(): Promise<number>;
  close(): Promise<void>;
}

export async function startShop(orders: number, seed: number): Promise<FakeShop> {
  const worker = new Worker(new URL('./pull-shop.ts', import.meta.url), { workerData: { orders, seed } });
  const next = <T>(kind: string) =>
    new Promise<T>((resolveMessage, reject) => {
      const onMessage = (message: { kind: string } & T) => {
        if (message.kind !== kind) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolveMessage(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const ready = await next<{ url: string; accessToken: string }>('ready');
  return {
    url: ready.url,
    accessToken: ready.accessToken,
    async cpu() {
      const answer = next<{ seconds: number }>('cpu');
      worker.postMessage('cpu');
      return (await answer).seconds;
    },
    async requests() {
      const answer = next<{ count: number }>('requests');
      worker.postMessage('requests');
      return (await answer).count;
    },
    async close() {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('close');
      await exited;
    },
  };
}

/** The average requested and actual cost of the adapter's list query against the fake, over a few queries. */
export async function sampleQueryCost(shop: FakeShop, queries = 20): Promise<{ requested: number; actual: number }> {
  let after: string | null = null;
  let requested = 0;
  let actual = 0;
  for (let i = 0; i < queries; i++) {
    const res = await fetch(`${shop.url}/admin/api/${DEFAULT_API_VERSION}/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': shop.accessToken },
      body: JSON.stringify({
        query: LIST_ORDERS_QUERY.document,
        operationName: LIST_ORDERS_QUERY.name,
        variables: { first: ORDERS_PER_QUERY, after, query: null },
      }),
    });
    const body = (await res.json()) as {
      data: { orders: { pageInfo: { endCursor: string | null } } };
      extensions: { cost: { requestedQueryCost: number; actualQueryCost: number } };
    };
    requested += body.extensions.cost.requestedQueryCost;
    actual += body.extensions.cost.actualQueryCost;
    after = body.data.orders.pageInfo.endCursor;
  }
  return { requested: requested / queries, actual: actual / queries };
}

/** Sums the time of the adapter's page fetches. */
export function timedAdapters(timer: { ms: number; calls: number }): AdapterFactory {
  return (sourceType, connection, options) => {
    const adapter = createChannelAdapter(sourceType, connection, options);
    if (!adapter) return adapter;
    return {
      ...adapter,
      async listOrders(window, signal) {
        const started = performance.now();
        try {
          return await adapter.listOrders(window, signal);
        } finally {
          timer.ms += performance.now() - started;
          timer.calls += 1;
        }
      },
    };
  };
}

/** Sums the time of the server's tenant transactions (the engine's page writes among them). */
export function timeTransactions(database: Database, timer: { ms: number; calls: number }): void {
  const withTenant = database.withTenant.bind(database);
  database.withTenant = async (tenantId, fn) => {
    const started = performance.now();
    try {
      return await withTenant(tenantId, fn);
    } finally {
      timer.ms += performance.now() - started;
      timer.calls += 1;
    }
  };
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process has used, when it runs on this machine (visible in /proc). */
function processCpu(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the command name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each client backend connected to `db` (not autovacuum's), but the one asking. */
export async function backendCpu(db: OwnerSql): Promise<Map<number, number>> {
  const pids = await db.rows<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of pids) {
    const seconds = processCpu(pid);
    if (seconds !== null) cpu.set(pid, seconds);
  }
  return cpu;
}

/** CPU seconds the backends used between two readings (backends that ended in between are not counted). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

export async function ownBackendCpu(db: OwnerSql): Promise<number | null> {
  const [row] = await db.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return processCpu(row!.pid);
}
