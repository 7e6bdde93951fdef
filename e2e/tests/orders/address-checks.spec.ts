import { expect, test } from '@playwright/test';
import type { AddressCheck, OrderSummary } from '@shipdesk/contract';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { apiGet, signInAt } from '../../support.ts';

const CORRECTED = encodeURIComponent(JSON.stringify({ addressCheck: 'corrected' }));

test('address checks: the demo USPS suggests a correction, the seller takes it, the order says verified', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAt(page, '/orders');
  // The demo's orders are checked with its USPS account as they arrive: some come back corrected (USPS's standard form).
  let corrected: OrderSummary | undefined;
  await expect
    .poll(
      async () => {
        const list = await apiGet<{ rows: OrderSummary[] }>(page, `/api/v1/orders?size=20&filters=${CORRECTED}`);
        corrected = list.rows.find((o) => o.orderStatus === 'Sales Order' || o.orderStatus === 'Draft Order');
        return Boolean(corrected);
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);
  const before = await apiGet<AddressCheck>(page, `/api/v1/orders/${corrected!.id}/addressCheck`);
  expect(before.status).toBe('corrected');
  expect(before.suggestion).not.toBeNull();

  const view = new OrderViewPage(page);
  await view.goto(corrected!.id);
  await expect(page.getByText('USPS suggests a correction')).toBeVisible();
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText('Shipping address updated.')).toBeVisible();
  await expect(page.getByText(/^Address verified by USPS/)).toBeVisible({ timeout: 30_000 });

  // The order's ship-to is now the carrier's form; the list no longer counts it among the corrections.
  const after = await apiGet<AddressCheck>(page, `/api/v1/orders/${corrected!.id}/addressCheck`);
  expect(after.status).toBe('verified');
  const still = await apiGet<{ rows: OrderSummary[] }>(page, `/api/v1/orders?size=500&filters=${CORRECTED}`);
  expect(still.rows.some((o) => o.id === corrected!.id)).toBe(false);
  await expect(view.history.getByText(/address/i).first()).toBeVisible();
});
