import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FsmFlow, Order, OrderNote } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { VIEW_EVENTS } from './api/orders-api';
import { OrderActionPage } from './order-action-page';
import { OrderViewPage } from './order-view-page';
import type { OrderPartProps } from './orders-page-slots';
import { fail, fullOrder, ok, ruleApplication, ruleResult, stubApi, type ApiCall } from './testing';

const { toastInfo, toastSuccess } = vi.hoisted(() => ({ toastInfo: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: toastSuccess, error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A refusal of fsmFlow: by default the one for an event that does not apply to the order's statuses. */
interface Refusal {
  reason: string;
  message: string;
}
const NOT_IN_THIS_STATUS: Refusal = { reason: 'invalid_status', message: 'Not in this status' };

function flow(
  event: string,
  allowed: boolean,
  defaults: Record<string, unknown> = {},
  refusal: Refusal = NOT_IN_THIS_STATUS,
): FsmFlow {
  return {
    event,
    allowed,
    reason: allowed ? null : refusal.reason,
    message: allowed ? null : refusal.message,
    next: allowed ? { orderStatus: 'Sales Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' } : null,
    defaults,
    version: 3,
  };
}

interface Setup {
  order?: () => Order;
  allowed?: string[];
  defaults?: Record<string, Record<string, unknown>>;
  /** Events refused for a reason other than the statuses. */
  refused?: Record<string, Refusal>;
  extra?: (call: ApiCall) => Response | undefined;
}

function serve({ order = () => fullOrder({ id: '5' }), allowed = [], defaults = {}, refused = {}, extra }: Setup) {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/v1/orders/5') return ok(order());
    const fsm = /^\/call\/orders\/5\/(\w+)\/fsmFlow$/.exec(call.path);
    if (fsm) return ok(flow(fsm[1]!, allowed.includes(fsm[1]!), defaults[fsm[1]!], refused[fsm[1]!]));
    if (call.path === '/api/v1/orders/5/events') {
      return ok([
        {
          id: '1',
          event: 'created',
          actor: 'admin@example.com',
          at: '2025-01-15T17:04:05Z',
          before: null,
          after: { orderStatus: 'Draft Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' },
          payload: {},
        },
        {
          id: '2',
          event: 'channelUpdated',
          actor: 'sync@shipdesk',
          at: '2025-01-15T18:00:00Z',
          before: null,
          after: null,
          payload: { externalId: '5501', externalUpdatedAt: '2025-01-15T17:59:00Z', source: 'Shopify' },
        },
        {
          id: '3',
          event: 'shippingRules',
          actor: 'rules@shipdesk',
          at: '2025-01-15T17:04:06Z',
          before: null,
          after: null,
          payload: { trigger: 'import', versions: { all: 4 }, matched: ['VIP goes express'], changed: true },
        },
      ]);
    }
    if (call.path === '/call/order/5/shippingRules') {
      return ok({
        applications: [
          ruleApplication({
            changed: true,
            rules: [
              ruleResult({
                name: 'VIP goes express',
                actions: [{ target: 'shipMethod', value: 'Express', before: null, outcome: 'set' }],
              }),
            ],
          }),
        ],
      });
    }
    if (call.path === '/api/v1/orderNotes') return ok([]);
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

/** Stands in for the deliveries card that app/ gives the view (features/labels): says what it was given. */
function DeliveriesSlot({ order, locale }: OrderPartProps) {
  return <section aria-label="Deliveries">{`${order.orderNumber} in ${locale}`}</section>;
}
const SLOTS = { deliveries: DeliveriesSlot };

function renderAt(url: string) {
  const result = renderRoutes(
    [
      { path: '/orders', element: <h1>Order list</h1> },
      { path: '/orders/view/:id', element: <OrderViewPage slots={SLOTS} /> },
      { path: '/orders/:action/:id', element: <OrderActionPage slots={SLOTS} /> },
    ],
    url,
  );
  return { ...result, user: userEvent.setup() };
}

const orderGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/orders/5');

describe('OrderViewPage', { timeout: 20_000 }, () => {
  it('asks fsmFlow for each event and offers only the allowed ones', async () => {
    const calls = serve({ allowed: ['approve', 'cancel'] });
    renderAt('/orders/view/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SO-1005' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order SO-1005 · Shipdesk'));
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Packing slip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Process payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const asked = calls.filter((c) => c.path.endsWith('/fsmFlow'));
    expect(asked.map((c) => c.path.split('/')[4]).sort()).toEqual([...VIEW_EVENTS].sort());
    // The deliveries card of another feature, after the lines (drawn in the render after the first cards), given the
    // order and the tenant's locale.
    expect(await screen.findByRole('region', { name: 'Deliveries' })).toHaveTextContent('SO-1005 in en');
    // Statuses, lines and the timeline in the tenant's time zone.
    expect(screen.getByLabelText('Order status: Draft Order')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'MUG-1' })).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'Order history' });
    expect(history).toHaveTextContent('Created');
    expect(history).toHaveTextContent('admin@example.com · 2025-01-15 12:04:05');
    // A sync's update names the channel it came from and the channel's order id.
    const [latest] = within(history).getAllByRole('listitem');
    expect(latest).toHaveTextContent('Updated from Shopify');
    expect(latest).toHaveTextContent('Channel id 5501');
  });

  it('shows why the order ships as it does, and each run of the rules in the history', async () => {
    serve({});
    renderAt('/orders/view/5');
    const rules = await screen.findByRole('region', { name: 'Shipping rules' });
    expect(await within(rules).findByText('shipping method → Express')).toBeInTheDocument();
    expect(rules).toHaveTextContent('Applied when the order was imported, on 2025-01-15 12:04, rule set All stores v4');
    const history = await screen.findByRole('list', { name: 'Order history' });
    const run = within(history)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('data-event') === 'shippingRules');
    expect(run).toHaveTextContent('Shipping rules applied (VIP goes express)');
    expect(run).toHaveTextContent('Ran when the order was imported · The order changed');
  });

  it('runs an event with the order version and an Idempotency-Key', async () => {
    const calls = serve({
      allowed: ['approve'],
      extra: (call) =>
        call.path === '/call/orders/5/approve/orderFlow'
          ? ok({ order: fullOrder({ id: '5', orderStatus: 'Sales Order', version: 4 }), createdOrderId: null })
          : undefined,
    });
    const { user } = renderAt('/orders/view/5');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order SO-1005?' });
    expect(dialog).toHaveTextContent('Order: Draft Order → Sales Order');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Order approved.'));
    const run = calls.find((c) => c.path === '/call/orders/5/approve/orderFlow')!;
    expect(run.body).toEqual({ version: 3 });
    expect(run.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The change refreshes the order.
    await waitFor(() => expect(orderGets(calls).length).toBeGreaterThanOrEqual(2));
  });

  it('moves the focus to the statuses an event changed', async () => {
    serve({
      allowed: ['approve'],
      extra: (call) =>
        call.path === '/call/orders/5/approve/orderFlow'
          ? ok({ order: fullOrder({ id: '5', orderStatus: 'Sales Order', version: 4 }), createdOrderId: null })
          : undefined,
    });
    const { user } = renderAt('/orders/view/5');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order SO-1005?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Statuses' })).toHaveFocus());
  });

  it('gives the focus back to the button that opened a dialog closed without acting', async () => {
    serve({ allowed: ['approve'] });
    const { user } = renderAt('/orders/view/5');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    await user.click(approve);
    expect(await screen.findByRole('dialog', { name: 'Approve order SO-1005?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(approve).toHaveFocus();
  });

  it('moves the focus to a note just added, and back to the box when adding fails', async () => {
    const notes: OrderNote[] = [];
    let refuse = false;
    serve({
      extra: (call) => {
        if (call.path !== '/api/v1/orderNotes') return undefined;
        if (call.method === 'GET') return ok(notes);
        if (refuse) return fail(500, 'The database is away');
        const note: OrderNote = {
          id: String(notes.length + 1),
          order_id: '5',
          note: (call.body as { note: string }).note,
          author: 'admin@example.com',
          editable: true,
          created_at: '2025-01-16T09:00:00Z',
          updated_at: '2025-01-16T09:00:00Z',
        };
        notes.unshift(note);
        return ok(note, 201);
      },
    });
    const { user } = renderAt('/orders/view/5');
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.type(box, 'Gift wrap, please');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByText('Gift wrap, please').closest('li')).toHaveFocus());
    refuse = true;
    await user.type(box, 'Second thought');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('reloads the order when the server says the version is stale', async () => {
    let version = 3;
    const calls = serve({
      order: () => fullOrder({ id: '5', version }),
      allowed: ['approve'],
      extra: (call) => {
        if (call.path !== '/call/orders/5/approve/orderFlow') return undefined;
        version = 4;
        return fail(409, 'The order was changed by someone else', { reason: 'stale_version' });
      },
    });
    const { user } = renderAt('/orders/view/5');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toastInfo).toHaveBeenCalledWith('This order changed — reloaded'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(orderGets(calls)).toHaveLength(2));
    // A new attempt sends the fresh version.
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/approve/orderFlow')).map((c) => c.body)).toEqual([
        { version: 3 },
        { version: 4 },
      ]),
    );
  });

  it('opens the action of /orders/:action/:id with the defaults of fsmFlow', async () => {
    const calls = serve({
      order: () => fullOrder({ id: '5', orderStatus: 'Sales Order' }),
      allowed: ['processPayment'],
      defaults: { processPayment: { amount: 1250, method: 'check' } },
      extra: (call) =>
        call.path === '/call/orders/5/processPayment/orderFlow'
          ? ok({ order: fullOrder({ id: '5', paymentStatus: 'Paid', version: 4 }), createdOrderId: null })
          : undefined,
    });
    const { user, router } = renderAt('/orders/processPayment/5');
    const dialog = await screen.findByRole('dialog', { name: 'Process payment — SO-1005' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('12.50');
    await user.clear(amount);
    await user.type(amount, '0.29');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/5'));
    const run = calls.find((c) => c.path === '/call/orders/5/processPayment/orderFlow')!;
    expect(run.body).toEqual({ version: 3, amount: 29, method: 'check' });
  });

  it("previews a part payment as Paid Partial and puts the server's refusal away once the amount changes", async () => {
    serve({
      order: () => fullOrder({ id: '5', orderStatus: 'Sales Order' }),
      allowed: ['processPayment'],
      defaults: { processPayment: { amount: 1250, method: 'cash' } },
      extra: (call) =>
        call.path === '/call/orders/5/processPayment/orderFlow'
          ? fail(409, 'The amount is more than the balance due (12.50 USD)', { reason: 'amount_exceeds_balance' })
          : undefined,
    });
    const { user } = renderAt('/orders/processPayment/5');
    const dialog = await screen.findByRole('dialog', { name: 'Process payment — SO-1005' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(/more than the balance due \(12\.50 USD\)/)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '5');
    expect(within(dialog).queryByText(/more than the balance due/)).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Payment: Unpaid → Paid Partial/)).toBeInTheDocument();
  });

  it('shows an action refused for a reason disabled, with the reason, and hides the ones of other statuses', async () => {
    serve({
      allowed: ['cancel', 'delete'],
      refused: {
        approve: {
          reason: 'incomplete_shipping_address',
          message: 'The shipping address lacks: postal code, state',
        },
      },
    });
    const { user } = renderAt('/orders/view/5');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    // The reason is shown under the buttons and describes the disabled button for screen readers.
    expect(approve).toHaveAccessibleDescription('The shipping address lacks: postal code, state.');
    const reasons = screen.getByRole('list', { name: 'Why some actions are unavailable' });
    expect(reasons).toHaveTextContent('Approve: The shipping address lacks: postal code, state.');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    // Refused because of the statuses: not offered at all.
    expect(screen.queryByRole('button', { name: 'Process payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reship' })).not.toBeInTheDocument();
    // The way to fix it is one keyboard stop away.
    await user.click(within(reasons).getByRole('button', { name: 'Edit the shipping address' }));
    expect(await screen.findByRole('dialog', { name: 'Edit shipping address' })).toBeInTheDocument();
  });

  it('says why an action of the URL is not possible', async () => {
    serve({ allowed: [] });
    renderAt('/orders/cancel/5');
    expect(await screen.findByText('Cancel order is not possible now: Not in this status.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('focuses the address editor for /orders/edit/:id', async () => {
    serve({ allowed: [] });
    renderAt('/orders/edit/5');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit shipping address' })).toHaveFocus());
  });

  it('saves an edited address', async () => {
    const calls = serve({
      extra: (call) => (call.path === '/call/order/5/shipping/updateOrderAddress' ? ok({}) : undefined),
    });
    const { user } = renderAt('/orders/view/5');
    await user.click(await screen.findByRole('button', { name: 'Edit shipping address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit shipping address' });
    expect(within(dialog).getByRole('textbox', { name: 'Full name' })).toHaveValue('Ann Lee');
    await user.clear(within(dialog).getByRole('textbox', { name: 'City' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Dallas');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = calls.find((c) => c.path === '/call/order/5/shipping/updateOrderAddress')!;
    expect(saved.body).toEqual({
      name: 'Ann Lee',
      address1: '1 Main St',
      city: 'Dallas',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
      version: 3,
    });
  });

  it('shows the not-found page for an unknown action and a missing order', async () => {
    serve({ order: () => fullOrder() });
    renderAt('/orders/explode/5');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('tells when the order does not exist', async () => {
    serve({ extra: (call) => (call.path === '/api/v1/orders/5' ? fail(404, 'Not found') : undefined) });
    renderAt('/orders/view/5');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
