import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type ParcelProblem } from '@shipdesk/contract';
import { initialUserData } from '@/lib/state/user-data-slice';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { ParcelProblemsPage } from './parcel-problems-page';
import { parcelProblem } from './parcel-problems-testing';

vi.mock('@/lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const HELD = parcelProblem();
const LATE = parcelProblem({
  labelId: '32',
  orderId: '12',
  orderNumber: '1002',
  kind: 'late',
  status: 'in_transit',
  carrier: 'usps',
  trackingNumber: '9400',
  expectedDelivery: '2026-03-05',
  lastEvent: null,
  since: '2026-03-06T05:00:00.000Z',
});

function serve(
  pages: Record<string, { rows: ParcelProblem[]; nextCursor: string | null }>,
  extra?: (call: ApiCall) => Response | undefined,
) {
  return stubApi((call) => {
    const more = extra?.(call);
    if (more) return more;
    if (call.method === 'GET' && call.path === '/call/parcelProblems') {
      const page = pages[call.query.get('cursor') ?? ''] ?? { rows: [], nextCursor: null };
      return ok({ ...page, total: 3 });
    }
    if (call.path === '/call/parcelProblems/digest') return ok({ subscribed: call.method === 'PUT' });
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(404, `unexpected ${call.method} ${call.path}`);
  });
}

function renderPage(roleId: number = Role.Manager) {
  renderRoutes([{ path: '/problems', Component: ParcelProblemsPage }], '/problems', {
    userData: { ...initialUserData, user_role_id: roleId },
  });
  return userEvent.setup();
}

const table = () => screen.findByRole('table', { name: 'Parcels with a problem' });

describe('ParcelProblemsPage', { timeout: 20_000 }, () => {
  it("lists the parcels with the carrier's words, links to their orders, and pages on", async () => {
    const calls = serve({
      '': { rows: [HELD, LATE], nextCursor: 'c2' },
      c2: { rows: [parcelProblem({ labelId: '33', orderId: '13', orderNumber: '1003' })], nextCursor: null },
    });
    const user = renderPage();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1001');
    expect(rows[1]).toHaveTextContent('Austin, TX, US');
    expect(rows[1]).toHaveTextContent('UPS 1Z999');
    expect(rows[1]).toHaveTextContent('Exception');
    expect(rows[1]).toHaveTextContent('Held at customs (MEMPHIS TN)');
    expect(rows[2]).toHaveTextContent('Late (promised 2026-03-05)');
    expect(within(rows[1]!).getByRole('link', { name: '1001' })).toHaveAttribute('href', '/orders/view/11');
    expect(screen.getByText(/3 parcels have a carrier exception/)).toBeInTheDocument();
    // A Manager sees no daily e-mail switch and is not asked about it.
    expect(screen.queryByRole('switch', { name: 'E-mail me a daily summary' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/call/parcelProblems/digest')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('table')).toHaveTextContent('1003');
    expect(
      calls
        .filter((c) => c.path === '/call/parcelProblems')
        .at(-1)!
        .query.get('cursor'),
    ).toBe('c2');
  });

  it('marks the selected parcels resolved and reports each order', async () => {
    const calls = serve({ '': { rows: [HELD, LATE], nextCursor: null } }, (call) =>
      call.path === '/call/parcelProblems/resolve' ? ok({ resolved: ['31'] }) : undefined,
    );
    const user = renderPage();
    await table();
    const resolve = screen.getByRole('button', { name: 'Mark resolved' });
    expect(resolve).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select every parcel on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(resolve);
    const report = await screen.findByRole('status');
    expect(report).toHaveTextContent('1 of 2 orders resolved');
    expect(report).toHaveTextContent('Order 1001: Resolved.');
    expect(report).toHaveTextContent('Order 1002: It has no open problem any more.');
    expect(calls.find((c) => c.path === '/call/parcelProblems/resolve')?.body).toEqual({ labelIds: ['31', '32'] });
  });

  it('reships each selected order with the reason, at its current version, and says which failed', async () => {
    const calls = serve({ '': { rows: [HELD, LATE], nextCursor: null } }, (call) => {
      if (call.method === 'GET' && call.path.startsWith('/api/v1/orders/'))
        return ok({ id: call.path.split('/').at(-1), version: 7 });
      if (call.path === '/call/orders/11/reship/orderFlow') return ok({ order: {}, createdOrderId: '90' });
      if (call.path === '/call/orders/12/reship/orderFlow') return fail(409, 'This order cannot be reshipped now');
      return undefined;
    });
    const user = renderPage();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select order 1001, UPS 1Z999' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 1002, USPS 9400' }));
    await user.click(screen.getByRole('button', { name: 'Reship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reship 2 order(s)' });
    const confirm = within(dialog).getByRole('button', { name: 'Reship' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Lost in transit');
    await user.click(confirm);
    const report = await screen.findByRole('status');
    expect(report).toHaveTextContent('1 of 2 orders reshipped');
    expect(report).toHaveTextContent('Order 1001: Reshipped as a new draft order (id 90).');
    expect(report).toHaveTextContent('Order 1002: This order cannot be reshipped now');
    const flow = calls.find((c) => c.path === '/call/orders/11/reship/orderFlow')!;
    expect(flow.body).toEqual({ version: 7, reason: 'Lost in transit' });
    expect(flow.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('adds the same note to each selected order', async () => {
    const calls = serve({ '': { rows: [HELD], nextCursor: null } }, (call) =>
      call.path === '/api/v1/orderNotes' ? ok({ id: '5' }) : undefined,
    );
    const user = renderPage();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select order 1001, UPS 1Z999' }));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a note to 1 order(s)' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Called the carrier');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 of 1 order noted');
    expect(calls.find((c) => c.path === '/api/v1/orderNotes')?.body).toEqual({
      order_id: '11',
      note: 'Called the carrier',
    });
  });

  it('gives an Admin the daily e-mail switch', async () => {
    const calls = serve({ '': { rows: [], nextCursor: null } });
    const user = renderPage(Role.Admin);
    const toggle = await screen.findByRole('switch', { name: 'E-mail me a daily summary' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/call/parcelProblems/digest')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ subscribed: true });
    expect(screen.getByText('Every parcel is on its way or delivered.')).toBeInTheDocument();
  });
});
