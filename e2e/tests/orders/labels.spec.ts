import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { Order, OrderSummary } from '@shipdesk/contract';
import { AppShell } from '../../pages/app-shell.ts';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { apiGet, signInAt } from '../../support.ts';

/** Demo orders from the demo shop that ship with USPS and are waiting for a label. */
async function waitingForUsps(page: Page, pages = 1): Promise<OrderSummary[]> {
  const rows: OrderSummary[] = [];
  for (let n = 1; n <= pages; n++) {
    rows.push(...(await apiGet<{ rows: OrderSummary[] }>(page, `/api/v1/orders?size=100&page=${n}`)).rows);
  }
  return rows.filter(
    (o) =>
      o.orderStatus === 'Sales Order' &&
      o.paymentStatus === 'Paid' &&
      o.shipmentStatus === 'Unshipped' &&
      o.shipping.carrier === 'usps' &&
      o.storeId !== null &&
      // Domestic: an order abroad would need its customs declaration (e2e/tests/orders/customs.spec.ts).
      (o.shipTo ?? '').endsWith(', US'),
  );
}

test('labels: map a method, compare rates, buy a USPS label, see it, void it, buy again as ZPL, the fake Shopify told', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // "UPS Ground" is asked for by demo orders and left unmapped by the demo: it becomes Standard (USPS Ground Advantage).
  await signInAt(page, '/settings/shipping-methods');
  await page.getByRole('button', { name: 'Map to existing method: “UPS Ground”' }).click();
  const map = page.getByRole('dialog', { name: 'Map “UPS Ground”' });
  await map.getByRole('combobox', { name: /Shipping method/ }).click();
  await page.getByRole('option', { name: 'Standard' }).click();
  await map.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByText('“UPS Ground” now means Standard.')).toBeVisible();
  let target: OrderSummary | undefined;
  await expect
    .poll(async () => {
      target = (await waitingForUsps(page, 4)).find((o) => o.requestedShippingMethod === 'UPS Ground');
      return Boolean(target);
    })
    .toBe(true);
  const view = new OrderViewPage(page);
  await view.goto(target!.id);
  const deliveries = page.getByRole('region', { name: 'Deliveries' });

  // Rates of the demo USPS account (a fake USPS in the server) and the built-in carrier; the mapped one chosen.
  await deliveries.getByRole('button', { name: 'Buy label' }).click();
  const dialog = page.getByRole('dialog', { name: /Buy a label/ });
  const mapped = dialog.getByRole('radio', { name: /USPS Ground Advantage/ });
  await expect(mapped).toBeChecked({ timeout: 20_000 });
  await expect(dialog.getByRole('radio', { name: /Priority Mail\b/ }).first()).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Local delivery, next day/ })).toBeVisible();
  await dialog.getByRole('button', { name: /^Buy label · \$/ }).click();

  // The label as it prints, then on the delivery with its tracking number; the order shipped.
  const preview = page.getByRole('dialog', { name: /USPS Ground Advantage · \d{22}/ });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await expect(preview.locator('iframe')).toBeVisible();
  const tracking = (await preview.getByRole('heading').innerText()).split('·')[1]!.trim();
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(deliveries.getByRole('link', { name: tracking })).toBeVisible();
  await expect(view.status('Shipment')).toHaveText('Shipped Complete');

  // The demo store is a fake Shopify in the server: the background push tells it the tracking number.
  await expect(deliveries.getByText('Channel told', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Void: the carrier takes it back, the order can ship again, the channel is asked to take it back too.
  await deliveries.getByRole('button', { name: 'Void' }).click();
  await page.getByRole('dialog', { name: 'Void this label?' }).getByRole('button', { name: 'Void label' }).click();
  await expect(page.getByText('Label voided.')).toBeVisible();
  await expect(view.status('Shipment')).toHaveText('Unshipped');
  await expect(deliveries.getByText('Channel told it is void')).toBeVisible({ timeout: 30_000 });

  // Bought again, as ZPL for a thermal printer: the preview is the server's drawing of the ZPL.
  await deliveries.getByRole('button', { name: 'Buy label' }).click();
  const again = page.getByRole('dialog', { name: /Buy a label/ });
  await expect(again.getByRole('radio', { name: /USPS Ground Advantage/ })).toBeChecked({ timeout: 20_000 });
  await again.getByRole('button', { name: 'ZPL (thermal)' }).click();
  await expect(again.getByRole('radio', { name: /USPS Ground Advantage/ })).toBeChecked({ timeout: 20_000 });
  await again.getByRole('button', { name: /^Buy label · \$/ }).click();
  const zplPreview = page.getByRole('dialog', { name: /USPS Ground Advantage · \d{22}/ });
  await expect(zplPreview.getByRole('img', { name: /^Label \d{22}$/ })).toBeVisible({ timeout: 30_000 });
  await zplPreview.getByRole('button', { name: 'Close' }).click();

  const order = await apiGet<Order>(page, `/api/v1/orders/${target!.id}`);
  expect(order).toMatchObject({ orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' });
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history.getByText('ZPL label bought')).toBeVisible();
  await expect(history.getByText('Label voided')).toBeVisible();
});

test('a batch of 20 orders: the progress bar, a result per order, one PDF of the labels', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAt(page, '/orders');
  const waiting = (await waitingForUsps(page)).slice(0, 20);
  expect(waiting.length).toBe(20);

  // The selection is made on the list: the orders of the Sales Order tab, 100 a page, the 20 ticked by hand.
  await page.goto('/orders/Sales%20Order?size=100');
  await new AppShell(page).expectReady();
  for (const order of waiting) {
    await page.getByRole('checkbox', { name: `Select order ${order.orderNumber}` }).check();
  }
  const toolbar = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(toolbar).toContainText('20 selected');
  await toolbar.getByRole('button', { name: 'Buy labels' }).click();
  await page.getByRole('menuitem', { name: 'PDF labels for the 20 selected' }).click();

  // Every tab of the tenant sees the batch: here the bar above the list, until it is done.
  await expect(page.getByRole('progressbar', { name: 'Label batch progress' })).toBeVisible();
  await expect(page.getByText('Labels bought for 20 of 20 orders')).toBeVisible({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Results and printing' }).click();
  const results = page.getByRole('dialog', { name: /Label batch/ });
  await expect(results.getByRole('table', { name: 'Orders of the batch' }).getByText('Bought')).toHaveCount(20);
  const download = page.waitForEvent('download');
  await results.getByRole('button', { name: 'Download labels (PDF)' }).click();
  const file = await (await download).path();
  const pdf = readFileSync(file!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(20);
});
