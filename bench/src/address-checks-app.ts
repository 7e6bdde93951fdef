import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Role } from '@shipdesk/contract';
import {
  FAKE_AUDIENCE,
  FAKE_ISSUER,
  fakeIdentityProvider,
  mintAccessToken,
  startFakeFedex,
  startFakeUsps,
  type FakeFedex,
  type FakeUsps,
} from '@shipdesk/fakes';
// A dev tool may reach into the server: the real app, its pull and its address checks are what is measured.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startRecordingProxy, type RecordingProxy } from './address-checks-proxy.ts';
import { WAREHOUSE } from './labels-app.ts';
import { postgresOwner, type OwnerSql } from './pull-copy.ts';
import { freshTarget, startShop } from './pull-harness.ts';

/**
 * What the address-checks benchmark sets up around the server (address-checks.ts): the fake Shopify of the pull bench
 * in its worker thread, a fresh PostgreSQL database, the real app with its jobs, a tenant with its ship-from address,
 * one carrier account (FedEx or USPS, on its fake behind a recording proxy, or none), and a Shopify store on the shop.
 */

export type Scenario = 'fedex' | 'usps' | 'none';

const FEDEX = { clientId: 'bench-fedex-api-key', clientSecret: 'bench-fedex-secret', accountNumber: '740561073' };
/** FedEx's documented throttle: 1,400 transactions per 10 s per project (integrations.md, FedEx). */
export const FEDEX_THROTTLE = { requests: 1_400, windowMs: 10_000 };
const USPS = {
  clientId: 'bench-usps-client',
  clientSecret: 'bench-usps-secret-0000000000',
  account: { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' },
};

export interface AddressRun {
  scenario: Scenario;
  app: FastifyInstance;
  owner: OwnerSql;
  tenantId: string;
  storeId: number;
  /** The carrier's fake and the proxy in front of it (null without an account). */
  fedex: FakeFedex | null;
  usps: FakeUsps | null;
  proxy: RecordingProxy | null;
  serverVersion: string;
  /** `performance.now()` when the app was ready (its first sweep is sent then; the next every 15 s). */
  readyAt: number;
  api(method: string, path: string, body?: object): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startAddressRun(
  scenario: Scenario,
  orders: number,
  seed: number,
  adminUrl: string,
): Promise<AddressRun> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const shop = await startShop(orders, seed);
    cleanups.push(() => shop.close());
    const fedex = scenario === 'fedex' ? await startFakeFedex({ ...FEDEX, throttle: FEDEX_THROTTLE }) : null;
    if (fedex) cleanups.push(() => fedex.close());
    // The fake USPS's own quota (60 requests an hour, token calls included) stays on: USPS's default.
    const usps =
      scenario === 'usps'
        ? await startFakeUsps({ clientId: USPS.clientId, clientSecret: USPS.clientSecret, accounts: [USPS.account] })
        : null;
    if (usps) cleanups.push(() => usps.close());
    const carrierUrl = fedex?.url ?? usps?.url;
    const proxy = carrierUrl ? await startRecordingProxy(carrierUrl) : null;
    if (proxy) cleanups.push(() => proxy.close());

    const target = await freshTarget('postgres', adminUrl, `addr_${scenario}`);
    cleanups.push(() => target.drop());
    const idp = await fakeIdentityProvider();
    const app = await buildApp({
      config: {
        ...loadConfig({}),
        databaseUrl: target.databaseUrl,
        dataDir: target.dataDir,
        secretsKey: randomBytes(32).toString('base64'),
        oidcIssuer: FAKE_ISSUER,
        oidcAudience: FAKE_AUDIENCE,
        webDist: join(target.dataDir, 'no-web-build'),
        rateLimitMax: 1_000_000_000,
        // The pull, the sweep and the checks run as in production: jobs on the server's queue, in this process.
        jobs: true,
        demo: false,
        outboundAllowHosts: [new URL(shop.url).host, ...(proxy ? [new URL(proxy.url).host] : [])],
      },
      jwks: idp.jwks,
      logger: false,
    });
    cleanups.push(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const readyAt = performance.now();
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
    const base = `http://127.0.0.1:${address.port}`;
    const tenantId = randomUUID();
    const token = await mintAccessToken({ tenantId, roleId: Role.Admin, expiresIn: 6 * 3600 });
    const api = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      const json = (await res.json()) as { data: Record<string, unknown> };
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const owner = await postgresOwner(target.databaseUrl!);
    cleanups.push(() => owner.close());
    const version = (await owner.rows<{ version: string }>('SELECT version()'))[0]!.version.split(' on ')[0]!;

    await api('POST', '/call/verifyNewUserRegister');
    await api('POST', '/call/configs/createOrUpdate', { key: 'warehouse_info', options: WAREHOUSE });
    if (proxy) {
      const account =
        scenario === 'fedex'
          ? await api('POST', '/api/v1/carrierAccounts', {
              carrier: 'fedex',
              name: 'FedEx (bench)',
              settings: { clientId: FEDEX.clientId, accountNumber: FEDEX.accountNumber, apiBaseUrl: proxy.url },
              credentials: { clientSecret: FEDEX.clientSecret },
              isDefault: true,
            })
          : await api('POST', '/api/v1/carrierAccounts', {
              carrier: 'usps',
              name: 'USPS (bench)',
              settings: { ...USPS.account, clientId: USPS.clientId, apiBaseUrl: proxy.url },
              credentials: { clientSecret: USPS.clientSecret },
              isDefault: true,
            });
      const tested = await api('POST', '/call/carriers/testConnection', { accountId: account.id });
      const [row] = await owner.rows<{ status: string }>('SELECT status FROM carrier_accounts WHERE id = $1', [
        Number(account.id),
      ]);
      if (row?.status !== 'verified')
        throw new Error(`the ${scenario} account is ${row?.status}: ${JSON.stringify(tested)}`);
    }
    const store = await api('POST', '/api/v1/stores', {
      name: 'Address bench shop',
      sourceType: 'Shopify',
      settings: { shopDomain: 'address-bench.myshopify.com', apiBaseUrl: shop.url },
      credentials: { accessToken: shop.accessToken },
    });
    return {
      scenario,
      app,
      owner,
      tenantId,
      storeId: Number(store.id),
      fedex,
      usps,
      proxy,
      serverVersion: version,
      readyAt,
      api,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PullTiming {
  /** `performance.now()` when the pull was asked for, and when it was seen finished. */
  startedAt: number;
  endedAt: number;
  /** The run itself, queued to finished (database clock). */
  runSeconds: number;
  ordersNew: number;
  /** Check rows (any status) when the pull was seen finished: more than 0, a sweep's job worked during the pull. */
  checkRowsAtEnd: number;
}

/** `GET /call/store/{id}/pullOrders`, polled in sync_runs until the run ends (as bench/src/pull.ts does). */
export async function pullOrders(run: AddressRun, expected: number): Promise<PullTiming> {
  const startedAt = performance.now();
  const started = await run.api('GET', `/call/store/${run.storeId}/pullOrders`);
  for (;;) {
    const [row] = await run.owner.rows<{
      state: string;
      orders_new: number;
      error: string | null;
      run_seconds: string | null;
    }>(
      `SELECT state, orders_new, error, extract(epoch FROM finished_at - queued_at) AS run_seconds
       FROM sync_runs WHERE id = $1`,
      [Number(started.id)],
    );
    if (row && row.state !== 'queued' && row.state !== 'running') {
      const endedAt = performance.now();
      const [checks] = await run.owner.rows<{ n: string }>(
        'SELECT count(*) AS n FROM address_checks WHERE tenant_id = $1',
        [run.tenantId],
      );
      if (row.state !== 'succeeded') throw new Error(`the pull ended ${row.state}: ${row.error}`);
      if (row.orders_new !== expected) throw new Error(`the pull stored ${row.orders_new} orders, not ${expected}`);
      return {
        startedAt,
        endedAt,
        runSeconds: Number(row.run_seconds),
        ordersNew: row.orders_new,
        checkRowsAtEnd: Number(checks!.n),
      };
    }
    await sleep(50);
  }
}

export interface CheckCounts {
  /** Open orders with a ship-to: the ones checked (address-check-sql.ts OPEN_ORDER). */
  open: number;
  /** Of them, without a check yet, pending or not checked. */
  waiting: number;
}

/** Open orders with a ship-to, and how many of them still wait for their check (none yet, pending, not checked). */
export async function checkCounts(run: AddressRun): Promise<CheckCounts> {
  const [row] = await run.owner.rows<{ open: string; waiting: string }>(
    `SELECT count(*) AS open,
       count(*) FILTER (WHERE c.order_id IS NULL OR c.status IN ('pending', 'not_checked')) AS waiting
     FROM orders o
     JOIN order_addresses a ON a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping'
     LEFT JOIN address_checks c ON c.tenant_id = o.tenant_id AND c.order_id = o.id
     WHERE o.tenant_id = $1 AND o.order_status IN ('Draft Order', 'Sales Order')
       AND o.shipment_status <> 'Shipped Complete'`,
    [run.tenantId],
  );
  return { open: Number(row!.open), waiting: Number(row!.waiting) };
}

/** The checks by status. */
export async function statusCounts(run: AddressRun): Promise<Record<string, number>> {
  const rows = await run.owner.rows<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM address_checks WHERE tenant_id = $1 GROUP BY status ORDER BY status',
    [run.tenantId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
