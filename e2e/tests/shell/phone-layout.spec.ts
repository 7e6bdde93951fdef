import { expect, test, type Page } from '@playwright/test';
import { demoUser } from '../../support.ts';
import { SsoLoginPage } from '../../pages/sso-login-page.ts';

/**
 * Phone and tablet widths (issue 16): no page scrolls sideways, the order list becomes cards on a phone, and below
 * the md breakpoint the sidebar is a temporary drawer that the header's menu button opens and Escape closes.
 */

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

/** Signs in at `path` at the current viewport; the setup guide, which may open by itself on load, is closed. */
async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await new SsoLoginPage(page).signIn(demoUser.email, demoUser.password);
  await expect(page.getByText('version 1.6')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The page does not scroll sideways once its content (rows, tiles, cards) has arrived. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `scrollWidth ${widths.scroll} > clientWidth ${widths.client}`).toBeLessThanOrEqual(
    widths.client,
  );
}

async function firstOrderHref(page: Page): Promise<string> {
  const link = page.locator('main [data-order-id] a[href^="/orders/view/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '';
}

test.describe('at 390x844 (a phone)', () => {
  test.use({ viewport: PHONE });

  test('the order list is cards, and no page scrolls sideways', async ({ page }) => {
    await signIn(page, '/orders');
    const list = page.getByRole('list', { name: 'Orders' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table', { name: 'Orders' })).toHaveCount(0);
    // A card: its box, its number (the link that opens it), the customer, the total, the date and the statuses.
    const card = list.getByRole('listitem').first();
    await expect(card.getByRole('checkbox', { name: /^Select order / })).toBeVisible();
    await expect(card.getByLabel(/^Order status: /)).toBeVisible();
    await expect(card.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Keyboard: the box ticks with Space, the number opens the order with Enter.
    const box = card.getByRole('checkbox');
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();

    const href = await firstOrderHref(page);
    await card.getByRole('link').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expectNoSidewaysScroll(page);

    for (const path of ['/dashboard', '/stores', '/settings', '/settings/labels', '/ship_rule']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });

  test('the sidebar is a drawer: the menu button opens it, Escape closes it, a link in it closes it', async ({
    page,
  }) => {
    await signIn(page, '/dashboard');
    await page.keyboard.press('Escape');
    const navigation = page.getByLabel('Main navigation');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(navigation).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(navigation).toBeHidden();
    // The focus goes back to the button that opened it.
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await navigation.getByRole('link', { name: 'Stores', exact: true }).click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(navigation).toBeHidden();
  });
});

test.describe('at 1024x768 (a tablet)', () => {
  test.use({ viewport: TABLET });

  test('the order list, an order, the dashboard and the settings pages do not scroll sideways', async ({ page }) => {
    await signIn(page, '/orders');
    const table = page.getByRole('table', { name: 'Orders' });
    await expect(table).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The list itself fits too (the sidebar collapsed to its icons, the widest columns left out): no column is
    // reached by scrolling the table's own box.
    const fits = await table.evaluate((element) => {
      const box = element.parentElement!;
      return box.scrollWidth <= box.clientWidth;
    });
    expect(fits).toBe(true);
    await expect(table.getByRole('columnheader', { name: 'Shipment' })).toBeInViewport();
    await page.goto(await firstOrderHref(page));
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const path of ['/dashboard', '/stores', '/settings', '/settings/labels', '/ship_rule']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });
});
