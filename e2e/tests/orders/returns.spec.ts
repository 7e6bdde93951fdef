import { expect, test, type Page } from '@playwright/test';
import type { OrderSummary } from '@shipdesk/contract';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { apiGet, signInAt } from '../../support.ts';

/** A paid demo order shipping domestic with USPS and waiting for its label, from the end of the list (the labels' specs take the first). */
async function usps(page: Page): Promise<OrderSummary> {
  const { rows } = await apiGet<{ rows: OrderSummary[] }>(page, '/api/v1/orders?size=100&page=1');
  const waiting = rows.filter(
    (o) =>
      o.orderStatus === 'Sales Order' &&
      o.paymentStatus === 'Paid' &&
      o.shipmentStatus === 'Unshipped' &&
      o.shipping.carrier === 'usps' &&
      (o.shipTo ?? '').endsWith(', US'),
  );
  expect(waiting.length).toBeGreaterThan(0);
  return waiting.at(-1)!;
}

test('make a return label: from the order view, in the Returns card and the history, previewed, voided', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/orders');
  const order = await usps(page);
  const view = new OrderViewPage(page);
  await view.goto(order.id);

  // First the outbound label, as a seller buys it: the order ships.
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await deliveries.getByRole('button', { name: 'Buy label' }).click();
  const buy = page.getByRole('dialog', { name: /Buy a label/ });
  await expect(buy.getByRole('button', { name: /^Buy label · \$/ })).toBeEnabled({ timeout: 20_000 });
  await buy.getByRole('button', { name: /^Buy label · \$/ }).click();
  const labelPreview = page.getByRole('dialog', { name: /· \d{10,}/ });
  await expect(labelPreview).toBeVisible({ timeout: 20_000 });
  await labelPreview.getByRole('button', { name: 'Close' }).click();
  await expect(view.status('Shipment')).toHaveText('Shipped Complete');

  // The return label: the form as the server proposes it (a pay-on-use USPS return, an RMA), made as it is.
  await view.action('Return label').click();
  const dialog = page.getByRole('dialog', { name: `Return label — order ${order.orderNumber}` });
  const rmaField = dialog.getByRole('textbox', { name: 'RMA number' });
  await expect(rmaField).not.toHaveValue('', { timeout: 20_000 });
  const rma = await rmaField.inputValue();
  await expect(dialog.getByRole('combobox', { name: 'Carrier service' })).toHaveText(/USPS/);
  await expect(dialog.getByRole('region', { name: 'Back to' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Make return label' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // In the Returns card with its RMA and tracking number, and in the history.
  const returns = page.getByRole('region', { name: 'Returns' });
  const item = returns.getByRole('listitem', { name: `Return ${rma}` });
  await expect(item).toBeVisible();
  await expect(item).toContainText(rma);
  const details = await item.innerText();
  const tracking = /· (\d{10,})/.exec(details)?.[1];
  expect(tracking, details).toBeTruthy();
  await expect(view.history.getByText('Return label made')).toBeVisible();
  await expect(view.history.getByText(new RegExp(`${rma} · .*tracking ${tracking}`))).toBeVisible();

  // The preview, as the outbound label's.
  await item.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: `Return ${rma} · ${tracking}` });
  await expect(preview.locator('iframe, img').first()).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('button', { name: 'Close' }).click();

  // Void: confirmed, then shown as voided, the history says so.
  await item.getByRole('button', { name: 'Void' }).click();
  const confirm = page.getByRole('dialog', { name: `Void return ${rma}?` });
  await confirm.getByRole('button', { name: 'Void return label' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  const voided = returns.getByRole('listitem', { name: `Return ${rma}, voided` });
  await expect(voided).toBeVisible();
  await expect(voided.getByText(/^Voided/)).toBeVisible();
  await expect(voided.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await expect(view.history.getByText('Return label voided')).toBeVisible();
});
