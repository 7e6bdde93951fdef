import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { LabelBatchRealtimeEvent, Role, type LabelBatch } from '@shipdesk/contract';
import { FAKE_AUDIENCE, FAKE_ISSUER, fakeIdentityProvider, mintAccessToken } from '@shipdesk/fakes';
// A dev tool may reach into the server: the real app, its carriers and its label batches are what is measured.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { CarrierAdapterFactory } from '../../apps/server/src/integrations/carriers/carrier-types.ts';
import { createCarrierAdapter } from '../../apps/server/src/integrations/carriers/carrier-registry.ts';
import { pgliteOwner, postgresOwner, type OwnerSql } from './pull-copy.ts';
import { timeTransactions } from './pull-harness.ts';

/**
 * What the labels benchmark sets up around the server: a fresh database, the fake USPS in a worker thread, the real
 * app listening on loopback with a tenant, its ship-from address and a shipping method mapped to the carrier under
 * test, and paid orders made through the API. Timers sum the carrier calls and the tenant transactions.
 */

export type DatabaseKind = 'postgres' | 'pglite';
export type CarrierKind = 'local' | 'usps';
/**
 * What the tenant's rules ask of every order: nothing (`plain`); insurance of its total and an adult's signature
 * (`options`); those and "the cheapest of" three USPS services, which the batch quotes per order (`cheapest`); or no
 * rules, every order going to Canada with a customs declaration drafted from the products (`international`: the
 * built-in carrier's LOCAL_INTERNATIONAL with its CN 22 page, USPS Priority Mail International).
 */
export type OptionsKind = 'plain' | 'options' | 'cheapest' | 'international';
export const OPTIONS_KINDS = ['plain', 'options', 'cheapest', 'international'] as const;

const INSURE_AND_SIGN = [
  { type: 'insure', above: 0 },
  { type: 'requireSignature', kind: 'adult' },
];
const CHEAPEST_OF = {
  type: 'cheapestService',
  services: ['USPS_GROUND_ADVANTAGE', 'PRIORITY_MAIL', 'PRIORITY_MAIL_EXPRESS'].map((serviceCode) => ({
    carrier: 'usps',
    serviceCode,
  })),
};
const rulesOf = (options: OptionsKind) => [
  {
    id: 'bench-options',
    name: options === 'cheapest' ? 'Insure, sign, cheapest of three' : 'Insure and sign everything',
    enabled: true,
    match: 'all',
    conditions: [],
    actions: options === 'cheapest' ? [...INSURE_AND_SIGN, CHEAPEST_OF] : INSURE_AND_SIGN,
    stop: false,
  },
];

export interface Timer {
  ms: number;
  calls: number;
}

// Every statement a node-postgres client of this process sends is counted (clients bind `query` when they connect,
// so this is in place before the server starts).
let statementsSent = 0;
const clientPrototype = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
const query = clientPrototype.query;
clientPrototype.query = function (this: unknown, ...a: unknown[]) {
  statementsSent++;
  return query.apply(this, a);
};

/** A fresh PostgreSQL database `shipdesk_labelsbench_<random>` (dropped by `drop`), or a PGlite folder. */
async function freshDatabase(kind: DatabaseKind, adminUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-labelsbench-'));
  if (kind === 'pglite') {
    return { databaseUrl: undefined, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `shipdesk_labelsbench_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.href,
    dataDir,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const USPS = {
  clientId: 'bench-usps-client',
  clientSecret: 'bench-usps-secret-0000000000',
  account: { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' },
};

interface UspsWorker {
  url: string;
  labels(): Promise<number>;
  cpu(): Promise<number>;
  close(): Promise<void>;
}

async function startUsps(): Promise<UspsWorker> {
  const worker = new Worker(new URL('./labels-usps.ts', import.meta.url), { workerData: USPS });
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string } & T) => {
        if (message.kind !== kind) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const ask = async <T>(kind: string) => {
    const answer = next<T>(kind);
    worker.postMessage(kind);
    return answer;
  };
  const { url } = await next<{ url: string }>('ready');
  return {
    url,
    labels: async () => (await ask<{ count: number }>('labels')).count,
    cpu: async () => (await ask<{ seconds: number }>('cpu')).seconds,
    close: async () => {
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('close');
      await exited;
    },
  };
}

/** The carrier adapters of the server, with the time of their purchases and of their quotes summed. */
function timedCarriers(timer: Timer, quotes: Timer): CarrierAdapterFactory {
  return (carrier, connection, options) => {
    const adapter = createCarrierAdapter(carrier, connection, options);
    if (!adapter) return adapter;
    return {
      ...adapter,
      async rates(request, signal) {
        const started = performance.now();
        try {
          return await adapter.rates(request, signal);
        } finally {
          quotes.ms += performance.now() - started;
          quotes.calls += 1;
        }
      },
      async buyLabel(request, signal) {
        const started = performance.now();
        try {
          return await adapter.buyLabel(request, signal);
        } finally {
          timer.ms += performance.now() - started;
          timer.calls += 1;
        }
      },
    };
  };
}

export interface Bench {
  kind: DatabaseKind;
  carrier: CarrierKind;
  /** Purchases of one batch in flight (the server's own setting for its batches). */
  concurrency: number;
  app: FastifyInstance;
  base: string;
  tenantId: string;
  /** A Shopify store without a connection: the orders' channel. */
  storeId: number;
  headers: Record<string, string>;
  owner: OwnerSql;
  carrierTimer: Timer;
  /** The carrier's rate quotes (a rule's "cheapest of" quotes each order at purchase). */
  quoteTimer: Timer;
  transactionTimer: Timer;
  /** What the rules ask of every order. */
  options: OptionsKind;
  usps: UspsWorker | null;
  serverVersion: string;
  /** Statements sent to PostgreSQL by this process so far. */
  statements(): number;
  /** A JSON call to the API; throws on an answer other than `expect`. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: object, expect?: number): Promise<T>;
  /** Resolves when the server's job queue has worked the batch to its end (its `labels:batch` event says done). */
  batchDone(batchId: string): Promise<void>;
  close(): Promise<void>;
}

/** Hears the server's batch events as its tabs would: each waiter resolves when its batch is done. */
function batchEvents(app: FastifyInstance): (batchId: string) => Promise<void> {
  const waiting = new Map<string, () => void>();
  const done = new Set<string>();
  const toTenant = app.realtime.toTenant;
  app.realtime.toTenant = (tenantId, event, payload) => {
    const batch = payload as LabelBatch;
    if (event === LabelBatchRealtimeEvent && batch.status === 'done') {
      done.add(batch.id);
      waiting.get(batch.id)?.();
    }
    toTenant(tenantId, event, payload);
  };
  return (batchId) =>
    done.has(batchId) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(batchId, resolve));
}

const CUSTOMS_PRODUCTS = [
  {
    sku: 'MUG-1',
    title: 'Blue mug',
    weight: 350,
    customsDescription: 'Ceramic mug',
    hsCode: '691200',
    originCountry: 'PT',
  },
  {
    sku: 'TEA-9',
    title: 'Green tea',
    weight: 100,
    customsDescription: 'Green tea',
    hsCode: '090210',
    originCountry: 'JP',
  },
];

export const WAREHOUSE = {
  name: 'Northloop Supply',
  company: 'Northloop Supply',
  phone: '614-555-0134',
  address1: '400 Industrial Way',
  city: 'Columbus',
  state: 'OH',
  postalCode: '43215',
  country: 'US',
};

/** The server on a fresh database, a tenant with its ship-from address, and the method "Ground" mapped to `carrier`. */
export async function startBench(
  kind: DatabaseKind,
  carrier: CarrierKind,
  adminUrl: string,
  /** Where the server reaches the fake USPS at `url` (faults.ts puts a misbehaving proxy there); the URL itself by default. */
  carrierUrl: (url: string) => Promise<string> = async (url) => url,
  /** Purchases of one batch in flight (the server's default: 8). */
  concurrency = 8,
  options: OptionsKind = 'plain',
): Promise<Bench> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const usps = carrier === 'usps' ? await startUsps() : null;
    if (usps) cleanups.push(() => usps.close());
    const uspsUrl = usps ? await carrierUrl(usps.url) : null;
    const database = await freshDatabase(kind, adminUrl);
    cleanups.push(database.drop);
    const idp = await fakeIdentityProvider();
    const carrierTimer: Timer = { ms: 0, calls: 0 };
    const quoteTimer: Timer = { ms: 0, calls: 0 };
    const transactionTimer: Timer = { ms: 0, calls: 0 };
    const app = await buildApp({
      config: {
        ...loadConfig({}),
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
        secretsKey: randomBytes(32).toString('base64'),
        oidcIssuer: FAKE_ISSUER,
        oidcAudience: FAKE_AUDIENCE,
        webDist: join(database.dataDir, 'no-web-build'),
        rateLimitMax: 1_000_000_000,
        // The batches run as in production: a job on the server's own queue, worked in this process.
        jobs: true,
        demo: false,
        outboundAllowHosts: uspsUrl ? [new URL(uspsUrl).host] : [],
      },
      jwks: idp.jwks,
      carrierAdapters: timedCarriers(carrierTimer, quoteTimer),
      labelBatchConcurrency: concurrency,
      logger: false,
    });
    cleanups.push(() => app.close());
    const batchDone = batchEvents(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
    const base = `http://127.0.0.1:${address.port}`;
    const tenantId = randomUUID();
    const token = await mintAccessToken({ tenantId, roleId: Role.Admin, expiresIn: 6 * 3600 });
    const headers = { authorization: `Bearer ${token}` };
    const api = async <T>(method: string, path: string, body?: object, expect?: number): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T };
      if (expect ? res.status !== expect : res.status >= 300) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      }
      return json.data;
    };
    const pglite = kind === 'pglite' ? (app.db.db as unknown as { $client: PGlite }).$client : null;
    const owner = pglite ? pgliteOwner(pglite) : await postgresOwner(database.databaseUrl!);
    cleanups.push(() => owner.close());
    const version = (await owner.rows<{ version: string }>('SELECT version()'))[0]!.version.split(' on ')[0]!;
    const serverVersion = pglite ? `PGlite (${version.split(',')[0]})` : version;

    await api('POST', '/call/verifyNewUserRegister');
    await api('POST', '/call/configs/createOrUpdate', { key: 'warehouse_info', options: WAREHOUSE });
    if (usps) {
      const account = await api<{ id: string }>('POST', '/api/v1/carrierAccounts', {
        carrier: 'usps',
        name: 'USPS (bench)',
        settings: { ...USPS.account, clientId: USPS.clientId, apiBaseUrl: uspsUrl },
        credentials: { clientSecret: USPS.clientSecret },
        isDefault: true,
      });
      await api('POST', '/call/carriers/testConnection', { accountId: account.id });
    }
    const method = await api<{ id: string }>('POST', '/api/v1/shipMethods', { name: 'Ground' });
    const abroad = options === 'international';
    await api('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: method.id,
      ...(carrier === 'local'
        ? { carrier: 'local', carrierMethod: abroad ? 'LOCAL_INTERNATIONAL' : 'LOCAL_NEXT_DAY' }
        : { carrier: 'usps', carrierMethod: abroad ? 'PRIORITY_MAIL_INTERNATIONAL' : 'USPS_GROUND_ADVANTAGE' }),
    });
    if (abroad) {
      // The catalogue's customs facts, from which every order's declaration is drafted.
      for (const product of CUSTOMS_PRODUCTS) await api('POST', '/api/v1/products', product, 201);
    } else if (options !== 'plain') {
      // Rules run on each order as it is made: every order is insured for its total and signed for by an adult.
      await api('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: rulesOf(options) });
    }
    await app.shippingResolution.idle();
    // The labels' tracking pushes stay queued, as in the runs before batches were jobs: what is timed is the batch
    // (their channel here is a store without a connection; pushing would only fail and be sent again later).
    await app.jobs.offWork('tracking-push');
    // The store the orders are moved to once paid (see paidOrders).
    const [store] = await owner.rows<{ id: string }>(
      `INSERT INTO stores (tenant_id, name, source_type, status) VALUES ($1, 'Bench shop', 'Shopify', 'active')
       RETURNING id`,
      [tenantId],
    );
    timeTransactions(app.db, transactionTimer);
    return {
      kind,
      carrier,
      concurrency,
      app,
      base,
      tenantId,
      storeId: Number(store!.id),
      headers,
      owner,
      carrierTimer,
      quoteTimer,
      transactionTimer,
      options,
      usps,
      serverVersion,
      statements: () => statementsSent,
      api,
      batchDone,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A manual order as a seller types it: two lines with weights, a US (or Canadian) address, asking for "Ground". */
function orderBody(i: number, abroad: boolean) {
  return {
    customerEmail: `customer${i}@example.com`,
    requestedShippingMethod: 'Ground',
    shippingTotal: 500,
    taxTotal: 120,
    lines: [
      { sku: 'MUG-1', name: 'Blue mug', quantity: 2, unitPrice: 1250, weight: 350 },
      { sku: 'TEA-9', name: 'Green tea', quantity: 1, unitPrice: 899, weight: 100, category: 'Food' },
    ],
    shippingAddress: abroad
      ? {
          name: `Customer ${i} Hopper`,
          address1: `${100 + (i % 900)} Queen St W`,
          city: 'Toronto',
          state: 'ON',
          postalCode: 'M5H 2N2',
          country: 'CA',
        }
      : {
          name: `Customer ${i} Lovelace`,
          address1: `${12 + (i % 900)} St James Square`,
          city: 'New York',
          state: 'NY',
          postalCode: '10001',
          country: 'US',
        },
  };
}

/**
 * `count` paid Sales Orders through the API (create, approve, pay), `inFlight` orders at a time; then made channel
 * orders of a Shopify store by SQL, so that their labels queue a tracking push as a pulled order's do (the API makes
 * manual orders only, which need none). Answers their ids and the seconds it took.
 */
export async function paidOrders(bench: Bench, count: number, inFlight = 16): Promise<{ ids: number[]; ms: number }> {
  const started = performance.now();
  const ids: number[] = new Array<number>(count);
  let next = 0;
  const one = async (i: number) => {
    const order = await bench.api<{ id: string; version: number }>(
      'POST',
      '/api/v1/store/1/orders',
      orderBody(i, bench.options === 'international'),
      201,
    );
    // Rules may have changed the order as it was made (a new version each time they write its settings).
    const approved = await bench.api<{ order: { version: number } }>(
      'POST',
      `/call/orders/${order.id}/approve/orderFlow`,
      { version: order.version },
    );
    await bench.api('POST', `/call/orders/${order.id}/processPayment/orderFlow`, { version: approved.order.version });
    ids[i] = Number(order.id);
  };
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await one(next++);
    }),
  );
  await bench.owner.rows(
    `UPDATE orders SET store_id = $2, source_type = 'Shopify', external_id = id::text
     WHERE tenant_id = $1 AND id = ANY($3::bigint[])`,
    [bench.tenantId, bench.storeId, ids],
  );
  return { ids, ms: performance.now() - started };
}
