import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, type ConnectableStore } from '@shipdesk/contract';
import { attachRealtimeSocket, detachRealtimeSocket } from '@/lib/realtime/realtime-hub';
import { initialUserData } from '@/lib/state/user-data-slice';
import { mockFetch, renderRoutes, type RecordedRequest } from '@/lib/testing/render-with-store';
import { StoresPage } from './stores-page';
import { fail, fakeSocket, ok, store, storeList, syncRun } from './testing';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

const sockets: ReturnType<typeof fakeSocket>[] = [];
afterEach(() => {
  toastError.mockReset();
  for (const { socket } of sockets.splice(0)) detachRealtimeSocket(socket);
  vi.unstubAllGlobals();
});

interface Call extends RecordedRequest {
  path: string;
  query: URLSearchParams;
}

/** Answers by path; the list, installs and anything `extra` does not answer get sensible defaults. */
function serve(
  answers: {
    list?: (call: Call) => Response;
    installs?: ConnectableStore[];
    extra?: (call: Call) => Response | undefined;
  } = {},
) {
  const calls: Call[] = [];
  mockFetch((request) => {
    const url = new URL(request.url, 'http://localhost');
    const call: Call = { ...request, path: url.pathname, query: url.searchParams };
    calls.push(call);
    const answer = answers.extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/v1/stores' && call.method === 'GET') {
      return answers.list ? answers.list(call) : ok(storeList([store()]));
    }
    if (call.path === '/api/v1/cqConnect/stores') return ok({ rows: answers.installs ?? [] });
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
  return calls;
}

function renderPage(url = '/stores', roleId: number = Role.Admin) {
  const result = renderRoutes([{ path: '/stores', Component: StoresPage }], url, {
    userData: { ...initialUserData, user_role_id: roleId },
  });
  return { ...result, user: userEvent.setup() };
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/stores' && c.method === 'GET');

function connectSocket() {
  const socket = fakeSocket();
  attachRealtimeSocket(socket.socket);
  sockets.push(socket);
  return socket;
}

describe('StoresPage', { timeout: 20_000 }, () => {
  it('lists the stores with channel, status, last sync in the tenant zone, count and the problem alert', async () => {
    const calls = serve({
      list: () =>
        ok(
          storeList([
            store(),
            store({
              id: '2',
              name: 'eBay outlet',
              sourceType: 'Ebay',
              orderCount: 950,
              problem: 'eBay refused the refresh token: invalid_grant',
              lastSync: syncRun({ id: '91', storeId: '2', state: 'failed', error: 'invalid_grant' }),
              webhookUrl: null,
            }),
          ]),
        ),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Stores' });
    const first = (await within(table).findByText('Main Shopify')).closest('tr')!;
    expect(within(first).getByText('Shopify')).toBeInTheDocument();
    expect(within(first).getByLabelText('Status: Active')).toBeInTheDocument();
    expect(within(first).getByText('2025-01-15 12:04:05')).toBeInTheDocument();
    expect(within(first).getByText('412 orders · 3 new')).toBeInTheDocument();
    expect(within(first).getByText('12.3K')).toBeInTheDocument();

    const second = within(table).getByText('eBay outlet').closest('tr')!;
    expect(within(second).getByText('eBay')).toBeInTheDocument();
    expect(within(second).getByLabelText('Status: Needs attention')).toBeInTheDocument();
    expect(within(second).getByText('invalid_grant')).toBeInTheDocument();
    // The problem is on screen, in the row right under the store's.
    const alert = within(table).getByRole('alert');
    expect(alert).toHaveTextContent('eBay refused the refresh token: invalid_grant');
    expect(second.nextElementSibling).toContainElement(alert);

    expect(Object.fromEntries(listCalls(calls)[0]!.query)).toEqual({ size: '10', page: '1' });
    // No installs: no marketplace section.
    expect(screen.queryByRole('region', { name: 'Connect from marketplace' })).not.toBeInTheDocument();
  });

  it('keeps the page in the URL and asks the server for it', async () => {
    const calls = serve({
      list: (call) =>
        ok(storeList([store({ id: call.query.get('page') === '2' ? '11' : '1' })], { total: 12, page: 1 })),
    });
    const { router, user } = renderPage('/stores?page=2');
    await screen.findByText('11–12 of 12');
    expect(listCalls(calls)[0]!.query.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('page')).toBe('1'));
  });

  it('shows an error with a retry', async () => {
    let attempts = 0;
    serve({ list: () => (++attempts === 1 ? fail(503, 'Service Unavailable') : ok(storeList([store()]))) });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Main Shopify')).toBeInTheDocument();
  });

  it('without stores shows the channels and the BigCommerce instructions', async () => {
    serve({ list: () => ok(storeList([])) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No stores connected' })).toBeInTheDocument();
    const channels = screen.getByRole('list', { name: 'Supported channels' });
    expect(
      within(channels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wholesale', 'eBay', 'Amazon', 'BigCommerce', 'Walmart', 'Shopify', 'Magento']);
    expect(screen.getByRole('link', { name: 'How to connect BigCommerce' })).toHaveAttribute(
      'href',
      '/bc_instruction_guide',
    );
    expect(screen.getAllByRole('button', { name: 'Add store' }).length).toBeGreaterThan(0);
  });

  it('lets a Manager read the list and pull orders, but not add or edit stores', async () => {
    serve({ list: () => ok(storeList([store()])) });
    renderPage('/stores', Role.Manager);
    const row = (await screen.findByText('Main Shopify')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Pull orders from Main Shopify' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Sync log of Main Shopify' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add store' })).not.toBeInTheDocument();
  });

  it('pulls orders and shows the live progress of stores:sync, then the outcome, and refreshes the list', async () => {
    const socket = connectSocket();
    const calls = serve({
      extra: (call) =>
        call.path === '/call/store/1/pullOrders'
          ? ok(syncRun({ id: '95', state: 'queued', pages: 0, ordersSeen: 0, ordersNew: 0, startedAt: null }), 202)
          : undefined,
    });
    const { user } = renderPage();
    const row = (await screen.findByText('Main Shopify')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Pull orders from Main Shopify' }));
    expect(await screen.findByText('Waiting to start…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Pulling orders from Main Shopify' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Pull orders from Main Shopify' })).toBeDisabled();

    const running = syncRun({ id: '95', state: 'running', pages: 2, ordersSeen: 200, ordersNew: 7, finishedAt: null });
    act(() => socket.fake.fire('stores:sync', { ...running, ordersUpdated: 1 }));
    expect(
      await screen.findByText('Pulling orders… 2 pages · 200 orders seen · 7 new · 1 updated · 0 failed'),
    ).toBeInTheDocument();
    // Another store's run does not touch this row.
    act(() => socket.fake.fire('stores:sync', syncRun({ id: '96', storeId: '7', state: 'running' })));
    // An older report of the same run arriving late changes nothing.
    act(() => socket.fake.fire('stores:sync', { ...running, pages: 1, ordersSeen: 100 }));
    expect(screen.getByText(/2 pages · 200 orders seen/)).toBeInTheDocument();

    const listsBefore = listCalls(calls).length;
    act(() =>
      socket.fake.fire('stores:sync', { ...running, state: 'succeeded', pages: 3, ordersSeen: 250, ordersNew: 9 }),
    );
    expect(await screen.findByText('Pull finished: 250 orders · 9 new')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Pulling orders from Main Shopify' })).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Pull finished: 250 orders · 9 new')).not.toBeInTheDocument();
  });

  it('adds a store from the header and edits one from its row, refreshing the list after each', async () => {
    let rows = [store({ problem: 'Shopify refused the access token' })];
    const calls = serve({
      list: () => ok(storeList(rows)),
      extra: (call) => {
        if (call.method === 'POST' && call.path === '/api/v1/stores') {
          rows = [...rows, store({ id: '2', name: 'Counter sales', sourceType: 'Wholesale' })];
          return ok(rows[1], 201);
        }
        if (call.method === 'PUT' && call.path === '/api/v1/stores/1') {
          rows = [store({ name: 'Main Shopify US' })];
          return ok(rows[0]);
        }
        return undefined;
      },
    });
    const { user } = renderPage();
    await screen.findByText('Main Shopify');
    await user.click(screen.getByRole('button', { name: 'Add store' }));
    const add = await screen.findByRole('dialog', { name: 'Add store' });
    await user.type(within(add).getByRole('textbox', { name: /Name/ }), 'Counter sales');
    await user.click(within(add).getByRole('combobox', { name: /Channel/ }));
    await user.click(await screen.findByRole('option', { name: 'Wholesale' }));
    expect(within(add).getByText(/Wholesale stores need no connection/)).toBeInTheDocument();
    expect(within(add).queryByRole('button', { name: 'Test connection' })).not.toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('Counter sales')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A Wholesale store has nothing to pull.
    const wholesale = screen.getByText('Counter sales').closest('tr')!;
    expect(within(wholesale).queryByRole('button', { name: /Pull orders/ })).not.toBeInTheDocument();

    // The problem's own button opens the edit dialog too.
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Fix Main Shopify' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Main Shopify' });
    const name = within(edit).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Main Shopify US');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Main Shopify US')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('refetches the list when stores:changed arrives', async () => {
    const socket = connectSocket();
    let name = 'Main Shopify';
    serve({ list: () => ok(storeList([store({ name })])) });
    renderPage();
    await screen.findByText('Main Shopify');
    name = 'Renamed shop';
    act(() => socket.fake.fire('stores:changed', { storeId: '1' }));
    expect(await screen.findByText('Renamed shop')).toBeInTheDocument();
  });

  it('reports a pull the server refuses', async () => {
    const calls = serve({
      extra: (call) =>
        call.path === '/call/store/1/pullOrders'
          ? fail(400, 'The app was uninstalled from this store; install it again to pull orders')
          : undefined,
    });
    const { user } = renderPage();
    const row = (await screen.findByText('Main Shopify')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Pull orders from Main Shopify' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'The app was uninstalled from this store; install it again to pull orders',
      ),
    );
    expect(calls.filter((c) => c.path === '/call/store/1/pullOrders')).toHaveLength(1);
    expect(within(row).getByRole('button', { name: /Pull orders/ })).toBeEnabled();
    expect(screen.queryByRole('progressbar', { name: /Pulling orders/ })).not.toBeInTheDocument();
  });

  it('shows the sync log of a store', async () => {
    serve({
      extra: (call) =>
        call.path === '/call/store/1/syncRuns'
          ? ok({
              rows: [
                syncRun({
                  id: '92',
                  state: 'failed',
                  trigger: 'schedule',
                  error: 'Shopify answered 401: Invalid API key',
                }),
                syncRun({ id: '90' }),
              ],
            })
          : undefined,
    });
    const { user } = renderPage();
    const row = (await screen.findByText('Main Shopify')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Sync log of Main Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync log · Main Shopify' });
    const runs = await within(dialog).findByRole('table', { name: 'Sync runs of Main Shopify' });
    expect(within(runs).getByLabelText('Sync: Failed')).toBeInTheDocument();
    expect(within(runs).getByLabelText('Sync: Succeeded')).toBeInTheDocument();
    expect(within(runs).getByText('Scheduled')).toBeInTheDocument();
    expect(within(runs).getByText('Shopify answered 401: Invalid API key')).toBeInTheDocument();
    expect(within(runs).getAllByText('2025-01-15 12:04:05')).toHaveLength(2);
    expect(within(runs).getAllByText('412')).toHaveLength(2);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows marketplace installs: connected ones link to their store, the others wait', async () => {
    serve({
      installs: [
        {
          installId: '5',
          sourceType: 'Bigcommerce',
          name: 'abc123',
          externalRef: 'stores/abc123',
          installedAt: '2025-01-10T15:00:00Z',
          connectedStoreId: '1',
        },
        {
          installId: '6',
          sourceType: 'Bigcommerce',
          name: 'xyz789',
          externalRef: 'stores/xyz789',
          installedAt: '2025-01-11T15:00:00Z',
          connectedStoreId: null,
        },
      ],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Connect from marketplace' });
    const connected = within(section).getByRole('listitem', { name: 'abc123 (BigCommerce)' });
    expect(within(connected).getByText('Connected')).toBeInTheDocument();
    expect(await within(connected).findByRole('link', { name: 'Main Shopify' })).toHaveAttribute('href', '#store-1');
    const waiting = within(section).getByRole('listitem', { name: 'xyz789 (BigCommerce)' });
    expect(within(waiting).getByText('Waiting to be connected')).toBeInTheDocument();
    expect(document.getElementById('store-1')).not.toBeNull();
  });
});
