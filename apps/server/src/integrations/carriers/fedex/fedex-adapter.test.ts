import { randomUUID } from 'node:crypto';
import { startFakeFedex, type FakeFedex, type FakeFedexOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp } from '../../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../../http/channel-http.ts';
import { carrierFaultCases } from '../carrier-adapter-fault-cases.ts';
import type { CarrierAdapter, CarrierConnection } from '../carrier-types.ts';
import { createFedexAdapter } from './fedex-adapter.ts';
import { createFedexClient, type FedexClient } from './fedex-client.ts';

const API_KEY = 'l7fedex0api0key0c4b2';
const SECRET_KEY = 'fedex-secret-key';
const ACCOUNT_NAME = 'FedEx account 740561073';
/** A cancel of no shipment the fake sold: it answers FedEx's 404 once the token passes. */
const SHIPMENTS_PATH = '/ship/v1/shipments/cancel';

const keep = closeAfterEach();

interface Setup {
  fake: FakeFedex;
  adapter: CarrierAdapter;
  /** The client label calls will use, on the same account (and so the same kept token while the secret stays). */
  client(secretKey?: string): FedexClient;
  waits: number[];
}

async function setup(
  options: { fake?: Partial<FakeFedexOptions>; secret?: string } = {},
  http: HttpOptions = {},
): Promise<Setup> {
  const fake = keep(await startFakeFedex({ clientId: API_KEY, clientSecret: SECRET_KEY, ...options.fake }));
  const waits: number[] = [];
  const connection: CarrierConnection = {
    key: randomUUID(),
    settings: { clientId: API_KEY, accountNumber: '740561073', apiBaseUrl: fake.url },
    credentials: { clientSecret: options.secret ?? SECRET_KEY },
  };
  const adapter = createFedexAdapter(connection, { http: quickHttp(waits, http) });
  const client = (clientSecret = connection.credentials.clientSecret!) =>
    createFedexClient(
      { accountKey: connection.key, clientId: API_KEY, clientSecret, apiBaseUrl: fake.url },
      quickHttp(waits, http),
    );
  return { fake, adapter, client, waits };
}

describe('FedEx adapter against the fake', () => {
  it('proves the API and secret keys with a token', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });

    expect(fake.requests).toHaveLength(1);
    const [token] = fake.requests;
    expect(token?.path).toBe('/oauth/token');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: API_KEY,
      client_secret: SECRET_KEY,
    });
  });

  it("reports refused keys as 'auth' with FedEx's own words", async () => {
    const { adapter } = await setup({ secret: 'wrong-secret' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.platformAnswer).toBe(
      '401: The given client credentials were not valid. Please modify your request and try again. (NOT.AUTHORIZED.ERROR)',
    );
  });

  it('asks for a new token on each test and keeps it for the calls after it', async () => {
    const { fake, adapter, client } = await setup();
    await adapter.testConnection();
    const kept = await client().accessToken();
    expect(await client().accessToken()).toBe(kept);
    expect(fake.tokensIssued()).toBe(1);

    await adapter.testConnection();
    expect(fake.tokensIssued()).toBe(2);
  });

  it('keeps no token across a change of the secret key', async () => {
    const { fake, client } = await setup();
    await client(SECRET_KEY).accessToken();
    // A token kept for the old key would hide that the new one is wrong.
    const error = await expectChannelError(client('rotated').accessToken());
    expect(error.kind).toBe('auth');
    expect(fake.tokensIssued()).toBe(1);
  });

  it('renews a kept token once when the gateway refuses it with 401, with the locale and a transaction id', async () => {
    const { fake, client } = await setup();
    const fedex = client();
    const first = await fedex.accessToken();
    fake.expireTokens();
    // Past the gateway the fake knows no such shipment, so the renewed token's call ends in FedEx's 404.
    const error = await expectChannelError(fedex.call({ method: 'PUT', path: SHIPMENTS_PATH, json: {} }));
    expect(error.kind).toBe('not_found');
    expect(fake.tokensIssued()).toBe(2);

    const calls = fake.requests.filter((r) => r.path === SHIPMENTS_PATH);
    expect(calls.map((c) => c.headers.authorization === `Bearer ${first}`)).toEqual([true, false]);
    expect(calls[1]?.headers['x-locale']).toBe('en_US');
    expect(calls[1]?.headers['x-customer-transaction-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.headers['x-customer-transaction-id']).not.toBe(calls[0]?.headers['x-customer-transaction-id']);
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    const { fake, adapter, waits } = await setup();
    fake.throttleNext({ retryAfterSeconds: 2 });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: ACCOUNT_NAME });
    expect(waits).toEqual([2_000]);
  });

  it("stops with 'rate_limited' and FedEx's words while the 10-second window stays spent", async () => {
    const { fake, adapter, waits } = await setup({ fake: { throttle: { requests: 1, windowMs: 10_000 } } });
    await adapter.testConnection();
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.platformMessage).toContain('We have received too many requests in a short duration');
    // FedEx sends no Retry-After: the client backs off on its own.
    expect(waits).toHaveLength(4);
    expect(fake.requests).toHaveLength(6);
  });

  describe('transport faults', () => {
    carrierFaultCases(async (http) => {
      const { fake, adapter, waits } = await setup({}, http);
      return { fake, adapter, waits };
    }, ACCOUNT_NAME);
  });
});
