import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { signInAt } from '../../support.ts';
import { OrderAddPage, type NewOrderInput } from '../../pages/order-add-page.ts';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

const order = (sku: string): NewOrderInput => ({
  sku,
  name: 'Ceramic mug',
  quantity: 2,
  unitPrice: '12.50',
  customerName: 'Ann Lee',
  customerEmail: 'ann.lee@example.com',
  shipTo: { name: 'Ann Lee', address1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
  shipping: '4.35',
});

/** The text of a PDF's content streams (pdf-lib deflates them and writes WinAnsi text as hex strings). */
function pdfText(bytes: Buffer): string {
  const chunks: string[] = [bytes.toString('latin1')];
  const raw = bytes.toString('latin1');
  const stream = /stream\r?\n/g;
  for (let match = stream.exec(raw); match; match = stream.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      chunks.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (or not a stream at all): its raw text is already in chunks[0].
    }
  }
  // Hex strings <4F72...> back to text, so 'Tj' operands can be searched.
  return chunks
    .join('\n')
    .replace(/<([0-9A-Fa-f\s]+)>/g, (_all, hex: string) =>
      Buffer.from(hex.replace(/\s+/g, ''), 'hex').toString('latin1'),
    );
}

test('an order by hand: approve, pay, notes, packing slip; another canceled; both on their timelines', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/orders/add');
  const add = new OrderAddPage(page);
  await expect(add.heading).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');

  // Create: the total is computed as typed, the order opens as a draft.
  const firstId = await add.create(order('MUG-E2E-1'));
  const view = new OrderViewPage(page);
  const firstNumber = await view.orderNumber();
  await expect(view.status('Order status')).toHaveText('Draft Order');
  await expect(view.status('Payment')).toHaveText('Unpaid');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('$29.35');

  // Approve: offered because fsmFlow allows it; the order becomes a sales order.
  await view.confirm('Approve');
  await expect(view.status('Order status')).toHaveText('Sales Order');
  await expect(view.action('Approve')).toBeHidden();

  // Take the payment the server proposes (the balance).
  const amount = await view.takePayment();
  expect(amount).toBe('29.35');
  await expect(view.status('Payment')).toHaveText('Paid');

  // Notes: add, then edit inline.
  await view.addNote('Call before delivery');
  await view.editNote('Call before delivery', 'Call before 5 pm, side door');
  await expect(view.notes).not.toContainText('Call before delivery');

  // Packing slip: a real PDF naming the order.
  const download = await view.downloadPackingSlip('Letter paper');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(bytes)).toContain(firstNumber);

  // The timeline of the first order: created, approved, paid.
  await expect(view.history).toContainText('Approved');
  await expect(view.history).toContainText('Order: Draft Order → Sales Order');
  await expect(view.history).toContainText('Payment processed');
  await expect(view.history).toContainText('Payment: Unpaid → Paid');
  await expect(view.history).toContainText('admin@example.com');

  // Another order, canceled with a reason.
  await add.goto();
  const secondId = await add.create(order('MUG-E2E-2'));
  const secondNumber = await view.orderNumber();
  await view.cancel('Customer changed their mind');
  await expect(view.status('Order status')).toHaveText('Canceled');
  await expect(view.history).toContainText('Canceled');
  await expect(view.history).toContainText('Reason: Customer changed their mind');
  await expect(view.action('Cancel order')).toBeHidden();

  // Back on the first order its history is unchanged by the second.
  await view.goto(firstId);
  await expect(view.history).toContainText('Payment processed');
  await expect(view.history).not.toContainText('Customer changed their mind');

  // The list shows both, each under its status tab.
  const list = new OrdersListPage(page);
  await list.goto('/orders/Canceled');
  await expect(list.row(secondNumber)).toBeVisible();
  await expect(list.row(firstNumber)).toBeHidden();
  await list.goto('/orders/Sales%20Order');
  await expect(list.row(firstNumber)).toBeVisible();
  await list.search.fill(firstNumber);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(firstNumber)}`));
  await expect(list.table.getByRole('row')).toHaveCount(2);
  expect(secondId).not.toBe(firstId);
});

test('a change made in another tab shows up in the list within 2 seconds', async ({ page, context }) => {
  await signInAt(page, '/orders');
  const other = await context.newPage();
  const list = new OrdersListPage(other);
  await list.goto('/orders');
  await expect(list.table).toBeVisible();

  // The first tab creates an order through the API (as another user's screen or a store sync would).
  const created = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('authData') ?? '{}').token as string;
    const response = await fetch('/api/v1/store/1/orders', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        customerName: 'Realtime Test',
        lines: [{ sku: 'RT-1', name: 'Live update', quantity: 1, unitPrice: 100 }],
        shippingAddress: {
          name: 'Realtime Test',
          address1: '2 Side St',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
          country: 'US',
        },
      }),
    });
    return ((await response.json()) as { data: { orderNumber: string } }).data.orderNumber;
  });
  // No reload: the pushed 'orders:changed' refreshes the list.
  await expect(list.row(created)).toBeVisible({ timeout: 2_000 });
});
