import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrdersPage } from '../orders-page';
import { fail, ok, orderList, serveOrderList, summary, type ApiCall } from '../testing';
import { CHECK_AGAIN_PATH } from './address-check-testing';

const { toastInfo, toastError } = vi.hoisted(() => ({ toastInfo: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: vi.fn(), error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LIST = orderList([summary({ id: '1' }), summary({ id: '2' }), summary({ id: '3' })]);
const listGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/orders');
const filtersOf = (call: ApiCall | undefined) => JSON.parse(call?.query.get('filters') ?? '{}');

function renderList(url = '/orders') {
  const { router } = renderRoutes([{ path: '/orders', Component: OrdersPage }], url);
  return { router, user: userEvent.setup() };
}

describe('the orders list: address filter', { timeout: 20_000 }, () => {
  it('filters by Needs review (corrected or ambiguous), kept in the URL and shown as a chip', async () => {
    const calls = serveOrderList(LIST);
    const { router, user } = renderList();
    await user.click(await screen.findByRole('combobox', { name: 'Address' }, { timeout: 5_000 }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Any address',
      'Verified',
      'Needs review',
      'Invalid',
      'Not checked',
    ]);
    await user.click(screen.getByRole('option', { name: 'Needs review' }));
    await waitFor(() => expect(router.state.location.search).toBe('?address=review'));
    await waitFor(() => expect(filtersOf(listGets(calls).at(-1))).toEqual({ addressCheck: 'in@corrected,ambiguous' }));
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(within(chips).getByText('Address: Needs review')).toBeInTheDocument();
  });

  it('reads the filter from the URL and sends the status', async () => {
    const calls = serveOrderList(LIST);
    renderList('/orders?address=invalid');
    await screen.findByRole('link', { name: 'SO-1001' }, { timeout: 5_000 });
    expect(filtersOf(listGets(calls)[0])).toEqual({ addressCheck: 'invalid' });
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveTextContent('Invalid');
  });
});

describe('the bulk bar: Check addresses', { timeout: 20_000 }, () => {
  async function selectOneAndThree() {
    const { user } = renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select order SO-1001' }, { timeout: 5_000 }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1003' }));
    return within(screen.getByRole('toolbar', { name: 'Selected orders' }));
  }

  it('asks for the selected orders to be checked and says how many are being checked', async () => {
    const calls = serveOrderList(LIST, (call) => (call.path === CHECK_AGAIN_PATH ? ok({ queued: 2 }, 202) : undefined));
    const bar = await selectOneAndThree();
    await bar.findByRole('button', { name: 'Check addresses' });
    await userEvent.setup().click(bar.getByRole('button', { name: 'Check addresses' }));
    await waitFor(() => expect(toastInfo).toHaveBeenCalledWith('Checking 2 addresses'));
    const posts = calls.filter((c) => c.path === CHECK_AGAIN_PATH);
    expect(posts.map((c) => [c.method, c.body])).toEqual([['POST', { orderIds: ['1', '3'] }]]);
    // The orders did not change: the selection stays.
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('2 selected');
  });

  it("says the server's refusal", async () => {
    serveOrderList(LIST, (call) =>
      call.path === CHECK_AGAIN_PATH ? fail(429, 'Too many checks asked: try again in a minute') : undefined,
    );
    const bar = await selectOneAndThree();
    await userEvent.setup().click(bar.getByRole('button', { name: 'Check addresses' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Too many checks asked: try again in a minute'));
    expect(toastInfo).not.toHaveBeenCalled();
  });
});
