import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { MAX_PAGE_SIZE, type OrderList } from '@shipdesk/contract';
import type { Socket } from 'socket.io-client';
import { attachRealtimeSocket, detachRealtimeSocket } from '@/lib/realtime/realtime-hub';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrdersPage } from './orders-page';
import { fail, ok, stubApi, summary, type ApiCall } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

function page(overrides: Partial<OrderList> = {}): OrderList {
  return {
    rows: [summary({ id: '1' }), summary({ id: '2', orderStatus: 'Sales Order', version: 5 })],
    page: 1,
    size: 10,
    total: 2,
    totalIsEstimate: false,
    nextCursor: null,
    prevCursor: null,
    statusCounts: { 'Draft Order': 1, 'Sales Order': 1 },
    ...overrides,
  };
}

/** Answers the list with `list(call)`, stores with 404, configs with nothing. */
function serve(list: (call: ApiCall) => Response, extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/v1/orders') return list(call);
    if (call.path === '/api/v1/stores') return fail(404, 'Not found');
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/v1/orders');
const filtersOf = (call: ApiCall | undefined) => JSON.parse(call?.query.get('filters') ?? '{}');

function renderList(url = '/orders') {
  const result = renderRoutes(
    [
      { path: '/orders', Component: OrdersPage },
      { path: '/orders/view/:id', element: <h1>Order view</h1> },
      { path: '/orders/:filterStatus', Component: OrdersPage },
    ],
    url,
  );
  return { ...result, user: userEvent.setup() };
}

describe('OrdersPage', { timeout: 20_000 }, () => {
  it('asks for the first page and shows the rows, dates in the tenant zone and money in the currency', async () => {
    const calls = serve(() => ok(page()));
    renderList();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByRole('link', { name: 'SO-1001' })).toHaveAttribute('href', '/orders/view/1');
    const call = listCalls(calls)[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ size: '10', page: '1', hide: '0', order: 'id desc' });
    expect(within(table).getAllByText('2025-01-15 12:04:05')).toHaveLength(2);
    expect(within(table).getAllByText('$1,234.56')).toHaveLength(2);
    expect(within(table).getByLabelText('Order status: Sales Order')).toBeInTheDocument();
    const statuses = screen.getByRole('navigation', { name: 'Order status' });
    expect(within(statuses).getByRole('link', { name: /Sales Order\s*1/ })).toBeInTheDocument();
    expect(within(statuses).getByRole('link', { name: /All\s*2/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    // No stores: no store filter.
    expect(screen.queryByLabelText('Store')).not.toBeInTheDocument();
  });

  it("shows each order's channel and store under its number", async () => {
    serve(() =>
      ok(
        page({
          rows: [
            summary({ id: '1', sourceType: 'Shopify', storeId: '4', storeName: 'Berlin shop' }),
            summary({ id: '2', sourceType: 'AmazonSP', storeId: '5', storeName: 'Amazon' }),
            summary({ id: '3' }),
          ],
        }),
      ),
    );
    renderList();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const cellOf = async (orderNumber: string) =>
      (await within(table).findByRole('link', { name: orderNumber })).closest('td')!;
    expect(await cellOf('SO-1001')).toHaveTextContent('SO-1001Shopify · Berlin shop');
    // A store named like its channel is not named twice.
    expect(await cellOf('SO-1002')).toHaveTextContent(/^SO-1002Amazon$/);
    expect(await cellOf('SO-1003')).toHaveTextContent(/^SO-1003Wholesale$/);
  });

  it("shows each order's carrier service, and refetches once the server has re-resolved the open orders", async () => {
    const unmapped = summary({ id: '1', orderStatus: 'Sales Order', requestedShippingMethod: 'Free Shipping' });
    let rows = [unmapped];
    const calls = serve(() => ok(page({ rows, total: 1 })));
    const socket = { on: vi.fn(), off: vi.fn() };
    attachRealtimeSocket(socket as unknown as Socket);
    try {
      renderList();
      const table = await screen.findByRole('table', { name: 'Orders' });
      const link = await within(table).findByRole('link', { name: /^Unmapped/ });
      expect(link).toHaveAttribute('href', '/settings/shipping-methods');
      // The rows are one tab stop: the chip is reached with the mouse, or from the order view.
      expect(link).toHaveAttribute('tabindex', '-1');

      rows = [
        {
          ...unmapped,
          shipping: {
            shipMethod: { id: '9', name: 'Free Shipping' },
            carrier: 'usps',
            carrierMethod: 'USPS_GROUND_ADVANTAGE',
            carrierMethodName: 'USPS Ground Advantage',
            packageType: null,
            chosenByUser: false,
          },
        },
      ];
      const push = socket.on.mock.calls.find(([event]) => event === 'shipping:resolution')![1] as (
        payload: unknown,
      ) => void;
      push({ state: 'running', done: 1, total: 2 });
      push({ state: 'done', done: 2, total: 2 });
      expect(await within(table).findByText('USPS Ground Advantage')).toBeInTheDocument();
      expect(within(table).queryByRole('link', { name: /^Unmapped/ })).not.toBeInTheDocument();
      expect(listCalls(calls)).toHaveLength(2);
    } finally {
      detachRealtimeSocket(socket as unknown as Socket);
    }
  });

  it('asks for the rows again when the socket reconnects (pushes sent while it was down are not replayed)', async () => {
    let rows = [summary({ id: '1', orderNumber: 'SO-1001' })];
    const calls = serve(() => ok(page({ rows, total: rows.length })));
    const socket = { on: vi.fn(), off: vi.fn(), connected: false };
    attachRealtimeSocket(socket as unknown as Socket);
    try {
      renderList();
      const table = await screen.findByRole('table', { name: 'Orders' });
      await within(table).findByRole('link', { name: 'SO-1001' });
      rows = [...rows, summary({ id: '2', orderNumber: 'SO-1002' })];
      const connected = socket.on.mock.calls.find(([event]) => event === 'connect')![1] as () => void;
      // The first connection of a page that changed nothing comes just after its data: nothing is asked again.
      act(() => connected());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(listCalls(calls)).toHaveLength(1);
      act(() => connected());
      expect(await within(table).findByRole('link', { name: 'SO-1002' })).toBeInTheDocument();
      expect(listCalls(calls)).toHaveLength(2);
    } finally {
      detachRealtimeSocket(socket as unknown as Socket);
    }
  });

  it('keeps the search in the URL and sends it as the search filter', async () => {
    const calls = serve(() => ok(page()));
    const { router, user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    // The server matches the start of any word of the order: names, e-mail, number, SKU, tracking, city, postcode.
    expect(box).toHaveAttribute('placeholder', 'Name, e-mail, order, SKU, tracking…');
    expect(box).toHaveAttribute('title', expect.stringContaining('a city or postcode'));
    await user.type(box, 'ann');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ann'));
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1))).toEqual({ search: 'like@ann' }));
  });

  it('restores filters, sort and size from the URL', async () => {
    const calls = serve(() => ok(page()));
    renderList('/orders?q=mug&from=2025-01-01&to=2025-01-31&sort=total+asc&size=25');
    await screen.findByRole('link', { name: 'SO-1001' });
    const call = listCalls(calls)[0]!;
    expect(call.query.get('order')).toBe('total asc');
    expect(call.query.get('size')).toBe('25');
    expect(filtersOf(call)).toEqual({ search: 'like@mug', orderDate: 'between@2025-01-01,2025-01-31' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('mug');
  });

  it("pages with the server's cursors and keeps them in the URL", async () => {
    const calls = serve((call) =>
      call.query.get('page') === '2'
        ? ok(page({ page: 2, rows: [summary({ id: '3' })], nextCursor: null, prevCursor: 'p1', total: 11 }))
        : ok(page({ nextCursor: 'n2', total: 11 })),
    );
    const { router, user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'SO-1003' });
    expect(router.state.location.search).toBe('?page=2&cursor=n2');
    const second = listCalls(calls).at(-1)!;
    expect(second.query.get('cursor')).toBe('n2');
    expect(second.query.get('page')).toBe('2');
    expect(screen.getByText('11–11 of 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows an estimated total as about N and estimated counts with ~', async () => {
    serve(() =>
      ok(page({ total: 125_000, totalIsEstimate: true, nextCursor: 'n2', statusCounts: { Completed: 120_000 } })),
    );
    renderList();
    expect(await screen.findByText('1–2 of about 125.0K')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Completed\s*~120.0K/ })).toBeInTheDocument();
  });

  it('switches status with the tabs (the path segment) and filters by it', async () => {
    const calls = serve(() => ok(page()));
    const { router, user } = renderList('/orders?q=ann&page=2&cursor=x');
    await screen.findByRole('link', { name: 'SO-1001' });
    await user.click(screen.getByRole('link', { name: /^Completed\s*\d+$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/Completed'));
    expect(router.state.location.search).toBe('?q=ann');
    await waitFor(() =>
      expect(filtersOf(listCalls(calls).at(-1))).toEqual({ orderStatus: 'Completed', search: 'like@ann' }),
    );
    expect(screen.getByRole('link', { name: /^Completed\s*\d+$/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /^All\s*\d+$/ })).not.toHaveAttribute('aria-current');
  });

  it('moves between rows with the arrow keys, selects with Space and opens with Enter', async () => {
    serve(() => ok(page()));
    const { router, user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    const rows = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-order-id'));
    rows[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('1 selected');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/1'));
  });

  it('approves the selected drafts with their versions and reports what failed and why', async () => {
    const rows = [
      summary({ id: '1', version: 3 }),
      summary({ id: '2', orderStatus: 'Sales Order' }),
      summary({ id: '3', version: 7 }),
    ];
    const calls = serve(
      () => ok(page({ rows, total: 3 })),
      (call) => {
        if (call.path === '/call/orders/1/approve/orderFlow') return ok({ order: {}, createdOrderId: null });
        if (call.path === '/call/orders/3/approve/orderFlow') {
          return fail(409, 'The shipping address lacks: postal code, state', {
            reason: 'incomplete_shipping_address',
          });
        }
        return undefined;
      },
    );
    const { user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5_000 }));
    const report = await screen.findByText('Approved 1 of 3 orders');
    const alert = report.closest('[role="alert"]') as HTMLElement;
    // Each order not approved, by number (a link to the order, to fix it) and with its own reason.
    const failures = within(within(alert).getByRole('list', { name: 'Orders not approved' })).getAllByRole('listitem');
    expect(failures.map((item) => item.textContent)).toEqual([
      'SO-1002: is a Sales Order, not a draft',
      'SO-1003: The shipping address lacks: postal code, state',
    ]);
    expect(within(failures[1]!).getByRole('link', { name: 'SO-1003' })).toHaveAttribute('href', '/orders/view/3');
    const approvals = calls.filter((c) => c.path.endsWith('/approve/orderFlow'));
    expect(approvals.map((c) => [c.path, c.body])).toEqual(
      expect.arrayContaining([
        ['/call/orders/1/approve/orderFlow', { version: 3 }],
        ['/call/orders/3/approve/orderFlow', { version: 7 }],
      ]),
    );
    expect(approvals).toHaveLength(2);
    expect(approvals[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The failed ones stay selected for another try; the report takes the focus from the Approve button.
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('2 selected');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('offers adding an order or connecting a store when there are no orders at all', async () => {
    serve(() => ok(page({ rows: [], total: 0, statusCounts: {} })));
    renderList();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add order' }).at(-1)).toHaveAttribute('href', '/orders/add');
    expect(screen.getByRole('link', { name: 'Connect a store' })).toHaveAttribute('href', '/stores');
  });

  it('says when nothing matches the filters, and clears them', async () => {
    serve(() => ok(page({ rows: [], total: 0, statusCounts: {} })));
    const { router, user } = renderList('/orders?q=zzz');
    expect(await screen.findByRole('heading', { name: 'No orders match these filters' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a failure with a retry', async () => {
    let attempts = 0;
    serve(() => (++attempts === 1 ? fail(500, 'Database unavailable') : ok(page())));
    const { user } = renderList();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'SO-1001' })).toBeInTheDocument();
  });

  it('offers the store filter when stores exist, every store in one page', async () => {
    const stores = { rows: [{ id: '4', name: 'Main shop' }], page: 1, size: MAX_PAGE_SIZE, total: 1 };
    const calls = serve(
      () => ok(page()),
      (call) => (call.path === '/api/v1/stores' ? ok(stores) : undefined),
    );
    const { user, router } = renderList();
    await user.click(await screen.findByRole('combobox', { name: 'Store' }));
    await user.click(await screen.findByRole('option', { name: 'Main shop' }));
    await waitFor(() => expect(router.state.location.search).toBe('?store=4'));
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1))).toEqual({ storeId: '4' }));
    expect(calls.find((c) => c.path === '/api/v1/stores')?.query.get('size')).toBe(String(MAX_PAGE_SIZE));
  });

  it('warns about a status that does not exist', async () => {
    serve(() => ok(page()));
    renderList('/orders/Bogus');
    expect(await screen.findByRole('alert')).toHaveTextContent('‘Bogus’ is not an order status. Show all orders');
  });
});
