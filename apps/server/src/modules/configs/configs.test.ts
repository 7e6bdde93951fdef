import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../test-support/helper.ts';

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

  it('stores the bearer token sealed and never answers it in clear', async () => {
    const secret = 'sk_live_0123456789abcdefWXYZ';
    const res = await save(tenantA, { key: 'bearer_token', value: secret });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    const entry = (await list(tenantA)).find((e) => e.key === 'bearer_token')!;
    expect(entry.value).toBe('••••••••WXYZ');
    const stored = await t.app.db.withTenant(tenantA, (tx) =>
      tx.query.configs.findFirst({ where: (c, { eq }) => eq(c.key, 'bearer_token') }),
    );
    expect(stored?.value).toMatch(/^enc:v1:/);
    expect(stored?.value).not.toContain(secret);
    expect(t.app.secrets.open(stored!.value!)).toBe(secret);
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

  it('lets a Manager read but not write', async () => {
    const before = await list(tenantA, Role.Manager);
    const res = await save(tenantA, { key: 'cq_url', value: 'https://manager.example.com/' }, Role.Manager);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, success: false });
    expect(await list(tenantA, Role.Manager)).toEqual(before);
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
