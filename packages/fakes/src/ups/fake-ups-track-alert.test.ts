import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { startFakeUps, type FakeUps } from './fake-ups-server.ts';
import type { UpsShipmentBody } from './fake-ups-wire.ts';

const SHIPPER = '1A2B3C';
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const FROM = {
  Name: 'Shipdesk Demo',
  Address: {
    AddressLine: ['1 Main St'],
    City: 'Alpharetta',
    StateProvinceCode: 'GA',
    PostalCode: '30005',
    CountryCode: 'US',
  },
};
const TO = {
  Name: 'Joe Doe',
  Address: {
    AddressLine: ['2 Elm St'],
    City: 'Timonium',
    StateProvinceCode: 'MD',
    PostalCode: '21093',
    CountryCode: 'US',
  },
};

const shipment = {
  Shipper: { ...FROM, ShipperNumber: SHIPPER },
  ShipFrom: FROM,
  ShipTo: TO,
  PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: SHIPPER } }] },
  Service: { Code: '03' },
  Package: [{ Packaging: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '1.5' } }],
} as unknown as UpsShipmentBody;

interface Heard {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A listener as Shipdesk runs one: a token endpoint (client credentials) and the hook, which wants the token. */
async function startListener(): Promise<{ url: string; heard: Heard[] }> {
  const heard: Heard[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      heard.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/token') {
        const ok = req.headers.authorization === `Basic ${Buffer.from('hook-id:hook-secret').toString('base64')}`;
        res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
        res.end(JSON.stringify(ok ? { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 } : {}));
        return;
      }
      res.writeHead(req.headers.authorization === 'Bearer tok-1' ? 200 : 401);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, heard };
}

async function setup() {
  const clock = new FakeClock();
  const fake: FakeUps = await startFakeUps({ clientId: 'id', clientSecret: 'secret', clock });
  open.push(fake);
  const tokenAnswer = await fetch(`${fake.url}/security/v1/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, transId: 'test', transactionSrc: 'test' };
  async function ship(): Promise<string> {
    const answer = await fetch(`${fake.url}/api/shipments/v2409/ship`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        ShipmentRequest: {
          Shipment: shipment,
          LabelSpecification: { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } },
        },
      }),
    });
    const shipped = (await answer.json()) as {
      ShipmentResponse: { ShipmentResults: { PackageResults: Array<{ TrackingNumber: string }> } };
    };
    return shipped.ShipmentResponse.ShipmentResults.PackageResults[0]!.TrackingNumber;
  }
  const subscribe = (body: unknown, options: { type?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${fake.url}/api/track/v2/subscription/${options.type ?? 'standard'}/package`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
    });
  return { fake, clock, ship, subscribe };
}

const codeOf = async (answer: Response) =>
  ((await answer.json()) as { response: { errors: Array<{ code: string }> } }).response.errors[0]!.code;

describe('fake UPS Track Alert', () => {
  it('subscribes known numbers for 14 days, calls unknown ones invalid, and checks the request as UPS does', async () => {
    const { fake, clock, ship, subscribe } = await setup();
    const number = await ship();
    const ok = await subscribe({
      locale: 'en_US',
      countryCode: 'US',
      trackingNumberList: [number, '1Z999999990000000'],
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ validTrackingNumbers: [number], invalidTrackingNumbers: ['1Z999999990000000'] });
    const subscription = fake.trackAlert.subscriptions.get(number)!;
    expect(subscription.expiresAt - subscription.subscribedAt).toBe(14 * 86_400_000);
    expect(Math.abs(subscription.subscribedAt - clock.now())).toBeLessThan(1000);

    expect(await codeOf(await subscribe({ locale: 'en_US', trackingNumberList: ['1Z999999990000000'] }))).toBe(
      'VSS210',
    );
    const many = Array.from({ length: 101 }, () => number);
    const tooMany = await subscribe({ locale: 'en_US', trackingNumberList: many });
    expect(tooMany.status).toBe(400);
    expect(await codeOf(tooMany)).toBe('VSS220');
    expect(await codeOf(await subscribe({ trackingNumberList: [number] }))).toBe('VSS300');
    expect(await codeOf(await subscribe({ locale: 'english', trackingNumberList: [number] }))).toBe('VSS310');
    expect(await codeOf(await subscribe({ locale: 'en_US', countryCode: 'USA', trackingNumberList: [number] }))).toBe(
      'VSS400',
    );
    expect(await codeOf(await subscribe({ locale: 'en_US', trackingNumberList: [] }))).toBe('VSS200');
    expect(await codeOf(await subscribe({}))).toBe('VSS110');
    expect(await codeOf(await subscribe({ locale: 'en_US', trackingNumberList: [number] }, { type: 'basic' }))).toBe(
      'VSS930',
    );
    expect(
      await codeOf(await subscribe({ locale: 'en_US', trackingNumberList: [number] }, { headers: { transId: '' } })),
    ).toBe('VSS002');
    const unauthorized = await fetch(`${fake.url}/api/track/v2/subscription/standard/package`, {
      method: 'POST',
      body: JSON.stringify({ locale: 'en_US', trackingNumberList: [number] }),
    });
    expect(unauthorized.status).toBe(401);
    expect(fake.trackAlert.requests).toEqual([[number, '1Z999999990000000']]);
  });

  it("pushes a subscribed package's new events (no history) with a token from the listener's token endpoint, until it lapses", async () => {
    const { fake, clock, ship, subscribe } = await setup();
    const listener = await startListener();
    fake.trackAlert.listen({
      url: `${listener.url}/hook`,
      tokenUrl: `${listener.url}/token`,
      clientId: 'hook-id',
      clientSecret: 'hook-secret',
    });
    const number = await ship();
    const unsubscribed = await ship();
    expect((await subscribe({ locale: 'en_US', countryCode: 'US', trackingNumberList: [number] })).status).toBe(200);
    clock.advanceHours(25);
    await fake.trackAlert.settled();
    const hooks = listener.heard.filter((h) => h.path === '/hook');
    // Accepted, departed, arrived, out for delivery; the label's creation came before the subscription.
    expect(hooks.map((h) => JSON.parse(h.body).activityStatus.descriptionCode)).toEqual(['038', '005', '010', '021']);
    expect(hooks.every((h) => JSON.parse(h.body).trackingNumber === number)).toBe(true);
    expect(listener.heard.filter((h) => h.path === '/token')).toHaveLength(1);
    expect(hooks[0]!.headers).toMatchObject({
      authorization: 'Bearer tok-1',
      'x-api-key': 'hook-id',
      'user-agent': 'UPSPubSubTrackingService',
    });
    expect(fake.trackAlert.sender.deliveries.every((d) => d.status === 200)).toBe(true);
    const outForDelivery = JSON.parse(hooks[3]!.body);
    expect(outForDelivery).toMatchObject({
      activityStatus: { type: 'I', code: 'OT', descriptionCode: '021' },
      gmtActivityDate: expect.stringMatching(/^\d{8}$/),
      gmtActivityTime: expect.stringMatching(/^\d{6}$/),
      scheduledDeliveryDate: expect.stringMatching(/^\d{8}$/),
      activityLocation: { city: 'TIMONIUM', stateProvince: 'MD', country: 'US' },
    });
    expect(unsubscribed).not.toBe(number);

    // Lapsed: what happens after its 14 days is not pushed.
    fake.trackAlert.subscriptions.get(number)!.expiresAt = clock.now();
    clock.advanceHours(6);
    await fake.trackAlert.settled();
    expect(listener.heard.filter((h) => h.path === '/hook')).toHaveLength(4);
  });
});
