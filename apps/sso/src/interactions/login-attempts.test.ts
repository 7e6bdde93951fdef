import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Role } from '@shipdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../account/accounts-repository.ts';
import { hashPassword } from '../account/passwords.ts';
import { loginAttempts } from '../db/schema.ts';
import {
  BACKENDS,
  CookieJar,
  authorizeUrl,
  follow,
  formAction,
  latestMail,
  linkFromMail,
  postForm,
  signIn,
  startTestSso,
  type TestSso,
} from '../test/harness.ts';

const PASSWORD = 'correct horse battery staple';
const WRONG = 'not the password at all';

// Small numbers and long delays: the waits are made to pass by moving the recorded attempts back in time.
const LIMITS = {
  pairFreeFailures: 2,
  pairBaseDelayMs: 10_000,
  pairMaxDelayMs: 60_000,
  ipFreeFailures: 6,
  ipBaseDelayMs: 10_000,
  ipMaxDelayMs: 30_000,
  accountMaxFailures: 8,
};

const PAUSED = 'Too many failed sign-ins for this account.';

describe.each(BACKENDS)('sign-in limits (%s)', (backend) => {
  let t: TestSso;

  beforeAll(async () => {
    t = await startTestSso(backend, { env: { SSO_TRUST_PROXY: '1' }, loginLimits: LIMITS });
    const passwordHash = await hashPassword(PASSWORD);
    const organizationId = await createOrganization(t.sso.db, 'Limits Testing');
    for (const name of ['victim', 'grower', 'colleague', 'newcomer', 'stuffed', 'burst']) {
      await createUser(t.sso.db, {
        organizationId,
        email: `${name}@example.com`,
        name,
        passwordHash,
        roleId: Role.Manager,
      });
    }
  });
  afterAll(async () => t?.stop());

  const from = (ip: string) => new CookieJar({ 'X-Forwarded-For': ip });

  /** One sign-in post from `ip`, on a fresh login page. */
  async function attempt(ip: string, email: string, password: string): Promise<Response> {
    const jar = from(ip);
    const page = await follow(jar, t, authorizeUrl(t).url);
    if (page instanceof URL) throw new Error('expected the login page');
    return postForm(jar, new URL(formAction(await page.text()), t.url).href, { email, password });
  }

  /** A complete sign-in from `ip`; throws when the login page refuses it. */
  const signsIn = (ip: string, email: string) => signIn(t, from(ip), { email, password: PASSWORD });

  async function expectWait(response: Response, scope: 'device' | 'network', seconds: number) {
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String(seconds));
    const said =
      scope === 'device' ? 'Too many attempts from this device' : 'Too many sign-in attempts from this network';
    expect(await response.text()).toContain(`${said}; try again in ${seconds} seconds.`);
  }

  /** As if `ms` had passed for everything recorded from `ip`. */
  const elapse = (ip: string, ms: number) =>
    t.sso.db
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - ${`${ms} milliseconds`}::interval` })
      .where(eq(loginAttempts.ip, ip));

  const mailsTo = (email: string) =>
    readdirSync(join(t.dataDir, 'outbox')).filter((file) => file.endsWith(`-${email}.eml`)).length;

  it("an attacker's failures from address A do not stop the right password from address B", async () => {
    const attacker = '198.51.100.1';
    for (let i = 0; i < LIMITS.pairFreeFailures; i += 1) {
      expect((await attempt(attacker, 'victim@example.com', WRONG)).status).toBe(400);
    }
    await expectWait(await attempt(attacker, 'victim@example.com', WRONG), 'device', 10);
    // From A even the right password waits: the answer comes before the check, so it tells a guesser nothing.
    await expectWait(await attempt(attacker, 'victim@example.com', PASSWORD), 'device', 10);

    const { callback } = await signsIn('198.51.100.2', 'victim@example.com');
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('the wait of one address for one account doubles with each failure, up to its cap', async () => {
    const ip = '198.51.100.10';
    const email = 'grower@example.com';
    expect((await attempt(ip, email, WRONG)).status).toBe(400);
    expect((await attempt(ip, email, WRONG)).status).toBe(400);
    await expectWait(await attempt(ip, email, WRONG), 'device', 10);
    // Asking again early is not counted and does not make the wait longer.
    await expectWait(await attempt(ip, email, WRONG), 'device', 10);
    // Another account from the same address is not held up by this pair.
    await signsIn(ip, 'victim@example.com');

    for (const next of [20, 40, 60, 60]) {
      await elapse(ip, 60_000);
      expect((await attempt(ip, email, WRONG)).status).toBe(400);
      await expectWait(await attempt(ip, email, WRONG), 'device', next);
    }
    // Once the wait is over, the right password works and forgives the pair's failures.
    await elapse(ip, 60_000);
    await signsIn(ip, email);
    expect((await attempt(ip, email, WRONG)).status).toBe(400);
  });

  it('an address guessing across accounts is slowed, but never refuses an account that signed in from there', async () => {
    const office = '203.0.113.7';
    await signsIn(office, 'colleague@example.com');
    for (let i = 1; i <= LIMITS.ipFreeFailures; i += 1) {
      expect((await attempt(office, `ghost-${i}@example.com`, WRONG)).status).toBe(400);
    }
    await expectWait(await attempt(office, 'ghost-7@example.com', WRONG), 'network', 10);

    // A colleague who signed in from this address before is not refused for the others' failures…
    const { callback } = await signsIn(office, 'colleague@example.com');
    expect(callback.searchParams.get('code')).toBeTruthy();
    // …someone who never did waits as the guesser does, at most the cap, and then signs in.
    await expectWait(await attempt(office, 'newcomer@example.com', PASSWORD), 'network', 10);
    await elapse(office, 10_500);
    await signsIn(office, 'newcomer@example.com');

    // The guesser's wait grows, up to the cap of 30 seconds.
    expect((await attempt(office, 'ghost-7@example.com', WRONG)).status).toBe(400);
    await expectWait(await attempt(office, 'ghost-8@example.com', WRONG), 'network', 20);
    await elapse(office, 20_500);
    expect((await attempt(office, 'ghost-8@example.com', WRONG)).status).toBe(400);
    await expectWait(await attempt(office, 'ghost-9@example.com', WRONG), 'network', 30);
    // The newcomer has now signed in from here: no longer held up either.
    await signsIn(office, 'newcomer@example.com');
  });

  it('failures from many addresses pause sign-in from new addresses until the mailed link is used', async () => {
    const email = 'stuffed@example.com';
    const home = '192.0.2.1';
    await signsIn(home, email);
    for (const bot of ['192.0.2.101', '192.0.2.102', '192.0.2.103', '192.0.2.104']) {
      for (let i = 0; i < LIMITS.pairFreeFailures; i += 1) expect((await attempt(bot, email, WRONG)).status).toBe(400);
    }

    const travelling = '192.0.2.50';
    const paused = await attempt(travelling, email, PASSWORD);
    expect(paused.status).toBe(403);
    expect(paused.headers.get('retry-after')).toBeNull();
    expect(await paused.text()).toContain(PAUSED);
    const mail = latestMail(t.dataDir, email);
    expect(mail).toContain('Subject: Confirm it is you to sign in to Shipdesk');
    // Refused again: still one mail while the link is open.
    expect((await attempt(travelling, email, PASSWORD)).status).toBe(403);
    expect(mailsTo(email)).toBe(1);

    // Not a lockout: where the account signed in before, the password still works.
    await signsIn(home, email);

    const link = linkFromMail(mail, '/login/unlock');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Continue signing in');
    const phone = '192.0.2.60';
    const used = await postForm(from(phone), link, {});
    expect(used.status).toBe(200);
    expect(await used.text()).toContain('You can sign in again');
    expect((await fetch(link)).status).toBe(404);

    // The failures before the link no longer count, and the phone's address is known from now on.
    await signsIn(travelling, email);
    await signsIn(phone, email);
  });

  it('pauses an address without an account just the same, and mails nobody', async () => {
    const email = 'nobody-here@example.com';
    for (const bot of ['192.0.2.111', '192.0.2.112', '192.0.2.113', '192.0.2.114']) {
      for (let i = 0; i < LIMITS.pairFreeFailures; i += 1) expect((await attempt(bot, email, WRONG)).status).toBe(400);
    }
    const paused = await attempt('192.0.2.115', email, WRONG);
    expect(paused.status).toBe(403);
    expect(await paused.text()).toContain(PAUSED);
    expect(() => latestMail(t.dataDir, email)).toThrow(/no mail/);
  });

  it('parallel attempts queue behind each other instead of all passing one check', async () => {
    const jar = from('198.51.100.30');
    const page = await follow(jar, t, authorizeUrl(t).url);
    if (page instanceof URL) throw new Error('expected the login page');
    const action = new URL(formAction(await page.text()), t.url).href;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postForm(jar, action, { email: 'burst@example.com', password: WRONG })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(LIMITS.pairFreeFailures);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8 - LIMITS.pairFreeFailures);
  });
});
