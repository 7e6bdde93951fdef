import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Order } from '@shipdesk/contract';
import { accessToken, readFromOutbox, signInAt } from '../../support.ts';

async function post<T>(page: Page, path: string, data: object = {}, status = 200): Promise<T> {
  const res = await page.request.post(path, { headers: { authorization: `Bearer ${await accessToken(page)}` }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

const mailsTo = (email: string) => {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml') && f.includes(email)) : [];
};

test('buyer e-mails: turned on for manual orders in Settings, a built-in label and its delivery each e-mail the buyer once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/settings/notifications');
  const manual = page.getByRole('region', { name: 'Manual orders' });
  await manual.getByLabel('Shipped e-mail', { exact: true }).check();
  await manual.getByLabel('Delivered e-mail', { exact: true }).check();
  await manual.getByLabel('Sender name').fill('Northloop Goods');
  await manual.getByLabel('Reply-to e-mail').fill('help@northloop.example');
  await manual.getByRole('button', { name: 'Save Manual orders' }).click();
  await expect(page.getByText('Saved the e-mails of Manual orders')).toBeVisible();

  const email = `buyer-${Date.now()}@example.com`;
  let order = await post<Order>(
    page,
    '/api/v1/store/1/orders',
    {
      customerName: 'Ada Buyer',
      customerEmail: email,
      lines: [{ sku: 'NOTICE-MUG', name: 'Mug', quantity: 1, unitPrice: 1200, weight: 400 }],
      shippingAddress: {
        name: 'Ada Buyer',
        address1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      },
    },
    201,
  );
  for (const event of ['approve', 'processPayment']) {
    order = (
      await post<{ order: Order }>(page, `/call/orders/${order.id}/${event}/orderFlow`, { version: order.version })
    ).order;
  }
  const bought = await post<{ order: Order; label: { deliveryId: string } }>(
    page,
    `/call/orders/${order.id}/shipLabel/orderFlow`,
    {
      version: order.version,
      label: {
        carrier: 'local',
        serviceCode: 'LOCAL_NEXT_DAY',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    },
  );
  const link = await readFromOutbox(email, /(https?:\/\/\S+\/t\/[A-Za-z0-9_-]+)/);
  expect(link).toMatch(/\/t\//);

  await post(page, `/call/shipment/${bought.label.deliveryId}/markDelivered`);
  await readFromOutbox(email, /Subject: (Your order \S+ was delivered)/);
  expect(mailsTo(email)).toHaveLength(2);
});
