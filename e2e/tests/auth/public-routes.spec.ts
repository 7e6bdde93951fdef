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

  await page.getByLabel(/^name$/i).fill('Olive Owner');
  await page.getByLabel(/company/i).fill(`Olive Outfitters ${stamp}`);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByLabel(/confirm password/i).fill(password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();

  await page.getByRole('button', { name: /sign in/i }).click();
  await new SsoLoginPage(page).signIn(email, password);
  const shell = new AppShell(page);
  await shell.expectReady();
  await shell.openUserMenu();
  await expect(page.getByRole('menu')).toContainText('Olive');
});
