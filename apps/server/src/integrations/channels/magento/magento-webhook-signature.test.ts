import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  magentoKeyFingerprint,
  magentoWebhookOrder,
  parseMagentoPublicKey,
  verifyMagentoSignature,
} from './magento-webhook-signature.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const BODY = Buffer.from('{"eventName":"observer.sales_order_save_after","data":{"order":{"entity_id":42}}}');

describe('Adobe Commerce webhook signatures', () => {
  it('parses a PEM public key (with stray spaces) and refuses anything else', () => {
    expect(parseMagentoPublicKey(`\n  ${PEM}  \n`)).not.toBeNull();
    expect(parseMagentoPublicKey('not a key')).toBeNull();
    expect(parseMagentoPublicKey(PEM.replace(/[A-Z]{6}/, 'xxxxxx'))).toBeNull();
    const secret = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    // Node would take a private key for its public half: refused, so the seller hears they pasted the wrong one.
    expect(parseMagentoPublicKey(secret.export({ type: 'pkcs8', format: 'pem' }).toString())).toBeNull();
    expect(magentoKeyFingerprint(parseMagentoPublicKey(PEM)!)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies a signature over the base64 of the body (Adobe’s examples) or over the body', () => {
    const key = parseMagentoPublicKey(PEM)!;
    const overBase64 = sign('sha256', Buffer.from(BODY.toString('base64')), privateKey).toString('base64');
    const overBody = sign('sha256', BODY, privateKey).toString('base64');
    expect(verifyMagentoSignature(BODY, overBase64, key)).toBe(true);
    expect(verifyMagentoSignature(BODY, overBody, key)).toBe(true);
    expect(verifyMagentoSignature(Buffer.from(`${BODY} `), overBody, key)).toBe(false);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(verifyMagentoSignature(BODY, sign('sha256', BODY, stranger).toString('base64'), key)).toBe(false);
    expect(verifyMagentoSignature(BODY, undefined, key)).toBe(false);
    expect(verifyMagentoSignature(BODY, 'short', key)).toBe(false);
  });

  it('reads the order entity id of data.order or data.data_object, and nothing unsafe', () => {
    expect(magentoWebhookOrder(JSON.parse(BODY.toString()))).toEqual({
      entityId: '42',
      eventName: 'observer.sales_order_save_after',
    });
    expect(magentoWebhookOrder({ data: { data_object: { entity_id: '7' } } }).entityId).toBe('7');
    expect(magentoWebhookOrder({ data: { order: { entity_id: '../7' } } }).entityId).toBeNull();
    expect(magentoWebhookOrder({ data: { order: { entity_id: -3 } } }).entityId).toBeNull();
    expect(magentoWebhookOrder('x')).toEqual({ entityId: null, eventName: null });
  });
});
