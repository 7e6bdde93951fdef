import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@shipdesk/contract';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { accessToken, apiGet, signInAt } from '../../support.ts';

/** A manual order of two units of `sku` with no weight, as an eBay or Amazon line arrives; approved and on Terms. */
async function unweighedOrder(page: Page, sku: string): Promise<Order> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const created = await page.request.post('/api/v1/store/1/orders', {
    headers,
    data: {
      customerName: 'Dana Weigh',
      lines: [{ sku, name: 'Stoneware mug', quantity: 2, unitPrice: 4500 }],
      shippingAddress: {
        name: 'Dana Weigh',
        address1: '500 Congress Ave',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let order = ((await created.json()) as { data: Order }).data;
  expect(order.lines[0]!.weight).toBe(0);
  const approved = await page.request.post(`/call/orders/${order.id}/approve/orderFlow`, {
    headers,
    data: { version: order.version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  order = ((await approved.json()) as { data: { order: Order } }).data.order;
  // Net terms (an Admin's decision): the lifecycle lets a Terms order ship without a payment.
  const terms = await page.request.post(`/call/order/${order.id}/paymentTerms`, {
    headers: { ...headers, 'idempotency-key': `terms-${order.id}` },
    data: { terms: true, version: order.version },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  return ((await terms.json()) as { data: Order }).data;
}

/** The dollar amount in an accessible name such as "USPS Ground Advantage $8.45 …". */
const price = (name: string) => Number(/\$(\d+(?:,\d{3})*\.\d{2})/.exec(name)![1]!.replace(/,/g, ''));

test('pounds and ounces, a product weight fills an open order, a label bought with insurance and an adult signature', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const sku = `EBAY-MUG-${Date.now()}`;

  // The units: pounds and ounces.
  await signInAt(page, '/settings');
  const units = page.getByRole('form', { name: 'Units' });
  await units.getByRole('radio', { name: /^Pounds, ounces and inches/ }).check();
  await units.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Units saved.')).toBeVisible();

  // An order whose line came without a weight.
  const order = await unweighedOrder(page, sku);
  const view = new OrderViewPage(page);
  await view.goto(order.id);
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row', { name: new RegExp(sku) })).toContainText('No weight');

  // The product gets a weight, typed in pounds and ounces; the open order fills in the background.
  await page.goto('/settings/products');
  await page.getByRole('button', { name: 'Add product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a product' });
  await dialog.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Stoneware mug');
  await dialog.getByRole('textbox', { name: 'Weight' }).fill('1 lb 4 oz');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search SKU or title' }).fill(sku);
  await expect(page.getByRole('row', { name: new RegExp(sku) })).toContainText('1 lb 4 oz');
  await expect(page.getByRole('status').filter({ hasText: /^Filled weights on \d+ open orders?/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect
    .poll(async () => (await apiGet<Order>(page, `/api/v1/orders/${order.id}`)).lines[0]!.weight, { timeout: 30_000 })
    .toBe(567);

  // The order shows the filled weight in pounds and ounces, and its history says where it came from.
  await view.goto(order.id);
  await expect(items.getByRole('row', { name: new RegExp(sku) })).toContainText('1 lb 4 oz');
  await expect(view.history.getByText(new RegExp(`${sku}`)).first()).toBeVisible();

  // A label with insurance and an adult signature: the price shown includes them.
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await deliveries.getByRole('button', { name: 'Buy label' }).click();
  const buy = page.getByRole('dialog', { name: /Buy a label/ });
  const usps = buy.locator('label', { hasText: 'USPS Ground Advantage' }).first();
  await expect(usps).toBeVisible({ timeout: 20_000 });
  await expect(buy.getByRole('textbox', { name: 'Weight' })).toHaveValue(/^2 lb 8/);
  const plain = price(await usps.innerText());
  await buy.getByRole('textbox', { name: /^Insured value/ }).fill('150.00');
  await buy.getByRole('combobox', { name: 'Signature' }).click();
  await page.getByRole('option', { name: 'Adult signature (21+, with ID)' }).click();
  // The rates come again with the options (a service that cannot carry them says why); USPS's price includes them.
  await expect(buy.getByText(/Media Mail cannot carry an adult signature/)).toBeVisible({ timeout: 20_000 });
  await usps.getByRole('radio').check();
  await expect(buy.getByRole('button', { name: /^Buy label · \$/ })).toBeEnabled({ timeout: 20_000 });
  expect(price(await usps.innerText())).toBeGreaterThan(plain);
  await buy.getByRole('button', { name: /^Buy label · \$/ }).click();
  const preview = page.getByRole('dialog', { name: /USPS Ground Advantage · \d{22}/ });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('button', { name: 'Close' }).click();

  // On the delivery: the options and a price that says it includes them.
  await expect(deliveries.getByText("Insured $150.00 (carrier's) · Adult signature")).toBeVisible();
  await expect(deliveries.getByText(/\$\d+\.\d{2} incl\. insurance and signature/)).toBeVisible();
  const labelled = await apiGet<Order>(page, `/api/v1/orders/${order.id}`);
  expect(labelled.shipmentStatus).toBe('Shipped Complete');
});
