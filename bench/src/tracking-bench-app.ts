import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Role } from '@shipdesk/contract';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
// A dev tool may reach into the server: the real app, its tracking and its dashboard are what is measured.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { WAREHOUSE } from './labels-app.ts';

/**
 * What the tracking benchmarks (tracking-poll.ts, tracking-push.ts, tracking-dashboard.ts) set up around the server:
 * a fresh PostgreSQL database, the real app on loopback with a tenant and its ship-from address, labels bought
 * through the API, and many more made from one by SQL (an order, its delivery and its label per copy), as a seller
 * with that many parcels in flight would have them.
 */

export interface TrackingBenchApp {
  app: FastifyInstance;
  port: number;
  tenantId: string;
  databaseUrl: string;
  owner: pg.Pool;
  postgres: string;
  api(method: string, path: string, body?: object): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startTrackingApp(options: {
  adminUrl: string;
  tag: string;
  jobs: boolean;
  port?: number;
  outboundAllowHosts?: string[];
}): Promise<TrackingBenchApp> {
  const name = `shipdesk_${options.tag}_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: options.adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), `shipdesk-${options.tag}-`));
  const idp = await fakeIdentityProvider();
  const port = options.port ?? 0;
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      databaseUrl: url.href,
      dataDir,
      secretsKey: randomBytes(32).toString('base64'),
      oidcIssuer: FAKE_ISSUER,
      oidcAudience: FAKE_AUDIENCE,
      webDist: join(dataDir, 'no-web-build'),
      rateLimitMax: 1_000_000_000,
      jobs: options.jobs,
      demo: false,
      publicUrl: port ? `http://127.0.0.1:${port}` : 'https://shipdesk.example.com',
      ...(options.outboundAllowHosts ? { outboundAllowHosts: options.outboundAllowHosts } : {}),
    },
    jwks: idp.jwks,
    logger: false,
  });
  const owner = new pg.Pool({ connectionString: url.href, max: 2 });
  const close = async () => {
    await app.close().catch(() => undefined);
    await owner.end().catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ host: '127.0.0.1', port });
    const listening = (app.server.address() as { port: number }).port;
    const tenantId = randomUUID();
    const token = await mintAccessToken({ tenantId, roleId: Role.Admin, expiresIn: 6 * 3600 });
    const api = async (method: string, path: string, body?: object) => {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        payload: body as never,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: Record<string, unknown> }).data;
    };
    await api('POST', '/call/configs/createOrUpdate', { key: 'warehouse_info', options: WAREHOUSE });
    const version = await owner.query<{ v: string }>('SELECT version() AS v');
    return {
      app,
      port: listening,
      tenantId,
      databaseUrl: url.href,
      owner,
      postgres: version.rows[0]!.v.split(' on ')[0]!,
      api,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A carrier account on a fake, created and proven through the API; answers its id. */
export async function connectAccount(
  run: TrackingBenchApp,
  carrier: string,
  settings: Record<string, string>,
  credentials: Record<string, string>,
): Promise<number> {
  const created = await run.api('POST', '/api/v1/carrierAccounts', {
    carrier,
    name: `${carrier} (bench)`,
    settings,
    credentials,
  });
  const tested = await run.api('POST', '/call/carriers/testConnection', { accountId: created.id });
  if (!tested.ok) throw new Error(`the ${carrier} account does not connect: ${JSON.stringify(tested)}`);
  return Number(created.id);
}

/** A paid order shipped with one label of `carrier` through the API; answers the label's id and number. */
export async function shipOne(
  run: TrackingBenchApp,
  carrier: string,
  serviceCode: string,
  carrierAccountId?: number,
): Promise<{ labelId: number; trackingNumber: string }> {
  const created = await run.api('POST', '/api/v1/store/1/orders', {
    customerEmail: 'buyer@example.com',
    requestedShippingMethod: 'Ground',
    shippingTotal: 500,
    taxTotal: 0,
    lines: [{ sku: 'MUG-1', name: 'Blue mug', quantity: 1, unitPrice: 1250, weight: 350 }],
    shippingAddress: {
      name: 'Bench Buyer',
      address1: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
    },
  });
  const id = String(created.id);
  await run.api('POST', `/call/orders/${id}/approve/orderFlow`, { version: 1 });
  const paid = await run.api('POST', `/call/orders/${id}/processPayment/orderFlow`, { version: 2 });
  const bought = await run.api('POST', `/call/orders/${id}/shipLabel/orderFlow`, {
    version: (paid.order as { version: number }).version,
    label: {
      carrier,
      serviceCode,
      ...(carrierAccountId ? { carrierAccountId: String(carrierAccountId) } : {}),
      parcel: { weight: 900, length: 8, width: 6, height: 4 },
    },
  });
  const deliveryId = Number((bought.label as { deliveryId: string }).deliveryId);
  const row = await run.owner.query<{ id: string; tracking_number: string }>(
    "SELECT id, tracking_number FROM shipping_labels WHERE tenant_id = $1 AND delivery_id = $2 AND status = 'active'",
    [run.tenantId, deliveryId],
  );
  return { labelId: Number(row.rows[0]!.id), trackingNumber: row.rows[0]!.tracking_number };
}

async function columnsOf(owner: pg.Pool, table: string): Promise<string[]> {
  const result = await owner.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return result.rows.map((r) => r.c);
}

/**
 * `numbers.length` copies of the template label's order, delivery and label (as the owner: row-level security does
 * not apply), each label with its own tracking number; `labelSet` overrides label columns by SQL (`g` is the copy's
 * 1-based index). Answers the new labels' ids, in the order of `numbers`.
 */
export async function cloneLabels(
  run: TrackingBenchApp,
  templateLabelId: number,
  numbers: readonly string[],
  labelSet: Record<string, string> = {},
): Promise<number[]> {
  const { owner, tenantId } = run;
  const template = await owner.query<{ order_id: string; delivery_id: string }>(
    'SELECT order_id, delivery_id FROM shipping_labels WHERE tenant_id = $1 AND id = $2',
    [tenantId, templateLabelId],
  );
  const { order_id: orderId, delivery_id: deliveryId } = template.rows[0]!;
  const copy = async (table: string, sourceId: string, set: Record<string, string>, from: number, to: number) => {
    const columns = await columnsOf(owner, table);
    const select = columns.map((c) => set[c] ?? `s.${c}`).join(', ');
    await owner.query(
      `INSERT INTO ${table} (${columns.join(', ')})
       SELECT ${select} FROM ${table} s, bench_numbers b
       WHERE s.tenant_id = $1 AND s.id = ${sourceId} AND b.g BETWEEN ${from} AND ${to}`,
      [tenantId],
    );
  };
  const base = async (table: string) =>
    Number((await owner.query<{ m: string }>(`SELECT coalesce(max(id), 0) AS m FROM ${table}`)).rows[0]!.m);
  const orderBase = await base('orders');
  const deliveryBase = await base('deliveries');
  const labelBase = await base('shipping_labels');
  // The copies' numbers, by index (`g`), in a table of the bench's own (dropped after).
  await owner.query('CREATE UNLOGGED TABLE IF NOT EXISTS bench_numbers (g int PRIMARY KEY, n text NOT NULL)');
  await owner.query('TRUNCATE bench_numbers');
  await owner.query(
    `INSERT INTO bench_numbers SELECT ord::int, n FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY AS x(n, ord)`,
    [JSON.stringify(numbers)],
  );
  const CHUNK = 20_000;
  for (let from = 1; from <= numbers.length; from += CHUNK) {
    const to = Math.min(numbers.length, from + CHUNK - 1);
    await copy('orders', orderId, { id: `${orderBase} + g`, external_id: `s.external_id || '-bench-' || g` }, from, to);
    await copy('deliveries', deliveryId, { id: `${deliveryBase} + g`, order_id: `${orderBase} + g` }, from, to);
    const set = {
      id: `${labelBase} + g`,
      order_id: `${orderBase} + g`,
      delivery_id: `${deliveryBase} + g`,
      tracking_number: 'b.n',
      public_token: 'NULL',
      ...labelSet,
    };
    await copy('shipping_labels', String(templateLabelId), set, from, to);
  }
  await owner.query('DROP TABLE bench_numbers');
  for (const table of ['orders', 'deliveries', 'shipping_labels']) {
    await owner.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  await owner.query('ANALYZE orders; ANALYZE deliveries; ANALYZE shipping_labels');
  return numbers.map((_, i) => labelBase + i + 1);
}

/** CPU seconds of the database's server processes serving `database` now (Linux /proc; a lower bound). */
export async function postgresCpuSeconds(owner: pg.Pool, seen: Map<number, number>): Promise<number> {
  const pids = await owner.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const tick = 100;
  for (const { pid } of pids.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seen.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    } catch {
      // Ended (or another machine's database): its last reading stays.
    }
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}
