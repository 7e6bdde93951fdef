import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role } from '@shipdesk/contract';
import { request as httpRequest } from 'node:http';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../account/demo-seed.ts';
import {
  BACKENDS,
  CookieJar,
  DEMO_PASSWORD,
  PUBLIC_URL,
  authorizeUrl,
  exchangeCode,
  follow,
  formAction,
  postForm,
  signIn,
  startTestSso,
  tokenRequest,
  type TestSso,
} from '../test/harness.ts';

const demo = { email: DEMO_EMAIL, password: DEMO_PASSWORD };

describe.each(BACKENDS)('OpenID Connect flows (%s)', (backend) => {
  let t: TestSso;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    t = await startTestSso(backend);
    jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', t.url));
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function verifyAccessToken(token: string) {
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const { payload } = await jwtVerify(token, jwks, {
      issuer: t.url,
      audience: t.config.audience,
      algorithms: ['RS256'],
    });
    return payload;
  }

  it('publishes discovery at the spec paths', async () => {
    const response = await fetch(new URL('/.well-known/openid-configuration', t.url));
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: t.url,
      authorization_endpoint: `${t.url}/authorize`,
      token_endpoint: `${t.url}/oauth/token`,
      end_session_endpoint: `${t.url}/v2/logout`,
      jwks_uri: `${t.url}/.well-known/jwks.json`,
      userinfo_endpoint: `${t.url}/userinfo`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it("names the issuer's own host in discovery, whatever Host or X-Forwarded-Host the request carries", async () => {
    // fetch() sets Host itself; a raw request can say anything, as a client behind a shared cache might.
    const discoveryAs = (headers: Record<string, string>) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = httpRequest(new URL('/.well-known/openid-configuration', t.url), { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(JSON.parse(body) as Record<string, unknown>));
        });
        req.on('error', reject).end();
      });
    const attempts: Array<Record<string, string>> = [
      { host: 'evil.example' },
      { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    ];
    for (const headers of attempts) {
      const discovery = await discoveryAs(headers);
      expect(JSON.stringify(discovery)).not.toContain('evil.example');
      expect(discovery).toMatchObject({ issuer: t.url, authorization_endpoint: `${t.url}/authorize` });
    }
  });

  it('runs authorization code + PKCE and issues a JWT access token for the API audience', async () => {
    const jar = new CookieJar();
    const { callback, request } = await signIn(t, jar, demo);
    expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/`);
    expect(callback.searchParams.get('state')).toBe(request.state);
    const tokens = await exchangeCode(t, callback, request);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();

    const claims = await verifyAccessToken(tokens.access_token);
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.email).toBe(DEMO_EMAIL);
    expect(claims[CLAIM_ROLE_ID]).toBe(Role.Admin);
    expect(claims[CLAIM_ORG_ID]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.client_id).toBe(t.config.clientId);

    const { payload: idToken } = await jwtVerify(tokens.id_token, jwks, {
      issuer: t.url,
      audience: t.config.clientId,
    });
    expect(idToken).toMatchObject({
      sub: claims.sub,
      email: DEMO_EMAIL,
      name: 'Demo Admin',
      nonce: request.nonce,
      [CLAIM_ORG_ID]: claims[CLAIM_ORG_ID],
      [CLAIM_ROLE_ID]: Role.Admin,
    });
  });

  it('accepts `resource=` as well as `audience=`', async () => {
    const jar = new CookieJar();
    const { callback, request } = await signIn(t, jar, demo, { audience: '', resource: t.config.audience });
    const tokens = await exchangeCode(t, callback, request);
    const claims = await verifyAccessToken(tokens.access_token);
    expect(claims.aud).toBe(t.config.audience);
  });

  it('refuses an unknown audience and a request without PKCE', async () => {
    const jar = new CookieJar();
    const unknown = await follow(jar, t, authorizeUrl(t, { audience: 'https://elsewhere.example' }).url);
    expect(unknown).toBeInstanceOf(URL);
    expect((unknown as URL).searchParams.get('error')).toBe('invalid_target');

    const noPkce = await follow(jar, t, authorizeUrl(t, { code_challenge: '', code_challenge_method: '' }).url);
    expect(noPkce).toBeInstanceOf(URL);
    expect((noPkce as URL).searchParams.get('error')).toBe('invalid_request');
  });

  it('refreshes into a new JWT for the audience and rotates the refresh token', async () => {
    const jar = new CookieJar();
    const { callback, request } = await signIn(t, jar, demo);
    const first = await exchangeCode(t, callback, request);
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      redirect_uri: request.redirectUri,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string; id_token: string };
    const claims = await verifyAccessToken(second.access_token);
    expect(claims).toMatchObject({ email: DEMO_EMAIL, [CLAIM_ROLE_ID]: Role.Admin, aud: t.config.audience });
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const replay = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token! });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('answers prompt=none silently with a session and with login_required without one', async () => {
    const jar = new CookieJar();
    await signIn(t, jar, demo);
    const silent = authorizeUrl(t, { prompt: 'none' });
    const withSession = await follow(jar, t, silent.url);
    expect(withSession).toBeInstanceOf(URL);
    const code = withSession as URL;
    expect(code.searchParams.get('error')).toBeNull();
    const tokens = await exchangeCode(t, code, silent);
    expect((await verifyAccessToken(tokens.access_token)).email).toBe(DEMO_EMAIL);

    const anonymous = await follow(new CookieJar(), t, authorizeUrl(t, { prompt: 'none' }).url);
    expect(anonymous).toBeInstanceOf(URL);
    expect((anonymous as URL).searchParams.get('error')).toBe('login_required');
  });

  it('logs out with an allowed returnTo: session ended, tokens revoked, no confirmation page', async () => {
    const jar = new CookieJar();
    const { callback, request } = await signIn(t, jar, demo);
    const tokens = await exchangeCode(t, callback, request);
    const returnTo = `${PUBLIC_URL}/orders?x=1`;
    const logout = await jar.fetch(
      `${t.url}/v2/logout?${new URLSearchParams({ client_id: t.config.clientId, returnTo })}`,
    );
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe(returnTo);

    const silent = await follow(jar, t, authorizeUrl(t, { prompt: 'none' }).url);
    expect((silent as URL).searchParams.get('error')).toBe('login_required');
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refresh.status).toBe(400);
  });

  it('refuses a foreign returnTo and an unknown client with 400, keeping the session', async () => {
    const jar = new CookieJar();
    await signIn(t, jar, demo);
    const foreign = await jar.fetch(
      `${t.url}/v2/logout?${new URLSearchParams({ client_id: t.config.clientId, returnTo: 'https://evil.example/' })}`,
    );
    expect(foreign.status).toBe(400);
    const unknownClient = await jar.fetch(
      `${t.url}/v2/logout?${new URLSearchParams({ client_id: 'nope', returnTo: `${PUBLIC_URL}/` })}`,
    );
    expect(unknownClient.status).toBe(400);
    const silent = await follow(jar, t, authorizeUrl(t, { prompt: 'none' }).url);
    expect((silent as URL).searchParams.get('code')).toBeTruthy();
  });

  it('shows the login page with a register link, an error on a bad password, and a growing wait after the 3rd', async () => {
    const jar = new CookieJar();
    const page = await follow(jar, t, authorizeUrl(t).url);
    expect(page).not.toBeInstanceOf(URL);
    const html = await (page as Response).text();
    expect(html).toContain('<label for="email">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain(`href="${PUBLIC_URL}/register"`);
    expect((page as Response).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const action = new URL(formAction(html), t.url).href;

    const email = 'nobody-in-particular@example.com';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const failed = await postForm(jar, action, { email, password: `wrong-${attempt}` });
      expect(failed.status).toBe(400);
      expect(await failed.text()).toContain('The e-mail or password is not correct.');
    }
    // The default wait after the 3rd failure from one address for one account: 2 seconds, doubling from there.
    const limited = await postForm(jar, action, { email, password: 'wrong-4' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.text()).toContain('Too many attempts from this device; try again in 2 seconds.');
  });

  it('lets the token, userinfo and revocation endpoints be used cross-origin only from the web origins', async () => {
    const evil = 'http://evil.example';
    const preflight = (path: string, origin: string) =>
      fetch(new URL(path, t.url), {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    for (const path of ['/oauth/token', '/userinfo', '/oauth/revoke']) {
      const refused = await preflight(path, evil);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(refused.headers.get('access-control-allow-methods')).toBeNull();
      const allowed = await preflight(path, PUBLIC_URL);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
      expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    }

    const post = (origin: string, fields: Record<string, string>) =>
      fetch(new URL('/oauth/token', t.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: new URLSearchParams(fields).toString(),
      });
    const jar = new CookieJar();
    const { callback, request } = await signIn(t, jar, demo);
    const { refresh_token: refreshToken } = await exchangeCode(t, callback, request);
    // With the web app's client, without a client and with an unknown one: never evil's origin.
    const attempts: Array<Record<string, string>> = [
      { client_id: t.config.clientId, grant_type: 'refresh_token', refresh_token: refreshToken! },
      { grant_type: 'refresh_token', refresh_token: refreshToken! },
      { client_id: 'unknown-client', grant_type: 'refresh_token', refresh_token: refreshToken! },
    ];
    for (const fields of attempts) {
      const refused = await post(evil, fields);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    const userinfo = await fetch(new URL('/userinfo', t.url), { headers: { Origin: evil, Authorization: 'Bearer x' } });
    expect(userinfo.headers.get('access-control-allow-origin')).toBeNull();

    // The refresh token was not used up by the refused requests; from the web origin it works, readable there.
    const allowed = await post(PUBLIC_URL, {
      client_id: t.config.clientId,
      grant_type: 'refresh_token',
      refresh_token: refreshToken!,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);

    // Discovery and the signing keys are public documents: open to any origin.
    const jwks = await fetch(new URL('/.well-known/jwks.json', t.url), { headers: { Origin: evil } });
    expect(jwks.headers.get('access-control-allow-origin')).toBe(evil);
  });

  it('serves health and the logos', async () => {
    const health = await fetch(new URL('/healthz', t.url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const logo = await fetch(new URL('/logos/iam.svg', t.url));
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain('<svg');
    expect((await fetch(new URL('/logos/unknown.svg', t.url))).status).toBe(404);
  });
});
