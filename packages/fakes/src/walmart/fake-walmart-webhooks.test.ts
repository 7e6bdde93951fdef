import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWalmart, type FakeWalmart } from './fake-walmart-server.ts';

interface Received {
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/** A seller's endpoint that records what Walmart POSTs; answers 500 to the first `failures` of them. */
async function startListener(failures = 0): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  let failing = failures;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url!, body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(failing-- > 0 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/wm?s=1`, received, server };
}

describe('fake Walmart notifications', () => {
  let walmart: FakeWalmart;
  let token: string;
  beforeEach(async () => {
    walmart = await startFakeWalmart({ clientId: 'id', clientSecret: 'secret', orders: 3, seed: 2 });
    const basic = Buffer.from('id:secret').toString('base64');
    const answer = await fetch(`${walmart.url}/v3/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterEach(async () => {
    await walmart.close();
  });

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${walmart.url}${path}`, {
      method,
      headers: {
        'WM_SEC.ACCESS_TOKEN': token,
        'WM_SVC.NAME': 'Walmart Marketplace',
        'WM_QOS.CORRELATION_ID': 'c-1',
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const subscription = (eventUrl: string, eventType = 'PO_CREATED') => ({
    eventType,
    eventVersion: 'V1',
    resourceName: 'ORDER',
    eventUrl,
    status: 'ACTIVE',
    authDetails: { authMethod: 'HMAC', authHeaderName: 'WM_SEC.SIGNATURE', clientSecret: 'hmac-secret' },
  });

  it('subscribes, refuses an unknown event and an HMAC without a secret, and deletes', async () => {
    const unknown = await api('POST', '/v3/webhooks/subscriptions', { events: [subscription('https://x/y', 'NOPE')] });
    expect(unknown.status).toBe(400);
    const noSecret = { ...subscription('https://x/y'), authDetails: { authMethod: 'HMAC', authHeaderName: 'H' } };
    expect((await api('POST', '/v3/webhooks/subscriptions', { events: [noSecret] })).status).toBe(400);
    expect(walmart.webhooks.subscriptions.size).toBe(0);

    const made = await api('POST', '/v3/webhooks/subscriptions', { events: [subscription('https://x/y')] });
    expect(made.status).toBe(200);
    const [created] = ((await made.json()) as { events: Array<{ subscriptionId: string }> }).events;
    const listed = (await (await api('GET', '/v3/webhooks/subscriptions')).json()) as { events: unknown[] };
    expect(listed.events).toHaveLength(1);
    expect((await api('DELETE', `/v3/webhooks/subscriptions/${created!.subscriptionId}`)).status).toBe(200);
    expect((await api('DELETE', `/v3/webhooks/subscriptions/${created!.subscriptionId}`)).status).toBe(400);
  });

  it('signs a notification over method, path and query, timestamp and body hash, and retries a 500', async () => {
    const listener = await startListener(1);
    try {
      await api('POST', '/v3/webhooks/subscriptions', { events: [subscription(listener.url)] });
      const order = [...walmart.orders.values()][0]!;
      walmart.webhooks.changeOrder(order.purchaseOrderId, 'created');
      await walmart.webhooks.settled();
      expect(listener.received).toHaveLength(2);
      const last = listener.received[1]!;
      const body = JSON.parse(last.body) as { source: { eventType: string; eventId: string }; payload: object };
      expect(body.source.eventType).toBe('PO_CREATED');
      expect(body.payload).toMatchObject({ purchaseOrderId: order.purchaseOrderId });
      expect(listener.received[0]!.body).toBe(last.body);
      const timestamp = String(last.headers['wm_sec.timestamp']);
      const hash = createHash('sha256').update(last.body).digest('hex');
      const expected = createHmac('sha256', 'hmac-secret')
        .update(`POST\n/hooks/wm?s=1\n${timestamp}\n${hash}`)
        .digest('base64');
      expect(last.headers['wm_sec.signature']).toBe(expected);
      expect(Math.abs(Number(timestamp) * 1000 - Date.now())).toBeLessThan(60_000);
    } finally {
      listener.server.close();
    }
  });

  it('sends a test notification to a URL, and drops on command', async () => {
    const listener = await startListener();
    try {
      const test = await api('POST', '/v3/webhooks/test', subscription(listener.url));
      expect(test.status).toBe(200);
      await walmart.webhooks.settled();
      expect(listener.received).toHaveLength(1);

      await api('POST', '/v3/webhooks/subscriptions', {
        events: [subscription(listener.url, 'PO_LINE_AUTOCANCELLED')],
      });
      walmart.webhooks.chaos({ drop: 1 });
      const open = [...walmart.orders.values()].find((o) =>
        o.orderLines.orderLine.some((l) =>
          l.orderLineStatuses.orderLineStatus.some((s) => s.status === 'Created' || s.status === 'Acknowledged'),
        ),
      );
      walmart.webhooks.changeOrder(open!.purchaseOrderId, 'autocancelled');
      await walmart.webhooks.settled();
      expect(listener.received).toHaveLength(1);
      expect(walmart.webhooks.delivery.dropped).toHaveLength(1);
    } finally {
      listener.server.close();
    }
  });
});
