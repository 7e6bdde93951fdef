import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUsps, type FakeUsps } from './fake-usps-server.ts';

/** The fake's Subscriptions - Tracking on the wire: strict subscriptions, and signed pushes as its clock moves. */

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
const API = '/subscriptions-tracking/v3r2/subscriptions';
const SECRET = 'a'.repeat(16) + 'b'.repeat(16);
let fake: FakeUsps;
let listener: Server;
let status = 200;
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];

afterEach(async () => {
  await fake?.close();
  if (listener) await new Promise((resolve) => listener.close(resolve));
  received.length = 0;
  status = 200;
});

async function listen(): Promise<string> {
  listener = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listener.address() as { port: number }).port}/hooks/tracking/key`;
}

async function authorized() {
  fake = await startFakeUsps({ clientId: 'id', clientSecret: 'secret', accounts: [ACCOUNT], quota: null });
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const token = (await (
    await send('POST', '/oauth2/v3/token', {
      grant_type: 'client_credentials',
      client_id: 'id',
      client_secret: 'secret',
    })
  ).json()) as { access_token: string };
  const role = { ...ACCOUNT, CRID: ACCOUNT.crid, MID: ACCOUNT.mid, manifestMID: ACCOUNT.mid };
  const roles = [
    { roleName: 'PAYER', ...role },
    { roleName: 'LABEL_OWNER', ...role },
  ];
  const bearer = { authorization: `Bearer ${token.access_token}` };
  const payment = (await (await send('POST', '/payments/v3/payment-authorization', { roles }, bearer)).json()) as {
    paymentAuthorizationToken: string;
  };
  const headers = { ...bearer, 'x-payment-authorization-token': payment.paymentAuthorizationToken };
  const buy = async () => {
    const body = {
      imageInfo: { imageType: 'NONE', labelType: '4X6LABEL' },
      toAddress: {
        firstName: 'Joe',
        lastName: 'Doe',
        streetAddress: '9 Elm St',
        city: 'Denver',
        state: 'CO',
        ZIPCode: '80202',
      },
      fromAddress: { firm: 'Shipdesk', streetAddress: '1 Main St', city: 'St. Louis', state: 'MO', ZIPCode: '63116' },
      packageDescription: {
        rateIndicator: 'SP',
        weightUOM: 'lb',
        weight: 1,
        processingCategory: 'MACHINABLE',
        mailingDate: new Date().toISOString().slice(0, 10),
        mailClass: 'USPS_GROUND_ADVANTAGE',
      },
    };
    const accept = { ...headers, accept: 'application/vnd.usps.labels+json' };
    return ((await (await send('POST', '/labels/v3/label', body, accept)).json()) as { trackingNumber: string })
      .trackingNumber;
  };
  return { send, bearer, buy };
}

const subscription = (listenerURL: string, extra: object = {}) => ({
  listenerURL,
  secret: SECRET,
  adminNotification: [{ email: 'ops@example.com' }],
  filterProperties: { MID: ACCOUNT.mid, trackingEventTypes: ['ALL_UPDATES'] },
  ...extra,
});

describe('the fake USPS tracking subscriptions', () => {
  it('refuses a bad subscription in USPS words, and needs a token', async () => {
    const { send, bearer } = await authorized();
    const url = await listen();
    expect((await send('POST', API, subscription(url))).status).toBe(401);
    const short = await send('POST', API, subscription(url, { secret: 'short' }), bearer);
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain('secret must be exactly 32 characters');
    const noFilter = await send(
      'POST',
      API,
      subscription(url, { filterProperties: { trackingEventTypes: [] } }),
      bearer,
    );
    expect(noFilter.status).toBe(400);
    const badType = subscription(url, { filterProperties: { MID: ACCOUNT.mid, trackingEventTypes: ['EVERYTHING'] } });
    expect((await send('POST', API, badType, bearer)).status).toBe(400);
    expect((await send('POST', API, subscription('ftp://x'), bearer)).status).toBe(400);
  });

  it('pushes each new event, signed X-HMAC over timestamp + payload, and suspends a failing listener', async () => {
    const { send, bearer, buy } = await authorized();
    const url = await listen();
    const created = await send('POST', API, subscription(url), bearer);
    expect(created.status).toBe(201);
    const { subscriptionId, status: state } = (await created.json()) as { subscriptionId: string; status: string };
    expect(state).toBe('ENABLED');
    const number = await buy();
    fake.clock.advanceHours(9);
    await fake.trackingPushes.sender.settled();
    // Label created, accepted, in transit: one push each, oldest first.
    expect(received).toHaveLength(3);
    const bodies = received.map(
      (r) => JSON.parse(r.body) as { subscriptionId: string; timestamp: string; payload: string },
    );
    for (const [index, body] of bodies.entries()) {
      expect(body.subscriptionId).toBe(subscriptionId);
      const signature = createHmac('sha256', SECRET)
        .update(body.timestamp + body.payload)
        .digest('base64');
      expect(received[index]!.headers['x-hmac']).toBe(signature);
    }
    const payloads = bodies.map(
      (b) => JSON.parse(b.payload) as { trackingNumber: string; trackingEvents: Array<{ eventCode: string }> },
    );
    expect(payloads.map((p) => p.trackingEvents[0]!.eventCode)).toEqual(['GX', '03', '10']);
    expect(payloads.every((p) => p.trackingNumber === number)).toBe(true);

    // Nothing new: nothing pushed again.
    fake.clock.advanceHours(1);
    await fake.trackingPushes.sender.settled();
    expect(received).toHaveLength(3);

    status = 500;
    await buy();
    fake.clock.advanceHours(30);
    await fake.trackingPushes.sender.settled();
    const read = (await (await send('GET', `${API}/${subscriptionId}`, undefined, bearer)).json()) as {
      status: string;
    };
    expect(read.status).toBe('SUSPENDED');
    expect((await send('DELETE', `${API}/${subscriptionId}`, undefined, bearer)).status).toBe(204);
    expect((await send('GET', `${API}/${subscriptionId}`, undefined, bearer)).status).toBe(404);
  });
});
