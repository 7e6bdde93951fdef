import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

describe.each(backends)('stores: fields that come as a set ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const TOKEN = 'o3y5q1vb8kzr2x7mhd0s4n6tgwc9lfpe';
  const OAUTH = {
    consumerKey: 'k7w2m9x4q1z8c3v6b5n0a2s4d6f8g1h3',
    consumerSecret: 'p0o9i8u7y6t5r4e3w2q1l2k3j4h5g6f7',
    accessTokenSecret: 'z1x2c3v4b5n6m7a8s9d0f1g2h3j4k5l6',
  };

  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const call = async (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), payload });

  const magento = (credentials: Record<string, string>) => ({
    name: 'Magento shop',
    sourceType: 'Magento',
    settings: { baseUrl: 'https://shop.example.com' },
    credentials: { accessToken: TOKEN, ...credentials },
  });

  it("refuses part of Magento's OAuth values, naming each missing one", async () => {
    const res = await call('POST', '/api/v1/stores', magento({ consumerKey: OAUTH.consumerKey }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({
      'credentials.consumerSecret': 'Consumer secret is required with Consumer key',
      'credentials.accessTokenSecret': 'Access token secret is required with Consumer key',
    });

    const twoOfThree = await call('POST', '/api/v1/stores', magento({ consumerSecret: 'x', accessTokenSecret: 'y' }));
    expect(twoOfThree.statusCode).toBe(400);
    expect(Object.keys(twoOfThree.json().errors)).toEqual(['credentials.consumerKey']);
  });

  it('keeps all three sealed and masked, and refuses an edit that removes one', async () => {
    const res = await call('POST', '/api/v1/stores', magento(OAUTH));
    expect(res.statusCode, res.body).toBe(201);
    const store: Store = res.json().data;
    expect(store.credentials).toEqual({
      accessToken: '••••lfpe',
      consumerKey: '••••g1h3',
      consumerSecret: '••••g6f7',
      accessTokenSecret: '••••k5l6',
    });
    expect(JSON.stringify(store)).not.toContain(OAUTH.consumerSecret);

    const removed = await call('PUT', `/api/v1/stores/${store.id}`, { credentials: { accessTokenSecret: '' } });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().errors).toEqual({
      'credentials.accessTokenSecret': 'Access token secret is required with Consumer key and Consumer secret',
    });

    // A bearer-only store stays valid.
    expect((await call('POST', '/api/v1/stores', magento({}))).statusCode).toBe(201);
  });

  it("takes a BigCommerce store's weight and length units as settings, and refuses others by name", async () => {
    const bigcommerce = (units: Record<string, string>) => ({
      name: 'BigCommerce shop',
      sourceType: 'Bigcommerce',
      settings: { storeHash: 'abc123xyz', ...units },
      credentials: { accessToken: TOKEN },
    });
    const bad = await call('POST', '/api/v1/stores', bigcommerce({ weightUnit: 'kilo', lengthUnit: 'mm' }));
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual({
      'settings.weightUnit': 'must be lb, oz, kg or g',
      'settings.lengthUnit': 'must be in or cm',
    });
    const good = await call('POST', '/api/v1/stores', bigcommerce({ weightUnit: 'kg', lengthUnit: 'cm' }));
    expect(good.statusCode, good.body).toBe(201);
    expect((good.json().data as Store).settings).toMatchObject({ weightUnit: 'kg', lengthUnit: 'cm' });
  });
});
