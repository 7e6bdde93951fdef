import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Order, OrderSummary } from '@shipdesk/contract';
import { AppShell } from '../../pages/app-shell.ts';
import { DashboardPage } from '../../pages/dashboard-page.ts';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { apiGet, signInAt } from '../../support.ts';

const HOUR = 3_600_000;

/**
 * The demo's fake USPS runs inside the product's server on SHIPDESK_DEMO_USPS_PORT (e2e/playwright.config.ts); its
 * clock is moved on the fake itself (`/_fake/clock`, packages/fakes/src/tracking/fake-clock-control.ts): the product
 * has no route for it.
 */
async function demoClock(
  request: APIRequestContext,
  change?: { advanceHours?: number; speed?: number },
): Promise<{ now: number; speed: number }> {
  const url = `http://127.0.0.1:${process.env.E2E_DEMO_USPS_PORT}/_fake/clock`;
  const res = change ? await request.post(url, { data: change }) : await request.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { now: string; speed: number };
  return { now: Date.parse(body.now), speed: body.speed };
}

/** The mails in the local outbox to `email` that name the order, by kind (their subjects, the defaults). */
function mailsAbout(email: string, orderNumber: string): { shipped: number; delivered: number } {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const texts = existsSync(outbox)
    ? readdirSync(outbox)
        .filter((f) => f.endsWith('.eml') && f.includes(email))
        .map((f) => readFileSync(join(outbox, f), 'utf8'))
    : [];
  const count = (subject: string) => texts.filter((t) => t.includes(`Subject: ${subject}`)).length;
  return {
    shipped: count(`Your order ${orderNumber} is on its way`),
    delivered: count(`Your order ${orderNumber} was delivered`),
  };
}

/** The demo store's shipped and delivered e-mails on or off, on Settings > Notifications (the page shown). */
async function demoStoreEmails(page: Page, on: boolean): Promise<void> {
  const store = page.getByRole('region', { name: 'Northloop Supply (demo)' });
  const switches = ['Shipped e-mail', 'Delivered e-mail', 'Also when the channel e-mails its buyers'];
  for (const name of switches) await store.getByLabel(name, { exact: true }).setChecked(on);
  await store.getByRole('button', { name: 'Save Northloop Supply (demo)' }).click();
  await expect(page.getByText('Saved the e-mails of Northloop Supply (demo)')).toBeVisible();
}

/** A signed-in page at `path`: the shell given longer than a check's ten seconds (the machine is shared). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByLabel('Main navigation')).toBeAttached({ timeout: 45_000 });
  await new AppShell(page).expectReady();
}

async function listFilteredBy(page: Page, option: 'In transit' | 'Delivered', orderNumber: string): Promise<void> {
  await open(page, '/orders?size=100');
  await page.getByRole('combobox', { name: 'Delivery' }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page).toHaveURL(option === 'Delivered' ? /delivery=delivered/ : /delivery=in_transit/);
  await expect(page.getByRole('link', { name: orderNumber, exact: true })).toBeVisible();
}

test('a demo USPS parcel to the door: in transit then delivered in the card, the list, the dashboard, the public page and two e-mails', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signInAt(page, '/settings/notifications');
  await demoStoreEmails(page, true);

  // A demo order of the demo shop waiting for its USPS Ground Advantage label, at home, with a buyer to e-mail.
  const rows: OrderSummary[] = [];
  for (let n = 1; n <= 4; n++) {
    rows.push(...(await apiGet<{ rows: OrderSummary[] }>(page, `/api/v1/orders?size=100&page=${n}`)).rows);
  }
  const target = rows.find(
    (o) =>
      o.orderStatus === 'Sales Order' &&
      o.paymentStatus === 'Paid' &&
      o.shipmentStatus === 'Unshipped' &&
      o.storeId !== null &&
      o.shipping.carrier === 'usps' &&
      o.shipping.carrierMethod === 'USPS_GROUND_ADVANTAGE' &&
      Boolean(o.customerEmail) &&
      (o.shipTo ?? '').endsWith(', US'),
  );
  expect(target, 'a demo order waiting for a USPS label').toBeDefined();
  const order = await apiGet<Order>(page, `/api/v1/orders/${target!.id}`);
  const buyer = {
    email: target!.customerEmail!,
    name: `${order.shippingAddress!.firstName} ${order.shippingAddress!.lastName}`,
    street: order.shippingAddress!.address1,
  };
  // The fake's magic words would send the parcel on another journey.
  expect(`${buyer.name} ${buyer.street}`).not.toMatch(/EXCEPTION|RETURNED|PICKUP|LATE/i);

  // The demo's parcels travel 120 times as fast (delivered a quarter of an hour after the sale). This one travels at
  // real pace, sold on a clock set 30 hours (and a minute) back, so that moving the clock on shows each step when the
  // test asks, and the delivery (30 hours after the sale) falls a minute before now: a delivery of today.
  const original = await demoClock(request);
  const slowed = await demoClock(request, { speed: 1 });
  try {
    await demoClock(request, { advanceHours: (Date.now() - 30 * HOUR - 60_000 - slowed.now) / HOUR });

    const view = new OrderViewPage(page);
    await open(page, `/orders/view/${target!.id}`);
    const deliveries = page.getByRole('region', { name: 'Deliveries' });
    await deliveries.getByRole('button', { name: 'Buy label' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Buy a label/ });
    // A demo order whose lines have no weight asks for the parcel's weight before any rate.
    const weight = dialog.getByRole('textbox', { name: /^Weight/ });
    await expect(weight).toBeVisible();
    if ((await weight.inputValue()) === '') {
      await weight.fill('2');
      await dialog.getByRole('button', { name: 'Update rates' }).click();
    }
    await expect(dialog.getByRole('radio', { name: /USPS Ground Advantage/ })).toBeChecked({ timeout: 45_000 });
    await dialog.getByRole('button', { name: /^Buy label · \$/ }).click();
    const preview = page.getByRole('dialog', { name: /USPS Ground Advantage · \d{22}/ });
    await expect(preview).toBeVisible({ timeout: 45_000 });
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(view.status('Shipment')).toHaveText('Shipped Complete');
    const tracking = deliveries.getByRole('region', { name: /^Tracking of delivery / });
    await expect(tracking.getByLabel('Delivery: Label created')).toBeVisible();

    // Ten hours on: accepted, then on its way between hubs.
    await demoClock(request, { advanceHours: 10 });
    await tracking.getByRole('button', { name: 'Check now' }).click();
    await expect(tracking.getByLabel('Delivery: In transit')).toBeVisible({ timeout: 45_000 });

    // The buyer's public page, opened from the card: the status, never the buyer's name or street.
    const [publicPage] = await Promise.all([
      page.waitForEvent('popup'),
      tracking.getByRole('button', { name: 'Open tracking page' }).click(),
    ]);
    await expect(publicPage).toHaveURL(/\/t\/[A-Za-z0-9_-]{22}$/);
    await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('In transit');
    const publicText = await publicPage.locator('body').innerText();
    expect(publicText).not.toContain(buyer.name);
    expect(publicText).not.toContain(buyer.street);

    await listFilteredBy(page, 'In transit', target!.orderNumber);

    // The dashboard's tile today, before the delivery.
    const dashboard = new DashboardPage(page);
    await open(page, '/dashboard?period=Today');
    await expect(dashboard.period('Today')).toHaveAttribute('aria-pressed', 'true');
    const before = await dashboard.current('Delivered On Time');

    // Twenty-one hours more: out for delivery, then delivered (30 hours after the sale).
    await demoClock(request, { advanceHours: 21 });
    await open(page, `/orders/view/${target!.id}`);
    await tracking.getByRole('button', { name: 'Check now' }).click();
    await expect(tracking.getByLabel('Delivery: Delivered')).toBeVisible({ timeout: 45_000 });
    await expect(tracking).toContainText(/Delivered \w/);

    await listFilteredBy(page, 'Delivered', target!.orderNumber);

    await expect
      .poll(
        async () => {
          await open(page, '/dashboard?period=Today');
          return dashboard.current('Delivered On Time');
        },
        { timeout: 30_000 },
      )
      .toBe(before + 1);

    await expect
      .poll(
        async () => {
          await publicPage.reload();
          return publicPage.getByRole('heading', { level: 1 }).innerText();
        },
        { timeout: 90_000, intervals: [2_000, 5_000, 10_000] },
      )
      .toBe('Delivered');
    const deliveredText = await publicPage.locator('body').innerText();
    expect(deliveredText).not.toContain(buyer.name);
    expect(deliveredText).not.toContain(buyer.street);

    // The buyer heard twice: shipped (with the page's link), then delivered; once each.
    await expect
      .poll(() => mailsAbout(buyer.email, target!.orderNumber), { timeout: 60_000 })
      .toEqual({ shipped: 1, delivered: 1 });
  } finally {
    // The demo goes on at its own pace, on the real time, for the specs after this one.
    const at = await demoClock(request);
    await demoClock(request, { speed: original.speed, advanceHours: (Date.now() - at.now) / HOUR });
  }
  await open(page, '/settings/notifications');
  await demoStoreEmails(page, false);
});
