import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, CookieJar, follow, formAction, postForm, startTestSso, type TestSso } from '../test/harness.ts';
import { DEMO_EMAIL, DEMO_ORGANIZATION } from './demo-seed.ts';
import { createOrganization, createUser } from './accounts-repository.ts';
import { hashPassword } from './passwords.ts';

describe.each(BACKENDS)('profile page (%s)', (backend) => {
  let t: TestSso;
  const email = 'profile-user@example.com';
  let password = 'first password 123';

  beforeAll(async () => {
    t = await startTestSso(backend);
    const organizationId = await createOrganization(t.sso.db, 'Profile Test Co');
    await createUser(t.sso.db, {
      organizationId,
      email,
      name: 'Pat Profile',
      passwordHash: await hashPassword(password),
      roleId: 3,
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** Opens /profile: without a session it goes through the login page and comes back. */
  async function openProfile(jar: CookieJar, credentials?: { email: string; password: string }): Promise<string> {
    const first = await follow(jar, t, `${t.url}/profile`);
    if (first instanceof URL) throw new Error(`left the SSO: ${first.href}`);
    const html = await first.text();
    if (!html.includes('action="/interaction/')) return html;
    if (!credentials) throw new Error('login page shown but no credentials given');
    const submitted = await postForm(jar, new URL(formAction(html), t.url).href, credentials);
    expect(submitted.status).toBe(303);
    const back = await follow(jar, t, new URL(submitted.headers.get('location')!, t.url).href);
    if (back instanceof URL) throw new Error(`left the SSO: ${back.href}`);
    expect(back.status).toBe(200);
    return back.text();
  }

  const csrf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)![1]!;

  it('sends an anonymous visitor through the login page and back, then shows who they are', async () => {
    const jar = new CookieJar();
    const anonymous = await jar.fetch(`${t.url}/profile`);
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.headers.get('location')!).pathname).toBe('/authorize');

    const html = await openProfile(jar, { email: DEMO_EMAIL, password: 'demo-password-for-tests' });
    expect(html).toContain(`<dd id="profile-email">${DEMO_EMAIL}</dd>`);
    expect(html).toContain(`<dd id="profile-organization">${DEMO_ORGANIZATION}</dd>`);
    expect(html).toContain('<dd id="profile-role">Admin</dd>');
    expect(html).toContain('<dd id="profile-name">Demo Admin</dd>');
  });

  it('changes the name with a valid CSRF token and refuses a missing one', async () => {
    const jar = new CookieJar();
    const html = await openProfile(jar, { email, password });
    expect(html).toContain('<dd id="profile-role">Manager</dd>');

    const forged = await postForm(jar, `${t.url}/profile/name`, { name: 'Mallory' });
    expect(forged.status).toBe(403);

    const saved = await postForm(jar, `${t.url}/profile/name`, { _csrf: csrf(html), name: 'Pat <Renamed>' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/profile?updated=name');
    const after = await (await jar.fetch(`${t.url}/profile?updated=name`)).text();
    expect(after).toContain('<dd id="profile-name">Pat &lt;Renamed&gt;</dd>');
    expect(after).toContain('Your name has been saved.');

    const anonymous = await postForm(new CookieJar(), `${t.url}/profile/name`, { _csrf: csrf(html), name: 'X' });
    expect(anonymous.status).toBe(302);
  });

  it('changes the password only with the current one, and the new one signs in', async () => {
    const jar = new CookieJar();
    const html = await openProfile(jar, { email, password });
    const token = csrf(html);

    const wrongCurrent = await postForm(jar, `${t.url}/profile/password`, {
      _csrf: token,
      currentPassword: 'not my password',
      newPassword: 'second password 456',
      confirmPassword: 'second password 456',
    });
    expect(wrongCurrent.status).toBe(400);
    expect(await wrongCurrent.text()).toContain('The current password is not correct.');

    const tooShort = await postForm(jar, `${t.url}/profile/password`, {
      _csrf: token,
      currentPassword: password,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(tooShort.status).toBe(400);

    const changed = await postForm(jar, `${t.url}/profile/password`, {
      _csrf: token,
      currentPassword: password,
      newPassword: 'second password 456',
      confirmPassword: 'second password 456',
    });
    expect(changed.status).toBe(303);
    password = 'second password 456';

    const fresh = await openProfile(new CookieJar(), { email, password });
    expect(fresh).toContain(`<dd id="profile-email">${email}</dd>`);
  });
});
