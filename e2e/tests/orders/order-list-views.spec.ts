import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_ORDER_LIST_PREFERENCES, type OrderList, type OrderListView } from '@shipdesk/contract';
import { accessToken, apiGet, signInAt } from '../../support.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

/** The next answer of the order list API, once the page has asked for it. */
/**
 * The next answer of the order list (`which`: the first that asks this). The list also asks again by itself once its
 * live updates connect (pushes may have been missed meanwhile), with what it showed before.
 */
function nextList(page: Page, which: (url: URL) => boolean = () => true) {
  return page
    .waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/v1/orders' && res.ok() && which(url);
    })
    .then(async (res) => ({ url: new URL(res.url()), data: ((await res.json()) as { data: OrderList }).data }));
}

/** Back to the defaults (10 rows, the default columns, no views), so the test can run again on one data folder. */
async function resetPreferences(page: Page) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  await page.request.patch('/api/v1/orderListPreferences', {
    headers,
    data: { ...DEFAULT_ORDER_LIST_PREFERENCES, hiddenColumns: [...DEFAULT_ORDER_LIST_PREFERENCES.hiddenColumns] },
  });
  for (const view of await apiGet<OrderListView[]>(page, '/api/v1/orderListViews')) {
    await page.request.delete(`/api/v1/orderListViews/${view.id}`, { headers });
  }
}

const bodyRows = (list: OrdersListPage) => list.table.locator('tbody tr[data-order-id]');

test('the page size is kept for the user: 25 rows after a reload, without it in the URL', async ({ page }) => {
  await signInAt(page, '/orders');
  await resetPreferences(page);
  const list = new OrdersListPage(page);
  let answer = nextList(page);
  await list.goto('/orders');
  expect((await answer).url.searchParams.get('size')).toBe('10');
  await expect(bodyRows(list)).toHaveCount(10);
  // This load's first requests are kept for the next one (lib/api/first-requests.ts): a new size must drop them, or
  // the reload would start the 10-row list again.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('firstRequests') ?? ''))
    .toContain('/api/v1/orders?size=10');

  answer = nextList(page);
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  const bigger = await answer;
  expect(bigger.url.searchParams.get('size')).toBe('25');
  expect(bigger.data.total).toBeGreaterThan(25);
  await expect(bodyRows(list)).toHaveCount(25);
  expect(new URL(page.url()).searchParams.has('size')).toBe(false);

  answer = nextList(page);
  await page.reload();
  expect((await answer).url.searchParams.get('size')).toBe('25');
  await expect(bodyRows(list)).toHaveCount(25);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveText('25');
  // The next page holds 25 too.
  answer = nextList(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  expect((await answer).url.searchParams.get('size')).toBe('25');
  await expect(bodyRows(list)).toHaveCount(25);
  await resetPreferences(page);
});

test('a saved view restores its filter, sort and columns', async ({ page }) => {
  await signInAt(page, '/orders');
  await resetPreferences(page);
  const list = new OrdersListPage(page);
  await list.goto('/orders');
  const headers = list.table.getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Ship to' })).toHaveCount(1);

  // A filter (unpaid orders) and a sort by total, then two columns hidden.
  let answer = nextList(page);
  await page.getByRole('combobox', { name: 'Payment' }).click();
  await page.getByRole('option', { name: 'Unpaid' }).click();
  await page.keyboard.press('Escape');
  await answer;
  answer = nextList(page);
  await list.table.getByRole('button', { name: 'Total' }).click();
  await answer;
  for (const column of ['Ship to', 'Items']) {
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('menuitemcheckbox', { name: column }).click();
    await page.keyboard.press('Escape');
  }
  await expect(headers.filter({ hasText: 'Ship to' })).toHaveCount(0);
  await expect(headers.filter({ hasText: 'Items' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'View name' }).fill('Unpaid by total');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'View: Unpaid by total' })).toBeVisible();

  // Elsewhere: another page, then the plain list with the default columns back.
  await page.goto('/dashboard');
  await page.request.patch('/api/v1/orderListPreferences', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { hiddenColumns: [...DEFAULT_ORDER_LIST_PREFERENCES.hiddenColumns] },
  });
  await list.goto('/orders');
  await expect(headers.filter({ hasText: 'Ship to' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Views' })).toBeVisible();

  // The answer in the view's order: the list's own asking again (same filters as before) may come first.
  answer = nextList(page, (url) => url.searchParams.get('order') === 'total desc');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Unpaid by total' }).click();
  const applied = await answer;
  expect(JSON.parse(applied.url.searchParams.get('filters') ?? '{}')).toEqual({ paymentStatus: 'Unpaid' });
  expect(applied.url.searchParams.get('order')).toBe('total desc');
  expect(applied.data.rows.every((row) => row.paymentStatus === 'Unpaid')).toBe(true);
  await expect(page).toHaveURL(/[?&]payment=Unpaid(&|$)/);
  await expect(page.getByRole('list', { name: 'Filters in force' }).getByText('Payment: Unpaid')).toBeVisible();
  await expect(headers.filter({ hasText: 'Ship to' })).toHaveCount(0);
  await expect(headers.filter({ hasText: 'Items' })).toHaveCount(0);
  await expect(list.table.locator('th[aria-sort="descending"]')).toHaveText(/Total/);
  await expect(page.getByRole('button', { name: 'View: Unpaid by total' })).toBeVisible();
  await resetPreferences(page);
});
