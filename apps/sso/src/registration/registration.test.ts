import { APP_CATALOGUE_IDS, CLAIM_ORG_ID, CLAIM_ROLE_ID, Role } from '@shipdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../account/demo-seed.ts';
import { registrationCodes } from '../db/schema.ts';
import {
  BACKENDS,
  PUBLIC_URL,
  accessTokenFor,
  codeFromMail,
  latestMail,
  startTestSso,
  type TestSso,
} from '../test/harness.ts';

interface Envelope {
  code: number;
  success: boolean;
  data?: Record<string, unknown>;
  message?: string;
  errors?: Record<string, string>;
}

describe.each(BACKENDS)('registration API (%s)', (backend) => {
  let t: TestSso;
  let counter = 0;
  const uniqueEmail = () => `new-user-${Date.now()}-${(counter += 1)}@example.com`;

  beforeAll(async () => {
    t = await startTestSso(backend);
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function call(path: string, body: unknown): Promise<{ status: number; body: Envelope; headers: Headers }> {
    const response = await fetch(new URL(path, t.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope, headers: response.headers };
  }

  async function verifiedToken(email: string): Promise<string> {
    expect((await call('/api/register/start', { email })).status).toBe(200);
    const otp = codeFromMail(latestMail(t.dataDir, email));
    const verified = await call('/api/register/verify', { email, otp });
    expect(verified.status).toBe(200);
    return verified.body.data!.registrationToken as string;
  }

  it('registers: code by e-mail, verify, complete, then sign in as the new Admin with all four apps', async () => {
    const email = uniqueEmail();
    const started = await call('/api/register/start', { email: email.toUpperCase() });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ code: 200, success: true });
    expect(started.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);

    const mail = latestMail(t.dataDir, email);
    expect(mail).toMatch(/^To: new-user-/m);
    const otp = codeFromMail(mail);
    const verified = await call('/api/register/verify', { email, otp });
    expect(verified.status).toBe(200);
    const registrationToken = verified.body.data!.registrationToken as string;
    expect(registrationToken.length).toBeGreaterThan(30);

    const completed = await call('/api/register/complete', {
      registrationToken,
      name: 'Ada Lovelace',
      companyName: `Analytical Engines ${counter}`,
      password: 'correct horse battery',
    });
    expect(completed.status).toBe(201);
    expect(completed.body.data).toMatchObject({ email });

    const reuse = await call('/api/register/complete', {
      registrationToken,
      name: 'Ada Lovelace',
      companyName: `Another Company ${counter}`,
      password: 'correct horse battery',
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errors).toHaveProperty('registrationToken');

    const { tokens } = await accessTokenFor(t, { email, password: 'correct horse battery' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      email,
      [CLAIM_ROLE_ID]: Role.Admin,
      [CLAIM_ORG_ID]: completed.body.data!.organizationId,
    });
    const subscriptions = await fetch(new URL('/api/subscriptions', t.url), {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    const products = ((await subscriptions.json()) as { data: { products: Array<{ id: string }> } }).data.products;
    expect(products.map((product) => product.id).sort()).toEqual([...APP_CATALOGUE_IDS].sort());
  });

  it('names the field of invalid input', async () => {
    const badEmail = await call('/api/register/start', { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ code: 400, success: false });
    expect(badEmail.body.errors).toHaveProperty('email');

    const badOtp = await call('/api/register/verify', { email: uniqueEmail(), otp: '12ab' });
    expect(badOtp.status).toBe(400);
    expect(badOtp.body.errors).toHaveProperty('otp');

    const missing = await call('/api/register/complete', { registrationToken: 'x', name: '', companyName: '' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors!).sort()).toEqual(['companyName', 'name', 'password']);
  });

  it('rejects a wrong code, counts tries, and locks the code after five', async () => {
    const email = uniqueEmail();
    await call('/api/register/start', { email });
    const otp = codeFromMail(latestMail(t.dataDir, email));
    const wrong = otp === '000000' ? '111111' : '000000';
    const first = await call('/api/register/verify', { email, otp: wrong });
    expect(first.status).toBe(400);
    expect(first.body.errors!.otp).toContain('4 attempts left');
    for (let i = 0; i < 4; i += 1) await call('/api/register/verify', { email, otp: wrong });
    const locked = await call('/api/register/verify', { email, otp });
    expect(locked.status).toBe(400);
    expect(locked.body.errors!.otp).toContain('Too many wrong codes');
  });

  it('rejects an expired code', async () => {
    const email = uniqueEmail();
    await call('/api/register/start', { email });
    const otp = codeFromMail(latestMail(t.dataDir, email));
    await t.sso.db
      .update(registrationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(registrationCodes.email, email));
    const expired = await call('/api/register/verify', { email, otp });
    expect(expired.status).toBe(400);
    expect(expired.body.errors!.otp).toContain('expired');
  });

  it('refuses a company name already taken (any case) with 409 naming companyName, and keeps the token', async () => {
    const registrationToken = await verifiedToken(uniqueEmail());
    const taken = await call('/api/register/complete', {
      registrationToken,
      name: 'Grace Hopper',
      companyName: 'demo COMPANY',
      password: 'a long enough password',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 409, success: false });
    expect(taken.body.errors).toHaveProperty('companyName');

    const retried = await call('/api/register/complete', {
      registrationToken,
      name: 'Grace Hopper',
      companyName: `Compilers ${counter}`,
      password: 'a long enough password',
    });
    expect(retried.status).toBe(201);
  });

  it('refuses a short password with 400 naming password', async () => {
    const registrationToken = await verifiedToken(uniqueEmail());
    const short = await call('/api/register/complete', {
      registrationToken,
      name: 'Alan Turing',
      companyName: `Bletchley ${counter}`,
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: expect.stringContaining('10') });
  });

  it('answers the same for a registered address, mails a notice instead of a code, and the code path fails', async () => {
    const started = await call('/api/register/start', { email: DEMO_EMAIL });
    expect(started.status).toBe(200);
    const mail = latestMail(t.dataDir, DEMO_EMAIL);
    expect(mail).toContain('Subject: You already have a Shipdesk account');
    expect(mail).not.toMatch(/verification code: \d{6}/);
    const guess = await call('/api/register/verify', { email: DEMO_EMAIL, otp: '123456' });
    expect(guess.status).toBe(400);
  });

  it('limits how many codes one address can request', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) expect((await call('/api/register/start', { email })).status).toBe(200);
    const limited = await call('/api/register/start', { email });
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
  });

  it('answers CORS preflights for allowed origins only', async () => {
    const preflight = (origin: string) =>
      fetch(new URL('/api/register/start', t.url), {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
    const allowed = await preflight(PUBLIC_URL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Content-Type');
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
