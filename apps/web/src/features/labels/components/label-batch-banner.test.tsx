import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabelBatch } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { LabelBatchBanner } from './label-batch-banner';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const batch = (overrides: Partial<LabelBatch> = {}): LabelBatch => ({
  id: '9',
  event: 'shipLabel',
  status: 'done',
  total: 3,
  bought: 2,
  failed: 1,
  createdBy: 'admin@example.com',
  createdAt: '2026-11-25T10:00:00Z',
  finishedAt: '2026-11-25T10:00:05Z',
  ...overrides,
});

describe('LabelBatchBanner', () => {
  it('shows a running batch as a progress bar', async () => {
    stubApi((call) =>
      call.path === '/call/labelBatches' ? ok([batch({ status: 'running', bought: 1, failed: 0 })]) : fail(404, 'x'),
    );
    renderWithStore(<LabelBatchBanner locale="en-US" />);
    expect(await screen.findByText('Buying labels: 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Label batch progress' })).toBeInTheDocument();
    // Its progress stays in view until it is done: only a finished batch can be closed.
    expect(screen.queryByRole('button', { name: 'Close label batch results' })).not.toBeInTheDocument();
  });

  it('lists the failures first with their reason and retries them', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/call/labelBatches') return ok([batch()]);
      if (call.path === '/call/labelBatches/9') {
        return ok({
          batch: batch(),
          items: [
            {
              orderId: '1',
              orderNumber: 'SO-1',
              status: 'bought',
              deliveryId: '11',
              trackingNumber: 'SDL1',
              serviceName: 'Local courier',
              amount: 0,
              currency: 'USD',
              insuredValue: null,
              signature: null,
              message: null,
            },
            {
              orderId: '3',
              orderNumber: 'SO-3',
              status: 'bought',
              deliveryId: '13',
              trackingNumber: '9400333',
              serviceName: 'Priority Mail',
              amount: 1290,
              currency: 'USD',
              insuredValue: 25_000,
              signature: 'adult',
              message: null,
            },
            {
              orderId: '2',
              orderNumber: 'SO-2',
              status: 'failed',
              deliveryId: null,
              trackingNumber: null,
              serviceName: null,
              amount: null,
              currency: null,
              insuredValue: null,
              signature: null,
              message: 'No carrier service: map “Teleport”',
            },
            {
              orderId: '4',
              orderNumber: 'SO-4',
              status: 'failed',
              deliveryId: null,
              trackingNumber: null,
              serviceName: null,
              amount: null,
              currency: null,
              insuredValue: null,
              signature: null,
              message:
                'Its lines have no weight: enter a weight for MUG-1 on the order (Items > Edit weights), or give the ' +
                'product MUG-1 a weight (Settings > Products)',
            },
          ],
        });
      }
      if (call.path === '/call/labelBatches/9/retry') return ok(batch({ status: 'running', failed: 0 }));
      return fail(404, 'x');
    });
    const user = userEvent.setup();
    renderWithStore(<LabelBatchBanner locale="en-US" />);
    expect(await screen.findByText('Labels bought for 2 of 3 orders · 1 failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Results and printing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Label batch 9' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('SO-2');
    expect(rows[1]).toHaveTextContent('No carrier service: map “Teleport”');
    // A missing weight links to the product, found, beside the order's own link.
    const unweighed = rows.find((row) => row.textContent?.includes('SO-4'))!;
    expect(within(unweighed).getByRole('link', { name: 'Weigh MUG-1 in Products' })).toHaveAttribute(
      'href',
      '/settings/products?search=MUG-1',
    );
    expect(within(unweighed).getByRole('link', { name: 'SO-4' })).toHaveAttribute('href', '/orders/view/4');
    expect(within(rows[1]!).queryByRole('link', { name: /^Weigh/ })).toBeNull();
    // A label's price says what options it includes.
    const insured = rows.find((row) => row.textContent?.includes('SO-3'))!;
    expect(insured).toHaveTextContent('$12.90incl. insurance and signature');
    expect(rows.find((row) => row.textContent?.includes('SO-1'))).not.toHaveTextContent('incl.');
    await user.click(within(dialog).getByRole('button', { name: 'Retry failed' }));
    expect(calls.some((c) => c.path === '/call/labelBatches/9/retry' && c.method === 'POST')).toBe(true);
  });
});
