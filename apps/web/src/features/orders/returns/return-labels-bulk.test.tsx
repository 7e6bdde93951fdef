import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { ReturnLabelsBulkButton } from './return-labels-bulk';
import { returnLabel } from './returns-testing';

afterEach(() => vi.unstubAllGlobals());

describe('Return labels for the selected orders', { timeout: 20_000 }, () => {
  it('asks first, then lists each order with its return or why none was made, orders as links', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.path === '/call/returnLabels'
        ? ok({
            results: [
              { orderId: '5', orderNumber: '#1001', returnLabel: returnLabel(), error: null },
              {
                orderId: '6',
                orderNumber: '#1002',
                returnLabel: null,
                error: { reason: 'invalid_status', message: 'returnLabel is not allowed for a Sales Order' },
              },
              {
                orderId: '7',
                orderNumber: '#1003',
                returnLabel: null,
                error: { reason: 'carrier_refused', message: 'USPS: the ZIP code does not match the city.' },
              },
            ],
          })
        : fail(404, 'Not Found'),
    );
    const user = userEvent.setup();
    renderWithStore(<ReturnLabelsBulkButton orderIds={['5', '6', '7']} />);
    await user.click(screen.getByRole('button', { name: 'Return labels' }));
    const confirm = await screen.findByRole('dialog', { name: 'Return labels for 3 orders?' });
    await user.click(within(confirm).getByRole('checkbox', { name: 'E-mail each label to the buyer' }));
    await user.click(within(confirm).getByRole('button', { name: 'Make return labels' }));

    const results = await screen.findByRole('dialog', { name: 'Return labels made for 1 of 3 orders' });
    expect(calls[0]!.body).toEqual({ orderIds: ['5', '6', '7'], emailBuyer: false });
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    const rows = within(results).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('#1001RMA-1001-1 · tracking 9202100');
    expect(within(rows[0]!).getByRole('link', { name: '#1001' })).toHaveAttribute('href', '/orders/view/5');
    expect(rows[1]).toHaveTextContent('Not made: nothing of it has shipped, so there is nothing to return');
    expect(rows[2]).toHaveTextContent('Not made: USPS: the ZIP code does not match the city.');
  });
});
