import { randomUUID } from 'node:crypto';
import { startFakeUsps, type FakeUsps, type FakeUspsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../../http/channel-http.ts';
import { carrierFaultCases } from '../carrier-adapter-fault-cases.ts';
import type { CarrierAdapter, CarrierConnection } from '../carrier-types.ts';
import { createUspsAdapter } from './usps-adapter.ts';

const CLIENT_ID = 'usps-consumer-key-7f3a';
const CLIENT_SECRET = 'usps-consumer-secret';
const ACCOUNT = {
  crid: '56982563',
  mid: '900066622',
  manifestMid: '900066623',
  accountType: 'EPS' as const,
  accountNumber: '1000123456',
};
const ACCOUNT_NAME = 'CRID 56982563 / MID 900066622';

const keep = closeAfterEach();

interface Setup {
  fake: FakeUsps;
  adapter: CarrierAdapter;
  /** Another adapter of the same account, as the server builds one per use. */
  another(): CarrierAdapter;
  waits: number[];
}

async function setup(
  options: { fake?: Partial<FakeUspsOptions>; settings?: Record<string, string>; secret?: string } = {},
  http: HttpOptions = {},
): Promise<Setup> {
  const fake = keep(
    await startFakeUsps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, accounts: [ACCOUNT], ...options.fake }),
  );
  const waits: number[] = [];
  const connection: CarrierConnection = {
    key: randomUUID(),
    settings: { clientId: CLIENT_ID, ...ACCOUNT, apiBaseUrl: fake.url, ...options.settings },
    credentials: { clientSecret: options.secret ?? CLIENT_SECRET },
  };
  const another = () => createUspsAdapter(connection, { http: quickHttp(waits, http) });
  return { fake, adapter: another(), another, waits };
}

const paths = (fake: FakeUsps) => fake.requests.map((request) => request.path);

describe('USPS adapter against the fake', () => {
  it('proves the credentials and the payment account, and names the account by CRID and MID', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });

    const [token, payment] = fake.requests;
    expect(token?.path).toBe('/oauth2/v3/token');
    expect(token?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(token!.body)).toEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(payment?.path).toBe('/payments/v3/payment-authorization');
    expect(payment?.headers.authorization).toMatch(/^Bearer usps_/);
    const role = { CRID: '56982563', MID: '900066622', manifestMID: '900066623', accountType: 'EPS' };
    expect(JSON.parse(payment!.body)).toEqual({
      roles: [
        { roleName: 'PAYER', ...role, accountNumber: '1000123456' },
        { roleName: 'LABEL_OWNER', ...role, accountNumber: '1000123456' },
      ],
    });
    expect(fake.paymentAuthorizations).toHaveLength(1);
  });

  it('sends a PERMIT account with its ZIP Code, and the MID as manifest MID when none is given', async () => {
    const permit = { crid: '56982563', mid: '900066622', accountType: 'PERMIT' as const, accountNumber: '1234' };
    const { fake, adapter } = await setup({
      fake: { accounts: [{ ...permit, permitZip: '20260' }] },
      settings: { accountType: 'permit', accountNumber: '1234', manifestMid: '', permitZip: '20260' },
    });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });
    const [payer] = fake.paymentAuthorizations[0]!.roles;
    expect(payer).toMatchObject({ manifestMID: '900066622', accountType: 'PERMIT', permitZIP: '20260' });
  });

  it("reports refused credentials as 'auth' with USPS's own words, and asks for no payment", async () => {
    const { fake, adapter } = await setup({ secret: 'wrong-secret' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.platformAnswer).toBe('401: Client authentication failed: Invalid client_id or client_secret.');
    expect(paths(fake)).toEqual(['/oauth2/v3/token']);
  });

  it.each([
    ['CRID', { crid: '11111111' }, "Invalid CRID: CRID 11111111 isn't enrolled in USPS Ship Outbound."],
    ['MID', { mid: '900000001' }, 'Invalid MID: MID 900000001 is not associated with CRID 56982563.'],
    [
      'payment account',
      { accountNumber: '999' },
      'Invalid payment account: EPS account 999 is not a payment account of CRID 56982563.',
    ],
  ])('reports an unknown %s with the message USPS gives', async (_what, settings, message) => {
    const { adapter } = await setup({ settings });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'invalid', status: 400 });
    expect(error.message).toBe('USPS refused the payment account (HTTP 400)');
    expect(error.platformMessage).toContain(message);
  });

  it('refuses a payment account type other than EPS or PERMIT before calling USPS', async () => {
    const { fake } = await setup();
    const connection = {
      key: randomUUID(),
      settings: { clientId: CLIENT_ID, ...ACCOUNT, accountType: 'CARD' },
      credentials: { clientSecret: CLIENT_SECRET },
    };
    expect(() => createUspsAdapter(connection)).toThrow(
      expect.objectContaining({
        kind: 'invalid',
        message: 'The USPS payment account type must be EPS or PERMIT, not CARD',
      }),
    );
    expect(fake.requests).toEqual([]);
  });

  it('keeps the token for every adapter of the account, and asks USPS for the payment each test', async () => {
    const { fake, adapter, another } = await setup();
    await adapter.testConnection();
    await another().testConnection();
    await another().testConnection();
    expect(fake.tokensIssued()).toBe(1);
    expect(fake.paymentAuthorizations).toHaveLength(3);
  });

  it('renews a token a minute before it expires', async () => {
    const { fake, adapter } = await setup({ fake: { tokenLifetimeSeconds: 50 } });
    await adapter.testConnection();
    await adapter.testConnection();
    expect(fake.tokensIssued()).toBe(2);
  });

  it('renews a kept token once when USPS refuses it with 401, and succeeds', async () => {
    const { fake, adapter } = await setup();
    await adapter.testConnection();
    fake.expireTokens();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });

    expect(fake.tokensIssued()).toBe(2);
    expect(paths(fake)).toEqual([
      '/oauth2/v3/token',
      '/payments/v3/payment-authorization',
      '/payments/v3/payment-authorization',
      '/oauth2/v3/token',
      '/payments/v3/payment-authorization',
    ]);
    const bearers = fake.requests.filter((r) => r.path.startsWith('/payments')).map((r) => r.headers.authorization);
    expect(bearers[1]).toBe(bearers[0]);
    expect(bearers[2]).not.toBe(bearers[1]);
  });

  it('takes a 401 of a token issued for the call as final', async () => {
    const { fake, adapter } = await setup();
    const body = { apiVersion: '/payments/v3', error: { code: '401', message: 'Unauthorized', errors: [] } };
    fake.fail({ kind: 'status', status: 401, body }, { times: 1, path: /^\/payments/ });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', platformMessage: 'Unauthorized' });
    expect(fake.tokensIssued()).toBe(1);
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    const { fake, adapter, waits } = await setup();
    fake.throttleNext({ retryAfterSeconds: 7 });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });
    expect(waits).toEqual([7_000]);
  });

  it("stops with 'rate_limited' and USPS's words when the hourly quota is spent", async () => {
    const { fake, adapter, waits } = await setup({ fake: { quota: { requests: 3 } } });
    await adapter.testConnection();
    await adapter.testConnection();
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.platformMessage).toContain('Quota exceeded: The application exceeded its quota of 3 requests');
    // USPS asks for most of an hour, longer than the client waits: it answers at once instead.
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(4);
  });

  describe('transport faults', () => {
    carrierFaultCases(async (http) => {
      const { fake, adapter, waits } = await setup({}, http);
      return { fake, adapter, waits };
    }, ACCOUNT_NAME);
  });
});
