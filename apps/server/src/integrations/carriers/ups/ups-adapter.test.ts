import { randomUUID } from 'node:crypto';
import { startFakeUps, type FakeUps, type FakeUpsOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../../http/channel-http.ts';
import { carrierFaultCases } from '../carrier-adapter-fault-cases.ts';
import type { CarrierAdapter } from '../carrier-types.ts';
import { createUpsAdapter } from './ups-adapter.ts';
import { createUpsClient, type UpsClient } from './ups-client.ts';

const CLIENT_ID = 'ups-client-id-5be1';
const CLIENT_SECRET = 'ups-client-secret';
const SHIPPER = '1A2B3C';
const ACCOUNT_NAME = 'UPS shipper 1A2B3C';
/** A path behind UPS's gateway the fake does not model: it answers 404 once the token passes. */
const UNMODELLED_PATH = '/api/locations/v3/search/availabilities/64';

const keep = closeAfterEach();

interface Setup {
  fake: FakeUps;
  adapter: CarrierAdapter;
  /** The client label calls will use, on the same account (and so the same kept token). */
  client(): UpsClient;
  waits: number[];
}

async function setup(
  options: { fake?: Partial<FakeUpsOptions>; accountNumber?: string; secret?: string } = {},
  http: HttpOptions = {},
): Promise<Setup> {
  const fake = keep(await startFakeUps({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...options.fake }));
  const waits: number[] = [];
  const key = randomUUID();
  const accountNumber = options.accountNumber ?? SHIPPER;
  const secret = options.secret ?? CLIENT_SECRET;
  const adapter = createUpsAdapter(
    {
      key,
      settings: { clientId: CLIENT_ID, accountNumber, apiBaseUrl: fake.url },
      credentials: { clientSecret: secret },
    },
    { http: quickHttp(waits, http) },
  );
  const client = () =>
    createUpsClient(
      { accountKey: key, clientId: CLIENT_ID, clientSecret: secret, accountNumber, apiBaseUrl: fake.url },
      quickHttp(waits, http),
    );
  return { fake, adapter, client, waits };
}

describe('UPS adapter against the fake', () => {
  it('proves the credentials with a token for the shipper account', async () => {
    const { fake, adapter } = await setup({ accountNumber: '1a2b3c' });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });

    const [token] = fake.requests;
    expect(fake.requests).toHaveLength(1);
    expect(token?.path).toBe('/security/v1/oauth/token');
    expect(token?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token?.headers['x-merchant-id']).toBe(SHIPPER);
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(fake.tokens).toEqual([{ accessToken: expect.any(String), merchantId: SHIPPER }]);
  });

  it("reports refused credentials as 'auth' with UPS's own words", async () => {
    const { adapter } = await setup({ secret: 'wrong-secret' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).toBe('UPS refused the credentials (HTTP 401)');
    expect(error.platformAnswer).toBe('401: ClientId is Invalid (10401)');
  });

  it('reports a shipper number UPS does not link to the application', async () => {
    const { adapter } = await setup({ fake: { merchantIds: [SHIPPER] }, accountNumber: 'ZZ9999' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error.kind).toBe('auth');
    expect(error.platformMessage).toBe('The merchant id ZZ9999 is not authorized for this client (10401)');
  });

  it('asks for a new token on each test and keeps it for the calls after it', async () => {
    const { fake, adapter, client } = await setup();
    await adapter.testConnection();
    const kept = await client().accessToken();
    expect(await client().accessToken()).toBe(kept);
    expect(fake.tokensIssued()).toBe(1);

    await adapter.testConnection();
    expect(fake.tokensIssued()).toBe(2);
    expect(await client().accessToken()).not.toBe(kept);
  });

  it('renews a kept token once when the gateway refuses it with 401', async () => {
    const { fake, client } = await setup();
    const ups = client();
    await ups.accessToken();
    fake.expireTokens();
    // Past the gateway the fake knows no such resource, so the renewed token's call ends in UPS's 404.
    const error = await expectChannelError(ups.call({ path: UNMODELLED_PATH }));
    expect(error).toMatchObject({
      kind: 'not_found',
      platformMessage: `The resource ${UNMODELLED_PATH} was not found. (10404)`,
    });
    expect(fake.tokensIssued()).toBe(2);

    const calls = fake.requests.filter((r) => r.path === UNMODELLED_PATH);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${fake.tokens[0]!.accessToken}`);
    expect(calls[1]?.headers.authorization).toBe(`Bearer ${fake.tokens[1]!.accessToken}`);
    expect(calls[1]?.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[1]?.headers.transactionsrc).toBe('shipdesk');
  });

  it('takes a 401 of a token issued for the call as final', async () => {
    const { fake, client } = await setup();
    fake.expireTokens();
    const ups = client();
    fake.fail(
      { kind: 'status', status: 401, body: { response: { errors: [{ code: '250002', message: 'Invalid' }] } } },
      { path: /^\/api\// },
    );
    const error = await expectChannelError(ups.call({ path: UNMODELLED_PATH }));
    expect(error).toMatchObject({ kind: 'auth', platformMessage: 'Invalid (250002)' });
    expect(fake.tokensIssued()).toBe(1);
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    const { fake, adapter, waits } = await setup();
    fake.throttleNext({ retryAfterSeconds: 3 });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });
    expect(waits).toEqual([3_000]);
  });

  it("backs off on a 429 without Retry-After, and stops with 'rate_limited' and UPS's words", async () => {
    const { fake, adapter, waits } = await setup();
    fake.throttleNext({ times: 20 });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'rate_limited', platformMessage: 'Too Many Requests (10429)' });
    expect(waits).toHaveLength(4);
    expect(fake.requests).toHaveLength(5);
  });

  describe('transport faults', () => {
    carrierFaultCases(async (http) => {
      const { fake, adapter, waits } = await setup({}, http);
      return { fake, adapter, waits };
    }, ACCOUNT_NAME);
  });
});
