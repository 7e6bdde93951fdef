import { createVerify, generateKeyPairSync, createSign, X509Certificate, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { loadConfig } from '../../config.ts';
import { webAppPolicy } from '../../plugins/security-headers.ts';
import { createPrintingService } from './printing-service.ts';

/** DER: a tag, its length, its content. */
function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const SHA256_WITH_RSA = sequence(Buffer.from('06092a864886f70d01010b', 'hex'), Buffer.from('0500', 'hex'));
const commonName = (name: string) =>
  sequence(der(0x31, sequence(Buffer.from('0603550403', 'hex'), der(0x0c, Buffer.from(name)))));
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));

/** A self-signed certificate for `publicKey`, the way a site makes one for QZ Tray, built here with node:crypto. */
function selfSigned(privateKey: KeyObject, publicKey: KeyObject, name = 'shipdesk.test'): string {
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    SHA256_WITH_RSA,
    commonName(name),
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    commonName(name),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('RSA-SHA256').update(tbs).sign(privateKey);
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certificate
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`;
}

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const CERTIFICATE = selfSigned(pair.privateKey, pair.publicKey);
const PRIVATE_KEY = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const backend = backends[0]!;

describe('printing, configured', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend, { qzCertificate: CERTIFICATE, qzPrivateKey: PRIVATE_KEY });
  });
  afterAll(() => t.close());

  it('hands out the certificate as text', async () => {
    const res = await t.app.inject({ url: '/call/print/certificate', headers: await t.auth(newTenantId()) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(CERTIFICATE);
  });

  it("signs QZ Tray's request with RSA-SHA512: the certificate's public key verifies it", async () => {
    const request = 'a3f1c0de'.repeat(8);
    const res = await t.app.inject({
      method: 'POST',
      url: '/call/print/sign',
      headers: await t.auth(newTenantId()),
      payload: { request },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const publicKey = new X509Certificate(CERTIFICATE).publicKey;
    expect(createVerify('RSA-SHA512').update(request).verify(publicKey, res.body, 'base64')).toBe(true);
    expect(createVerify('RSA-SHA512').update(`${request}0`).verify(publicKey, res.body, 'base64')).toBe(false);
  });

  it('refuses an empty or missing request, and anyone not signed in', async () => {
    const headers = await t.auth(newTenantId());
    const empty = await t.app.inject({ method: 'POST', url: '/call/print/sign', headers, payload: { request: '' } });
    expect(empty.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/call/print/sign', headers, payload: {} });
    expect(missing.json()).toMatchObject({ code: 400, success: false, errors: { request: expect.any(String) } });

    const anonymous = await t.app.inject({ url: '/call/print/certificate' });
    expect(anonymous.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/call/print/sign', payload: { request: 'x' } });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('printing, not configured', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('answers 404 printing_not_configured to both calls, and 401 before that to anyone not signed in', async () => {
    const headers = await t.auth(newTenantId());
    const certificate = await t.app.inject({ url: '/call/print/certificate', headers });
    expect(certificate.statusCode).toBe(404);
    expect(certificate.json()).toMatchObject({ code: 404, success: false, reason: 'printing_not_configured' });
    const sign = await t.app.inject({ method: 'POST', url: '/call/print/sign', headers, payload: { request: 'x' } });
    expect(sign.json()).toMatchObject({ code: 404, reason: 'printing_not_configured' });
    expect((await t.app.inject({ url: '/call/print/certificate' })).statusCode).toBe(401);
  });
});

describe("the web app's policy", () => {
  it("lets the page reach QZ Tray's local sockets, and nothing else local", () => {
    const policy = webAppPolicy({ oidcIssuer: 'http://localhost:3001', ssoUrl: 'http://localhost:3001' });
    const connect = policy.split('; ').find((part) => part.startsWith('connect-src'))!;
    expect(connect).toContain('ws://localhost:8182');
    expect(connect).toContain('wss://localhost:8181');
    expect(connect).toContain('wss://localhost.qz.io:8484');
    expect(connect).not.toMatch(/:\*/);
  });
});

describe('printing settings', () => {
  it('reads both PEM texts, one-line variables included, and refuses one without the other', () => {
    const oneLine = CERTIFICATE.trim().replace(/\n/g, '\\n');
    const config = loadConfig({ QZ_CERTIFICATE: oneLine, QZ_PRIVATE_KEY: PRIVATE_KEY });
    expect(config.qzCertificate).toBe(CERTIFICATE);
    expect(config.qzPrivateKey).toBe(PRIVATE_KEY);
    expect(loadConfig({})).toMatchObject({ qzCertificate: undefined, qzPrivateKey: undefined });
    expect(() => loadConfig({ QZ_CERTIFICATE: CERTIFICATE })).toThrow(/QZ_CERTIFICATE and QZ_PRIVATE_KEY/);
  });

  it("stops the start when the key is not the certificate's or the texts are not PEM", () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => createPrintingService({ certificate: CERTIFICATE, privateKey: otherKey })).toThrow(/does not belong/);
    expect(() => createPrintingService({ certificate: 'nonsense', privateKey: PRIVATE_KEY })).toThrow(
      /not a PEM certificate/,
    );
    expect(() => createPrintingService({ certificate: CERTIFICATE, privateKey: 'nonsense' })).toThrow(
      /not a PEM private key/,
    );
  });
});
