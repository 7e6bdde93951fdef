import { expect, test } from '@playwright/test';
import type { OrderSummary } from '@shipdesk/contract';
import { AppShell } from '../../pages/app-shell.ts';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { apiGet, signInAt } from '../../support.ts';

test("tracking: a built-in carrier's parcel from label created to delivered by hand, in the card, the history and the list", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/orders');
  // A demo order waiting for its label, at home (an order abroad would need its customs declaration).
  const rows = (await apiGet<{ rows: OrderSummary[] }>(page, '/api/v1/orders?size=100')).rows;
  const target = rows.find(
    (o) =>
      o.orderStatus === 'Sales Order' &&
      o.paymentStatus === 'Paid' &&
      o.shipmentStatus === 'Unshipped' &&
      o.requestedShippingMethod !== 'UPS Ground' &&
      (o.shipTo ?? '').endsWith(', US'),
  );
  expect(target).toBeDefined();
  const view = new OrderViewPage(page);
  await view.goto(target!.id);
  const deliveries = page.getByRole('region', { name: 'Deliveries' });

  // The built-in carrier's label: no carrier to ask, the seller says when it is delivered.
  await deliveries.getByRole('button', { name: 'Buy label' }).first().click();
  const dialog = page.getByRole('dialog', { name: /Buy a label/ });
  // A demo order whose lines have no weight asks for the parcel's weight before any rate.
  const weight = dialog.getByRole('textbox', { name: /^Weight/ });
  await expect(weight).toBeVisible();
  if ((await weight.inputValue()) === '') {
    await weight.fill('2');
    await dialog.getByRole('button', { name: 'Update rates' }).click();
  }
  const local = dialog.getByRole('radio', { name: /Local delivery, next day/ });
  await expect(local).toBeVisible({ timeout: 20_000 });
  await local.check();
  await dialog.getByRole('button', { name: /^Buy label/ }).click();
  const preview = page.getByRole('dialog', { name: /Local delivery/ });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('button', { name: 'Close' }).click();

  const tracking = deliveries.getByRole('region', { name: /^Tracking of delivery / });
  await expect(tracking.getByLabel('Delivery: Label created')).toBeVisible();
  await expect(tracking.getByRole('button', { name: 'Check now' })).toHaveCount(0);
  await expect(tracking).toContainText('The built-in carrier sends no events');

  await tracking.getByRole('button', { name: 'Mark delivered' }).click();
  await page
    .getByRole('dialog', { name: 'Mark this parcel delivered?' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(page.getByText('Parcel marked delivered.')).toBeVisible();
  await expect(tracking.getByLabel('Delivery: Delivered')).toBeVisible();
  await expect(tracking.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
  await tracking.getByRole('button', { name: 'Show 1 carrier event' }).click();
  await expect(tracking.getByRole('list', { name: 'Carrier events' })).toContainText(
    'Delivered by hand (marked by admin@example.com)',
  );

  // The history says it in the same words.
  const history = page.getByRole('list', { name: 'Order history' });
  const row = history.locator('li[data-event="parcelStatus"]').first();
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('Delivered by hand (marked by admin@example.com)');

  // The list's Delivery filter finds it among the delivered orders.
  await page.goto('/orders');
  await new AppShell(page).expectReady();
  await page.getByRole('combobox', { name: 'Delivery' }).click();
  await page.getByRole('option', { name: 'Delivered' }).click();
  await expect(page).toHaveURL(/delivery=delivered/);
  await expect(page.getByRole('list', { name: 'Filters in force' })).toContainText('Delivery: Delivered');
  await expect(page.getByRole('link', { name: target!.orderNumber, exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Delivery' }).click();
  await page.getByRole('option', { name: 'In transit' }).click();
  await expect(page).toHaveURL(/delivery=in_transit/);
  await expect(page.getByRole('link', { name: target!.orderNumber, exact: true })).toHaveCount(0);
});
