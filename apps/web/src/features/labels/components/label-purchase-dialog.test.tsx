import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writePrinterPreferences } from '@/lib/printing/printer-preferences';
import { qzTray } from '@/lib/printing/qz-tray';
import type { FakeQzLibrary } from '@/lib/testing/fake-qz-tray';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, ok } from '@/lib/testing/api-stub';
import {
  groundRate,
  labelFlow,
  labelPurchaseDialog as dialog,
  PARCEL_DEFAULTS as DEFAULTS,
  serveLabelForm,
} from '../testing';

// The app's own QZ Tray client, over a fake library with a DYMO scale holding 37.4 oz.
const qz = vi.hoisted(() => ({ library: null as FakeQzLibrary | null }));
vi.mock('qz-tray', async () => {
  const { fakeQzLibrary } = await import('@/lib/testing/fake-qz-tray');
  qz.library = fakeQzLibrary({ reports: [['03', '04', '0b', 'ff', '76', '01']] });
  return { default: qz.library.qz };
});
vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(async () => {
  vi.unstubAllGlobals();
  await qzTray.disconnect();
});

const SCALE = { vendorId: '0922', productId: '8004', name: 'DYMO M25' };

const serveRates = serveLabelForm;

describe('LabelPurchaseDialog scale', () => {
  it("fills the weight from the default scale's grams and asks for rates at that weight", async () => {
    writePrinterPreferences({ method: 'qz', scale: SCALE });
    const calls = serveRates();
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    const weight = within(form).getByLabelText('Weight (lb, oz)');
    await waitFor(() => expect(weight).toHaveValue('2 lb'));

    // 37.4 oz: 1060 g from the reading itself (not 1061 g through its rounded 2.34 lb), shown in pounds and ounces.
    await user.click(await within(form).findByRole('button', { name: 'Read scale' }));
    await waitFor(() => expect(weight).toHaveValue('2 lb 5.4 oz'));
    expect(qz.library!.claimed).toEqual([{ vendorId: '0922', productId: '8004' }]);
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/fsmFlow') && call.query.get('weight') === '1060')).toBe(true),
    );
  });

  it('shows no Read scale button without a default scale', async () => {
    writePrinterPreferences({ method: 'qz' });
    serveRates();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    await waitFor(() => expect(within(form).getByLabelText('Weight (lb, oz)')).toHaveValue('2 lb'));
    expect(within(form).queryByRole('button', { name: 'Read scale' })).not.toBeInTheDocument();
  });
});

describe('LabelPurchaseDialog units', () => {
  const ground = groundRate(742);

  it('shows pounds and ounces in imperial, and buys with the weight as stored when left alone (85 g reads 3 oz)', async () => {
    const parcel = { boxSizeId: null, packageType: null, weight: 85, length: 8.5, width: 6.25, height: 4 };
    const calls = serveRates({ ...DEFAULTS, parcel, rates: [ground] });
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    const weight = within(form).getByLabelText('Weight (lb, oz)');
    await waitFor(() => expect(weight).toHaveValue('3 oz'));
    expect(weight).toHaveAccessibleDescription('Box included');
    expect(within(form).getByLabelText('Length (in)')).toHaveValue('8.5');
    expect(within(form).getByLabelText('Width (in)')).toHaveValue('6.25');
    await waitFor(() => expect(within(form).getByRole('radio', { name: /Ground Advantage/ })).toBeChecked());

    await user.click(within(form).getByRole('button', { name: 'Buy label · $7.42' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(true));
    const purchase = calls.find((call) => call.path.endsWith('/orderFlow'))!;
    expect((purchase.body as { label: { parcel: unknown } }).label.parcel).toEqual({
      weight: 85,
      length: 8.5,
      width: 6.25,
      height: 4,
    });
  });

  it('shows grams and centimetres in metric, and sends the stored grams and inches when left alone', async () => {
    const parcel = { boxSizeId: null, packageType: null, weight: 1005, length: 8.33, width: 6.25, height: 4 };
    const warehouse = { name: 'W', address1: '1 Str.', city: 'Berlin', postalCode: '10115', country: 'DE' };
    const calls = serveLabelForm({ ...DEFAULTS, parcel, rates: [ground] }, (call) =>
      call.path === '/api/v1/configs'
        ? ok([{ key: 'warehouse_info', value: null, options: warehouse, updated_at: '2025-01-01T00:00:00Z' }])
        : undefined,
    );
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    await waitFor(() => expect(within(form).getByLabelText('Weight (kg, g)')).toHaveValue('1.005 kg'));
    expect(within(form).getByLabelText('Length (cm)')).toHaveValue('21.2');
    expect(within(form).getByLabelText('Height (cm)')).toHaveValue('10.2');
    await waitFor(() => expect(within(form).getByRole('radio', { name: /Ground Advantage/ })).toBeChecked());

    await user.click(within(form).getByRole('button', { name: 'Buy label · $7.42' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(true));
    const purchase = calls.find((call) => call.path.endsWith('/orderFlow'))!;
    expect((purchase.body as { label: { parcel: unknown } }).label.parcel).toEqual({
      weight: 1005,
      length: 8.33,
      width: 6.25,
      height: 4,
    });
  });
});

describe('LabelPurchaseDialog service', () => {
  const rate = (serviceCode: string, serviceName: string, amount: number, mapped: boolean) => ({
    ...groundRate(amount),
    serviceCode,
    serviceName,
    mapped,
  });

  it('chooses the mapped service, and none when nothing is mapped (not simply the cheapest)', async () => {
    const media = rate('media_mail', 'Media Mail', 581, false);
    const ground = rate('ground_advantage', 'Ground Advantage', 742, false);
    serveRates({ ...DEFAULTS, rates: [media, ground] });
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    await within(form).findByRole('radio', { name: /Media Mail/ });
    expect(within(form).getByRole('radio', { name: /Media Mail/ })).not.toBeChecked();
    expect(within(form).getByRole('radio', { name: /Ground Advantage/ })).not.toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Buy label' }));
    expect(await within(form).findByText('Choose a carrier service.')).toBeInTheDocument();
    cleanup();

    serveRates({ ...DEFAULTS, rates: [media, { ...ground, mapped: true }] });
    renderWithStore(dialog());
    const again = await screen.findByRole('dialog', { name: /Buy a label/ });
    await waitFor(() => expect(within(again).getByRole('radio', { name: /Ground Advantage/ })).toBeChecked());
  });
});

describe('LabelPurchaseDialog prices', () => {
  /** Rates whose price follows the weight asked (1 cent a gram), and the purchases made. */
  function servePricedRates() {
    return serveLabelForm(DEFAULTS, (call) => {
      if (call.path !== '/call/orders/5/shipLabel/fsmFlow') return undefined;
      const weight = Number(call.query.get('weight') ?? DEFAULTS.parcel.weight);
      return labelFlow({ ...DEFAULTS, parcel: { ...DEFAULTS.parcel, weight }, rates: [groundRate(weight)] });
    });
  }

  /** The form opened on those rates, once it shows the price of the weight it opened with. */
  async function openPriced() {
    const calls = servePricedRates();
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    await within(form).findByRole('button', { name: 'Buy label · $9.07' });
    return { calls, user, form, weight: within(form).getByLabelText('Weight (lb, oz)') };
  }

  it('never buys at the price of another weight: a typed weight is priced again before Buy buys', async () => {
    const { calls, user, form, weight } = await openPriced();

    await user.clear(weight);
    await user.type(weight, '20 lb');
    // Typed, not yet priced: Buy says so, cannot be pressed, and the old price is gone.
    expect(within(form).getByRole('button', { name: 'Buy label · updating prices…' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: /\$9\.07/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(false);

    // The new price arrives by itself; Buy buys the weight it was quoted for.
    await user.click(await within(form).findByRole('button', { name: 'Buy label · $90.72' }, { timeout: 3000 }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(true));
    const purchase = calls.find((call) => call.path.endsWith('/orderFlow'))!;
    expect((purchase.body as { label: { parcel: { weight: number } } }).label.parcel.weight).toBe(9072);
  });

  it('Enter in the weight asks for its price and buys nothing', async () => {
    const { calls, user, form, weight } = await openPriced();

    await user.clear(weight);
    await user.type(weight, '2000 g{Enter}');
    await within(form).findByRole('button', { name: 'Buy label · $20.00' });
    expect(calls.some((call) => call.path.endsWith('/fsmFlow') && call.query.get('weight') === '2000')).toBe(true);
    expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(false);
  });
});

describe('LabelPurchaseDialog stale prices', () => {
  const rate = groundRate;

  it("buys nothing at an earlier parcel's price when the new parcel's rates fail", async () => {
    const calls = serveLabelForm({ ...DEFAULTS, rates: [rate(907)] }, (call) =>
      call.path.endsWith('/fsmFlow') && call.query.get('weight') === '9000'
        ? fail(502, 'USPS did not answer in time')
        : undefined,
    );
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    await within(form).findByRole('button', { name: 'Buy label · $9.07' });

    await user.clear(within(form).getByLabelText('Weight (lb, oz)'));
    await user.type(within(form).getByLabelText('Weight (lb, oz)'), '9 kg');
    await waitFor(
      () =>
        expect(calls.some((call) => call.path.endsWith('/fsmFlow') && call.query.get('weight') === '9000')).toBe(true),
      { timeout: 3000 },
    );
    const buy = await within(form).findByRole('button', { name: 'Buy label · prices need updating' });
    expect(buy).toBeDisabled();
    await user.type(within(form).getByLabelText('Weight (lb, oz)'), '{Enter}');
    expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(false);
  });

  it('keeps Buy disabled while a typed size is not a parcel, and says so on the field', async () => {
    const calls = serveRates({ ...DEFAULTS, rates: [rate(907)] });
    const user = userEvent.setup();
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    await within(form).findByRole('button', { name: 'Buy label · $9.07' });

    await user.clear(within(form).getByLabelText('Length (in)'));
    expect(await within(form).findByText('Enter a length', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Buy label · prices need updating' })).toBeDisabled();
    expect(calls.some((call) => call.path.endsWith('/orderFlow'))).toBe(false);
  });
});

describe('LabelPurchaseDialog no service', () => {
  it("says why no service can take the parcel in the server's words, not the generic advice", async () => {
    const customs = 'USPS sells no signature on delivery with international mail: clear the signature for this label';
    serveRates({
      ...DEFAULTS,
      rates: [],
      rateErrors: [{ carrier: 'usps', carrierAccountId: '3', accountName: 'USPS', message: customs }],
    });
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    expect(await within(form).findByText('No carrier service can take this parcel')).toBeInTheDocument();
    expect(within(form).getByText(`USPS: ${customs}`)).toBeInTheDocument();
    expect(within(form).queryByText(/Change its size or weight/)).not.toBeInTheDocument();
  });

  it('gives the generic advice only when the server gave no reason', async () => {
    serveRates({ ...DEFAULTS, rates: [], rateErrors: [] });
    renderWithStore(dialog());
    const form = await screen.findByRole('dialog', { name: /Buy a label/ });
    expect(
      await within(form).findByText(/No carrier service can take this parcel\. Change its size/),
    ).toBeInTheDocument();
  });
});
