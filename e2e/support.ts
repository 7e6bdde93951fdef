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

/** The newest one-time password mailed to `email`, read from the local outbox (no SMTP_URL in tests). */
export async function readOtpFromOutbox(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return undefined;
        const files = readdirSync(outbox)
          .filter((f) => f.endsWith('.eml') && f.includes(email))
          .sort();
        const newest = files.at(-1);
        const match = newest && /verification code: (\d{6})/.exec(readFileSync(join(outbox, newest), 'utf8'));
        code = match?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}
