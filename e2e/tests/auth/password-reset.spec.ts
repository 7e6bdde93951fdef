import { expect, test } from '@playwright/test';
import { readFromOutbox, registerOwner } from '../../support.ts';
import { SsoLoginPage } from '../../pages/sso-login-page.ts';
import { AppShell } from '../../pages/app-shell.ts';

test('forgot password: a link by e-mail, a new password, the old one refused, the new one signs in', async ({
  page,
}) => {
  const owner = await registerOwner(page);
  const newPassword = 'Another-strong-pass-456';

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  const login = new SsoLoginPage(page);
  await login.expectShown();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel(/e-?mail/i).fill(owner.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = await readFromOutbox(owner.email, /(http:\/\/\S+\/password\/reset\/[A-Za-z0-9_-]+)/);
  await page.goto(link);
  await expect(page.getByLabel('E-mail')).toHaveValue(owner.email);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat the new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in to Shipdesk' }).click();
  await login.signIn(owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
  await login.signIn(owner.email, newPassword);
  await new AppShell(page).expectReady();
  await expect(page.getByRole('button', { name: /Olive Owner, account menu/ })).toBeVisible();
});
