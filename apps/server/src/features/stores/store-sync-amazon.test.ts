import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, SyncRun } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { generateAmazonOrders, startFakeAmazon, type FakeAmazon } from '@shipdesk/fakes';
import { openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import { createSyncRepository } from './store-sync-repository.ts';

/**
 * An Amazon store's pulls. A pull that meets the channel's quota (Amazon's searchOrders: one call in about three minutes once its burst is
 * spent) keeps what it read, goes back to queued and sends its next slice for when the quota allows: it neither
 * fails nor holds a worker past its job's expiry.
 */

const CREDENTIALS = { clientId: 'amzn1.application-oa2-client.q1', clientSecret: 'cs-q1', refreshToken: 'Atzr|q1' };

describe.each(backends)('an Amazon store: quota waits and kept credentials ($name)', (backend) => {
  let t: TestContext;
  let fake: FakeAmazon;
  const tenant = newTenantId();

  beforeAll(async () => {
    // Amazon's bucket holds one call: the second page is refused with 429 at the documented 0.0056 a second.
    fake = await startFakeAmazon({ ...CREDENTIALS, orders: generateAmazonOrders(250, { seed: 5 }), burst: 1 });
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: { http: { retries: 2, baseDelayMs: 1, timeoutMs: 2000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload && { payload }) });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.db.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('keeps the first page, goes back to queued, and sends the next slice for when Amazon allows it', async () => {
    const created = await call('POST', '/api/v1/stores', {
      name: 'Amazon quota',
      sourceType: 'AmazonSP',
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: fake.url, authBaseUrl: fake.url },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: CREDENTIALS.refreshToken },
    });
    expect(created.statusCode, created.body).toBe(201);
    const store: Store = created.json().data;
    await call('GET', `/call/store/${store.id}/pullOrders`);

    let run: SyncRun | undefined;
    for (let i = 0; i < 200; i++) {
      run = (await call('GET', `/call/store/${store.id}/syncRuns`)).json().data.rows[0];
      if (run && run.pages >= 1 && run.state === 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The first page is kept (the generator's few broken orders are counted as failed, as in any pull).
    expect(run).toMatchObject({ state: 'queued', pages: 1, ordersSeen: 100 });
    expect(run!.ordersNew + run!.ordersFailed).toBe(100);
    const [job] = await rows<{ wait: string }>(sql`
      SELECT extract(epoch FROM start_after - now()) AS wait FROM pgboss.job
      WHERE name = 'store-sync' AND state = 'created' AND data ->> 'runId' = ${run!.id}`);
    // One call's worth of 0.0056 a second: about 179 s from now.
    expect(Number(job!.wait)).toBeGreaterThan(170);
    expect(Number(job!.wait)).toBeLessThanOrEqual(180);
    const listed: Store[] = (await call('GET', '/api/v1/stores')).json().data.rows;
    const after = listed.find((s) => s.id === store.id)!;
    expect(after.problem).toBeNull();
  });

  it("merges an adapter's new token into the credentials as they are now, keeping keys saved since it read them", async () => {
    const created = await call('POST', '/api/v1/stores', {
      name: 'Amazon credentials',
      sourceType: 'AmazonSP',
      settings: { clientId: CREDENTIALS.clientId, apiBaseUrl: fake.url, authBaseUrl: fake.url },
      credentials: { clientSecret: CREDENTIALS.clientSecret, refreshToken: CREDENTIALS.refreshToken },
    });
    const storeId = Number(created.json().data.id);
    const repo = createSyncRepository();
    const row = await t.app.db.withTenant(tenant, (tx) => repo.findStore(tx, tenant, storeId));
    // An adapter built from the row as it was (a pull's slice) ...
    const adapter = t.app.storeSync.adapterFor(row!);
    // ... then a push's setup seals a key of its own into the store's credentials ...
    await t.app.db.withTenant(tenant, async (tx) => {
      const now = openCredentials(t.app.secrets, await repo.lockCredentials(tx, tenant, storeId));
      const sealed = sealCredentials(t.app.secrets, { ...now, verificationToken: 'kept-by-a-push-setup' });
      await repo.saveCredentials(tx, tenant, storeId, sealed);
    });
    // ... and the adapter mints a token and saves it: both are kept.
    await adapter.testConnection();
    const after = await t.app.db.withTenant(tenant, (tx) => repo.findStore(tx, tenant, storeId));
    const opened = openCredentials(t.app.secrets, after!.credentials);
    expect(opened.verificationToken).toBe('kept-by-a-push-setup');
    expect(opened.accessToken).toMatch(/^Atza\|/);
    expect(opened.refreshToken).toBe(CREDENTIALS.refreshToken);
  });
});
