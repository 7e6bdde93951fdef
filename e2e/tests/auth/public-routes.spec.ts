import { expect, test } from '@playwright/test';
import { readOtpFromOutbox } from '../../support.ts';
import { SsoLoginPage } from '../../pages/sso-login-page.ts';
import { AppShell } from '../../pages/app-shell.ts';

test('public routes render without sign-in, sidebar or header', async ({ page }) => {
  await page.goto('/bc_redirect');
  await expect(page.getByText('App has been successfully registered.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);

  await page.goto('/bc_instruction_guide');
  await expect(page.getByRole('listitem')).toHaveCount(11);
  await expect(page.getByRole('listitem').first()).toContainText(/locate/i);

  await page.goto('/register');
  await expect(page.getByLabel(/e-?mail/i)).toBeVisible();
});

test('registration end to end: e-mail, one-time password from the outbox, company, sign in', async ({ page }) => {
  const stamp = Date.now();
  const email = `owner.${stamp}@example.com`;
  const password = 'A-strong-pass-123';
  await page.goto('/register');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: /send code|continue/i }).click();

  const otp = await readOtpFromOutbox(email);
  await page.getByLabel(/code|one-time password/i).fill(otp);
  await page.getByRole('button', { name: /verify/i }).click();

  await page.getByLabel(/^Your name/).fill('Olive Owner');
  await page.getByLabel(/^Company name/).fill(`Olive Outfitters ${stamp}`);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm password/).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByText(/your account is ready/i)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await new SsoLoginPage(page).signIn(email, password);
  const shell = new AppShell(page);
  await shell.expectReady();
  // The new organisation starts with its own, empty setup: nothing of the demo company shows through.
  await expect(page.getByRole('button', { name: /Olive Owner, account menu/ })).toBeVisible();
  await shell.openUserMenu();
  await expect(page.getByRole('menu')).toContainText(email);
});
