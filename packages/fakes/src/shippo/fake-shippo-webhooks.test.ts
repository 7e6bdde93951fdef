import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeShippo, type FakeShippo } from './fake-shippo-server.ts';
import type { ShippoTrack } from './fake-shippo-wire.ts';

/** The fake Shippo's webhooks: strict creation, and track_updated pushes as its clock moves. */

const TOKEN = 'shippo_test_webhooks';
const HMAC = 'shippo-support-provisioned-secret';
const SELLER = {
  name: 'Dana Whitfield',
  street1: '44 Elm Street',
  city: 'Seattle',
  state: 'WA',
  zip: '98104',
  country: 'US',
};
const BUYER = {
  name: 'Priya Raman',
  street1: '1 Oak St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
};
const PARCEL = { length: '10', width: '8', height: '4', distance_unit: 'in', weight: '2', mass_unit: 'lb' };

let fake: FakeShippo;
let listener: Server;
const received: Array<{ url: string; headers: Record<string, string | string[] | undefined>; body: string }> = [];

afterEach(async () => {
  await fake?.close();
  if (listener) await new Promise((resolve) => listener.close(resolve));
  received.length = 0;
});

async function listen(): Promise<string> {
  listener = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(listener.address() as { port: number }).port}/hooks/tracking/key`;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `ShippoToken ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

describe('the fake Shippo webhooks', () => {
  it('refuses a webhook without a URL or with an unknown event, in Shippo field errors', async () => {
    fake = await startFakeShippo({ tokens: [TOKEN] });
    expect(await call('POST', '/webhooks', { event: 'track_updated' })).toEqual({
      status: 400,
      body: { url: ['This field is required.'] },
    });
    expect((await call('POST', '/webhooks', { url: 'https://x.example/h', event: 'everything' })).status).toBe(400);
  });

  it("pushes each new tracking status to the webhook's URL with its token, signed when an HMAC is provisioned", async () => {
    fake = await startFakeShippo({ tokens: [TOKEN], webhookHmacSecret: HMAC });
    const url = `${await listen()}?token=chosen-token`;
    const hook = await call<{ object_id: string; active: boolean }>('POST', '/webhooks', {
      url,
      event: 'track_updated',
      is_test: true,
    });
    expect(hook.status).toBe(201);
    const shipment = await call<{ rates: Array<{ object_id: string; servicelevel: { token: string } }> }>(
      'POST',
      '/shipments/',
      { address_from: SELLER, address_to: BUYER, parcels: [PARCEL], async: false },
    );
    const rate = shipment.body.rates.find((r) => r.servicelevel.token === 'usps_priority')!;
    const bought = await call<{ tracking_number: string }>('POST', '/transactions/', {
      rate: rate.object_id,
      async: false,
    });
    fake.clock.advanceHours(31);
    await fake.webhooks.sender.settled();
    const pushes = received.map((r) => ({
      ...r,
      json: JSON.parse(r.body) as { event: string; test: boolean; data: ShippoTrack },
    }));
    expect(pushes.map((p) => p.json.data.tracking_status?.status)).toEqual([
      'PRE_TRANSIT',
      'TRANSIT',
      'TRANSIT',
      'TRANSIT',
      'TRANSIT',
      'DELIVERED',
    ]);
    for (const push of pushes) {
      expect(push.url).toContain('?token=chosen-token');
      expect(push.json).toMatchObject({ event: 'track_updated', test: true });
      expect(push.json.data.tracking_number).toBe(bought.body.tracking_number);
      const [t, v1] = String(push.headers['shippo-auth-signature'])
        .split(',')
        .map((part) => part.split('=')[1]);
      expect(createHmac('sha256', HMAC).update(`${t}.${push.body}`).digest('hex')).toBe(v1);
    }
    expect((await call('DELETE', `/webhooks/${hook.body.object_id}`)).status).toBe(204);
    fake.clock.advanceHours(10);
    expect((await call<{ results: unknown[] }>('GET', '/webhooks')).body.results).toHaveLength(0);
  });
});
