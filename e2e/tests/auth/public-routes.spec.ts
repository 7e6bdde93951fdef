import { expect, test } from '@playwright/test';
import { registerOwner } from '../../support.ts';
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
  const owner = await registerOwner(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await new SsoLoginPage(page).signIn(owner.email, owner.password);
  const shell = new AppShell(page);
  await shell.expectReady();
  // The new organisation starts with its own, empty setup: nothing of the demo company shows through.
  await expect(page.getByRole('button', { name: /Olive Owner, account menu/ })).toBeVisible();
  await shell.openUserMenu();
  await expect(page.getByRole('menu')).toContainText(owner.email);
});
