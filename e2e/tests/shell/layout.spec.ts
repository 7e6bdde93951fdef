import { expect, test } from '@playwright/test';
import { signInAt } from '../../support.ts';

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
  await page.getByRole('link', { name: /shipdesk home/i }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Report an Issue' }).click(),
  ]);
  expect(popup).toBeTruthy();
  await popup.close();
});

test('the setup guide opens on load with the steps computed by the server', async ({ page }) => {
  await signInAt(page, '/orders');
  const guide = page.getByRole('dialog', { name: /setup guide/i });
  await expect(guide).toBeVisible();
  await expect(guide.getByText(/Steps completed : \d\/5/)).toBeVisible();
});

test('unknown paths show the not-found page', async ({ page }) => {
  await signInAt(page, '/orders');
  await page.goto('/no/such/page');
  await expect(page.getByText(/page not found/i)).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  test(`the shell renders in ${mode} mode`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: mode });
    await signInAt(page, '/dashboard');
    await page.keyboard.press('Escape');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    if (mode === 'dark') expect(luminance).toBeLessThan(0.3);
    else expect(luminance).toBeGreaterThan(0.7);
    await page.screenshot({ path: testInfo.outputPath(`shell-${mode}.png`), fullPage: true });
  });
}
