import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LabelBatch } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { labelBatchesApi } from '@/features/labels/api/label-batches-api';
import { fail, ok, orderList, serveOrderList, summary, type ApiCall } from '@/features/orders/testing';
import { OrdersListRoute } from './orders-list-route';

const { toastError, toastSuccess, toastInfo } = vi.hoisted(() => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  sessionStorage.clear();
});

const BATCHES = '/call/labelBatches';

const rows = [
  summary({ id: '1', orderStatus: 'Sales Order', paymentStatus: 'Paid' }),
  summary({ id: '2', orderStatus: 'Sales Order', paymentStatus: 'Paid' }),
  summary({ id: '3', orderStatus: 'Sales Order', paymentStatus: 'Paid' }),
];

const batch = (total: number): LabelBatch => ({
  id: '9',
  event: 'shipLabel',
  status: 'running',
  total,
  bought: 0,
  failed: 0,
  createdBy: 'admin@example.com',
  createdAt: '2026-11-25T10:00:00Z',
  finishedAt: null,
});

/** The list's server; `start` answers the batch's POST, and the banner's list of batches is empty. */
const serve = (start: (call: ApiCall) => Response) =>
  serveOrderList(orderList(rows), (call) => {
    if (call.path !== BATCHES) return undefined;
    return call.method === 'POST' ? start(call) : ok([]);
  });

const bar = () => screen.getByRole('toolbar', { name: 'Selected orders' });
/** The report above the list, found by its title. */
const report = async (title: string) => (await screen.findByText(title)).closest('[role="alert"]') as HTMLElement;

/** Ticks orders 1 and 3 and buys their labels from the bar's menu, with the keyboard as a keyboard user would. */
async function buyForOneAndThree(item: string) {
  renderRoutes([{ path: '/orders', Component: OrdersListRoute }], '/orders');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name: 'Select order SO-1001' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1003' }));
  // The bar's buttons come with their code, on the first selection if the browser was not idle before.
  (await within(bar()).findByRole('button', { name: 'Buy labels' })).focus();
  await user.keyboard('{Enter}');
  const menuItem = await screen.findByRole('menuitem', { name: item });
  menuItem.focus();
  await user.keyboard('{Enter}');
  return user;
}

describe('Buy labels for the selected orders', { timeout: 20_000 }, () => {
  it('starts the batch and says so in the report above the list, which takes the focus', async () => {
    const calls = serve(() => ok(batch(2), 202));
    const user = await buyForOneAndThree('PDF labels for the 2 selected');
    // As after the other bulk actions: the report says what happened (the bar, and its button, are gone).
    const started = await report('Buying labels for 2 orders');
    expect(started).toHaveTextContent('The bar above the list shows how far it is.');
    expect(started).toHaveFocus();
    expect(toastInfo).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST' && c.path === BATCHES).map((c) => c.body)).toEqual([
      { event: 'shipLabel', orderIds: ['1', '3'] },
    ]);
    // The labels change the orders: the selection is cleared.
    expect(screen.queryByRole('toolbar', { name: 'Selected orders' })).not.toBeInTheDocument();
    // Closed, the report hands the focus on to the list.
    await user.click(within(started).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Buying labels for 2 orders')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order list' })).toHaveFocus();
  });

  it('asks for every paid order to ship once the seller confirms it', async () => {
    const calls = serve(() => ok(batch(1), 202));
    const user = await buyForOneAndThree('ZPL labels for every paid order to ship');
    // Orders beyond the selection, with real postage: nothing is sent before the seller says so.
    const confirm = await screen.findByRole('dialog', { name: 'Buy labels for every paid order?' });
    expect(confirm).toHaveTextContent('A ZPL label will be bought for every paid order awaiting shipment');
    expect(confirm).toHaveTextContent('postage is charged to its carrier account');
    expect(confirm).toHaveTextContent('at most 5000 are bought in one batch');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST' && c.path === BATCHES)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Buy labels' }));
    expect(await report('Buying labels for 1 order')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST' && c.path === BATCHES).map((c) => c.body)).toEqual([
      { event: 'zpl', allShippable: true },
    ]);
  });

  it('buys nothing for every paid order when the seller cancels, and gives the focus back to Buy labels', async () => {
    const calls = serve(() => ok(batch(1), 202));
    const user = await buyForOneAndThree('PDF labels for every paid order to ship');
    const confirm = await screen.findByRole('dialog', { name: 'Buy labels for every paid order?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Buy labels for every paid order?' })).not.toBeInTheDocument(),
    );
    expect(within(bar()).getByRole('button', { name: 'Buy labels' })).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST' && c.path === BATCHES)).toBe(false);
  });

  it("reports the server's refusal, with the focus, and keeps the selection", async () => {
    serve(() => fail(422, 'Select at most 5000 orders', { reason: 'too_many_orders' }));
    await buyForOneAndThree('PDF labels for the 2 selected');
    const refused = await report('The label batch did not start');
    expect(refused).toHaveTextContent('Select at most 5000 orders');
    expect(refused).toHaveFocus();
    expect(toastError).not.toHaveBeenCalled();
    expect(bar()).toHaveTextContent('2 selected');
  });
});

describe('The finished label batch above the list', { timeout: 20_000 }, () => {
  const finished = (id: string): LabelBatch => ({
    ...batch(4),
    id,
    status: 'done',
    bought: 2,
    failed: 2,
    finishedAt: '2026-11-25T10:00:05Z',
  });
  const OUTCOME = 'Labels bought for 2 of 4 orders · 2 failed';
  /** The order list as a (re)loaded page would show it, once its list of batches has arrived. */
  async function openList() {
    const { store } = renderRoutes([{ path: '/orders', Component: OrdersListRoute }], '/orders');
    await screen.findByRole('checkbox', { name: 'Select order SO-1001' });
    await waitFor(() =>
      expect(labelBatchesApi.endpoints.listLabelBatches.select()(store.getState()).isSuccess).toBe(true),
    );
  }

  it('is closed for the session, hands the focus to the list, and a newer batch shows again', async () => {
    let batches = [finished('9')];
    serveOrderList(orderList(rows), (call) => (call.path === BATCHES ? ok(batches) : undefined));
    const user = userEvent.setup();
    await openList();
    const banner = (await screen.findByText(OUTCOME)).closest('[role="alert"]') as HTMLElement;
    await user.click(within(banner).getByRole('button', { name: 'Close label batch results' }));
    expect(screen.queryByText(OUTCOME)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order list' })).toHaveFocus();

    // Reloaded: that batch stays closed.
    cleanup();
    await openList();
    expect(screen.queryByText(OUTCOME)).not.toBeInTheDocument();

    // A newer batch is shown.
    cleanup();
    batches = [finished('10')];
    await openList();
    expect(await screen.findByText(OUTCOME)).toBeInTheDocument();
  });
});
