import { expect, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppShell } from './pages/app-shell.ts';
import { SsoLoginPage } from './pages/sso-login-page.ts';

export const demoUser = { email: 'admin@example.com', password: process.env.E2E_PASSWORD ?? '' };

/** Visit a protected path, sign in on the SSO page, and come back to that path with the shell shown. */
export async function signInWithPassword(page: Page, path: string, user = demoUser): Promise<AppShell> {
  await page.goto(path);
  await new SsoLoginPage(page).signIn(user.email, user.password);
  const shell = new AppShell(page);
  await shell.expectReady();
  if (user === demoUser) writeFileSync(savedSession(), JSON.stringify(await page.context().storageState()));
  return shell;
}

/**
 * The demo user's signed-in page at `path`. The sign-in itself is the subject of tests/auth; elsewhere the session
 * of the run's first sign-in is put back (its cookies and the app's local storage, the login's last activity made
 * now) when the server still takes its token, which spares each test the SSO round trip (3-5 s). Any other user, or
 * a token the server refuses (a logout ended it), signs in with the password.
 */
export async function signInAt(page: Page, path: string, user = demoUser): Promise<AppShell> {
  if (user !== demoUser || !(await restoreSession(page))) return signInWithPassword(page, path, user);
  await page.goto(path);
  const shell = new AppShell(page);
  await shell.expectReady();
  return shell;
}

const savedSession = () => join(process.env.E2E_DATA_DIR ?? '', 'e2e-session.json');

type SavedState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function restoreSession(page: Page): Promise<boolean> {
  if (!existsSync(savedSession())) return false;
  const state = JSON.parse(readFileSync(savedSession(), 'utf8')) as SavedState;
  // The login only (the app's token and the OIDC user): the rest of what a test left there (a colour scheme, a
  // table's layout) is not the next test's.
  const items = (
    state.origins.find((o) => o.origin === `http://localhost:${process.env.E2E_PORT}`)?.localStorage ?? []
  ).filter((item) => item.name === 'authData' || item.name.startsWith('oidc.'));
  const authData = items.find((item) => item.name === 'authData');
  const token = authData && (JSON.parse(authData.value) as { token?: string }).token;
  if (!token) return false;
  const answer = await page.request.get('/call/setupGuide', { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok()) return false;
  await page.context().addCookies(state.cookies);
  // The app's storage is written from one of its pages: its health check is the lightest it serves.
  await page.goto('/healthz');
  await page.evaluate((stored) => {
    for (const { name, value } of stored) {
      const fresh =
        name === 'authData' ? { ...JSON.parse(value), lastActivity: Math.floor(Date.now() / 60_000) } : null;
      localStorage.setItem(name, fresh ? JSON.stringify(fresh) : value);
    }
  }, items);
  return true;
}

/** The signed-in page's access token (spec 3: login data kept under `authData`). */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('authData') ?? '{}') as { token: string }).token);
}

/** GET an API path as the signed-in page's user; its `data`, after checking the answer was a success. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${await accessToken(page)}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The first match of `pattern` (its group 1) in the newest mail to `email`, read from the local outbox (no SMTP_URL). */
export async function readFromOutbox(email: string, pattern: RegExp): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return undefined;
        const files = readdirSync(outbox)
          .filter((f) => f.endsWith('.eml') && f.includes(email))
          .sort();
        const newest = files.at(-1);
        // Quoted-printable soft line breaks undone.
        const text =
          newest &&
          readFileSync(join(outbox, newest), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
        found = (text && pattern.exec(text)?.[1]) || undefined;
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found as string;
}

/** The newest one-time password mailed to `email`. */
export function readOtpFromOutbox(email: string): Promise<string> {
  return readFromOutbox(email, /verification code: (\d{6})/);
}

/** Registers a new organisation through /register (one-time password from the outbox); its owner's credentials. */
export async function registerOwner(page: Page): Promise<{ email: string; password: string; name: string }> {
  const stamp = Date.now();
  const owner = { email: `owner.${stamp}@example.com`, password: 'A-strong-pass-123', name: 'Olive Owner' };
  await page.goto('/register');
  await page.getByLabel(/e-?mail/i).fill(owner.email);
  await page.getByRole('button', { name: /send code|continue/i }).click();

  const otp = await readOtpFromOutbox(owner.email);
  await page.getByLabel(/code|one-time password/i).fill(otp);
  await page.getByRole('button', { name: /verify/i }).click();

  await page.getByLabel(/^Your name/).fill(owner.name);
  await page.getByLabel(/^Company name/).fill(`Olive Outfitters ${stamp}`);
  await page.getByLabel(/^Password/).fill(owner.password);
  await page.getByLabel(/^Confirm password/).fill(owner.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText(/your account is ready/i)).toBeVisible();
  return owner;
}
