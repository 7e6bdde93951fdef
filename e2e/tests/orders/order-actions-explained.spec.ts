import { expect, test } from '@playwright/test';
import { signInAt } from '../../support.ts';
import { OrderAddPage } from '../../pages/order-add-page.ts';
import { OrderViewPage } from '../../pages/order-view-page.ts';

test('addresses are checked for their country, and a refused action shows the reason', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAt(page, '/orders/add');
  const add = new OrderAddPage(page);
  await expect(add.heading).toBeVisible();

  // A US address without state or ZIP code is refused on the fields, before anything is sent.
  const item = page.getByRole('group', { name: 'Item 1' });
  await item.getByRole('textbox', { name: 'SKU' }).fill('FREE-SAMPLE');
  await item.getByRole('textbox', { name: 'Item name' }).fill('Free sample');
  await item.getByRole('textbox', { name: 'Unit price' }).fill('0');
  const address = page.getByRole('group', { name: 'Shipping address' });
  await address.getByRole('textbox', { name: 'Full name' }).fill('Ann Lee');
  await address.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main St');
  await address.getByRole('textbox', { name: 'City' }).fill('Austin');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(address.getByRole('textbox', { name: 'State / region' })).toHaveAccessibleDescription(
    'State is required for a US address',
  );
  await expect(address.getByRole('textbox', { name: 'Postal code' })).toHaveAccessibleDescription(
    'Postal code is required for a US address',
  );
  await expect(page).toHaveURL(/\/orders\/add$/);

  // Completed, the order is made: a free sample, so nothing is due and Process payment is refused with the reason.
  await address.getByRole('textbox', { name: 'State / region' }).fill('TX');
  await address.getByRole('textbox', { name: 'Postal code' }).fill('78701');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/orders\/view\/\d+$/);
  const view = new OrderViewPage(page);
  await expect(view.action('Approve')).toBeEnabled();
  await expect(view.action('Process payment')).toBeDisabled();
  await expect(view.action('Process payment')).toHaveAccessibleDescription('Nothing is due on this order.');
  await expect(page.getByRole('list', { name: 'Why some actions are unavailable' })).toHaveText(
    'Process payment: Nothing is due on this order.',
  );
  // Actions that do not apply to a draft are not offered at all.
  await expect(view.action('Reship')).toBeHidden();
});
