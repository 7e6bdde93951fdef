import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '@shipdesk/fakes';
import {
  shopifyWebhookEventId,
  shopifyWebhookOrderId,
  shopifyWebhookTopic,
  verifyShopifyWebhook,
} from './shopify-webhook.ts';

// Computed with: printf '%s' "$BODY" | openssl dgst -sha256 -hmac 'shpss_test_secret' -binary | base64
const BODY = '{"id":5801340005276,"name":"#1001"}';
const SECRET = 'shpss_test_secret';
const SIGNATURE = 'jcNn6F2wVGpeFYC4JWCZRAXVo+mg9q56OPly865G9VY=';

describe('verifyShopifyWebhook', () => {
  it('accepts the base64 HMAC-SHA256 of the raw body, as a string or bytes', () => {
    expect(verifyShopifyWebhook(BODY, SIGNATURE, SECRET)).toBe(true);
    expect(verifyShopifyWebhook(Buffer.from(BODY, 'utf8'), SIGNATURE, SECRET)).toBe(true);
    expect(verifyShopifyWebhook(BODY, ` ${SIGNATURE} `, SECRET)).toBe(true);
  });

  it('refuses a changed body, another secret, a missing or malformed header', () => {
    expect(verifyShopifyWebhook(BODY.replace('1001', '1002'), SIGNATURE, SECRET)).toBe(false);
    // Re-serialised JSON is not the raw body: the signature covers the exact bytes.
    expect(verifyShopifyWebhook(JSON.stringify(JSON.parse(BODY), null, 2), SIGNATURE, SECRET)).toBe(false);
    expect(verifyShopifyWebhook(BODY, SIGNATURE, 'another_secret')).toBe(false);
    expect(verifyShopifyWebhook(BODY, undefined, SECRET)).toBe(false);
    expect(verifyShopifyWebhook(BODY, '', SECRET)).toBe(false);
    expect(verifyShopifyWebhook(BODY, 'c2hvcnQ=', SECRET)).toBe(false);
    expect(verifyShopifyWebhook(BODY, SIGNATURE, '')).toBe(false);
  });
});

describe('webhook headers and payload', () => {
  it('reads the event id, falling back to the webhook id, from any header shape', () => {
    expect(shopifyWebhookEventId({ 'x-shopify-event-id': 'evt-1', 'x-shopify-webhook-id': 'wh-1' })).toBe('evt-1');
    expect(shopifyWebhookEventId({ 'X-Shopify-Webhook-Id': 'wh-2' })).toBe('wh-2');
    expect(shopifyWebhookEventId({ 'x-shopify-event-id': ['evt-3', 'evt-4'] })).toBe('evt-3');
    expect(shopifyWebhookEventId(new Headers({ 'X-Shopify-Event-Id': 'evt-5' }))).toBe('evt-5');
    expect(shopifyWebhookEventId({ 'x-shopify-topic': 'orders/updated' })).toBeNull();
    expect(shopifyWebhookTopic({ 'X-Shopify-Topic': 'orders/updated' })).toBe('orders/updated');
  });

  it('takes the order id of a REST order payload', () => {
    expect(shopifyWebhookOrderId({ id: 5801340005276, name: '#1001' })).toBe('5801340005276');
    expect(shopifyWebhookOrderId({ id: '5801340005276' })).toBe('5801340005276');
    expect(shopifyWebhookOrderId({ id: null })).toBeNull();
    expect(shopifyWebhookOrderId({ id: -3 })).toBeNull();
    expect(shopifyWebhookOrderId('5801340005276')).toBeNull();
    expect(shopifyWebhookOrderId(null)).toBeNull();
  });
});

describe('fake Shopify webhooks', () => {
  let fake: FakeShopify;
  beforeAll(async () => {
    fake = await startFakeShopify({ orders: 20, seed: 11, clientSecret: SECRET });
  });
  afterAll(() => fake.close());

  it('signs REST order payloads the way the verifier expects', () => {
    const order = fake.getOrder(fake.addOrders(1)[0]!.legacyResourceId)!;
    const payload = fake.orderAsRestJson(order.legacyResourceId);
    const raw = JSON.stringify(payload);

    expect(verifyShopifyWebhook(raw, fake.signWebhook(raw), SECRET)).toBe(true);
    expect(verifyShopifyWebhook(raw, fake.signWebhook(`${raw} `), SECRET)).toBe(false);
    expect(shopifyWebhookOrderId(JSON.parse(raw))).toBe(order.legacyResourceId);
    expect(payload).toMatchObject({
      id: Number(order.legacyResourceId),
      admin_graphql_api_id: order.id,
      name: order.name,
      updated_at: order.updatedAt,
      currency: 'USD',
      financial_status: order.displayFinancialStatus.toLowerCase(),
      line_items: order.lineItems.map((line) => expect.objectContaining({ sku: line.sku, quantity: line.quantity })),
    });
    expect(payload.total_price).toMatch(/^\d+\.\d{2}$/);
    expect(fake.signWebhook(BODY)).toBe(SIGNATURE);
  });
});
