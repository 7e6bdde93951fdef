import { expect, test } from '@playwright/test';
import { signInAt } from '../../support.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

test('on a 1440-pixel laptop every column of the order list is in view, long texts cut with their whole text at hand', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, '/orders');
  const orders = new OrdersListPage(page);
  await orders.goto('/orders');
  const firstRow = orders.table.locator('tbody tr[data-order-id]').first();
  await expect(firstRow).toBeVisible();

  // The table does not scroll sideways: its last column ends inside the window.
  const overflow = await orders.table.evaluate((table) => {
    const container = table.parentElement!;
    return container.scrollWidth - container.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  const lastHeader = await orders.table.getByRole('columnheader', { name: 'Requested service' }).boundingBox();
  expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(1440);

  // The demo store's channel line is longer than its column: cut, with the whole text in its tooltip.
  const channel = orders.table.getByTitle('Shopify · Northloop Supply (demo)').first();
  await expect(channel).toHaveText('Shopify · Northloop Supply (demo)');
  const cut = await channel.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(cut).toBe(true);
});
