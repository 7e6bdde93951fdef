import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueUpsToken, verifyFedex, verifyShippo, verifyUps, verifyUsps } from './tracking-push-signatures.ts';

const SECRET = 'abcdefghijklmnopqrstuvwxyz012345';
const hmac = (text: string, encoding: 'hex' | 'base64', key = SECRET) =>
  createHmac('sha256', key).update(text).digest(encoding);

describe('tracking push signatures', () => {
  it("USPS: X-HMAC over the body's timestamp and payload string", () => {
    const body = { timestamp: '2026-12-01T10:00:00Z', payload: '{"trackingNumber":"9400"}' };
    const good = { 'x-hmac': hmac(body.timestamp + body.payload, 'base64') };
    expect(verifyUsps(body, good, SECRET)).toBe(true);
    expect(verifyUsps({ ...body, payload: '{"trackingNumber":"9401"}' }, good, SECRET)).toBe(false);
    expect(verifyUsps(body, {}, SECRET)).toBe(false);
    expect(verifyUsps({ timestamp: 1, payload: {} }, good, SECRET)).toBe(false);
  });

  it('Shippo: the URL\'s token, or t/v1 over "t.rawbody" within ten minutes', () => {
    const raw = '{"event":"track_updated"}';
    const now = 1_800_000_000;
    const signed = (t: number) => ({ 'shippo-auth-signature': `t=${t}, v1=${hmac(`${t}.${raw}`, 'hex')}` });
    expect(verifyShippo(raw, signed(now), undefined, SECRET, now)).toBe(true);
    expect(verifyShippo(raw, signed(now - 601), undefined, SECRET, now)).toBe(false);
    expect(verifyShippo(`${raw} `, signed(now), undefined, SECRET, now)).toBe(false);
    expect(verifyShippo(raw, {}, SECRET, SECRET, now)).toBe(true);
    expect(verifyShippo(raw, {}, 'wrong', SECRET, now)).toBe(false);
    expect(verifyShippo(raw, {}, undefined, SECRET, now)).toBe(false);
  });

  it('FedEx: HMAC of the raw body, hex or base64, in the configured header', () => {
    const raw = '{"trackingNumberInfo":{}}';
    expect(verifyFedex(raw, { 'x-sig': hmac(raw, 'hex') }, SECRET, 'X-Sig')).toBe(true);
    expect(verifyFedex(raw, { 'x-sig': `sha256=${hmac(raw, 'base64')}` }, SECRET, 'x-sig')).toBe(true);
    expect(verifyFedex(raw, { 'x-other': hmac(raw, 'hex') }, SECRET, 'x-sig')).toBe(false);
    expect(verifyFedex(raw, { 'x-sig': hmac(raw, 'hex', 'another') }, SECRET, 'x-sig')).toBe(false);
  });

  it('UPS: our token, for this hook only, until it expires', () => {
    const issued = Date.now();
    const token = issueUpsToken('hook-one-0123456789', SECRET, issued);
    const bearer = { authorization: `Bearer ${token}` };
    expect(verifyUps(bearer, 'hook-one-0123456789', SECRET, issued)).toBe(true);
    expect(verifyUps(bearer, 'hook-two-0123456789', SECRET, issued)).toBe(false);
    expect(verifyUps(bearer, 'hook-one-0123456789', 'another-secret', issued)).toBe(false);
    expect(verifyUps(bearer, 'hook-one-0123456789', SECRET, issued + 3_601_000)).toBe(false);
  });
});
