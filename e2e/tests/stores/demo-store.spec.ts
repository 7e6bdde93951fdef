import { expect, test } from '@playwright/test';
import { signInAt } from '../../support.ts';
import { StoresPage } from '../../pages/stores-page.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

const DEMO_STORE = 'Northloop Supply (demo)';

test('the demo Shopify store: its pulled orders, a new pull with live progress, its sync log, and the channel on orders', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/stores');
  const stores = new StoresPage(page);
  await stores.goto();

  // The first start pulled the demo shop's orders through the real Shopify adapter.
  const row = stores.row(DEMO_STORE);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Shopify');
  await expect(row).toContainText('320');

  // Pulling again reads the same orders: nothing new, nothing duplicated.
  await stores.pullButton(DEMO_STORE).click();
  await expect(page.getByText(/\b0 new/).first()).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('320');

  await stores.syncLogButton(DEMO_STORE).click();
  const log = page.getByRole('dialog');
  await expect(log).toBeVisible();
  await expect(log.getByText(/Succeeded/i).first()).toBeVisible();
  await expect(log.getByText(/320/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  const orders = new OrdersListPage(page);
  // Other tests add orders of their own: the demo store's are among the newest hundred.
  await orders.goto('/orders?size=100');
  await expect(orders.table.getByText(`Shopify · ${DEMO_STORE}`).first()).toBeVisible();
});
