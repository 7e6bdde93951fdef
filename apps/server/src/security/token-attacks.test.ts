import { createPublicKey, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey, type JWTHeaderParameters } from 'jose';
import { Role } from '@shipdesk/contract';
import { AUDIENCE, ISSUER, backends, buildTestApp, mintToken, newTenantId, testIdp } from '../../test/app-helper.ts';
import type { TestContext } from '../../test/app-helper.ts';

/**
 * The token attack set against one protected route: each forged, stale, misdirected or tampered token is refused
 * with 401 and a reason, and the untouched token it was made from is accepted (so each refusal is the attack's).
 */

const ROUTE = '/api/v1/configs';
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

interface Attack {
  name: string;
  token: () => Promise<string>;
  reason: string;
  message?: RegExp;
}

describe.each(backends)('token attacks ($name)', (backend) => {
  let t: TestContext;
  const tenantId = newTenantId();
  const victim = newTenantId();
  let privateKey: CryptoKey;
  let publicKey: KeyObject;
  const claims = () => ({
    sub: `user|${tenantId}|2`,
    email: 'ada@example.com',
    org_id: tenantId,
    role_id: Role.Admin,
  });
  /** Signed by the identity provider's own key, with this header and these claims. */
  const signed = (
    header: Partial<JWTHeaderParameters>,
    payload: Record<string, unknown>,
    key: CryptoKey | Uint8Array = privateKey,
  ) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'at+jwt', ...header } as JWTHeaderParameters)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(now() + 300)
      .sign(key);

  beforeAll(async () => {
    t = await buildTestApp(backend);
    const idp = await testIdp();
    privateKey = idp.privateKey;
    publicKey = createPublicKey({ key: idp.publicJwk as never, format: 'jwk' });
  });
  afterAll(() => t.close());

  const call = (token: string) =>
    t.app.inject({ method: 'GET', url: ROUTE, headers: { authorization: `Bearer ${token}` } });

  it('accepts the untouched token every attack starts from', async () => {
    expect((await call(await signed({}, claims()))).statusCode).toBe(200);
    expect((await call(await mintToken({ tenantId }))).statusCode).toBe(200);
  });

  const attacks: Attack[] = [
    {
      name: 'the none algorithm',
      token: async () =>
        `${b64url({ alg: 'none', typ: 'at+jwt' })}.${b64url({ ...claims(), iss: ISSUER, aud: AUDIENCE, exp: now() + 300 })}.`,
      reason: 'bad_algorithm',
    },
    {
      name: 'HS256 signed with the RSA public key as the secret',
      token: async () => {
        const pem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
        return signed({ alg: 'HS256' }, claims(), new TextEncoder().encode(pem));
      },
      reason: 'bad_algorithm',
    },
    {
      name: 'HS256 signed with the public key as JWK text',
      token: async () => {
        const jwk = JSON.stringify(publicKey.export({ format: 'jwk' }));
        return signed({ alg: 'HS256' }, claims(), new TextEncoder().encode(jwk));
      },
      reason: 'bad_algorithm',
    },
    {
      name: 'an expired token (beyond the clock tolerance)',
      token: () => mintToken({ tenantId, expiresIn: -120 }),
      reason: 'token_expired',
      message: /expired/,
    },
    {
      name: 'a token not yet valid',
      token: () => mintToken({ tenantId, notBefore: 600 }),
      reason: 'token_not_yet_valid',
    },
    {
      name: 'the wrong audience',
      token: () => mintToken({ tenantId, audience: 'https://other.api' }),
      reason: 'bad_audience',
    },
    {
      name: 'the wrong issuer',
      token: () => mintToken({ tenantId, issuer: 'https://evil.example' }),
      reason: 'bad_issuer',
    },
    {
      name: 'an unknown key id',
      token: () => signed({ kid: 'someone-elses-key' }, claims()),
      reason: 'unknown_key',
    },
    {
      name: 'one flipped byte of the signature',
      token: async () => {
        const [header, payload, signature] = (await signed({}, claims())).split('.') as [string, string, string];
        const bytes = Buffer.from(signature, 'base64url');
        bytes[bytes.length >> 1]! ^= 0x01;
        return `${header}.${payload}.${bytes.toString('base64url')}`;
      },
      reason: 'bad_signature',
      message: /signature/,
    },
    {
      name: "the organisation changed to another tenant's, payload kept, signature kept",
      token: async () => {
        const [header, , signature] = (await signed({}, claims())).split('.') as [string, string, string];
        const forged = { ...claims(), org_id: victim, iss: ISSUER, aud: AUDIENCE, iat: now(), exp: now() + 300 };
        return `${header}.${b64url(forged)}.${signature}`;
      },
      reason: 'bad_signature',
    },
    {
      name: "the organisation changed to another tenant's and re-signed with another key under the same key id",
      token: async () => {
        const { privateKey: other } = await generateKeyPair('RS256');
        return signed({}, { ...claims(), org_id: victim }, other);
      },
      reason: 'bad_signature',
    },
    {
      name: 'the ID token as the SSO issues it (audience: the web client)',
      token: () =>
        new SignJWT({ ...claims(), name: 'Ada', nonce: 'n-0S6_WzA2Mj', at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q' })
          .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
          .setIssuer(ISSUER)
          .setAudience('shipdesk-web')
          .setIssuedAt()
          .setExpirationTime(now() + 300)
          .sign(privateKey),
      reason: 'bad_audience',
    },
    {
      name: "an ID token of a provider whose client id is the API's audience",
      token: () => signed({ typ: 'JWT' }, { ...claims(), nonce: 'n-0S6_WzA2Mj', at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q' }),
      reason: 'not_an_access_token',
    },
  ];

  it.each(attacks)('refuses $name with 401', async ({ token, reason, message }) => {
    const res = await call(await token());
    expect(res.statusCode, res.body).toBe(401);
    const body = res.json() as { code: number; success: boolean; reason: string; message: string };
    expect(body).toMatchObject({ code: 401, success: false, reason });
    if (message) expect(body.message).toMatch(message);
    expect(res.body).not.toMatch(/stack|at .*\.ts:\d+|node_modules/);
    // Nothing of the forged token's tenant was recorded.
    const seen = await t.app.db.withTenant(victim, (tx) => tx.query.users.findMany());
    expect(seen).toEqual([]);
  });

  it('still accepts an access token without a type whose claims are not an ID token', async () => {
    const res = await call(await signed({ typ: undefined }, claims()));
    expect(res.statusCode, res.body).toBe(200);
  });
});
