import { eq } from 'drizzle-orm';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { APP_CATALOGUE_IDS, CLAIM_ORG_ID, SHIPPING_APP_ID } from '@shipdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../account/demo-seed.ts';
import { keys } from '../db/schema.ts';
import { BACKENDS, DEMO_PASSWORD, PUBLIC_URL, accessTokenFor, startTestSso, type TestSso } from '../test/harness.ts';

describe.each(BACKENDS)('catalogue and subscriptions (%s)', (backend) => {
  let t: TestSso;
  let accessToken: string;

  beforeAll(async () => {
    t = await startTestSso(backend, {
      env: { APP_URL_RULE_ENGINE: 'https://rules.example.com', APP_URL_LABELS: 'https://labels.example.com' },
    });
    accessToken = (await accessTokenFor(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD })).tokens.access_token;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const subscriptions = (authorization?: string) =>
    fetch(new URL('/api/subscriptions', t.url), {
      headers: { Origin: PUBLIC_URL, ...(authorization ? { Authorization: authorization } : {}) },
    });

  it('lists the catalogue with logos and configured addresses', async () => {
    const response = await fetch(new URL('/call/aml/getProducts', t.url));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      code: number;
      success: boolean;
      data: { products: Array<{ id: string; name: string; app_logo: string; ui_url: string }> };
    };
    expect(body).toMatchObject({ code: 200, success: true });
    const byId = Object.fromEntries(body.data.products.map((product) => [product.id, product]));
    expect(Object.keys(byId).sort()).toEqual([...APP_CATALOGUE_IDS].sort());
    expect(byId[SHIPPING_APP_ID]!.ui_url).toBe(PUBLIC_URL);
    expect(byId.iam!.ui_url).toBe(`${t.url}/profile`);
    expect(byId.rule_engine!.ui_url).toBe('https://rules.example.com');
    expect(byId.multi_carrier_label!.ui_url).toBe('https://labels.example.com');
    for (const product of body.data.products) {
      expect(product.app_logo).toBe(`${t.url}/logos/${product.id}.svg`);
      expect((await fetch(product.app_logo)).status).toBe(200);
    }
  });

  it('returns the organisation subscriptions for a valid token', async () => {
    const response = await subscriptions(`Bearer ${accessToken}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
    const body = (await response.json()) as { success: boolean; data: { products: Array<{ id: string }> } };
    expect(body.success).toBe(true);
    expect(body.data.products.map((product) => product.id).sort()).toEqual([...APP_CATALOGUE_IDS].sort());
  });

  it('answers 401 without a token', async () => {
    const response = await subscriptions();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toMatchObject({ code: 401, success: false });
  });

  it('answers 401 for a malformed, tampered or foreign-signed token', async () => {
    expect((await subscriptions('Bearer not-a-jwt')).status).toBe(401);

    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, [CLAIM_ORG_ID]: crypto.randomUUID() })).toString(
      'base64url',
    );
    expect((await subscriptions(`Bearer ${header}.${forged}.${signature}`)).status).toBe(401);

    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'at+jwt',
        kid: JSON.parse(Buffer.from(header!, 'base64url').toString()).kid,
      })
      .sign(privateKey);
    const response = await subscriptions(`Bearer ${foreign}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('answers 401 for a token of the right key that has expired or names another audience', async () => {
    const [row] = await t.sso.db.select().from(keys).where(eq(keys.use, 'sig'));
    const jwk = row!.material as JWK;
    const key = await importJWK(jwk, 'RS256');
    const [, payload] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const sign = (overrides: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...overrides })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid! })
        .sign(key);

    const valid = await sign({});
    expect((await subscriptions(`Bearer ${valid}`)).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    expect((await subscriptions(`Bearer ${await sign({ iat: now - 7200, exp: now - 3600 })}`)).status).toBe(401);
    expect((await subscriptions(`Bearer ${await sign({ aud: 'https://other-api.example' })}`)).status).toBe(401);
  });
});
