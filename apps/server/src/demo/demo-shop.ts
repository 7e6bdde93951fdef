import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startFakeShopify } from '@shipdesk/fakes';
import { startDemoShipping } from './demo-shipping.ts';
import { createStoresRepository, sealCredentials } from '../features/stores/index.ts';
import { createTenantsService } from '../features/tenants/index.ts';

/**
 * The embedded default's demo store: a fake Shopify in this process, speaking the real
 * GraphQL Admin API over loopback, connected to the demo organisation as an ordinary Shopify store, so a newcomer's
 * first start shows orders pulled the way a real shop's are. The shop's orders come from a fixed seed and a "now"
 * kept in the data folder, so every restart serves the same orders and a pull creates none twice.
 */
const DEMO_SHOP_DOMAIN = 'northloop-supply.myshopify.com';
const DEMO_ACCESS_TOKEN = 'shpat_demo_0000000000000000000000000000';
const DEMO_CLIENT_SECRET = 'shpss_demo_000000000000000000000000000';
const DEMO_ORDERS = 320;

interface DemoShopState {
  now: number;
}

function readJson<T>(file: string): T | null {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
  } catch {
    return null;
  }
}

/** Starts after `listen`; the caller closes what it returns (the fake shop and the fake USPS) on shutdown. */
export async function startDemoShop(app: FastifyInstance, dataDir: string): Promise<{ close(): Promise<void> } | null> {
  const demo = readJson<{ organizationId?: string }>(join(dataDir, 'demo-credentials.json'));
  if (!demo?.organizationId) return null;
  const tenantId = demo.organizationId;
  const stateFile = join(dataDir, 'demo-shop.json');
  const state = readJson<DemoShopState>(stateFile) ?? { now: Date.now() };
  writeFileSync(stateFile, `${JSON.stringify(state)}\n`);

  const shop = await startFakeShopify({
    orders: DEMO_ORDERS,
    seed: 20261121,
    now: state.now,
    accessToken: DEMO_ACCESS_TOKEN,
    clientSecret: DEMO_CLIENT_SECRET,
    shopName: 'Northloop Supply Co. (demo)',
    // Throttled like a Shopify Plus shop: the first pull pauses for the cost bucket as a real one would.
    costLimit: { maximumAvailable: 10_000, restoreRate: 1_000 },
  });

  // The demo's own fake listens on loopback, which the egress guard refuses; the demo organisation reaches it by a
  // name only its store's settings carry, so no other organisation can.
  const shopUrl = app.egress.privateName(shop.url);
  const repo = createStoresRepository();
  await createTenantsService(app.db).provision({ tenantId });
  const { storeId, fresh } = await app.db.withTenant(tenantId, async (tx) => {
    const { rows } = await repo.list(tx, tenantId, [{ field: 'name', op: 'eq', value: 'Northloop Supply (demo)' }], {
      size: 1,
      offset: 0,
    });
    const credentials = sealCredentials(app.secrets, {
      accessToken: DEMO_ACCESS_TOKEN,
      clientSecret: DEMO_CLIENT_SECRET,
    });
    const settings = { shopDomain: DEMO_SHOP_DOMAIN, apiBaseUrl: shopUrl };
    const existing = rows[0];
    if (existing) {
      // The fake listens on a new port each start.
      await repo.update(tx, tenantId, existing.id, { settings: { ...existing.settings, ...settings }, credentials });
      return { storeId: existing.id, fresh: false };
    }
    const created = await repo.insert(tx, {
      tenantId,
      name: 'Northloop Supply (demo)',
      sourceType: 'Shopify',
      settings,
      credentials,
      customerOrderCode: 'NLS',
      syncIntervalMinutes: 60,
      nextSyncAt: new Date(Date.now() + 60 * 60_000),
    });
    return { storeId: created.id, fresh: true };
  });
  // Shipping first: the first pull's orders resolve as they arrive.
  const usps = await startDemoShipping(app, tenantId, storeId).catch((error: unknown) => {
    app.log.warn({ err: error }, 'the demo shipping setup could not start');
    return null;
  });
  if (fresh) await app.storeSync.startPull(tenantId, storeId, 'install');
  app.log.info({ url: shop.url, storeId }, 'demo Shopify store ready');
  return {
    async close() {
      await usps?.close();
      await shop.close();
    },
  };
}
