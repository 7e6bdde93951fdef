import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@shipdesk/contract';
import { accessToken, apiGet, signInAt } from '../../support.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

/** A manual draft order made through the API for `customerName`. */
async function createOrder(page: Page, customerName: string): Promise<Order> {
  const res = await page.request.post('/api/v1/store/1/orders', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      customerName,
      lines: [{ sku: 'BULK-MUG', name: 'Mug', quantity: 1, unitPrice: 1200 }],
      shippingAddress: {
        name: customerName,
        address1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Order }).data;
}

async function orderFlow(page: Page, order: Order, event: string, version: number): Promise<Order> {
  const res = await page.request.post(`/call/orders/${order.id}/${event}/orderFlow`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { version },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { order: Order } }).data.order;
}

test('bulk cancel: a confirmation, then each order not canceled with its reason', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAt(page, '/orders');
  const word = `Bulkcancel${Date.now()}`;
  const drafts = [await createOrder(page, `Ann ${word}`), await createOrder(page, `Bob ${word}`)];
  // The third is shipped already: its status cannot be canceled.
  let shipped = await createOrder(page, `Cy ${word}`);
  shipped = await orderFlow(page, shipped, 'approve', shipped.version);
  shipped = await orderFlow(page, shipped, 'shipComplete', shipped.version);
  expect(shipped.orderStatus).toBe('Completed');

  const list = new OrdersListPage(page);
  await list.goto(`/orders?q=${word}`);
  await expect(list.table.getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
  const bar = page.getByRole('toolbar', { name: 'Selected orders' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Cancel', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Cancel orders?' });
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog).toContainText(
    `2 of the 3 selected orders will be sent. 1 cannot take it and will be left as it is: ${shipped.orderNumber}.`,
  );
  await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Customer asked');
  await dialog.getByRole('button', { name: 'Cancel 2 orders' }).click();

  const report = page.getByRole('alert').filter({ hasText: 'Canceled 2 of 3 orders' });
  await expect(report).toBeVisible();
  const refused = report.getByRole('list', { name: 'Orders not canceled' }).getByRole('listitem');
  await expect(refused).toHaveText([
    `${shipped.orderNumber}: is Completed, not an open order (a draft or sales order not shipped in full)`,
  ]);
  await expect(refused.getByRole('link', { name: shipped.orderNumber })).toHaveAttribute(
    'href',
    `/orders/view/${shipped.id}`,
  );
  for (const draft of drafts) {
    expect((await apiGet<Order>(page, `/api/v1/orders/${draft.id}`)).orderStatus).toBe('Canceled');
  }
  expect((await apiGet<Order>(page, `/api/v1/orders/${shipped.id}`)).orderStatus).toBe('Completed');
  // The order not canceled stays selected.
  await expect(bar).toContainText('1 selected');
});
