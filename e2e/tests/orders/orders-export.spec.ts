import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { OrderList } from '@shipdesk/contract';
import { apiGet, signInAt } from '../../support.ts';
import { OrdersListPage } from '../../pages/orders-list-page.ts';

/** Every order of the list's query, page after page by its cursor, as the API answers them. */
async function allOrderNumbers(page: Page, query: URLSearchParams): Promise<string[]> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  for (let pageNumber = 1; ; pageNumber += 1) {
    const q = new URLSearchParams(query);
    q.set('size', '100');
    q.set('page', String(pageNumber));
    if (cursor) q.set('cursor', cursor);
    else q.delete('cursor');
    const answer: OrderList = await apiGet<OrderList>(page, `/api/v1/orders?${q.toString()}`);
    numbers.push(...answer.rows.map((row) => row.orderNumber));
    if (!answer.nextCursor) return numbers;
    cursor = answer.nextCursor;
  }
}

test('CSV export: every order of the filter, as many as the list API counts', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAt(page, '/orders');
  const list = new OrdersListPage(page);
  // A status tab and a date range: more orders than a page holds.
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/v1/orders' && res.url().includes('Completed') && res.ok(),
  );
  await list.goto('/orders/Completed?from=2000-01-01');
  const listRequest = await answer;
  const listed = ((await listRequest.json()) as { data: OrderList }).data;
  expect(listed.totalIsEstimate).toBe(false);
  expect(listed.total).toBeGreaterThan(listed.rows.length);

  const download = page.waitForEvent('download');
  const exported = page.waitForResponse((res) => new URL(res.url()).pathname === '/call/orders/export.csv');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvAnswer = await exported;
  expect(csvAnswer.status()).toBe(200);
  expect(csvAnswer.headers()['x-total-count']).toBe(String(listed.total));
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = text.slice(1).split('\r\n');
  expect(header).toMatch(/^Order number,Channel order ID,Order date,.*,Tracking numbers$/);

  // Every order the list API pages through for the same query, once each and in its order; nothing else.
  const expected = await allOrderNumbers(page, new URL(listRequest.url()).searchParams);
  expect(expected).toHaveLength(listed.total);
  const known = new Set(expected);
  // A record starts with its order number (a line of a quoted cell's line break does not).
  const exportedNumbers = lines.map((line) => line.split(',')[0]!).filter((cell) => known.has(cell));
  expect(exportedNumbers).toEqual(expected);
  expect(lines.filter((line) => /,Completed,/.test(line))).toHaveLength(listed.total);
  await expect(page.getByText(`Exported ${listed.total.toLocaleString('en')} orders.`)).toBeVisible();
});
