import { expect, test } from '@playwright/test';
import { demoUser, signInAt } from '../../support.ts';
import { AppShell } from '../../pages/app-shell.ts';
import { SsoLoginPage } from '../../pages/sso-login-page.ts';

test('sidebar shows the entries, highlights the active one by path containment, and collapses', async ({ page }) => {
  const shell = await signInAt(page, '/orders/Sales%20Order');
  for (const title of ['Dashboard', 'Orders', 'Stores', 'Ship Rule', 'Switch Apps', 'Settings']) {
    await expect(shell.menuEntry(title)).toBeVisible();
  }
  await expect(shell.menuEntry('Orders')).toHaveAttribute('aria-current', 'page');
  await expect(shell.menuEntry('Dashboard')).not.toHaveAttribute('aria-current', 'page');

  await shell.menuEntry('Stores').click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(shell.menuEntry('Stores')).toHaveAttribute('aria-current', 'page');

  await shell.toggleMenu();
  await expect(shell.sidebar.getByText('Stores', { exact: true })).toBeHidden();
  await shell.toggleMenu();
  await expect(shell.sidebar.getByText('Stores', { exact: true })).toBeVisible();
});

test('the logo leads to /orders and the support button opens a new tab', async ({ page, context }) => {
  await signInAt(page, '/dashboard');
  await page.getByRole('link', { name: /shipdesk, go to orders/i }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  // The button names the page the seller is on once that page has rendered.
  await expect(page.getByRole('link', { name: /Report an Issue/ })).toHaveAttribute('href', /from=.*%2Forders/);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Report an Issue/ }).click(),
  ]);
  await expect(popup).toHaveURL(/\/support\?from=.*%2Forders/);
  await expect(popup.getByLabel(/subject/i)).toBeVisible();
  await popup.close();
});

test('the setup guide opens on load while a step is open, with the steps computed by the server', async ({ page }) => {
  await page.goto('/orders');
  await new SsoLoginPage(page).signIn(demoUser.email, demoUser.password);
  await expect(page.getByText('version 1.6')).toBeAttached();
  // What the server computes (other tests of the run may have completed steps of the demo organisation): its store,
  // its warehouse address and its mapped shipping methods at least.
  const guide = await new AppShell(page).setupGuideState();
  expect(guide.steps).toMatchObject({
    connectStore: true,
    warehouseAddress: true,
    shippingMethod: true,
    carrierMapping: true,
  });
  const heading = page.getByRole('heading', { name: 'Setup Guide' });
  if (guide.completed < guide.total) {
    await expect(heading).toBeVisible();
    // In the guide (the sidebar's entry names the same share for screen readers).
    const popover = page.getByRole('dialog', { name: 'Setup Guide' });
    await expect(popover.getByText(`Steps completed : ${guide.completed}/${guide.total}`)).toBeVisible();
    await expect(popover.getByText(`${Math.round((guide.completed / guide.total) * 100)}% completed`)).toBeVisible();
    await expect(page.getByRole('link', { name: /Choose the label type/ })).toHaveAttribute('href', '/settings/labels');
  } else {
    // Every step done: the guide stays closed; its entry in the sidebar says so.
    await expect(page.getByLabel('Main navigation')).toContainText(`${guide.total}/${guide.total}`);
    await expect(heading).toBeHidden();
  }
});

test('the setup guide never blocks the page: a click behind it works, Escape closes it, it stays closed', async ({
  page,
}) => {
  await page.goto('/orders');
  await new SsoLoginPage(page).signIn(demoUser.email, demoUser.password);
  const shell = new AppShell(page);
  await expect(page.getByText('version 1.6')).toBeAttached();
  await expect(page).toHaveTitle('Orders · Shipdesk');
  const dialog = page.getByRole('dialog', { name: 'Setup Guide' });
  const guide = await shell.setupGuideState();
  if (guide.completed < guide.total) {
    // Opened by itself, it leaves the focus on the page; the first click on the page does what it says.
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toBeFocused();
    await shell.menuEntry('Dashboard').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard · Shipdesk');
    await expect(dialog).toBeHidden();
    // Closed once, it does not open again on the next page load of the session.
    await page.reload();
    await expect(page.getByText('version 1.6')).toBeAttached();
    await expect(shell.sidebar).toBeVisible();
  }
  await expect(dialog).toBeHidden();

  // Its entry opens it with the focus inside; a click elsewhere closes it and acts; Escape gives the focus back.
  const entry = shell.sidebar.getByRole('button', { name: /^Setup Guide/ });
  await entry.click();
  await expect(dialog).toBeFocused();
  await shell.menuEntry('Stores').click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page).toHaveTitle('Stores · Shipdesk');
  await expect(dialog).toBeHidden();
  await entry.click();
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(entry).toBeFocused();
});

test('unknown paths show the not-found page', async ({ page }) => {
  const shell = await signInAt(page, '/orders');
  await page.goto('/no/such/page');
  // Closed at sign-in, the setup guide stays closed on this full page load of the same session.
  await shell.expectReady();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the shell renders in ${mode} mode`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: mode });
    await signInAt(page, '/dashboard');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    if (mode === 'dark') expect(luminance).toBeLessThan(0.3);
    else expect(luminance).toBeGreaterThan(0.7);
    await page.screenshot({ path: testInfo.outputPath(`shell-${mode}.png`), fullPage: true });
  });
}
