import { expect, test } from '@playwright/test';
import { SsoLoginPage } from '../../pages/sso-login-page.ts';
import { AppShell } from '../../pages/app-shell.ts';
import { signInWithPassword } from '../../support.ts';

test('an unauthenticated visit goes to the SSO and comes back to the same path and query', async ({ page }) => {
  await page.goto('/settings/general?from=e2e');
  await new SsoLoginPage(page).expectShown();
  await signInWithPassword(page, '/settings/general?from=e2e');
  await expect(page).toHaveURL(/\/settings\/general\?from=e2e$/);
});

test('a wrong password is refused on the SSO page and nothing is signed in', async ({ page }) => {
  await page.goto('/orders');
  await new SsoLoginPage(page).signIn('admin@example.com', 'not-the-password');
  await expect(page.getByText('The e-mail or password is not correct.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`localhost:${process.env.E2E_SSO_PORT}`));
});

test('logout asks for confirmation, Cancel keeps the session, Confirm ends it', async ({ page }) => {
  const shell = await signInWithPassword(page, '/dashboard');
  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await shell.logout();
  await new SsoLoginPage(page).expectShown();
  // The SSO session is gone too: visiting the app asks for the password again.
  await page.goto('/orders');
  await new SsoLoginPage(page).expectShown();
});

test('logging out in one tab logs out the other tabs in the realtime room', async ({ page, context }) => {
  const shell = await signInWithPassword(page, '/orders');
  const second = await context.newPage();
  await second.goto('/dashboard');
  await new AppShell(second).expectReady();

  const secondUrl = second.url();
  await shell.logout();
  // Nobody touches the second tab: only the 'logout' message of the room can take it to the sign-in page.
  await new SsoLoginPage(second).expectShown();
  expect(secondUrl).toMatch(/\/dashboard$/);
  await second.goto('/dashboard');
  await new SsoLoginPage(second).expectShown();
});
