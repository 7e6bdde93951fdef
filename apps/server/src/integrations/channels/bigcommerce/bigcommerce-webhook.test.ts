import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBigcommerce, type FakeBigcommerce } from '@shipdesk/fakes';
import {
  bigcommerceWebhookEventId,
  bigcommerceWebhookOrderId,
  bigcommerceWebhookScope,
  verifyBigcommerceWebhook,
} from './bigcommerce-webhook.ts';

describe('BigCommerce webhooks (Standard Webhooks)', () => {
  let fake: FakeBigcommerce;
  beforeAll(async () => {
    fake = await startFakeBigcommerce({ orders: 1, clientSecret: 'app-secret-123' });
  });
  afterAll(() => fake.close());

  it('accepts a delivery signed with the client secret', () => {
    const body = fake.orderWebhookBody(100, 'store/order/statusUpdated');
    const headers = fake.signWebhook(body);
    expect(verifyBigcommerceWebhook(body, headers, 'app-secret-123')).toBe(true);
    expect(verifyBigcommerceWebhook(Buffer.from(body), new Headers(headers), 'app-secret-123')).toBe(true);
    expect(bigcommerceWebhookEventId(headers)).toBe(headers['webhook-id']);
    expect(bigcommerceWebhookOrderId(JSON.parse(body))).toBe('100');
    expect(bigcommerceWebhookOrderId(body)).toBe('100');
    expect(bigcommerceWebhookScope(body)).toBe('store/order/statusUpdated');
  });

  it('matches the Standard Webhooks signing input computed independently', () => {
    const body = '{"scope":"store/order/created","data":{"type":"order","id":7}}';
    const expected = createHmac('sha256', 'app-secret-123').update(`msg_1.1767225600.${body}`).digest('base64');
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1767225600', 'webhook-signature': `v1,${expected}` };
    expect(verifyBigcommerceWebhook(body, headers, 'app-secret-123', 1767225600 * 1000 + 5000)).toBe(true);
  });

  it('accepts any one of several signatures (secret rotation)', () => {
    const body = fake.orderWebhookBody(101);
    const good = fake.signWebhook(body);
    const old = fake.signWebhook(body, {
      id: good['webhook-id'],
      secret: 'previous-secret',
      timestamp: Number(good['webhook-timestamp']),
    });
    const headers = { ...good, 'webhook-signature': `${old['webhook-signature']} ${good['webhook-signature']}` };
    expect(verifyBigcommerceWebhook(body, headers, 'app-secret-123')).toBe(true);
  });

  it('refuses a tampered body, another secret, a wrong version or missing headers', () => {
    const body = fake.orderWebhookBody(100);
    const headers = fake.signWebhook(body);
    expect(verifyBigcommerceWebhook(body.replace('"id":100', '"id":101'), headers, 'app-secret-123')).toBe(false);
    expect(verifyBigcommerceWebhook(body, headers, 'other-secret')).toBe(false);
    const v2 = { ...headers, 'webhook-signature': headers['webhook-signature']!.replace('v1,', 'v2,') };
    expect(verifyBigcommerceWebhook(body, v2, 'app-secret-123')).toBe(false);
    const { 'webhook-id': _id, ...withoutId } = headers;
    expect(verifyBigcommerceWebhook(body, withoutId, 'app-secret-123')).toBe(false);
    expect(verifyBigcommerceWebhook(body, headers, '')).toBe(false);
  });

  it('refuses a timestamp more than five minutes away', () => {
    const body = fake.orderWebhookBody(100);
    const now = Math.floor(Date.now() / 1000);
    const old = fake.signWebhook(body, { timestamp: now - 6 * 60 });
    expect(verifyBigcommerceWebhook(body, old, 'app-secret-123')).toBe(false);
    const future = fake.signWebhook(body, { timestamp: now + 6 * 60 });
    expect(verifyBigcommerceWebhook(body, future, 'app-secret-123')).toBe(false);
    const recent = fake.signWebhook(body, { timestamp: now - 4 * 60 });
    expect(verifyBigcommerceWebhook(body, recent, 'app-secret-123')).toBe(true);
  });

  it('finds no order in other events', () => {
    expect(bigcommerceWebhookOrderId({ data: { type: 'product', id: 5 } })).toBeNull();
    expect(bigcommerceWebhookOrderId({ data: { type: 'order', id: 'x' } })).toBeNull();
    expect(bigcommerceWebhookOrderId('not json')).toBeNull();
    expect(bigcommerceWebhookEventId({})).toBeNull();
  });
});
