import type * as Dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createApiKeysService } from './api-keys-service.ts';

// The suite runs without the Internet: these names answer from a table; others (localhost) go to the system resolver.
const FAKE_DNS = vi.hoisted((): Record<string, string[]> => ({
  'one.example.com': ['93.184.215.14'],
  'two.example.com': ['93.184.215.15'],
  'b.example.com': ['93.184.215.16'],
  'intranet.example.com': ['10.1.2.3'],
}));
vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof Dns>();
  return {
    ...actual,
    lookup: ((hostname: string, options: unknown) =>
      FAKE_DNS[hostname]
        ? Promise.resolve(FAKE_DNS[hostname].map((address) => ({ address, family: address.includes(':') ? 6 : 4 })))
        : actual.lookup(hostname, options as never)) as typeof actual.lookup,
  };
});

const warehouse = {
  name: 'Main warehouse',
  address1: '1 Dock Street',
  city: 'Newark',
  state: 'NJ',
  postalCode: '07102',
  country: 'US',
};

describe.each(backends)('configs ($name)', (backend) => {
  let t: TestContext;
  const tenantA = newTenantId();
  const tenantB = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const list = async (tenantId: string, roleId: 2 | 3 = Role.Admin) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/configs', headers: await t.auth(tenantId, roleId) });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{ key: string; value: string | null; options: unknown; updated_at: string }>;
  };
  const save = async (tenantId: string, payload: unknown, roleId: 2 | 3 = Role.Admin) =>
    t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: await t.auth(tenantId, roleId),
      payload: payload as object,
    });
  const tenantTimeZone = async (tenantId: string) =>
    (
      await t.app.db.withTenant(tenantId, (tx) =>
        tx.query.tenants.findFirst({ where: (row, { eq }) => eq(row.id, tenantId) }),
      )
    )?.timeZone;
  const fieldErrors = async (payload: unknown) => {
    const res = await save(tenantA, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false });
    return res.json().errors as Record<string, string>;
  };

  it('saves and reads back an options entry, given as an object or as JSON text', async () => {
    const first = await save(tenantA, { key: 'warehouse_info', options: warehouse });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      code: 200,
      success: true,
      data: { key: 'warehouse_info', options: warehouse },
    });

    const asText = await save(tenantA, {
      key: 'currency_info',
      options: JSON.stringify({ currencyCode: 'EUR', locale: 'de-DE' }),
    });
    expect(asText.statusCode).toBe(200);

    const entries = await list(tenantA);
    expect(entries.map((e) => e.key)).toEqual(['currency_info', 'warehouse_info']);
    expect(entries[0]).toMatchObject({ options: { currencyCode: 'EUR', locale: 'de-DE' }, value: null });
    expect(new Date(entries[0]!.updated_at).toString()).not.toBe('Invalid Date');
  });

  it('replaces an entry on a second save', async () => {
    await save(tenantA, { key: 'cq_url', value: 'https://one.example.com/' });
    await save(tenantA, { key: 'cq_url', value: 'https://two.example.com/' });
    const cq = (await list(tenantA)).filter((e) => e.key === 'cq_url');
    expect(cq).toEqual([expect.objectContaining({ value: 'https://two.example.com/' })]);
  });

  it('refuses bearer_token, which is the API key made by the server, and lists the working key by its last four', async () => {
    const res = await save(tenantA, { key: 'bearer_token', value: 'sk_live_0123456789abcdefWXYZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value).toMatch(/POST \/call\/apiKey\/rotate/);
    expect((await list(tenantA)).some((e) => e.key === 'bearer_token')).toBe(false);

    const auth = { tenantId: tenantA, userId: 'admin-a', email: 'a@example.com', roleId: Role.Admin, issuer: 'test' };
    const created = await createApiKeysService(t.app.db).rotate(auth);
    const entry = (await list(tenantA)).find((e) => e.key === 'bearer_token');
    expect(entry).toEqual({
      key: 'bearer_token',
      value: `••••••••${created.last4}`,
      options: null,
      updated_at: created.createdAt,
    });
    expect(JSON.stringify(await list(tenantA))).not.toContain(created.key);
    await createApiKeysService(t.app.db).revoke(auth);
    expect((await list(tenantA)).some((e) => e.key === 'bearer_token')).toBe(false);
  });

  it('refuses an unknown key with errors.key', async () => {
    const res = await save(tenantA, { key: 'colour_scheme', value: 'dark' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, errors: { key: expect.stringContaining('key') } });
  });

  it('names each bad options field', async () => {
    const res = await save(tenantA, {
      key: 'warehouse_info',
      options: { ...warehouse, country: 'usa', postalCode: undefined, color: 'red' },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['options.color', 'options.country', 'options.postalCode']);
    expect(errors['options.postalCode']).toMatch(/required/);

    const label = await save(tenantA, { key: 'ship_label_app_info', options: { labelType: 'png' } });
    expect(label.statusCode).toBe(400);
    expect(Object.keys(label.json().errors)).toEqual(['options.labelType']);

    const notJson = await save(tenantA, { key: 'currency_info', options: '{nope' });
    expect(notJson.json().errors).toHaveProperty('options');

    const badValue = await save(tenantA, { key: 'cq_url', value: 'not a url' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().errors).toHaveProperty('value');
  });

  it('refuses a currency code that ISO 4217 does not know and a locale number formatting does not support', async () => {
    expect(await fieldErrors({ key: 'currency_info', options: { currencyCode: 'ABC', locale: 'en-US' } })).toEqual({
      'options.currencyCode': 'currencyCode "ABC" is not an ISO 4217 currency code',
    });
    expect(await fieldErrors({ key: 'currency_info', options: { currencyCode: 'USD', locale: 'qaa' } })).toEqual({
      'options.locale': 'locale "qaa" is not a supported language tag',
    });
    expect(
      Object.keys(
        await fieldErrors({ key: 'currency_info', options: { currencyCode: 'usd', locale: 'en_US' } }),
      ).sort(),
    ).toEqual(['options.currencyCode', 'options.locale']);
    const saved = await save(tenantA, { key: 'currency_info', options: { currencyCode: 'CHF', locale: 'de-ch' } });
    expect(saved.json().data.options).toEqual({ currencyCode: 'CHF', locale: 'de-CH' });
  });

  it('refuses a warehouse address without country or postal code, or with blanks or an unknown country', async () => {
    const { country: _country, ...noCountry } = warehouse;
    expect(await fieldErrors({ key: 'warehouse_info', options: noCountry })).toEqual({
      'options.country': expect.stringMatching(/required/),
    });
    const { postalCode: _postalCode, ...noPostalCode } = warehouse;
    expect(await fieldErrors({ key: 'warehouse_info', options: noPostalCode })).toEqual({
      'options.postalCode': expect.stringMatching(/required/),
    });
    expect(await fieldErrors({ key: 'warehouse_info', options: { ...warehouse, postalCode: '   ' } })).toEqual({
      'options.postalCode': 'postalCode is required',
    });
    expect(await fieldErrors({ key: 'warehouse_info', options: { ...warehouse, country: 'QQ' } })).toEqual({
      'options.country': 'country "QQ" is not an ISO 3166-1 alpha-2 code',
    });
  });

  it("saves the time zone as the tenant's own and refuses an unknown one", async () => {
    const tenantId = newTenantId();
    await list(tenantId);
    expect(await tenantTimeZone(tenantId)).toBe('America/New_York');
    const bad = await save(tenantId, { key: 'time_zone', value: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ value: expect.stringContaining('not an IANA time zone') });
    expect(await tenantTimeZone(tenantId)).toBe('America/New_York');

    const good = await save(tenantId, { key: 'time_zone', value: 'Europe/Berlin' });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ key: 'time_zone', value: 'Europe/Berlin' });
    expect(await tenantTimeZone(tenantId)).toBe('Europe/Berlin');
    expect((await list(tenantId)).find((e) => e.key === 'time_zone')?.value).toBe('Europe/Berlin');
    expect((await save(tenantId, { key: 'time_zone', value: 'UTC' })).statusCode).toBe(200);
    expect(await tenantTimeZone(tenantId)).toBe('UTC');
  });

  it.each([
    ['http://127.0.0.1:3000/', '127.0.0.1'],
    ['http://localhost:3000/', 'localhost'],
    ['http://10.0.0.12/connect', '10.0.0.12'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://[::1]:8080/', '::1'],
    ['https://intranet.example.com/connect', '10.1.2.3'],
  ])('refuses cq_url %s (%s) and keeps the saved one', async (url, named) => {
    const res = await save(tenantA, { key: 'cq_url', value: url });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.value).toContain(named);
    expect(res.json().errors.value).toMatch(/must point at a public address/);
    expect((await list(tenantA)).find((e) => e.key === 'cq_url')?.value).toBe('https://two.example.com/');
  });

  it('refuses a cq_url that is not http(s)', async () => {
    expect(await fieldErrors({ key: 'cq_url', value: 'ftp://one.example.com/' })).toEqual({
      value: 'cq_url must use https or http',
    });
  });

  it('refuses bodies that break the request schema, naming the field', async () => {
    const missingKey = await save(tenantA, { value: 'x' });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().errors).toHaveProperty('key');
    const extra = await save(tenantA, { key: 'cq_url', value: 'https://a.example/', owner: 'me' });
    expect(extra.json().errors).toHaveProperty('owner');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/call/configs/createOrUpdate',
      headers: { ...(await t.auth(tenantA)), 'content-type': 'application/json' },
      payload: '{"key":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, code: 400 });
  });

  it('lets a Manager read but not write, whatever the key', async () => {
    const before = await list(tenantA, Role.Manager);
    const zoneBefore = await tenantTimeZone(tenantA);
    const attempts = [
      { key: 'cq_url', value: 'https://one.example.com/manager' },
      { key: 'currency_info', options: { currencyCode: 'JPY', locale: 'ja-JP' } },
      { key: 'warehouse_info', options: { ...warehouse, name: 'Manager warehouse' } },
      { key: 'time_zone', value: 'Asia/Tokyo' },
      { key: 'ship_label_app_info', options: { labelType: 'zpl' } },
    ];
    for (const payload of attempts) {
      const res = await save(tenantA, payload, Role.Manager);
      expect(res.statusCode, payload.key).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false });
    }
    expect(await list(tenantA, Role.Manager)).toEqual(before);
    expect(await tenantTimeZone(tenantA)).toBe(zoneBefore);
  });

  it('keeps tenants apart', async () => {
    await save(tenantB, { key: 'cq_url', value: 'https://b.example.com/' });
    const a = await list(tenantA);
    const b = await list(tenantB);
    expect(b.map((e) => e.key)).toEqual(['cq_url']);
    expect(b[0]!.value).toBe('https://b.example.com/');
    expect(a.find((e) => e.key === 'cq_url')!.value).toBe('https://two.example.com/');
  });

  it('row-level security hides every row from the app role without a tenant, and other tenants with one', async () => {
    const db = t.app.db.db;
    const total = (await db.execute(sql`SELECT count(*)::int AS n FROM configs`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(total.rows[0]!.n).toBeGreaterThan(1);

    const withoutTenant = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL ROLE shipdesk_app`);
      return (await tx.execute(sql`SELECT tenant_id FROM configs`)) as unknown as { rows: unknown[] };
    });
    expect(withoutTenant.rows).toEqual([]);

    // A query that forgets its tenant filter still sees only the tenant of the transaction.
    const seenByB = await t.app.db.withTenant(tenantB, async (tx) => {
      return (await tx.execute(sql`SELECT DISTINCT tenant_id FROM configs`)) as unknown as {
        rows: Array<{ tenant_id: string }>;
      };
    });
    expect(seenByB.rows).toEqual([{ tenant_id: tenantB }]);

    // And it cannot write into another tenant.
    await expect(
      t.app.db.withTenant(tenantB, (tx) =>
        tx.execute(sql`INSERT INTO configs (tenant_id, key, value) VALUES (${tenantA}, 'cq_url', 'x')`),
      ),
    ).rejects.toThrow();
  });
});
