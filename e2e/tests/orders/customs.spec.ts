import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { Delivery, LabelBatchDetail, OrderSummary, ShipLabelDefaults } from '@shipdesk/contract';
import { OrderViewPage } from '../../pages/order-view-page.ts';
import { accessToken, apiGet, signInAt } from '../../support.ts';

/** Paid, unshipped demo-shop orders to `country` (the demo shop sells abroad too). */
async function waitingAbroad(page: Page, country: string): Promise<OrderSummary[]> {
  const rows: OrderSummary[] = [];
  for (let n = 1; n <= 4; n++) {
    rows.push(...(await apiGet<{ rows: OrderSummary[] }>(page, `/api/v1/orders?size=100&page=${n}`)).rows);
  }
  return rows.filter(
    (o) =>
      o.orderStatus === 'Sales Order' &&
      o.paymentStatus === 'Paid' &&
      o.shipmentStatus === 'Unshipped' &&
      o.storeId !== null &&
      (o.shipTo ?? '').endsWith(`, ${country}`),
  );
}

const pages = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();

async function download(page: Page, path: string): Promise<Buffer> {
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${await accessToken(page)}` } });
  expect(res.status(), path).toBe(200);
  return res.body();
}

test('customs: a Canadian order declared from its products, its CN 22 previewed and printed with the label; a UK order in a batch', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAt(page, '/orders');
  let canadian: OrderSummary | undefined;
  await expect
    .poll(async () => {
      canadian = (await waitingAbroad(page, 'CA'))[0];
      return Boolean(canadian);
    })
    .toBe(true);
  // The declaration the form starts with: every line of the parcel, with the HS codes and origins the demo shop keeps
  // on its products (Shopify inventory items) where it keeps them.
  const draft = (
    await apiGet<{ defaults: ShipLabelDefaults }>(page, `/call/orders/${canadian!.id}/shipLabel/fsmFlow?rates=false`)
  ).defaults.customs!;
  expect(draft.declaration).toMatchObject({
    contentsType: 'merchandise',
    incoterm: 'DAP',
    exportFiling: 'NOEEI_30_36',
  });
  expect(draft.declaration.lines.some((line) => line.hsCode && line.originCountry)).toBe(true);

  const view = new OrderViewPage(page);
  await view.goto(canadian!.id);
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await deliveries.getByRole('button', { name: 'Buy label' }).click();
  const dialog = page.getByRole('dialog', { name: /Buy a label/ });
  // Posted by the seller abroad: the built-in carrier's international parcel prints its own customs form.
  const abroad = dialog.getByRole('radio', { name: /International parcel \(your own postage\)/ });
  await expect(abroad).toBeVisible({ timeout: 20_000 });
  await abroad.check();
  const customs = dialog.getByRole('button', { name: /^Customs: Merchandise · DAP/ });
  await expect(customs).toBeVisible();
  if ((await customs.getAttribute('aria-expanded')) !== 'true') await customs.click();
  for (const [index, line] of draft.declaration.lines.entries()) {
    const group = dialog.getByRole('group', { name: `Line ${index + 1}: ${line.sku}` });
    await expect(group.getByLabel('Description')).toHaveValue(line.description);
    await expect(group.getByLabel('HS code')).toHaveValue(line.hsCode ?? '');
    // A product the shop keeps no origin for: the seller says it here.
    if (!line.originCountry) await group.getByLabel('Origin').fill('us');
  }
  await dialog.getByRole('button', { name: /^Buy label/ }).click();
  const preview = page.getByRole('dialog', { name: /International parcel \(your own postage\) · SDL\d+/ });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await preview.getByRole('button', { name: 'Close' }).click();

  // The delivery says what it was declared with; its CN 22 / CN 23 page is previewed beside the label.
  await expect(deliveries.getByText(/^Customs: CN 2[23] · Merchandise · DAP · \$/)).toBeVisible();
  await deliveries.getByRole('button', { name: 'Customs form' }).click();
  const form = page.getByRole('dialog', { name: /^CN 2[23] · SDL\d+/ });
  await expect(form.locator('iframe')).toBeVisible();
  await form.getByRole('button', { name: 'Close' }).click();
  const [delivery] = await apiGet<Delivery[]>(page, `/api/v1/deliveries?orderId=${canadian!.id}`);
  const label = await download(page, `/call/shipment/${delivery!.deliveryId}/shipLabel`);
  const formPdf = await download(page, `/call/shipment/${delivery!.deliveryId}/customsForms`);
  const together = await download(page, `/call/shipment/${delivery!.deliveryId}/shipLabel?withForms=true`);
  expect(await pages(together)).toBe((await pages(label)) + (await pages(formPdf)));

  // A UK order in a batch, with the batch's choices: its USPS Priority Mail International label carries the CN 23.
  let british: OrderSummary | undefined;
  for (const candidate of await waitingAbroad(page, 'GB')) {
    const defaults = (
      await apiGet<{ defaults: ShipLabelDefaults }>(page, `/call/orders/${candidate.id}/shipLabel/fsmFlow?rates=false`)
    ).defaults;
    if (
      defaults.customs &&
      Object.keys(defaults.customs.problems).length === 0 &&
      candidate.shipping.carrier === 'usps'
    ) {
      british = candidate;
      break;
    }
  }
  expect(british, 'a British demo order whose products all carry customs facts').toBeDefined();
  const token = await accessToken(page);
  const created = await page.request.post('/call/labelBatches', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      event: 'shipLabel',
      orderIds: [british!.id],
      customs: { contentsType: 'gift', nonDelivery: 'return', incoterm: 'DAP' },
    },
  });
  expect(created.status()).toBe(202);
  const batchId = ((await created.json()) as { data: { id: string } }).data.id;
  await expect
    .poll(async () => (await apiGet<LabelBatchDetail>(page, `/call/labelBatches/${batchId}`)).batch.status, {
      timeout: 60_000,
    })
    .toBe('done');
  const detail = await apiGet<LabelBatchDetail>(page, `/call/labelBatches/${batchId}`);
  expect(detail.items[0]).toMatchObject({ status: 'bought' });
  const [sent] = await apiGet<Delivery[]>(page, `/api/v1/deliveries?orderId=${british!.id}`);
  expect(sent!.label!.customs).toMatchObject({ form: expect.stringMatching(/^cn2[23]$/), contentsType: 'gift' });
  const merged = await download(page, `/call/labelBatches/${batchId}/document`);
  expect(await pages(merged)).toBeGreaterThanOrEqual(1);
});
