import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { readListParams, type OrderListParams } from '../list-params';
import { OrdersFilters } from './orders-filters';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFilters(query: string) {
  stubApi((call) => {
    if (call.path === '/api/v1/orderListPreferences') {
      return ok({ pageSize: 10, density: 'standard', hiddenColumns: [] });
    }
    if (call.path === '/api/v1/orderListViews') return ok([]);
    return fail(404, 'Not found');
  });
  const onChange = vi.fn<(change: Partial<OrderListParams>) => void>();
  renderRoutes(
    [
      {
        path: '/orders',
        element: <OrdersFilters params={readListParams(new URLSearchParams(query))} stores={[]} onChange={onChange} />,
      },
    ],
    `/orders?${query}`,
  );
  return { onChange, user: userEvent.setup() };
}

describe('the filters in force on first use', { timeout: 20_000 }, () => {
  it('draws look-alike chips until their code is there, then chips that Delete removes', async () => {
    const { onChange, user } = renderFilters('payment=Unpaid&service=Express');
    const list = screen.getByRole('list', { name: 'Filters in force' });
    // First drawn without MUI's chips: the words, nothing to press yet.
    expect(list).toHaveTextContent('Payment: Unpaid');
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();

    const payment = await within(list).findByRole('button', { name: /^Payment: Unpaid\. Press Delete/ });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    payment.focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ paymentStatus: [] }));
  });
});
