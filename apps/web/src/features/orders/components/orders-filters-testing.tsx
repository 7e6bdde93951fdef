import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { readListParams, type OrderListParams } from '../list-params';
import { OrdersFilters } from './orders-filters';

/** The filters of `/orders?<query>`, with a server that keeps no views; `onChange` gets what the seller changes. */
export function renderFilters(query = '') {
  stubApi((call) => {
    if (call.path === '/api/v1/orderListPreferences') {
      return ok({ pageSize: 10, density: 'standard', hiddenColumns: [] });
    }
    if (call.path === '/api/v1/orderListViews') return ok([]);
    return fail(404, 'Not found');
  });
  const onChange = vi.fn<(change: Partial<OrderListParams>) => void>();
  const params = readListParams(new URLSearchParams(query));
  renderRoutes(
    [{ path: '/orders', element: <OrdersFilters params={params} stores={[]} onChange={onChange} /> }],
    `/orders?${query}`,
  );
  return { onChange, user: userEvent.setup() };
}
