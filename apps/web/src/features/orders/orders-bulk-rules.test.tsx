import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderList } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrdersPage } from './orders-page';
import { fail, ok, stubApi, summary, type ApiCall } from './testing';

const { toastError, toastSuccess, toastInfo } = vi.hoisted(() => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { info: toastInfo, success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const APPLY = '/call/shippingRules/apply';

const list: OrderList = {
  rows: [summary({ id: '1' }), summary({ id: '2' }), summary({ id: '3' })],
  page: 1,
  size: 10,
  total: 3,
  totalIsEstimate: false,
  nextCursor: null,
  prevCursor: null,
  statusCounts: { 'Draft Order': 3 },
};

function serve(apply: (call: ApiCall) => Response) {
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === APPLY) return apply(call);
    if (call.path === '/api/v1/orders') return ok(list);
    if (call.path === '/api/v1/stores') return fail(404, 'Not found');
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

async function selectOneAndThree() {
  renderRoutes([{ path: '/orders', Component: OrdersPage }], '/orders');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name: 'Select order SO-1001' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1003' }));
  return user;
}

const bar = () => screen.getByRole('toolbar', { name: 'Selected orders' });
const listGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/orders');

describe('Run shipping rules on the selected orders', { timeout: 20_000 }, () => {
  it('posts the selected ids, says how many changed and refreshes the list', async () => {
    const calls = serve(() => ok({ evaluated: 2, changed: 1 }));
    const user = await selectOneAndThree();
    await user.click(within(bar()).getByRole('button', { name: 'Run shipping rules' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Shipping rules ran on 2 orders; 1 changed'));
    expect(calls.filter((c) => c.path === APPLY).map((c) => c.body)).toEqual([{ orderIds: ['1', '3'] }]);
    await waitFor(() => expect(listGets(calls)).toHaveLength(2));
    // The orders changed under the selection (their versions too): it is cleared.
    expect(screen.queryByRole('toolbar', { name: 'Selected orders' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the selection", async () => {
    const calls = serve(() =>
      fail(409, 'The tab holds more than 10000 orders: select fewer', { reason: 'too_many_orders' }),
    );
    const user = await selectOneAndThree();
    await user.click(within(bar()).getByRole('button', { name: 'Run shipping rules' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The tab holds more than 10000 orders: select fewer'));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(bar()).toHaveTextContent('2 selected');
    expect(listGets(calls)).toHaveLength(1);
  });
});
