import { expect, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppShell } from './pages/app-shell.ts';
import { SsoLoginPage } from './pages/sso-login-page.ts';

export const demoUser = { email: 'admin@example.com', password: process.env.E2E_PASSWORD ?? '' };

/** Visit a protected path, sign in on the SSO page, and come back to that path with the shell shown. */
export async function signInAt(page: Page, path: string, user = demoUser): Promise<AppShell> {
  await page.goto(path);
  await new SsoLoginPage(page).signIn(user.email, user.password);
  const shell = new AppShell(page);
  await shell.expectReady();
  return shell;
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
