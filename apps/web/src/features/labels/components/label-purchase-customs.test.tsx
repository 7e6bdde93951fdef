import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomsDraft, ShipLabelDefaults } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, type ApiCall } from '@/lib/testing/api-stub';
import { groundRate, labelFlow, labelPurchaseDialog as dialog, PARCEL_DEFAULTS, serveLabelForm } from '../testing';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

/** Two mugs and a T-shirt to Canada, prefilled from the products: $30.00 + $15.00. */
const DRAFT: CustomsDraft = {
  currency: 'USD',
  declaration: {
    contentsType: 'merchandise',
    contentsExplanation: null,
    nonDelivery: 'return',
    incoterm: 'DAP',
    invoiceNumber: 'SO-1005',
    exportFiling: 'NOEEI_30_37_a',
    aesItn: null,
    lines: [
      {
        lineId: '1',
        sku: 'MUG-1',
        title: 'Blue mug',
        description: 'Ceramic mug',
        hsCode: '6912.00',
        originCountry: 'PT',
        quantity: 2,
        value: 3000,
        weight: 680,
      },
      {
        lineId: '2',
        sku: 'TEE-M',
        title: 'T-shirt, medium',
        description: 'Cotton T-shirt',
        hsCode: null,
        originCountry: 'US',
        quantity: 1,
        value: 1500,
        weight: 200,
      },
    ],
  },
  problems: {},
};

const INTERNATIONAL: ShipLabelDefaults = { ...PARCEL_DEFAULTS, rates: [groundRate(2_450)], customs: DRAFT };

type Purchase = { label: { customs?: unknown } };
const purchases = (calls: ApiCall[]) => calls.filter((call) => call.path.endsWith('/orderFlow'));

async function open() {
  const user = userEvent.setup();
  renderWithStore(dialog());
  const form = await screen.findByRole('dialog', { name: /Buy a label/ });
  return { user, form };
}

const line = (form: HTMLElement, name: string) => within(form).getByRole('group', { name });

describe('LabelPurchaseDialog customs', { timeout: 20_000 }, () => {
  it('has no customs section for a shipment that needs none', async () => {
    serveLabelForm({ ...PARCEL_DEFAULTS, rates: [groundRate(742)] });
    const { form } = await open();
    await within(form).findByRole('button', { name: 'Buy label · $7.42' });
    expect(within(form).queryByRole('button', { name: /^Customs/ })).not.toBeInTheDocument();
  });

  it('sums up a valid draft on one closed line, opened from the keyboard', async () => {
    serveLabelForm(INTERNATIONAL);
    const { user, form } = await open();
    const summary = await within(form).findByRole('button', {
      name: /Customs: Merchandise · DAP · 2 lines · \$45\.00/,
    });
    expect(summary).toHaveAttribute('aria-expanded', 'false');

    summary.focus();
    await user.keyboard('{Enter}');
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(within(line(form, 'Line 1: MUG-1')).getByLabelText('HS code')).toHaveValue('6912.00');
    expect(within(line(form, 'Line 1: MUG-1')).getByLabelText('Value (USD)')).toHaveValue('30.00');
    expect(within(line(form, 'Line 2: TEE-M')).getByText('T-shirt, medium', { exact: false })).toBeInTheDocument();
  });

  it("opens on the draft's problems, each under its field, and a problem of the lines above them; Buy stays enabled", async () => {
    serveLabelForm({
      ...INTERNATIONAL,
      customs: {
        ...DRAFT,
        declaration: {
          ...DRAFT.declaration,
          lines: [{ ...DRAFT.declaration.lines[0]!, originCountry: '' }, DRAFT.declaration.lines[1]!],
        },
        problems: {
          'lines.0.originCountry': 'Line 1 (MUG-1): enter the country the item was made in',
          lines: "The items' net weights add up to 2 lb, more than the parcel's 1 lb 14 oz",
        },
      },
    });
    const { form } = await open();
    const summary = await within(form).findByRole('button', { name: /Customs: Merchandise/ });
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    expect(summary).toHaveTextContent('2 things to fix');

    const origin = within(line(form, 'Line 1: MUG-1')).getByLabelText('Origin');
    expect(origin).toHaveAccessibleDescription('Enter the country the item was made in');
    expect(origin).toHaveAttribute('aria-invalid', 'true');
    expect(within(line(form, 'Line 2: TEE-M')).getByLabelText('Origin')).toHaveAttribute('aria-invalid', 'false');
    expect(within(form).getByRole('alert')).toHaveTextContent("The items' net weights add up to 2 lb");
    expect(await within(form).findByRole('button', { name: 'Buy label · $24.50' })).toBeEnabled();
  });

  it('buys with the declaration as edited: the lines without SKU or title, the origin upper-cased', async () => {
    const calls = serveLabelForm(INTERNATIONAL);
    const { user, form } = await open();
    await user.click(await within(form).findByRole('button', { name: /Customs: Merchandise/ }));

    await user.click(within(form).getByRole('combobox', { name: 'Contents' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(within(form).getByLabelText('What the parcel holds'), 'Pottery samples');
    await user.click(within(form).getByRole('combobox', { name: 'Duties and taxes' }));
    await user.click(await screen.findByRole('option', { name: 'You pay duties (DDP)' }));
    const mug = line(form, 'Line 1: MUG-1');
    await user.clear(within(mug).getByLabelText('Value (USD)'));
    await user.type(within(mug).getByLabelText('Value (USD)'), '32.5');
    const tee = line(form, 'Line 2: TEE-M');
    await user.type(within(tee).getByLabelText('HS code'), '6109.10');
    await user.clear(within(tee).getByLabelText('Origin'));
    await user.type(within(tee).getByLabelText('Origin'), 'bd');
    expect(within(tee).getByLabelText('Origin')).toHaveValue('BD');
    expect(within(form).getByRole('button', { name: /Customs: Other · DDP · 2 lines · \$47\.50/ })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Buy label · $24.50' }));
    await waitFor(() => expect(purchases(calls)).toHaveLength(1));
    expect((purchases(calls)[0]!.body as Purchase).label.customs).toEqual({
      contentsType: 'other',
      contentsExplanation: 'Pottery samples',
      nonDelivery: 'return',
      incoterm: 'DDP',
      invoiceNumber: 'SO-1005',
      exportFiling: 'NOEEI_30_37_a',
      aesItn: null,
      lines: [
        {
          lineId: '1',
          description: 'Ceramic mug',
          hsCode: '6912.00',
          originCountry: 'PT',
          quantity: 2,
          value: 3250,
          weight: 680,
        },
        {
          lineId: '2',
          description: 'Cotton T-shirt',
          hsCode: '6109.10',
          originCountry: 'BD',
          quantity: 1,
          value: 1500,
          weight: 200,
        },
      ],
    });
  });

  it("shows the server's 400 on a line's HS code under that line's field, and says so at the top", async () => {
    const calls = serveLabelForm(INTERNATIONAL, (call) =>
      call.path.endsWith('/orderFlow')
        ? fail(400, 'Invalid input', {
            errors: {
              'label.customs.lines.0.hsCode': 'Line 1 (MUG-1): an HS tariff code has 6 to 10 digits (6109.10.00)',
            },
          })
        : undefined,
    );
    const { user, form } = await open();
    const summary = await within(form).findByRole('button', { name: /Customs: Merchandise/ });
    expect(summary).toHaveAttribute('aria-expanded', 'false');

    await user.click(await within(form).findByRole('button', { name: 'Buy label · $24.50' }));
    await waitFor(() => expect(purchases(calls)).toHaveLength(1));
    expect(await within(form).findByText('Customs need changes: see the fields marked below.')).toBeInTheDocument();
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    const hsCode = within(line(form, 'Line 1: MUG-1')).getByLabelText('HS code');
    expect(hsCode).toHaveAccessibleDescription('An HS tariff code has 6 to 10 digits (6109.10.00)');
    expect(within(line(form, 'Line 2: TEE-M')).getByLabelText('HS code')).toHaveAccessibleDescription('Optional');

    // Answered: the field's error goes as the seller types.
    await user.clear(hsCode);
    await user.type(hsCode, '6912.00.48');
    expect(hsCode).toHaveAccessibleDescription('Optional');
  });

  it('buys nothing while a value is not a number, and says so under it', async () => {
    const calls = serveLabelForm(INTERNATIONAL);
    const { user, form } = await open();
    await user.click(await within(form).findByRole('button', { name: /Customs: Merchandise/ }));
    const value = within(line(form, 'Line 2: TEE-M')).getByLabelText('Value (USD)');
    await user.clear(value);
    await user.type(value, 'twelve');
    await user.click(within(form).getByRole('button', { name: 'Buy label · $24.50' }));
    expect(await within(form).findByText('Enter an amount such as 12.50')).toBeInTheDocument();
    expect(purchases(calls)).toHaveLength(0);
  });

  it("keeps the seller's edits when a new parcel is quoted with the same lines", async () => {
    const calls = serveLabelForm(INTERNATIONAL, (call) => {
      if (!call.path.endsWith('/fsmFlow')) return undefined;
      const weight = Number(call.query.get('weight') ?? PARCEL_DEFAULTS.parcel.weight);
      // Each answer is a new draft, as the server's is: the same lines, prefilled again.
      return labelFlow({
        ...INTERNATIONAL,
        parcel: { ...PARCEL_DEFAULTS.parcel, weight },
        customs: structuredClone(DRAFT),
      });
    });
    const { user, form } = await open();
    await user.click(await within(form).findByRole('button', { name: /Customs: Merchandise/ }));
    const description = within(line(form, 'Line 1: MUG-1')).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Stoneware coffee mug');

    const weight = within(form).getByLabelText('Weight (lb, oz)');
    await user.clear(weight);
    await user.type(weight, '3 lb{Enter}');
    await waitFor(() => expect(calls.some((call) => call.query.get('weight') === '1361')).toBe(true));
    await within(form).findByRole('button', { name: 'Buy label · $24.50' });
    expect(within(line(form, 'Line 1: MUG-1')).getByLabelText('Description')).toHaveValue('Stoneware coffee mug');
  });
});
