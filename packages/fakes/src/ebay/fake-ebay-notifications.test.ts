import { createHash, createPublicKey, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateEbayOrders } from './fake-ebay-orders.ts';
import { startFakeEbay, type FakeEbay } from './fake-ebay-server.ts';

const TOKEN = 'verification_token_of_forty_characters_xx';
const BASE = '/commerce/notification/v1';

interface Listener {
  url: string;
  received: Array<{ body: string; signature: string }>;
  /** Statuses to answer the next POSTs with (then 204). */
  failures: number[];
  token: string;
  server: Server;
}

/** A seller's endpoint: answers the challenge with `token` and records what eBay POSTs. */
async function startListener(): Promise<Listener> {
  const listener = { received: [], failures: [], token: TOKEN } as unknown as Listener;
  listener.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url!, listener.url);
      if (req.method === 'GET') {
        const code = url.searchParams.get('challenge_code') ?? '';
        const hash = createHash('sha256')
          .update(code + listener.token + listener.url)
          .digest('hex');
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ challengeResponse: hash }));
      }
      listener.received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['x-ebay-signature']),
      });
      res.writeHead(listener.failures.shift() ?? 204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => listener.server.listen(0, '127.0.0.1', resolve));
  listener.url = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}/hook`;
  return listener;
}

describe('fake eBay Notification API', () => {
  let ebay: FakeEbay;
  let listener: Listener;
  let appToken: string;
  let userToken: string;
  const orders = generateEbayOrders(6);

  const call = async (token: string, method: string, path: string, json?: unknown) => {
    const res = await fetch(`${ebay.url}${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  };
  const grant = async (form: Record<string, string>) => {
    const res = await fetch(`${ebay.url}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('app:cert').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    return (await res.json()) as { access_token: string };
  };
  const subscribe = async (topicId: string) => {
    const destination = await call(appToken, 'POST', '/destination', {
      name: 'shipdesk',
      status: 'ENABLED',
      deliveryConfig: { endpoint: listener.url, verificationToken: TOKEN },
    });
    const destinationId = destination.headers.get('location')!.split('/').pop();
    const payload = { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' };
    return call(userToken, 'POST', '/subscription', { topicId, status: 'ENABLED', destinationId, payload });
  };

  beforeEach(async () => {
    ebay = await startFakeEbay({ clientId: 'app', clientSecret: 'cert', refreshToken: 'rt', orders });
    listener = await startListener();
    appToken = (await grant({ grant_type: 'client_credentials', scope: 'https://api.ebay.com/oauth/api_scope' }))
      .access_token;
    userToken = (await grant({ grant_type: 'refresh_token', refresh_token: 'rt' })).access_token;
  });
  afterEach(async () => {
    await ebay.close();
    await new Promise((resolve) => listener.server.close(resolve));
  });

  it('enables a destination only when the endpoint answers the challenge with the verification token', async () => {
    listener.token = 'another_token_that_the_endpoint_believes_in';
    const refused = await call(appToken, 'POST', '/destination', {
      name: 'shipdesk',
      status: 'ENABLED',
      deliveryConfig: { endpoint: listener.url, verificationToken: TOKEN },
    });
    expect(refused.status).toBe(409);
    expect(ebay.notifications.destinations.size).toBe(0);

    listener.token = TOKEN;
    const short = await call(appToken, 'POST', '/destination', {
      name: 'shipdesk',
      deliveryConfig: { endpoint: listener.url, verificationToken: 'too-short' },
    });
    expect(short.status).toBe(400);
    expect((await subscribe('ORDER_CANCELLATION')).status).toBe(201);
    expect((await call(userToken, 'GET', '/subscription')).body.subscriptions).toHaveLength(1);
  });

  it('subscriptions need a user token with the notification scope; keys need an application token', async () => {
    const payload = { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' };
    expect((await call(appToken, 'POST', '/subscription', { topicId: 'ORDER_CONFIRMATION', payload })).status).toBe(
      401,
    );
    expect((await call(userToken, 'GET', `/public_key/${ebay.notifications.delivery.kid}`)).status).toBe(401);
    const topics = await call(appToken, 'GET', '/topic');
    expect(topics.body.topics.map((t: { topicId: string }) => t.topicId)).toContain('ORDER_CANCELLATION');
  });

  it('sends a signed message on an order change, verifiable with the public key, and retries until a 2xx', async () => {
    await subscribe('ORDER_CANCELLATION');
    listener.failures.push(500);
    const orderId = orders[0]!.orderId;
    ebay.notifications.changeOrder(orderId, 'canceled');
    await ebay.notifications.settled();

    expect(listener.received).toHaveLength(2);
    const key = await call(appToken, 'GET', `/public_key/${ebay.notifications.delivery.kid}`);
    expect(key.body).toMatchObject({ algorithm: 'ECDSA', digest: 'SHA1' });
    const pem = (key.body.key as string)
      .replace('-----BEGIN PUBLIC KEY-----', '-----BEGIN PUBLIC KEY-----\n')
      .replace('-----END PUBLIC KEY-----', '\n-----END PUBLIC KEY-----');
    for (const [i, { body, signature }] of listener.received.entries()) {
      const header = JSON.parse(Buffer.from(signature, 'base64').toString('utf8'));
      expect(header).toMatchObject({ alg: 'ecdsa', kid: ebay.notifications.delivery.kid, digest: 'SHA1' });
      const signed = Buffer.from(header.signature, 'base64');
      expect(verify('sha1', Buffer.from(body), createPublicKey(pem), signed)).toBe(true);
      expect(verify('sha1', Buffer.from(body + ' '), createPublicKey(pem), signed)).toBe(false);
      const message = JSON.parse(body);
      expect(message.metadata.topic).toBe('ORDER_CANCELLATION');
      expect(message.notification).toMatchObject({ publishAttemptCount: i + 1, data: { orderId } });
    }
    expect(ebay.orders.get(orderId)!.cancelStatus?.cancelState).toBe('CANCELED');
  });

  it('drops, repeats and reorders on command, the same way for the same seed', async () => {
    await subscribe('ITEM_MARKED_SHIPPED');
    const run = async () => {
      listener.received.length = 0;
      ebay.notifications.chaos({ drop: 0.2, repeat: 0.3, reorder: true, seed: 7 });
      for (const order of orders) ebay.notifications.changeOrder(order.orderId, 'shipped');
      await ebay.notifications.settled();
      return listener.received.map((r) => JSON.parse(r.body).notification.data.orderId as string);
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const ids = orders.map((o) => o.orderId);
    expect(first).not.toEqual(ids);
    expect(new Set(first).size).toBeLessThan(first.length);
    expect(new Set(first).size + ebay.notifications.delivery.dropped.length / 2).toBe(ids.length);
  });

  it('takes chaos and order changes over its control routes, refusing bad ones by name', async () => {
    const post = (path: string, json: unknown) =>
      fetch(`${ebay.url}/_fake/notifications/${path}`, { method: 'POST', body: JSON.stringify(json) });
    const bad = await post('chaos', { drop: 2 });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('drop');
    expect((await post('chaos', { drop: 1 })).status).toBe(204);
    await subscribe('ORDER_CANCELLATION');
    expect((await post('orderChange', { orderId: orders[1]!.orderId, change: 'canceled' })).status).toBe(204);
    expect((await post('orderChange', { orderId: 'nope', change: 'canceled' })).status).toBe(404);
    await ebay.notifications.settled();
    expect(listener.received).toHaveLength(0);
    expect(ebay.notifications.delivery.dropped).toHaveLength(1);
  });
});
