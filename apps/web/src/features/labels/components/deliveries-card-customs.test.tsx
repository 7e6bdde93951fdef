import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoughtCustoms, ShippingLabel } from '@shipdesk/contract';
import type * as PrintOutput from '@/lib/printing/print-output';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { fullOrder } from '@/lib/testing/order-fixtures';
import { boughtLabel, delivery, labelRefused } from '../testing';
import { DeliveriesCard } from './deliveries-card';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));
const { saved } = vi.hoisted(() => ({ saved: [] as string[] }));
vi.mock('@/lib/printing/print-output', async (importOriginal) => ({
  ...(await importOriginal<typeof PrintOutput>()),
  downloadBlob: (_blob: Blob, name: string) => void saved.push(name),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  saved.length = 0;
});

/** Two lines of merchandise to Canada, $45.00, duties paid by the buyer. */
const CN23: BoughtCustoms = {
  form: 'cn23',
  hasDocument: true,
  contentsType: 'merchandise',
  incoterm: 'DAP',
  invoiceNumber: 'SO-1005',
  totalValue: 4500,
  currency: 'USD',
  lines: 2,
};

/** Delivery 7 labelled with `label`; its customs form served as a PDF. */
function serveLabelled(label: ShippingLabel): ApiCall[] {
  return stubApi((call) => {
    if (call.path === '/api/v1/deliveries') return ok([delivery({ status: 'labelled', label })]);
    if (call.path.endsWith('/fsmFlow')) return labelRefused(4);
    if (call.path === '/call/shipment/7/customsForms') {
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }
    return ok([]);
  });
}

async function labelledRow() {
  renderWithStore(<DeliveriesCard order={fullOrder({ id: '5' })} locale="en-US" />);
  const row = (await screen.findAllByRole('row'))[1]!;
  await waitFor(() => expect(row).toHaveTextContent('USPS Ground Advantage · $8.45'));
  return row;
}

describe('DeliveriesCard customs', { timeout: 20_000 }, () => {
  it("says what a label's customs declared, and opens and downloads its form", async () => {
    const calls = serveLabelled(boughtLabel({ customs: CN23 }));
    const user = userEvent.setup();
    const row = await labelledRow();
    expect(within(row).getByText('Customs: CN 23 · Merchandise · DAP · $45.00')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Customs form' }));
    const dialog = await screen.findByRole('dialog', { name: 'CN 23 · 9205590006662200704797' });
    expect(await within(dialog).findByTitle('CN 23 9205590006662200704797')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['customs-9205590006662200704797.pdf']));
    expect(calls.filter((call) => call.path === '/call/shipment/7/customsForms')).toHaveLength(2);
  });

  it('names a commercial invoice as one, and asks for a voided label by its id', async () => {
    const calls = serveLabelled(
      boughtLabel({
        status: 'voided',
        trackingPush: { status: 'not_needed', attempts: 0, message: null, pushedAt: null },
        customs: { ...CN23, form: 'commercial_invoice', incoterm: 'DDP' },
      }),
    );
    const user = userEvent.setup();
    const row = await labelledRow();
    expect(within(row).getByText('Customs: Commercial invoice · Merchandise · DDP · $45.00')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Commercial invoice' }));
    await screen.findByRole('dialog', { name: /Commercial invoice/ });
    await waitFor(() =>
      expect(
        calls.some((call) => call.path === '/call/shipment/7/customsForms' && call.query.get('labelId') === '31'),
      ).toBe(true),
    );
  });

  it('offers no form when the customs are printed on the label, and says nothing of customs without them', async () => {
    serveLabelled(boughtLabel({ customs: { ...CN23, form: 'cn22', hasDocument: false } }));
    const row = await labelledRow();
    expect(within(row).getByText('Customs: CN 22 · Merchandise · DAP · $45.00')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Customs form|Commercial invoice/ })).not.toBeInTheDocument();
  });

  it('says nothing of customs for a label that needed none', async () => {
    serveLabelled(boughtLabel());
    const row = await labelledRow();
    expect(row).not.toHaveTextContent(/customs/i);
    expect(within(row).queryByRole('button', { name: /Customs form|Commercial invoice/ })).not.toBeInTheDocument();
  });
});
