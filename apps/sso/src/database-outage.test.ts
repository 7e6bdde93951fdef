import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutageProxy, type OutageProxy } from '@shipdesk/db-kit';
import { authorizeUrl, startTestSso, tokenRequest, type TestSso } from './test/harness.ts';

/**
 * The SSO while its PostgreSQL refuses connections (stopped, restarting, its host gone): every answer that needed the
 * database is a 503 with Retry-After, as the server's are, never a 500; and it answers normally once the database is
 * back. Needs PostgreSQL's connections to cut (DATABASE_URL); PGlite lives inside the process.
 */
describe.runIf(process.env.DATABASE_URL)('the SSO while its database refuses connections', () => {
  let proxy: OutageProxy;
  let t: TestSso;

  beforeAll(async () => {
    proxy = await startOutageProxy(process.env.DATABASE_URL!);
    t = await startTestSso('postgres', { reachDatabaseAt: (url) => proxy.via(url) });
  });
  afterAll(async () => {
    await proxy?.restore();
    await t?.stop();
    await proxy?.close();
  });

  it('answers 503 with Retry-After on its pages, its JSON and the OpenID endpoints, then recovers', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    await proxy.cut();

    const health = await fetch(`${t.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('1');
    expect(await health.json()).toMatchObject({
      code: 503,
      success: false,
      message: expect.stringMatching(/database/),
    });

    const register = await fetch(`${t.url}/api/register/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(register.status).toBe(503);
    expect(register.headers.get('retry-after')).toBe('1');

    // The authorization endpoint loads the client's session from the database: a page that says to try again.
    const authorize = await fetch(authorizeUrl(t).url, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(authorize.status).toBe(503);
    expect(authorize.headers.get('retry-after')).toBe('1');
    expect(await authorize.text()).toMatch(/try again/i);

    // The token endpoint answers OAuth's own word for it.
    const token = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) });
    expect(token.status).toBe(503);
    expect(token.headers.get('retry-after')).toBe('1');
    expect(await token.json()).toMatchObject({ error: 'temporarily_unavailable' });

    await proxy.restore();
    await expect.poll(async () => (await fetch(`${t.url}/healthz`)).status, { timeout: 5_000 }).toBe(200);
  });
});
