import { expect, test, type Page } from '@playwright/test';
import type { Order, SetupGuide } from '@shipdesk/contract';
import { AppShell } from '../../pages/app-shell.ts';
import { apiGet, signInAt } from '../../support.ts';

/** A full page load: the shell up, the setup guide (which opens by itself while steps are open) closed again. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await new AppShell(page).expectReady();
}

test('shipping setup: the demo USPS account tests, "Free Shipping" mapped shows USPS Ground Advantage on a demo order, the shipping steps of the setup guide complete', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAt(page, '/settings/carriers');

  // The demo's USPS account (a fake USPS in the server) answers a real authenticated test.
  const accounts = page.getByRole('table', { name: 'Carrier accounts' });
  await expect(accounts.getByText('USPS (demo)')).toBeVisible();
  await expect(accounts.getByText('Shipdesk Local')).toBeVisible();
  await accounts.getByRole('button', { name: 'Test the connection of USPS (demo)' }).click();
  await expect(page.getByText(/Connected to USPS/)).toBeVisible();

  // "Free Shipping" is asked for by demo orders and covered by no method: mapped to Standard (USPS Ground Advantage).
  await open(page, '/settings/shipping-methods');
  await page.getByRole('button', { name: 'Map to existing method: “Free Shipping”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Map “Free Shipping”' });
  await dialog.getByRole('combobox', { name: /Shipping method/ }).click();
  await page.getByRole('option', { name: 'Standard' }).click();
  await dialog.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByText('“Free Shipping” now means Standard.')).toBeVisible();
  await expect(page.getByText(/Open orders updated/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Map to existing method: “Free Shipping”' })).toHaveCount(0);

  // A demo order that asked for Free Shipping now ships USPS Ground Advantage: in the API and on its page.
  let freeShipping: Order | undefined;
  await expect
    .poll(async () => {
      const { rows } = await apiGet<{ rows: Order[] }>(page, '/api/v1/orders?size=100');
      freeShipping = rows.find(
        (o) => o.requestedShippingMethod === 'Free Shipping' && o.shipping.carrierMethod === 'USPS_GROUND_ADVANTAGE',
      );
      return Boolean(freeShipping);
    })
    .toBe(true);
  await open(page, `/orders/view/${freeShipping!.id}`);
  const shipping = page.getByRole('region', { name: 'Shipping' });
  await expect(shipping.getByText('USPS Ground Advantage')).toBeVisible();
  await expect(shipping.getByText('Standard')).toBeVisible();

  // The label type: the last shipping step; with the demo's method and mapping all three are done.
  await open(page, '/settings/labels');
  const labels = page.getByRole('form', { name: 'Label settings' });
  await labels.getByRole('radio', { name: /ZPL/ }).check();
  await labels.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Label settings saved.')).toBeVisible();
  const guide = await apiGet<SetupGuide>(page, '/call/setupGuide');
  expect(guide.steps).toMatchObject({ shippingMethod: true, carrierMapping: true, labelType: true });
});
