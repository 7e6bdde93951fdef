import { randomUUID } from 'node:crypto';
import { startFakeShippo, type FakeShippo, type FakeShippoOptions } from '@shipdesk/fakes';
import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError, quickHttp, recordedSleep } from '../../../../test/adapter-test-kit.ts';
import type { ChannelResponse, HttpOptions } from '../../http/channel-http.ts';
import { carrierFaultCases } from '../carrier-adapter-fault-cases.ts';
import type { CarrierAdapter } from '../carrier-types.ts';
import { createShippoAdapter } from './shippo-adapter.ts';
import { shippoErrorMessage, shippoRetryAfterMs } from './shippo-client.ts';

const LIVE_TOKEN = 'shippo_live_3f9c0d2a7b41e6';
const TEST_TOKEN = 'shippo_test_8e21a4c07d95';
const OWNER = 'orders@acme-outdoor.example';

const keep = closeAfterEach();

async function setup(
  options: { fake?: Partial<FakeShippoOptions>; token?: string } = {},
  http: HttpOptions = {},
): Promise<{ fake: FakeShippo; adapter: CarrierAdapter; waits: number[] }> {
  const fake = keep(await startFakeShippo({ tokens: [LIVE_TOKEN, TEST_TOKEN], owner: OWNER, ...options.fake }));
  const waits: number[] = [];
  const adapter = createShippoAdapter(
    { key: randomUUID(), settings: { apiBaseUrl: fake.url }, credentials: { apiToken: options.token ?? LIVE_TOKEN } },
    { http: quickHttp(waits, http) },
  );
  return { fake, adapter, waits };
}

describe('Shippo adapter against the fake', () => {
  it('proves the token by listing carrier accounts, named by their owner', async () => {
    const { fake, adapter } = await setup();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: OWNER });

    expect(fake.requests).toHaveLength(1);
    const [list] = fake.requests;
    expect(list?.method).toBe('GET');
    expect(list?.path).toBe('/carrier_accounts/');
    expect(list?.query.get('results')).toBe('1');
    expect(list?.headers.authorization).toBe(`ShippoToken ${LIVE_TOKEN}`);
    expect(list?.headers['shippo-api-version']).toBe('2018-02-08');
  });

  it('says when the token is a test token', async () => {
    const { adapter } = await setup({ token: TEST_TOKEN });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: `${OWNER} (test mode)` });
  });

  it('passes with no name when the account has no carrier accounts', async () => {
    const { adapter } = await setup({ fake: { carrierAccounts: [] } });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: null });
  });

  it("reports a wrong token as 'auth' with Shippo's own words, asking once", async () => {
    const { fake, adapter } = await setup({ token: 'shippo_live_not_a_token' });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.platformAnswer).toBe('401: Invalid token.');
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a token revoked since the last test (an API token has no renewal)', async () => {
    const { fake, adapter } = await setup();
    await adapter.testConnection();
    fake.revokeToken(LIVE_TOKEN);
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'auth', platformMessage: 'Invalid token.' });
    expect(fake.requests).toHaveLength(2);
  });

  it('waits until X-RateLimit-Reset on a 429, then succeeds', async () => {
    const { fake, adapter, waits } = await setup();
    fake.throttleNext({ resetInSeconds: 5 });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: OWNER });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(4_000);
    expect(waits[0]).toBeLessThanOrEqual(6_000);
  });

  it("waits out Shippo's per-minute limit of list requests", async () => {
    const waits: number[] = [];
    const { fake, adapter } = await setup(
      { fake: { rateLimits: { list: 1, windowMs: 300 } } },
      { sleep: recordedSleep(waits) },
    );
    await adapter.testConnection();
    await expect(adapter.testConnection()).resolves.toEqual({ accountName: OWNER });
    expect(fake.requests).toHaveLength(3);
    expect(waits).toHaveLength(1);
    // The reset is in whole seconds, so the wait ends on the second after the window.
    expect(waits[0]).toBeLessThanOrEqual(1_300);
  });

  it("stops with 'rate_limited' when the wait asked for is longer than the client waits", async () => {
    const { fake, adapter, waits } = await setup({}, { maxDelayMs: 10_000 });
    fake.throttleNext({ resetInSeconds: 60 });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.platformMessage).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(waits).toEqual([]);
  });

  describe('transport faults', () => {
    carrierFaultCases(async (http) => setup({}, http), OWNER);
  });
});

describe('Shippo wire helpers', () => {
  const throttled = (reset: string): ChannelResponse => ({
    status: 429,
    headers: new Headers({ 'X-RateLimit-Reset': reset }),
    text: '',
  });

  it('reads X-RateLimit-Reset as epoch seconds, epoch milliseconds or seconds from now', () => {
    const now = 1_780_000_000_000;
    expect(shippoRetryAfterMs(throttled('1780000030'), now)).toBe(30_000);
    expect(shippoRetryAfterMs(throttled('1780000002500'), now)).toBe(2_500);
    expect(shippoRetryAfterMs(throttled('12'), now)).toBe(12_000);
    expect(shippoRetryAfterMs(throttled('soon'), now)).toBeNull();
    expect(shippoRetryAfterMs({ ...throttled('12'), status: 503 }, now)).toBeNull();
  });

  it("puts Shippo's error bodies in words", () => {
    expect(shippoErrorMessage({ detail: 'Not found.' })).toBe('Not found.');
    expect(shippoErrorMessage({ parcel: ['This field is required.'], zip: ['Invalid.', 'Too long.'] })).toBe(
      'parcel: This field is required.; zip: Invalid. Too long.',
    );
    expect(shippoErrorMessage({ messages: [{ source: 'USPS', code: 'ADDRESS', text: 'Bad address' }] })).toBe(
      'Bad address (ADDRESS)',
    );
    expect(shippoErrorMessage('Internal Server Error')).toBeNull();
  });
});
