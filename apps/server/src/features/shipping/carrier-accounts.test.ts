import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type CarrierAccount } from '@shipdesk/contract';
import { startFakeUsps, type FakeUsps } from '@shipdesk/fakes';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' };

describe.each(backends)('carrier accounts ($name)', (backend) => {
  let t: TestContext;
  let usps: FakeUsps;
  const tenant = newTenantId();
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    role: 2 | 3 = Role.Admin,
    who = tenant,
  ) => t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const uspsConnection = (overrides: Record<string, string> = {}) => ({
    carrier: 'usps',
    settings: { ...ACCOUNT, clientId: 'usps-client', apiBaseUrl: usps.url, ...overrides },
    credentials: { clientSecret: 'usps-secret-value-123' },
  });
  const uspsForm = (overrides: Record<string, string> = {}) => ({ ...uspsConnection(overrides), name: 'Main USPS' });

  beforeAll(async () => {
    usps = await startFakeUsps({
      clientId: 'usps-client',
      clientSecret: 'usps-secret-value-123',
      accounts: [ACCOUNT],
      quota: null,
    });
    t = await buildTestApp(backend, {}, undefined, { adapterOptions: { http: { baseDelayMs: 1, timeoutMs: 2_000 } } });
  });
  afterAll(async () => {
    await t.close();
    await usps.close();
  });

  it("tests an unsaved form with a real call, and shows the carrier's own words when it refuses", async () => {
    const good = await call('POST', '/call/carriers/testConnection', uspsConnection());
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ ok: true, message: expect.stringContaining('Connected to USPS') });

    const wrongMid = await call('POST', '/call/carriers/testConnection', uspsConnection({ mid: '900000001' }));
    expect(wrongMid.json().data.ok).toBe(false);
    expect(wrongMid.json().data.carrierAnswer).toMatch(/MID|mailer/i);
  });

  it('connects an account: credentials sealed and answered masked, the verdict kept after a test', async () => {
    const created = await call('POST', '/api/v1/carrierAccounts', uspsForm());
    expect(created.statusCode, created.body).toBe(201);
    const account: CarrierAccount = created.json().data;
    expect(account).toMatchObject({ carrier: 'usps', status: 'not_verified', isDefault: true });
    expect(account.credentials.clientSecret).toBe('••••-123');
    expect(JSON.stringify(account)).not.toContain('usps-secret-value-123');

    const tested = await call('POST', '/call/carriers/testConnection', { accountId: account.id });
    expect(tested.json().data.ok).toBe(true);
    const listed = (await call('GET', '/api/v1/carrierAccounts')).json().data.rows as CarrierAccount[];
    expect(listed.find((a) => a.id === account.id)).toMatchObject({ status: 'verified', lastError: null });

    const catalogue = (await call('GET', '/call/carriers/catalogue', undefined, Role.Manager)).json().data;
    expect(catalogue.carriers.map((c: { carrier: string }) => c.carrier)).toEqual(['local', 'usps']);
  });

  it('keeps a failed verdict with the carrier message; an edit of the connection asks for a new test', async () => {
    const account: CarrierAccount = (
      await call('POST', '/api/v1/carrierAccounts', uspsForm({ accountNumber: '999' }))
    ).json().data;
    const tested = await call('POST', '/call/carriers/testConnection', { accountId: account.id });
    expect(tested.json().data.ok).toBe(false);
    const failed = ((await call('GET', '/api/v1/carrierAccounts')).json().data.rows as CarrierAccount[]).find(
      (a) => a.id === account.id,
    )!;
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toBeTruthy();

    const fixed = await call('PUT', `/api/v1/carrierAccounts/${account.id}`, {
      settings: { ...ACCOUNT, clientId: 'usps-client', apiBaseUrl: usps.url },
    });
    expect(fixed.json().data).toMatchObject({ status: 'not_verified', lastError: null });
    expect(fixed.json().data.credentials.clientSecret).toBe('••••-123');
  });

  it('names each bad field and writes nothing', async () => {
    const before = (await call('GET', '/api/v1/carrierAccounts')).json().data.rows.length;
    const missing = await call('POST', '/api/v1/carrierAccounts', {
      carrier: 'usps',
      name: 'x',
      settings: {},
      credentials: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining([
        'settings.clientId',
        'credentials.clientSecret',
        'settings.crid',
        'settings.mid',
        'settings.accountNumber',
      ]),
    );
    const unknownCarrier = await call('POST', '/api/v1/carrierAccounts', { carrier: 'dhl', name: 'x' });
    expect(unknownCarrier.statusCode).toBe(400);
    expect(unknownCarrier.json().errors).toHaveProperty('carrier');
    const privateUrl = await call('POST', '/api/v1/carrierAccounts', uspsForm({ apiBaseUrl: 'http://10.1.2.3/' }));
    expect(privateUrl.statusCode).toBe(400);
    expect(privateUrl.json().errors['settings.apiBaseUrl']).toMatch(/public address/);
    expect((await call('GET', '/api/v1/carrierAccounts')).json().data.rows).toHaveLength(before);
  });

  it('lets Managers read and nothing else; another tenant sees none and reaches none', async () => {
    const [account] = (await call('GET', '/api/v1/carrierAccounts', undefined, Role.Manager)).json().data
      .rows as CarrierAccount[];
    expect(account).toBeDefined();
    expect((await call('POST', '/api/v1/carrierAccounts', uspsForm(), Role.Manager)).statusCode).toBe(403);
    expect((await call('PUT', `/api/v1/carrierAccounts/${account!.id}`, { name: 'x' }, Role.Manager)).statusCode).toBe(
      403,
    );
    expect(
      (await call('POST', '/call/carriers/testConnection', { accountId: account!.id }, Role.Manager)).statusCode,
    ).toBe(403);

    const other = newTenantId();
    expect((await call('GET', '/api/v1/carrierAccounts', undefined, Role.Admin, other)).json().data.rows).toEqual([]);
    expect(
      (await call('PUT', `/api/v1/carrierAccounts/${account!.id}`, { name: 'stolen' }, Role.Admin, other)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/call/carriers/testConnection', { accountId: account!.id }, Role.Admin, other)).statusCode,
    ).toBe(404);
    const catalogue = (await call('GET', '/call/carriers/catalogue', undefined, Role.Admin, other)).json().data;
    expect(catalogue.carriers.map((c: { carrier: string }) => c.carrier)).toEqual(['local']);
  });
});
