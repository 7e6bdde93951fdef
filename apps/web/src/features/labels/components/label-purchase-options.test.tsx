import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabelRate, ShipLabelDefaults } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, type ApiCall } from '@/lib/testing/api-stub';
import { groundRate, labelFlow, labelPurchaseDialog as dialog, PARCEL_DEFAULTS, serveLabelForm } from '../testing';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

/** The order's options as a rule set them: $250.00 insured, adult signature. */
const INSURED: ShipLabelDefaults = {
  ...PARCEL_DEFAULTS,
  options: { insuredValue: 25_000, insuranceProvider: 'carrier', signature: 'adult', currency: 'USD' },
  rates: [groundRate(1_207)],
};

const shippoRate = (amount: number): LabelRate => ({
  ...groundRate(amount),
  carrier: 'shippo',
  carrierAccountId: '9',
  accountName: 'Shippo',
  serviceCode: 'usps_ground_advantage',
  serviceName: 'USPS Ground Advantage (Shippo)',
  mapped: false,
});

type Purchase = { label: { options?: unknown; parcel: unknown } };
const rateCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.endsWith('/fsmFlow'));
const purchases = (calls: ApiCall[]) => calls.filter((call) => call.path.endsWith('/orderFlow'));

/**
 * Rates that price the options asked (1 cent a gram, +$2.00 a signature, +$3.00 an adult's, +1% of the insured
 * value), answering the options the server would use: the query's, else the order's (`base`).
 */
function servePricedOptions(base: ShipLabelDefaults = INSURED, extra?: (call: ApiCall) => Response | undefined) {
  return serveLabelForm(base, (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (!call.path.endsWith('/fsmFlow')) return undefined;
    const query = call.query;
    const insured = query.has('insuredValue') ? Number(query.get('insuredValue')) : (base.options.insuredValue ?? 0);
    const asked = query.get('signature');
    const signature = asked ? (asked === 'none' ? null : (asked as 'standard' | 'adult')) : base.options.signature;
    const provider = (query.get('insuranceProvider') ?? base.options.insuranceProvider) as 'carrier' | 'aggregator';
    const extraCents = (signature === 'adult' ? 300 : signature === 'standard' ? 200 : 0) + Math.round(insured / 100);
    return labelFlow({
      ...base,
      options: { insuredValue: insured || null, insuranceProvider: provider, signature, currency: 'USD' },
      rates: base.rates.map((rate) => ({ ...rate, amount: 907 + extraCents })),
    });
  });
}

async function open() {
  const user = userEvent.setup();
  renderWithStore(dialog());
  const form = await screen.findByRole('dialog', { name: /Buy a label/ });
  return { user, form };
}

describe('LabelPurchaseDialog options', () => {
  it("opens with the order's insured value in major units and its signature, priced with them", async () => {
    servePricedOptions();
    const { form } = await open();
    // 907 + 300 (adult) + 250 (1% of $250.00)
    await within(form).findByRole('button', { name: 'Buy label · $14.57' });
    expect(within(form).getByLabelText('Insured value (USD)')).toHaveValue('250.00');
    expect(within(form).getByRole('combobox', { name: 'Signature' })).toHaveTextContent(
      'Adult signature (21+, with ID)',
    );
    // No aggregator connected: whose insurance does not matter, so it is not asked.
    expect(within(form).queryByRole('combobox', { name: 'Whose insurance' })).not.toBeInTheDocument();
  });

  it('re-quotes a typed insured value once the typing pauses, and buys with the options it was quoted for', async () => {
    const calls = servePricedOptions();
    const { user, form } = await open();
    await within(form).findByRole('button', { name: 'Buy label · $14.57' });

    const insured = within(form).getByLabelText('Insured value (USD)');
    await user.clear(insured);
    await user.type(insured, '1,000');
    // Typed, not yet priced: nothing can be bought at the old price.
    expect(within(form).getByRole('button', { name: 'Buy label · updating prices…' })).toBeDisabled();
    // One quote for the value as typed once the typing paused, not one per key.
    const buy = await within(form).findByRole('button', { name: 'Buy label · $22.07' }, { timeout: 3000 });
    const asked = rateCalls(calls).filter((call) => call.query.has('insuredValue'));
    expect(asked.map((call) => call.query.get('insuredValue'))).toEqual(['100000']);
    expect(asked[0]!.query.get('signature')).toBe('adult');
    expect(asked[0]!.query.get('weight')).toBe('907');

    await user.click(buy);
    await waitFor(() => expect(purchases(calls)).toHaveLength(1));
    expect((purchases(calls)[0]!.body as Purchase).label.options).toEqual({
      insuredValue: 100_000,
      insuranceProvider: 'carrier',
      signature: 'adult',
    });
  });

  it('re-quotes at once when the signature changes, and a cleared value and no signature are sent as none', async () => {
    const calls = servePricedOptions();
    const { user, form } = await open();
    await within(form).findByRole('button', { name: 'Buy label · $14.57' });

    await user.click(within(form).getByRole('combobox', { name: 'Signature' }));
    await user.click(await screen.findByRole('option', { name: 'No signature' }));
    await within(form).findByRole('button', { name: 'Buy label · $11.57' });
    expect(rateCalls(calls).at(-1)!.query.get('signature')).toBe('none');

    await user.clear(within(form).getByLabelText('Insured value (USD)'));
    const buy = await within(form).findByRole('button', { name: 'Buy label · $9.07' }, { timeout: 3000 });
    expect(rateCalls(calls).at(-1)!.query.get('insuredValue')).toBe('0');
    await user.click(buy);
    await waitFor(() => expect(purchases(calls)).toHaveLength(1));
    expect((purchases(calls)[0]!.body as Purchase).label.options).toEqual({
      insuredValue: null,
      insuranceProvider: 'carrier',
      signature: null,
    });
  });

  it('says at the field what is wrong with a typed value, and asks no rates for it', async () => {
    const calls = servePricedOptions();
    const { user, form } = await open();
    await within(form).findByRole('button', { name: 'Buy label · $14.57' });
    const before = rateCalls(calls).length;

    await user.clear(within(form).getByLabelText('Insured value (USD)'));
    await user.type(within(form).getByLabelText('Insured value (USD)'), '12.345');
    expect(await within(form).findByText('Use at most 2 decimals', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Buy label · prices need updating' })).toBeDisabled();
    expect(rateCalls(calls)).toHaveLength(before);
    expect(purchases(calls)).toHaveLength(0);
  });

  it("asks whose insurance where Shippo quotes, and sends the aggregator's when chosen", async () => {
    const calls = servePricedOptions({ ...INSURED, rates: [{ ...shippoRate(1_207), mapped: true }] });
    const { user, form } = await open();
    await within(form).findByRole('button', { name: 'Buy label · $14.57' });

    await user.click(within(form).getByRole('combobox', { name: 'Whose insurance' }));
    await user.click(await screen.findByRole('option', { name: "Shippo's insurer (XCover)" }));
    await waitFor(() => expect(rateCalls(calls).at(-1)!.query.get('insuranceProvider')).toBe('aggregator'));
    await user.click(await within(form).findByRole('button', { name: 'Buy label · $14.57' }));
    await waitFor(() => expect(purchases(calls)).toHaveLength(1));
    expect((purchases(calls)[0]!.body as Purchase).label).toMatchObject({
      carrier: 'shippo',
      options: { insuredValue: 25_000, insuranceProvider: 'aggregator', signature: 'adult' },
    });
  });

  it('shows a service left out for the signature with its reason beside the others', async () => {
    const reason = 'Media Mail cannot carry an adult signature: USPS offers no adult signature on Media Mail';
    serveLabelForm({
      ...INSURED,
      rateErrors: [{ carrier: 'usps', carrierAccountId: '3', accountName: 'USPS', message: reason }],
    });
    const { form } = await open();
    expect(await within(form).findByText(`USPS: ${reason}`)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: /Ground Advantage/ })).toBeInTheDocument();
  });

  it("shows the carrier's refusal in its words at the top, and a value it does not insure at the field", async () => {
    const refusal = 'FedEx: SIGNATURE.OPTION.NOTALLOWED Signature option is not allowed for this service';
    let answer = fail(422, refusal, { reason: 'carrier_refused' });
    const calls = servePricedOptions(INSURED, (call) => (call.path.endsWith('/orderFlow') ? answer : undefined));
    const { user, form } = await open();
    await user.click(await within(form).findByRole('button', { name: 'Buy label · $14.57' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    // The alert comes before the form's first field.
    const box = within(form).getByLabelText('Box');
    expect(alert.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    answer = fail(400, 'Bad request', {
      errors: { 'label.options.insuredValue': 'USPS insures up to $5,000.00 per parcel' },
    });
    await user.click(within(form).getByRole('button', { name: 'Buy label · $14.57' }));
    await waitFor(() => expect(within(form).getAllByText('USPS insures up to $5,000.00 per parcel')).toHaveLength(2));
    expect(purchases(calls)).toHaveLength(2);
  });
});
