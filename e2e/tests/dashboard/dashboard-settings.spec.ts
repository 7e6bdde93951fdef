import { expect, test } from '@playwright/test';
import type { DashboardPeriod, QuickDashboard } from '@shipdesk/contract';
import { accessToken, apiGet, signInAt } from '../../support.ts';
import { AppShell } from '../../pages/app-shell.ts';
import { DashboardPage } from '../../pages/dashboard-page.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

test('dashboard periods and tile links; a new currency on the dashboard and the order list; an API key that works', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAt(page, '/dashboard');
  const dashboard = new DashboardPage(page);
  await dashboard.goto();

  // The demo store's orders: each period's tile shows the server's count for it (a week can reach into last month,
  // so neither period is always the larger).
  const received = async (period: DashboardPeriod) =>
    (await apiGet<QuickDashboard>(page, `/call/quickDashboard/${encodeURIComponent(period)}`)).salesCount.find(
      (count) => count.xLabels === 'Received Orders',
    )!.Current;
  await expect.poll(() => dashboard.current('Received Orders')).toBe(await received('This Week'));
  await dashboard.period('This Month').click();
  await expect(page).toHaveURL(/period=This(\+|%20)Month/);
  await expect.poll(() => dashboard.current('Received Orders')).toBe(await received('This Month'));
  expect(await received('This Month')).toBeGreaterThan(0);

  for (const [title, path] of [
    ['Received Orders', /\/orders\/Sales(%20| )Order$/],
    ['Open Orders', /\/orders\/Sales(%20| )Order$/],
    ['Shipped Orders', /\/orders\/Completed$/],
    ['Cancelled Orders', /\/orders\/Canceled$/],
  ] as const) {
    await dashboard.tile(title).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await dashboard.goto();
  }

  // Euro: saved in Settings, then a new order is in euro on the order list and in today's revenue.
  await page.goto('/settings/general');
  await new AppShell(page).expectReady();
  const currencyForm = page.getByRole('form', { name: 'Currency' });
  await currencyForm.getByRole('combobox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await currencyForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Currency saved.')).toBeVisible();

  const token = await accessToken(page);
  try {
    const created = await page.request.post('/api/v1/store/1/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        customerName: 'Elise Martin',
        lines: [{ sku: 'EU-MUG', name: 'Mug', quantity: 2, unitPrice: 1234, weight: 300 }],
        shippingAddress: {
          name: 'Elise Martin',
          address1: '3 Rue Cler',
          city: 'Paris',
          postalCode: '75007',
          country: 'FR',
        },
      },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()).data as { orderNumber: string; currency: string };
    expect(order.currency).toBe('EUR');

    const orders = new OrdersListPage(page);
    await orders.goto('/orders');
    await expect(orders.row(order.orderNumber)).toContainText('€24.68');

    await dashboard.goto('?period=Today');
    await expect(page.getByRole('region', { name: 'Sales Revenue' })).toContainText('€');
  } finally {
    // The product is shared by the whole run: later tests expect dollars.
    await page.request.post('/call/configs/createOrUpdate', {
      headers: { authorization: `Bearer ${token}` },
      data: { key: 'currency_info', options: { currencyCode: 'USD', locale: 'en' } },
    });
  }

  // The API key: created in Settings, shown once, and accepted by the API in place of a user's token.
  await page.goto('/settings/integrations');
  await new AppShell(page).expectReady();
  await page.getByRole('button', { name: /Create API key/i }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
  expect(key).toMatch(/^sdk_live_[A-Za-z0-9_-]{20,}$/);
  const withKey = await page.request.get('/api/v1/orders?size=1', { headers: { authorization: `Bearer ${key}` } });
  expect(withKey.status()).toBe(200);
  expect((await withKey.json()).data.total).toBeGreaterThan(300);
  const forged = await page.request.get('/api/v1/orders?size=1', {
    headers: { authorization: `Bearer sdk_live_${'x'.repeat(43)}` },
  });
  expect(forged.status()).toBe(401);
});
