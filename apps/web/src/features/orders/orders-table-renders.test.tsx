import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { ORDERS_TABLE_COLUMNS } from './components/orders-table-columns';
import { OrdersPage } from './orders-page';
import { orderList, serveOrderList, summary } from './testing';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ROWS = ['1', '2', '3', '4', '5'].map((id) => summary({ id }));

/**
 * The order list page with five rows, and a render counter in the order number's column: each call is one render of
 * that row (its other cells render with it).
 */
async function renderList() {
  const orderNumber = ORDERS_TABLE_COLUMNS.find((column) => column.id === 'orderNumber');
  if (!orderNumber) throw new Error('no order number column');
  const render = vi.spyOn(orderNumber, 'render');
  serveOrderList(orderList(ROWS));
  const { router } = renderRoutes(
    [
      { path: '/orders', Component: OrdersPage },
      { path: '/orders/view/:id', element: <h1>Order view</h1> },
    ],
    '/orders',
  );
  // The rows are drawn through a deferred value (OrdersList): a render after the data, which a loaded machine delays.
  await screen.findByRole('link', { name: 'SO-1005' }, { timeout: 5_000 });
  const table = screen.getByRole('table', { name: 'Orders' });
  const rows = within(table)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-order-id'));
  render.mockClear();
  /** The ids of the rows rendered since the last call, each once. */
  const rendered = () => {
    const ids = new Set(render.mock.calls.map(([row]: [OrderSummary, unknown]) => row.id));
    render.mockClear();
    return [...ids].sort();
  };
  return { router, rows, rendered, user: userEvent.setup() };
}

describe('order list re-renders', { timeout: 20_000 }, () => {
  it('ticking a row renders that row again, not the others; the header counts the selection', async () => {
    const { rows, rendered, user } = await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1002' }));
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('1 selected');
    expect(rendered()).toEqual(['2']);

    await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1004' }));
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('2 selected');
    expect(rendered()).toEqual(['4']);

    await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1002' }));
    expect(rows[1]).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('1 selected');
    expect(rendered()).toEqual(['2']);
  });

  it('the keyboard renders only the rows it changes: the one toggled, the two the tab stop moves between', async () => {
    const { rows, rendered, user } = await renderList();
    // j focuses the first row, already the tab stop: nothing to render.
    await user.keyboard('j');
    expect(rows[0]).toHaveFocus();
    expect(rendered()).toEqual([]);
    await user.keyboard('x');
    expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    expect(rendered()).toEqual(['1']);
    await user.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    expect(rows[1]).toHaveAttribute('tabindex', '0');
    expect(rows[0]).toHaveAttribute('tabindex', '-1');
    expect(rendered()).toEqual(['1', '2']);
    await user.keyboard(' ');
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('2 selected');
    expect(rendered()).toEqual(['2']);
  });

  it('Home and End move the tab stop to the ends; a click on a row (not its box) opens the order', async () => {
    const { router, rows, rendered, user } = await renderList();
    act(() => rows[2]!.focus());
    expect(rendered()).toEqual(['1', '3']);
    await user.keyboard('{End}');
    expect(rows[4]).toHaveFocus();
    expect(rendered()).toEqual(['3', '5']);
    await user.keyboard('{Home}');
    expect(rows[0]).toHaveFocus();
    expect(rendered()).toEqual(['1', '5']);
    await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1004' }));
    expect(router.state.location.pathname).toBe('/orders');
    await user.click(within(rows[3]!).getByText('Austin, TX, US'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/4'));
  });
});
