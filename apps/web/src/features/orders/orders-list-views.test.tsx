import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { ORDER_LIST_COLUMNS, type OrderList, type OrderListPreferences, type OrderListView } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { ORDERS_TABLE_COLUMNS } from './components/orders-table-columns';
import { OrdersPage } from './orders-page';
import { fail, ok, stubApi, summary, type ApiCall } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

function page(overrides: Partial<OrderList> = {}): OrderList {
  return {
    rows: [summary({ id: '1' }), summary({ id: '2', orderStatus: 'Sales Order' })],
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

const savedView: OrderListView = {
  id: '7',
  name: 'Unpaid ground',
  filters: { orderStatus: 'Sales Order', paymentStatus: ['Unpaid'], requestedService: 'UPS Ground' },
  sort: 'total desc',
  hiddenColumns: ['shipTo', 'items'],
  pageSize: 25,
  density: 'compact',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

interface Server {
  preferences?: OrderListPreferences;
  views?: OrderListView[];
  list?: (call: ApiCall) => Response;
  extra?: (call: ApiCall) => Response | undefined;
}

/** A server that keeps the preferences it is sent, as the real one does. */
function serve(server: Server = {}) {
  let preferences: OrderListPreferences = server.preferences ?? {
    pageSize: 10,
    density: 'standard',
    hiddenColumns: [],
  };
  return stubApi((call) => {
    const answer = server.extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/v1/orders') return (server.list ?? (() => ok(page())))(call);
    if (call.path === '/api/v1/orderListPreferences' && call.method === 'GET') return ok(preferences);
    if (call.path === '/api/v1/orderListPreferences' && call.method === 'PATCH') {
      preferences = { ...preferences, ...(call.body as object) };
      return ok(preferences);
    }
    if (call.path === '/api/v1/orderListViews' && call.method === 'GET') return ok(server.views ?? []);
    if (call.path === '/call/orderList/requestedServices') return ok(['Express', 'UPS Ground']);
    if (call.path === '/api/v1/stores') return fail(404, 'Not found');
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/v1/orders');
const filtersOf = (call: ApiCall | undefined) => JSON.parse(call?.query.get('filters') ?? '{}');
const patches = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/api/v1/orderListPreferences' && c.method === 'PATCH').map((c) => c.body);

function renderList(url = '/orders') {
  // The list picks table or cards by the theme's breakpoints.
  const themed = <ThemeProvider theme={createTheme()}>{<OrdersPage />}</ThemeProvider>;
  const result = renderRoutes(
    [
      { path: '/orders', element: themed },
      { path: '/orders/view/:id', element: <h1>Order view</h1> },
      { path: '/orders/:filterStatus', element: themed },
    ],
    url,
  );
  return { ...result, user: userEvent.setup() };
}

const headers = async () =>
  within(await screen.findByRole('table', { name: 'Orders' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('the order list as the user keeps it', { timeout: 20_000 }, () => {
  it('declares a column for each column of the contract', () => {
    expect(ORDERS_TABLE_COLUMNS.map((c) => c.id)).toEqual([...ORDER_LIST_COLUMNS]);
  });

  it("asks the first page with the user's page size, and keeps a new size for them, not in the URL", async () => {
    const calls = serve({ preferences: { pageSize: 25, density: 'standard', hiddenColumns: [] } });
    const { router, user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(listCalls(calls).map((c) => c.query.get('size'))).toEqual(['25']);

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('size')).toBe('50'));
    expect(patches(calls)).toEqual([{ pageSize: 50 }]);
    expect(router.state.location.search).toBe('');
  });

  it('asks the first page at once with the size remembered on this browser, and follows a size changed elsewhere', async () => {
    localStorage.setItem(
      'orderListPreferences',
      JSON.stringify({ pageSize: 25, density: 'standard', hiddenColumns: [] }),
    );
    let answerPreferences!: () => void;
    const preferencesAnswered = new Promise<void>((resolve) => (answerPreferences = resolve));
    const calls = serve({
      extra: (c) =>
        c.path === '/api/v1/orderListPreferences'
          ? (preferencesAnswered.then(() =>
              ok({ pageSize: 50, density: 'standard', hiddenColumns: [] }),
            ) as unknown as Response)
          : undefined,
    });
    renderList();
    // The first page is asked while the preferences are still on their way.
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(listCalls(calls).map((c) => c.query.get('size'))).toEqual(['25']);

    // Another device changed the size: the list follows the server, and this browser remembers it.
    answerPreferences();
    await waitFor(() => expect(listCalls(calls).map((c) => c.query.get('size'))).toEqual(['25', '50']));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('orderListPreferences')!).pageSize).toBe(50));
  });

  it('waits for the server when what is remembered does not fit', async () => {
    localStorage.setItem(
      'orderListPreferences',
      JSON.stringify({ pageSize: 7, density: 'standard', hiddenColumns: [] }),
    );
    const calls = serve({ preferences: { pageSize: 25, density: 'standard', hiddenColumns: [] } });
    renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(listCalls(calls).map((c) => c.query.get('size'))).toEqual(['25']);
  });

  it('lets a link name another size without changing the user’s', async () => {
    const calls = serve();
    renderList('/orders?size=100');
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(listCalls(calls)[0]!.query.get('size')).toBe('100');
    expect(patches(calls)).toEqual([]);
  });

  it('still lists the orders (10 a page) when the preferences cannot be read', async () => {
    const calls = serve({ extra: (c) => (c.path === '/api/v1/orderListPreferences' ? fail(500, 'down') : undefined) });
    renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(listCalls(calls)[0]!.query.get('size')).toBe('10');
  });

  it('filters by payment and shipment status and requested service, shows them as chips, and removes one', async () => {
    const calls = serve();
    const { router, user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });

    await user.click(screen.getByRole('combobox', { name: 'Payment' }));
    await user.click(await screen.findByRole('option', { name: 'Unpaid' }));
    await user.click(screen.getByRole('option', { name: 'Paid Partial' }));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(filtersOf(listCalls(calls).at(-1))).toEqual({ paymentStatus: 'in@Unpaid,Paid Partial' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Shipment' }));
    await user.click(await screen.findByRole('option', { name: 'Unshipped' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1)).shipmentStatus).toBe('Unshipped'));

    const service = screen.getByRole('combobox', { name: 'Requested service' });
    await user.click(service);
    await user.click(await screen.findByRole('option', { name: 'UPS Ground' }));
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1)).requestedService).toBe('eq@UPS Ground'));
    expect(router.state.location.search).toBe('?payment=Unpaid%2CPaid+Partial&shipment=Unshipped&service=UPS+Ground');

    const chips = within(screen.getByRole('list', { name: 'Filters in force' }));
    const payment = chips.getByRole('button', { name: /Payment: Unpaid or Paid Partial/ });
    payment.focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(filtersOf(listCalls(calls).at(-1)).paymentStatus).toBeUndefined());
    expect(router.state.location.search).toBe('?shipment=Unshipped&service=UPS+Ground');
  });

  it('says which filters hide the orders and clears them all', async () => {
    serve({ list: () => ok(page({ rows: [], total: 0, statusCounts: {} })) });
    const { router, user } = renderList('/orders?payment=Unpaid&service=Express&q=ann');
    expect(await screen.findByRole('heading', { name: 'No orders match these filters' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getByText('Payment: Unpaid')).toBeInTheDocument();
    expect(within(table).getByText('Requested service: Express')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('hides a column and makes the rows compact, keeping both for the user', async () => {
    const calls = serve();
    const { user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    expect(await headers()).toContain('Ship to');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemcheckbox', { name: /Order/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Ship to' }));
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemcheckbox', { name: 'Ship to' })).toHaveAttribute('aria-checked', 'false'),
    );
    await user.keyboard('{Escape}');
    await waitFor(async () => expect(await headers()).not.toContain('Ship to'));
    expect(patches(calls)).toEqual([{ hiddenColumns: ['shipTo'] }]);

    const toggle = screen.getByRole('button', { name: 'Compact rows' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Orders' })).toHaveAttribute('data-density', 'compact'),
    );
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(patches(calls).at(-1)).toEqual({ density: 'compact' });
    // One line: the e-mail under the name is gone (it is in the name's tooltip).
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
  });

  it('saves the list as a named view, and says when the name is taken', async () => {
    let taken = true;
    const calls = serve({
      preferences: { pageSize: 10, density: 'standard', hiddenColumns: ['items'] },
      extra: (c) => {
        if (c.path !== '/api/v1/orderListViews' || c.method !== 'POST') return undefined;
        if (taken) {
          taken = false;
          return fail(409, 'A view named "Mine" exists already', {
            errors: { name: 'A view named "Mine" exists already' },
          });
        }
        return ok({ ...savedView, ...(c.body as object), id: '9' }, 201);
      },
    });
    const { user } = renderList('/orders/Sales%20Order?payment=Unpaid&sort=total+desc');
    await screen.findByRole('link', { name: 'SO-1001' });
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: /View name/ }), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('A view named "Mine" exists already')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.path === '/api/v1/orderListViews' && c.method === 'POST');
    expect(posts.at(-1)!.body).toEqual({
      name: 'Mine',
      filters: { orderStatus: 'Sales Order', paymentStatus: ['Unpaid'] },
      sort: 'total desc',
      hiddenColumns: ['items'],
      pageSize: 10,
      density: 'standard',
    });
  });

  it('applies a view: its status, filters and sort in the URL, its columns, size and density for the user', async () => {
    const calls = serve({ views: [savedView] });
    const { router, user } = renderList('/orders?q=somebody');
    await screen.findByRole('link', { name: 'SO-1001' });
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unpaid ground' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/Sales%20Order'));
    expect(router.state.location.search).toBe('?payment=Unpaid&service=UPS+Ground&sort=total+desc');
    expect(patches(calls)).toEqual([{ hiddenColumns: ['shipTo', 'items'], pageSize: 25, density: 'compact' }]);
    await waitFor(() =>
      expect(filtersOf(listCalls(calls).at(-1))).toEqual({
        orderStatus: 'Sales Order',
        paymentStatus: 'Unpaid',
        requestedService: 'eq@UPS Ground',
      }),
    );
    const last = listCalls(calls).at(-1)!;
    expect([last.query.get('size'), last.query.get('order')]).toEqual(['25', 'total desc']);
    await waitFor(async () => expect(await headers()).not.toContain('Items'));
    expect(await headers()).not.toContain('Ship to');
    // The menu names the view the list shows.
    expect(await screen.findByRole('button', { name: 'View: Unpaid ground' })).toBeInTheDocument();
  });

  it('renames and deletes a view', async () => {
    const calls = serve({
      views: [savedView],
      extra: (c) => {
        if (c.path === '/api/v1/orderListViews/7' && c.method === 'PATCH')
          return ok({ ...savedView, ...(c.body as object) });
        if (c.path === '/api/v1/orderListViews/7' && c.method === 'DELETE') return ok({ id: '7' });
        return undefined;
      },
    });
    const { user } = renderList();
    await screen.findByRole('link', { name: 'SO-1001' });
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename or delete views…' }));
    const manage = await screen.findByRole('dialog', { name: 'Your views' });
    expect(within(manage).getByText(/Status: Sales Order · Payment: Unpaid/)).toBeInTheDocument();
    await user.click(within(manage).getByRole('button', { name: 'Rename Unpaid ground' }));
    const rename = await screen.findByRole('dialog', { name: /Rename/ });
    const field = within(rename).getByRole('textbox', { name: /View name/ });
    await user.clear(field);
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await within(rename).findByText('Give the view a name')).toBeInTheDocument();
    await user.type(field, 'Ground, unpaid');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/v1/orderListViews/7')?.body).toEqual({
        name: 'Ground, unpaid',
      }),
    );

    const again = await screen.findByRole('dialog', { name: 'Your views' });
    await user.click(within(again).getByRole('button', { name: 'Delete Unpaid ground' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete view' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
