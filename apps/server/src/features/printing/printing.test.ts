import {
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { loadConfig } from '../../config.ts';
import { webAppPolicy } from '../../plugins/security-headers.ts';
import { createSignatureAllowance, TooManySignatures } from './printing-guard.ts';
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
const WEB = 'http://localhost:3000';
const OTHER_WEB = 'https://app.shipdesk.example';

/** What qz-tray.js hands the signature promise: the SHA-256 of the call's JSON, in lowercase hex. */
const qzHash = (call: string, params: unknown = null) =>
  createHash('sha256')
    .update(JSON.stringify({ call, params, timestamp: Date.now() }))
    .digest('hex');

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
      headers: { ...(await t.auth(newTenantId())), origin: WEB },
      payload: { request },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const publicKey = new X509Certificate(CERTIFICATE).publicKey;
    expect(createVerify('RSA-SHA512').update(request).verify(publicKey, res.body, 'base64')).toBe(true);
    expect(createVerify('RSA-SHA512').update(`${request}0`).verify(publicKey, res.body, 'base64')).toBe(false);
  });

  it('refuses an empty or missing request, and anyone not signed in', async () => {
    const headers = { ...(await t.auth(newTenantId())), origin: WEB };
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

describe.each(backends)('print signing signs only what QZ Tray asks, for the web app ($name)', (each) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(each, {
      qzCertificate: CERTIFICATE,
      qzPrivateKey: PRIVATE_KEY,
      webOrigins: [WEB, OTHER_WEB],
      rateLimitMax: 1_000_000,
    });
  });
  afterAll(() => t.close());

  const sign = async (request: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/call/print/sign', headers, payload: { request } });
  const verifies = (request: string, signature: string) =>
    createVerify('RSA-SHA512').update(request).verify(new X509Certificate(CERTIFICATE).publicKey, signature, 'base64');

  it('refuses free text with a 400 naming the field, whatever it looks like', async () => {
    const headers = { ...(await t.auth(tenant)), origin: WEB };
    const call = { call: 'print', params: { printer: { name: 'Zebra' }, data: ['^XA^XZ'] }, timestamp: Date.now() };
    const hash = qzHash('printers.find');
    const payloads = [
      'hello',
      JSON.stringify(call),
      'a'.repeat(4000),
      hash.toUpperCase(),
      hash.slice(1),
      `${hash}0`,
      createHash('sha512').update(JSON.stringify(call)).digest('hex'),
      createHash('sha256').update(JSON.stringify(call)).digest('base64'),
      `${hash}\n`,
    ];
    for (const request of payloads) {
      const res = await sign(request, headers);
      expect(res.statusCode, request.slice(0, 40)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        success: false,
        errors: { request: 'request must be the SHA-256 hash QZ Tray asks to sign (64 lowercase hex digits)' },
      });
    }
    const long = await sign('a'.repeat(10_000), headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('request');
  });

  it("refuses a request from another site's page, or from no page, with a 403 that says why", async () => {
    const auth = await t.auth(tenant);
    const hash = qzHash('print');
    const cases: Array<[string | undefined, RegExp]> = [
      ['https://evil.example', /came from a page of https:\/\/evil\.example/],
      ['http://localhost:3001', /came from a page of http:\/\/localhost:3001/],
      ['null', /came from a page of null/],
      [undefined, /came from no web page \(it has no Origin header\)/],
    ];
    for (const [origin, why] of cases) {
      const res = await sign(hash, origin === undefined ? auth : { ...auth, origin });
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json()).toMatchObject({
        code: 403,
        reason: 'origin_not_allowed',
        message: expect.stringMatching(why),
      });
    }
  });

  it("signs QZ Tray's hash from the web app's origins (PUBLIC_URL and WEB_ORIGINS), and only for people", async () => {
    for (const origin of [WEB, OTHER_WEB, `${OTHER_WEB}/`]) {
      const request = qzHash('printers.find', { query: null });
      const res = await sign(request, { ...(await t.auth(tenant)), origin });
      expect(res.statusCode, origin).toBe(200);
      expect(verifies(request, res.body)).toBe(true);
    }
    const rotated = await t.app.inject({ method: 'POST', url: '/call/apiKey/rotate', headers: await t.auth(tenant) });
    expect(rotated.statusCode).toBe(200);
    const keyed = await sign(qzHash('print'), { authorization: `Bearer ${rotated.json().data.key}`, origin: WEB });
    expect(keyed.statusCode).toBe(403);
    expect(keyed.json()).toMatchObject({ reason: 'api_key_not_allowed' });
  });

  it('limits signatures per user: a batch goes through, then 429 with Retry-After; another user is not limited', async () => {
    const first = { ...(await t.auth(tenant, undefined, { sub: 'packer-1' })), origin: WEB };
    const request = qzHash('print');
    let given = 0;
    let refused: Awaited<ReturnType<typeof sign>> | null = null;
    const started = Date.now();
    while (!refused && given < 400) {
      const res = await sign(request, first);
      if (res.statusCode === 200) given += 1;
      else refused = res;
    }
    // 300 at once, and the 2 a second that came back while they were asked for.
    expect(given).toBeGreaterThanOrEqual(300);
    expect(given).toBeLessThanOrEqual(300 + Math.ceil(((Date.now() - started) / 1000) * 2) + 1);
    expect(refused!.statusCode).toBe(429);
    expect(refused!.headers['retry-after']).toBe('1');
    expect(refused!.json()).toMatchObject({
      reason: 'rate_limited',
      message: 'Too many QZ Tray signatures: try again in 1 s',
    });

    const refusedAt = Date.now();
    const second = { ...(await t.auth(tenant, undefined, { sub: 'packer-2' })), origin: WEB };
    expect((await sign(request, second)).statusCode).toBe(200);
    // The first is still limited: at most the 2 a second that came back since (a slow machine takes a while to sign
    // the second in), then refused again.
    let cameBack = 0;
    let again = await sign(request, first);
    while (again.statusCode === 200 && cameBack < 20) {
      cameBack += 1;
      again = await sign(request, first);
    }
    expect(again.statusCode).toBe(429);
    expect(cameBack).toBeLessThanOrEqual(Math.ceil(((Date.now() - refusedAt) / 1000) * 2) + 1);
  });
});

describe('signature allowance', () => {
  it('gives a burst, then a steady rate, per user', () => {
    let clock = 0;
    const allowance = createSignatureAllowance({ burst: 3, perSecond: 2 }, () => clock);
    for (let i = 0; i < 3; i += 1) allowance.take('a');
    expect(() => allowance.take('a')).toThrow(TooManySignatures);
    allowance.take('b');
    clock = 400;
    expect(() => allowance.take('a')).toThrow(expect.objectContaining({ retryAfterSeconds: 1 }));
    clock = 500;
    allowance.take('a');
    expect(() => allowance.take('a')).toThrow(TooManySignatures);
    clock = 60_000;
    for (let i = 0; i < 3; i += 1) allowance.take('a');
    expect(() => allowance.take('a')).toThrow(TooManySignatures);
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
    expect(() => createPrintingService({ certificate: CERTIFICATE, privateKey: otherKey, webOrigins: [WEB] })).toThrow(
      /does not belong/,
    );
    expect(() =>
      createPrintingService({ certificate: 'nonsense', privateKey: PRIVATE_KEY, webOrigins: [WEB] }),
    ).toThrow(/not a PEM certificate/);
    expect(() =>
      createPrintingService({ certificate: CERTIFICATE, privateKey: 'nonsense', webOrigins: [WEB] }),
    ).toThrow(/not a PEM private key/);
  });
});
