import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Socket } from 'socket.io-client';
import { attachRealtimeSocket, detachRealtimeSocket } from '@/lib/realtime/realtime-hub';
import { mockFetch, renderRoutes, type RecordedRequest } from '@/lib/testing/render-with-store';
import { DashboardPage, describeRange, parsePeriod } from './dashboard-page';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: vi.fn(), info: vi.fn() } }));

const FAILURE = 'Failed to get dashboard statistics.';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { code: 200, success: true, data });
const fail = (status: number, message: string) => json(status, { code: status, success: false, message });

const salesCount = [
  { xLabels: 'Received Orders', Current: 1500, Previous: 1200, Percentage: 25 },
  { xLabels: 'Open Orders', Current: 2_345_678, Previous: 999, Percentage: 234_700.5 },
  { xLabels: 'Shipped Orders', Current: 40, Previous: 50, Percentage: -20 },
  { xLabels: 'Cancelled Orders', Current: 3, Previous: 3, Percentage: 0 },
];
const deliveryCounts = [
  { xLabels: 'Delivered On Time', Current: 1200, Previous: 1000, Percentage: 20 },
  { xLabels: 'Delivered Late', Current: 3, Previous: 1, Percentage: 200 },
  { xLabels: 'Exceptions', Current: 0, Previous: 2, Percentage: -100 },
];
const salesByDate = { Categories: ['Mon', 'Tue'], Previous: [10000, 0], Current: [123456, 5] };
const salesByChannel = [
  { id: 's1', label: 'Shopify', value: 90000 },
  { id: 's2', label: 'eBay', value: 10000 },
];
const range = {
  from: '2026-03-09T04:00:00.000Z',
  to: '2026-03-16T04:00:00.000Z',
  previousFrom: '2026-03-02T05:00:00.000Z',
  previousTo: '2026-03-09T04:00:00.000Z',
};

const comparedWith = {
  from: '2026-03-02T05:00:00.000Z',
  to: '2026-03-04T19:00:00.000Z',
  label: 'Mon–Wed 14:00 last week',
};

function statistics(overrides: Record<string, unknown> = {}) {
  return {
    period: 'This Week',
    timeZone: 'America/New_York',
    currency: 'USD',
    range,
    comparedWith,
    salesCount,
    deliveryCounts,
    salesByDate,
    salesByChannel,
    ...overrides,
  };
}

type Answer = (request: RecordedRequest) => Response | undefined;

/** The order list's answer the "Orders on Terms" card reads its total from. */
let termsList = { rows: [], page: 1, size: 1, total: 0, totalIsEstimate: false, nextCursor: null, prevCursor: null };

/** Answers the two dashboard calls with `quick` / `full` and the configs with currency_info. */
function serve({ quick, full }: { quick: Answer; full: Answer }) {
  return mockFetch((request) => {
    const path = decodeURIComponent(request.url.split('?')[0] ?? '');
    if (path.startsWith('/call/quickDashboard/')) return quick(request) ?? fail(500, 'no answer');
    if (path.startsWith('/call/dashboard/')) return full(request) ?? fail(500, 'no answer');
    if (path === '/api/v1/configs') return ok([]);
    if (path === '/api/v1/orders') return ok(termsList);
    return fail(404, `unexpected ${request.method} ${path}`);
  });
}

const serveAll = (data: Record<string, unknown>) => serve({ quick: () => ok(data), full: () => ok(data) });

function renderDashboard(url = '/dashboard') {
  const result = renderRoutes(
    [
      { path: '/dashboard', Component: DashboardPage },
      { path: '/orders/:filterStatus', element: <h1>Order list</h1> },
    ],
    url,
  );
  return { ...result, user: userEvent.setup() };
}

const tile = (name: string) => screen.getByRole('region', { name });
const figure = (name: string, term: string) => {
  const terms = within(tile(name)).getAllByRole('term');
  const index = terms.findIndex((t) => t.textContent === term);
  return within(tile(name)).getAllByRole('definition')[index]!;
};
const tableRows = (caption: RegExp) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

async function loaded() {
  await waitFor(() => expect(figure('Received Orders', 'Current')).toHaveTextContent('1.5K'));
  await screen.findByRole('cell', { name: '$1,234.56' });
}

beforeEach(() => {
  toastError.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', { timeout: 20_000 }, () => {
  it('counts the orders on Terms and links to their list', async () => {
    termsList = { ...termsList, total: 3 };
    const requests = serveAll(statistics());
    renderDashboard();
    await loaded();
    const card = screen.getByRole('region', { name: 'Orders on Terms' });
    const link = await within(card).findByRole('link', { name: '3 orders on Terms' });
    expect(link).toHaveAttribute('href', '/orders?payment=Terms');
    const asked = requests.find((r) => r.url.startsWith('/api/v1/orders?'))!;
    const filters = JSON.parse(new URLSearchParams(asked.url.split('?')[1]).get('filters')!);
    expect(filters).toEqual({ paymentStatus: 'Terms', orderStatus: 'in@Draft Order,Sales Order,Completed' });
    termsList = { ...termsList, total: 0 };
  });

  it('shows the parcel tiles with their previous figures, linking late and held parcels to their lists', async () => {
    serveAll(statistics());
    renderDashboard();
    await loaded();
    const group = screen.getByRole('group', { name: 'Deliveries' });
    expect(
      within(group)
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-labelledby')),
    ).toHaveLength(3);
    expect(figure('Delivered On Time', 'Current')).toHaveTextContent('1.2K');
    expect(figure('Delivered On Time', 'Previous')).toHaveTextContent('1000');
    expect(figure('Delivered Late', 'Current')).toHaveTextContent(/^3$/);
    expect(figure('Delivered Late', 'Previous')).toHaveTextContent(/^1$/);
    expect(figure('Exceptions', 'Current')).toHaveTextContent(/^0$/);
    const link = (name: string) => within(tile(name)).getByRole('link', { name });
    expect(link('Exceptions')).toHaveAttribute('href', '/problems');
    expect(link('Delivered Late')).toHaveAttribute('href', '/orders?delivery=delivered');
  });

  it('says so when no order is on Terms', async () => {
    serveAll(statistics());
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Orders on Terms' });
    expect(await within(card).findByText(/No order is on payment terms/)).toBeInTheDocument();
  });

  it("defaults the 'Filter By' toggle to This Week and asks both calls for it", async () => {
    const requests = serveAll(statistics());
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Filter By' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    await loaded();
    const urls = requests.map((r) => r.url);
    expect(urls).toContain('/call/quickDashboard/This%20Week');
    expect(urls).toContain('/call/dashboard/This%20Week');
  });

  it('keeps the chosen period in the URL, asks for it, and does not allow deselecting', async () => {
    const requests = serveAll(statistics());
    const { router, user } = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    expect(router.state.location.search).toBe('?period=This+Month');
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/call/quickDashboard/This%20Month'));
    expect(requests.map((r) => r.url)).toContain('/call/dashboard/This%20Month');
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    expect(screen.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'This Week' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows already parsed datasets: tiles with K/M counts, revenue in the currency, channel shares', async () => {
    serveAll(statistics());
    renderDashboard();
    await loaded();
    expect(figure('Received Orders', 'Current')).toHaveTextContent('1.5K');
    expect(within(figure('Received Orders', 'Current')).getByTitle('1,500')).toBeInTheDocument();
    expect(figure('Received Orders', 'Previous')).toHaveTextContent('1.2K');
    expect(figure('Received Orders', 'Change')).toHaveTextContent('Up 25% compared with Mon–Wed 14:00 last week');
    expect(figure('Open Orders', 'Current')).toHaveTextContent('2.3M');
    // 999 is not above 1000: shown as is.
    expect(figure('Open Orders', 'Previous')).toHaveTextContent(/^999$/);
    expect(figure('Shipped Orders', 'Change')).toHaveTextContent('Down 20% compared with Mon–Wed 14:00 last week');
    expect(figure('Cancelled Orders', 'Change')).toHaveTextContent('No change compared with Mon–Wed 14:00 last week');
    expect(tableRows(/^Sales Revenue in USD/)).toEqual([
      ['Mon', '$100.00', '$1,234.56'],
      ['Tue', '$0.00', '$0.05'],
    ]);
    expect(tableRows(/^Sales By Channel in USD/)).toEqual([
      ['Shopify', '$900.00', '90%'],
      ['eBay', '$100.00', '10%'],
    ]);
    expect(screen.getByText('2026-03-09 – 2026-03-15, compared with 2026-03-02 – 2026-03-08 (America/New_York)'));
  });

  it('shows the same figures when the three datasets arrive as JSON strings', async () => {
    serveAll(
      statistics({
        salesCount: JSON.stringify(salesCount),
        salesByDate: JSON.stringify(salesByDate),
        salesByChannel: JSON.stringify(salesByChannel),
      }),
    );
    renderDashboard();
    await loaded();
    expect(figure('Open Orders', 'Current')).toHaveTextContent('2.3M');
    expect(tableRows(/^Sales Revenue/)).toEqual([
      ['Mon', '$100.00', '$1,234.56'],
      ['Tue', '$0.00', '$0.05'],
    ]);
    expect(tableRows(/^Sales By Channel/)).toHaveLength(2);
  });

  it('reads an unparseable string as an empty list: dashes on the tiles, the empty period on the charts', async () => {
    serveAll(statistics({ salesCount: '[{"xLabels":', salesByDate: 'not json', salesByChannel: '{oops' }));
    renderDashboard();
    await waitFor(() => expect(screen.getAllByText('No orders in this period')).toHaveLength(2));
    expect(figure('Received Orders', 'Current')).toHaveTextContent('—');
    expect(figure('Received Orders', 'Change')).toHaveTextContent('nothing to compare with');
    expect(tableRows(/^Sales Revenue/)).toEqual([]);
    expect(tableRows(/^Sales By Channel/)).toEqual([]);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says under the tiles what Previous covers: the same part of the previous period', async () => {
    serveAll(statistics());
    renderDashboard();
    await loaded();
    expect(screen.getByText('Previous: Mon–Wed 14:00 last week, the same part of the week so far')).toBeVisible();
  });

  it('falls back to "the previous period" when the answer names no span', async () => {
    serveAll(statistics({ comparedWith: undefined }));
    renderDashboard();
    await loaded();
    expect(figure('Received Orders', 'Change')).toHaveTextContent('Up 25% on the previous period');
    expect(screen.queryByText(/^Previous: /)).not.toBeInTheDocument();
  });

  it('defines Open Orders in a caption and a tooltip a keyboard reaches, and tells it from the Sales Order tab', async () => {
    serveAll(statistics());
    const { user } = renderDashboard();
    await loaded();
    const open = tile('Open Orders');
    expect(open).toHaveAccessibleDescription('Placed in this period, not yet shipped');
    within(open).getByRole('link', { name: 'Open Orders' }).focus();
    await user.tab();
    const info = within(open).getByRole('button', { name: 'What Open Orders counts' });
    expect(info).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(
      'Orders placed in this period whose status is now Sales Order with shipment Unshipped or Shipped Partial',
    );
    expect(tooltip).toHaveTextContent('The Sales Order tab lists every Sales Order, whenever it was placed');
    expect(info).toHaveAccessibleDescription(/Drafts, completed and cancelled orders are not counted/);
  });

  it('links each tile to its order list', async () => {
    serveAll(statistics());
    const { router, user } = renderDashboard();
    const link = (name: string) => within(tile(name)).getByRole('link', { name });
    expect(link('Received Orders')).toHaveAttribute('href', '/orders/Sales%20Order');
    expect(link('Open Orders')).toHaveAttribute('href', '/orders/Sales%20Order');
    expect(link('Shipped Orders')).toHaveAttribute('href', '/orders/Completed');
    expect(link('Cancelled Orders')).toHaveAttribute('href', '/orders/Canceled');
    await user.click(link('Shipped Orders'));
    expect(router.state.location.pathname).toBe('/orders/Completed');
  });

  it('on a failed call shows the toast and empties all three datasets', async () => {
    serve({ quick: () => ok(statistics()), full: () => fail(500, 'Database unavailable') });
    renderDashboard();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(FAILURE, expect.anything()));
    expect(toastError).toHaveBeenCalledTimes(1);
    // The tiles' call succeeded, but a failed dashboard shows no figures at all.
    await waitFor(() => expect(figure('Received Orders', 'Current')).toHaveTextContent('—'));
    for (const name of ['Received Orders', 'Open Orders', 'Shipped Orders', 'Cancelled Orders']) {
      expect(figure(name, 'Current')).toHaveTextContent('—');
      expect(figure(name, 'Previous')).toHaveTextContent('—');
    }
    expect(tableRows(/^Sales Revenue/)).toEqual([]);
    expect(tableRows(/^Sales By Channel/)).toEqual([]);
    expect(screen.getAllByText('The figures could not be loaded.')).toHaveLength(2);
    expect(screen.queryByText('No orders in this period')).not.toBeInTheDocument();
  });

  it('empties figures it showed when a refresh fails, and shows them again after Try again', async () => {
    let failing = false;
    const answer = () => (failing ? fail(503, 'Service Unavailable') : ok(statistics()));
    serve({ quick: answer, full: answer });
    const { store, user } = renderDashboard();
    await loaded();

    failing = true;
    const { api } = await import('@/lib/api/base-api');
    act(() => {
      store.dispatch(api.util.invalidateTags(['Dashboard']));
    });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(FAILURE, expect.anything()));
    await waitFor(() => expect(figure('Received Orders', 'Current')).toHaveTextContent('—'));
    expect(screen.queryByRole('cell', { name: '$1,234.56' })).not.toBeInTheDocument();
    expect(tableRows(/^Sales By Channel/)).toEqual([]);

    failing = false;
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await loaded();
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  /**
   * The dashboard drawn with a stand-in for the realtime socket, its answers counting `received` Received Orders
   * (1,500 until `receive` changes it); `fire` plays a socket event.
   */
  async function withLiveDashboard(
    run: (live: {
      fire(event: string, payload?: unknown): void;
      receive(count: number): void;
      requests: ReturnType<typeof serve>;
    }) => Promise<void>,
  ) {
    const handlers = new Map<string, (payload: unknown) => void>();
    const socket = {
      on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
      off: (event: string) => handlers.delete(event),
    } as unknown as Socket;
    attachRealtimeSocket(socket);
    try {
      let received = 1500;
      const answer = () =>
        ok(statistics({ salesCount: [{ xLabels: 'Received Orders', Current: received, Previous: 1200 }] }));
      const requests = serve({ quick: answer, full: answer });
      renderDashboard();
      await loaded();
      await run({
        fire: (event, payload) => act(() => handlers.get(event)?.(payload)),
        receive: (count) => (received = count),
        requests,
      });
    } finally {
      detachRealtimeSocket(socket);
    }
  }

  it('moves the numbers within 2 seconds of an orders:changed push, without reloading', async () => {
    await withLiveDashboard(async ({ fire, receive, requests }) => {
      const before = requests.length;
      receive(2750);
      const pushedAt = Date.now();
      fire('orders:changed', { orderIds: ['7'], event: 'created' });
      await waitFor(() => expect(figure('Received Orders', 'Current')).toHaveTextContent('2.8K'), { timeout: 2000 });
      expect(Date.now() - pushedAt).toBeLessThan(2000);
      // One refetch of each call (and of the orders on Terms); the configs are not asked again.
      const again = requests.slice(before).map((r) => r.url.split('?')[0]!.split('/')[2]);
      expect(again.filter((call) => call !== 'v1')).toEqual(['quickDashboard', 'dashboard']);
      expect(requests.slice(before).filter((r) => r.url.startsWith('/api/v1/orders?'))).toHaveLength(1);
      // Without a Percentage the change is computed from Current and Previous.
      expect(figure('Received Orders', 'Change')).toHaveTextContent('Up 129.2% compared with Mon–Wed 14:00 last week');
    });
  });

  it('asks for the figures again when the socket reconnects: pushes sent while it was down are not replayed', async () => {
    await withLiveDashboard(async ({ fire, receive }) => {
      receive(2750);
      fire('connect'); // the first connection: nothing was missed
      fire('connect');
      await waitFor(() => expect(figure('Received Orders', 'Current')).toHaveTextContent('2.8K'), { timeout: 2000 });
    });
  });
});

describe('parsePeriod', () => {
  it('accepts the three periods and falls back to This Week', () => {
    expect(parsePeriod('Today')).toBe('Today');
    expect(parsePeriod('This Month')).toBe('This Month');
    expect(parsePeriod('Yesterday')).toBe('This Week');
    expect(parsePeriod(null)).toBe('This Week');
  });
});

describe('describeRange', () => {
  it('shows one day for Today and the days of a week in the tenant zone', () => {
    const today = {
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
      previousFrom: '2026-03-07T05:00:00.000Z',
      previousTo: '2026-03-08T05:00:00.000Z',
    };
    expect(describeRange(today, 'America/New_York')).toBe('2026-03-08, compared with 2026-03-07 (America/New_York)');
    expect(describeRange(range, 'UTC')).toBe('2026-03-09 – 2026-03-16, compared with 2026-03-02 – 2026-03-09 (UTC)');
    expect(describeRange(null, 'UTC')).toBe('');
    expect(describeRange({ ...range, from: 'nope' }, 'UTC')).toBe('');
  });
});
