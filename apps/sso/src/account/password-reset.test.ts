import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  CookieJar,
  DEMO_PASSWORD,
  accessTokenFor,
  authorizeUrl,
  follow,
  latestMail,
  linkFromMail,
  postForm,
  startTestSso,
  tokenRequest,
  type TestSso,
} from '../test/harness.ts';
import { DEMO_EMAIL } from './demo-seed.ts';

const NEW_PASSWORD = 'a brand new password';

const resetLink = (mail: string) => linkFromMail(mail, '/password/reset');

const mailsTo = (t: TestSso, email: string) => {
  try {
    return readdirSync(join(t.dataDir, 'outbox')).filter((file) => file.endsWith(`-${email}.eml`)).length;
  } catch {
    return 0;
  }
};

const ask = (t: TestSso, email: string) =>
  postForm(new CookieJar(), new URL('/password/forgot', t.url).href, { email });

describe.each(BACKENDS)('forgot password (%s)', (backend) => {
  let t: TestSso;
  beforeAll(async () => {
    t = await startTestSso(backend);
  });
  afterAll(async () => t?.stop());

  it('is offered on the sign-in page', async () => {
    const page = await follow(new CookieJar(), t, authorizeUrl(t).url);
    if (page instanceof URL) throw new Error('expected the sign-in page');
    expect(await page.text()).toContain('<a href="/password/forgot">Forgot your password?</a>');
    const form = await fetch(new URL('/password/forgot', t.url));
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="email"');
  });

  it('names the field for a malformed address, and answers an unknown one as a known one, sending nothing', async () => {
    const malformed = await ask(t, 'not-an-address');
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('Enter a valid e-mail address.');
    const unknown = await ask(t, 'nobody@example.com');
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('Check your e-mail');
    expect(mailsTo(t, 'nobody@example.com')).toBe(0);
  });

  it('mails a link that sets a new password once, signs out everywhere and clears failed sign-ins', async () => {
    const { tokens } = await accessTokenFor(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(tokens.refresh_token).toBeTruthy();

    const asked = await ask(t, DEMO_EMAIL.toUpperCase());
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Check your e-mail');
    const link = resetLink(latestMail(t.dataDir, DEMO_EMAIL));
    // The password stays until the link is used.
    await accessTokenFor(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD });

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`value="${DEMO_EMAIL}"`);
    const jar = new CookieJar();
    const mismatch = await postForm(jar, link, { password: NEW_PASSWORD, confirmPassword: 'something else' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('The two passwords do not match.');
    const short = await postForm(jar, link, { password: 'short', confirmPassword: 'short' });
    expect(short.status).toBe(400);

    const changed = await postForm(jar, link, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Your password is changed');

    // Once only.
    expect((await fetch(link)).status).toBe(404);
    const again = await postForm(jar, link, {
      password: 'another new password',
      confirmPassword: 'another new password',
    });
    expect(again.status).toBe(404);
    // The refresh token of the session before no longer works; the old password neither, the new one does.
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refresh.status).toBe(400);
    await expect(accessTokenFor(t, { email: DEMO_EMAIL, password: DEMO_PASSWORD })).rejects.toThrow(/login refused/);
    await accessTokenFor(t, { email: DEMO_EMAIL, password: NEW_PASSWORD });
  });

  it('a newer link replaces the one before', async () => {
    await ask(t, DEMO_EMAIL);
    const first = resetLink(latestMail(t.dataDir, DEMO_EMAIL));
    // Mail files are named by time: a later one must not share the millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ask(t, DEMO_EMAIL);
    const second = resetLink(latestMail(t.dataDir, DEMO_EMAIL));
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
  });

  it('answers an unknown link as gone', async () => {
    const gone = await fetch(new URL('/password/reset/not-a-real-token', t.url));
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Ask for a new link');
  });
});

describe('forgot password limits (pglite)', () => {
  let t: TestSso;
  beforeAll(async () => {
    t = await startTestSso('pglite', {
      passwordResetLimits: { maxPerAccountPerHour: 2, maxPerIpPerHour: 4, ttlMs: 300 },
    });
  });
  afterAll(async () => t?.stop());

  it('sends an account at most its hourly links, counts unknown addresses per client, and lets links expire', async () => {
    await ask(t, DEMO_EMAIL);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ask(t, DEMO_EMAIL);
    const link = resetLink(latestMail(t.dataDir, DEMO_EMAIL));
    const third = await ask(t, DEMO_EMAIL);
    // The page says the same; no third mail leaves.
    expect(third.status).toBe(200);
    expect(mailsTo(t, DEMO_EMAIL)).toBe(2);

    await ask(t, 'ghost-1@example.com');
    await ask(t, 'ghost-2@example.com');
    const limited = await ask(t, 'ghost-3@example.com');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
    expect(await limited.text()).toContain('Too many requests');

    // The newest link, unused, stops working when it expires.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(link)).status).toBe(404);
  });
});
