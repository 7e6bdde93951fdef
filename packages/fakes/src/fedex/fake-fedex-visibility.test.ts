import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { startFakeFedex, type FakeFedex } from './fake-fedex-server.ts';
import type { FedexParty, FedexTrackResult } from './fake-fedex-wire.ts';

/** The fake FedEx's visibility webhook: set up as in the portal, pushed as the clock moves, signed with the token. */

const KEY = 'fedex-visibility-key';
const SECRET = 'fedex-visibility-secret';
const ACCOUNT = '740561073';
const OTHER_ACCOUNT = '510087143';
const TOKEN = 'portal-security-token-0123456789';

const party = (name: string, city: string, state: string, postalCode: string): FedexParty => ({
  contact: { personName: name, phoneNumber: '2065550134' },
  address: { streetLines: ['44 Elm Street'], city, stateOrProvinceCode: state, postalCode, countryCode: 'US' },
});
const SELLER = party('Dana Whitfield', 'Seattle', 'WA', '98104');
const BUYER = party('Priya Raman', 'Springfield', 'IL', '62701');

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let fake: FakeFedex | undefined;
let listener: Server | undefined;
const received: Received[] = [];

afterEach(async () => {
  await fake?.close();
  if (listener) await new Promise((resolve) => listener!.close(resolve));
  fake = undefined;
  listener = undefined;
  received.length = 0;
});

async function listen(): Promise<string> {
  listener = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => listener!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listener.address() as { port: number }).port}/hooks/tracking/key`;
}

async function start(): Promise<{ fake: FakeFedex; ship: (account: string) => Promise<string> }> {
  const started = await startFakeFedex({ clientId: KEY, clientSecret: SECRET, clock: new FakeClock(), throttle: null });
  fake = started;
  const token = (await (
    await fetch(`${started.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: KEY, client_secret: SECRET }),
    })
  ).json()) as { access_token: string };
  const ship = async (account: string) => {
    const response = await fetch(`${started.url}/ship/v1/shipments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountNumber: { value: account },
        labelResponseOptions: 'LABEL',
        requestedShipment: {
          shipper: SELLER,
          recipients: [BUYER],
          serviceType: 'FEDEX_2_DAY',
          packagingType: 'YOUR_PACKAGING',
          labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
          requestedPackageLineItems: [{ weight: { units: 'LB', value: 2 } }],
        },
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      output: { transactionShipments: Array<{ masterTrackingNumber: string }> };
    };
    return body.output.transactionShipments[0]!.masterTrackingNumber;
  };
  return { fake: started, ship };
}

const sign = (body: string, key = TOKEN) => createHmac('sha256', key).update(body).digest('hex');
const results = () => received.map((r) => JSON.parse(r.body) as FedexTrackResult);

describe('the fake FedEx visibility webhook', () => {
  it("pushes each new scan of the account's labels, signed HMAC-SHA256(security token, raw body) in hex", async () => {
    const { fake, ship } = await start();
    const url = await listen();
    const hook = fake.visibility.register({ accountNumber: ACCOUNT, url, securityToken: TOKEN });
    const ours = await ship(ACCOUNT);
    const theirs = await ship(OTHER_ACCOUNT);

    fake.clock.advanceHours(3);
    await fake.visibility.sender.settled();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-fedex-signature']).toBe(sign(received[0]!.body));
    expect(results()[0]).toMatchObject({
      trackingNumberInfo: { trackingNumber: ours },
      latestStatusDetail: { code: 'PU' },
      scanEvents: [{ eventType: 'PU' }, { eventType: 'OC' }],
    });

    // Nothing new, nothing sent; then one push per move that brought scans, the full list each time.
    fake.clock.advanceHours(1);
    fake.clock.advanceHours(20);
    fake.clock.advanceHours(10);
    await fake.visibility.sender.settled();
    const codes = results().map((r) => r.latestStatusDetail?.code);
    expect(codes).toEqual(['PU', 'OD', 'DL']);
    expect(results()[2]!.scanEvents!.map((s) => s.eventType)).toEqual(['DL', 'OD', 'AR', 'DP', 'PU', 'OC']);
    for (const push of received) {
      expect(push.headers['x-fedex-signature']).toBe(sign(push.body));
      expect(push.headers['x-fedex-signature']).not.toBe(sign(push.body, 'another-token'));
    }
    expect(results().every((r) => r.trackingNumberInfo?.trackingNumber === ours)).toBe(true);
    expect(results().some((r) => r.trackingNumberInfo?.trackingNumber === theirs)).toBe(false);
    expect(fake.visibility.sender.deliveries.every((d) => d.status === 200)).toBe(true);

    // Removed in the portal: nothing more.
    expect(fake.visibility.unregister(hook.id)).toBe(true);
    expect(fake.visibility.unregister(hook.id)).toBe(false);
    await ship(ACCOUNT);
    fake.clock.advanceHours(40);
    await fake.visibility.sender.settled();
    expect(received).toHaveLength(3);
  });

  it('does not replay what labels reached before the webhook, and can push scans one by one, newest first', async () => {
    const { fake, ship } = await start();
    const url = await listen();
    const before = await ship(ACCOUNT);
    fake.clock.advanceHours(9);
    fake.visibility.register({
      accountNumber: ACCOUNT,
      url,
      securityToken: TOKEN,
      signatureHeader: 'X-Fdx-Sig',
      outOfOrder: true,
    });
    fake.clock.advanceHours(22);
    await fake.visibility.sender.settled();
    expect(results().map((r) => r.latestStatusDetail?.code)).toEqual(['DL', 'OD', 'AR']);
    expect(results().every((r) => r.scanEvents!.length === 1)).toBe(true);
    expect(results().every((r) => r.trackingNumberInfo?.trackingNumber === before)).toBe(true);
    for (const push of received) expect(push.headers['x-fdx-sig']).toBe(sign(push.body));
  });

  it("refuses a setup FedEx's portal would refuse", async () => {
    const { fake } = await start();
    const setup = { accountNumber: ACCOUNT, url: 'https://listener.example/hook', securityToken: TOKEN };
    expect(() => fake.visibility.register({ ...setup, accountNumber: '12' })).toThrow(/accountNumber/);
    expect(() => fake.visibility.register({ ...setup, url: 'ftp://listener.example' })).toThrow(/url/);
    expect(() => fake.visibility.register({ ...setup, url: `https://x.example/${'a'.repeat(200)}` })).toThrow(/url/);
    expect(() => fake.visibility.register({ ...setup, securityToken: '' })).toThrow(/securityToken/);
    expect(() => fake.visibility.register({ ...setup, signatureHeader: 'bad header' })).toThrow(/signatureHeader/);
    expect(fake.visibility.webhooks.size).toBe(0);
  });
});
