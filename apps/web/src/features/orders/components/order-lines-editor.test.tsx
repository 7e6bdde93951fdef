import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Order } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { initialUserData } from '@/lib/state/user-data-slice';
import { useGetOrderQuery } from '../api/orders-api';
import { fail, fullOrder, ok, stubApi, type ApiCall } from '../testing';
import { OrderLinesCard } from './order-lines-card';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LINES = '/call/order/5/updateOrderLines';
const TERMS = '/call/order/5/paymentTerms';

function draft(overrides: Partial<Order> = {}): Order {
  const line = fullOrder().lines[0]!;
  return fullOrder({
    id: '5',
    currency: 'USD',
    version: 3,
    subtotal: 1000,
    shippingTotal: 0,
    taxTotal: 0,
    discountTotal: 0,
    total: 1000,
    paidTotal: 0,
    lines: [{ ...line, id: '11', sku: 'MUG-1', name: 'Mug', quantity: 2, unitPrice: 500, weight: 350 }],
    ...overrides,
  });
}

/** Serves the order (whatever `state.order` is now) and answers the edits with `answer`. */
function serve(state: { order: Order }, answer: (call: ApiCall) => Response) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/orders/5') return ok(state.order);
    if (call.method === 'POST' && (call.path === LINES || call.path === TERMS)) return answer(call);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

function CardOfOrder() {
  const { data } = useGetOrderQuery('5');
  return data ? <OrderLinesCard order={data} locale="en-US" /> : null;
}

function renderCard(roleId: number = Role.Manager) {
  renderRoutes([{ path: '*', element: <CardOfOrder /> }], '/', {
    userData: { ...initialUserData, user_role_id: roleId },
  });
}

describe('Edit lines on the order view', () => {
  it('checks each field where it is typed, previews the totals, and saves the lines with the version', async () => {
    const state = { order: draft() };
    const calls = serve(state, (call) => {
      state.order = draft({ version: 4, total: 2300, subtotal: 2300 });
      return ok(state.order, call.path === LINES ? 200 : 500);
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    const first = await screen.findByRole('group', { name: 'Item 1' });
    // The first field takes the focus: the form is ready for the keyboard.
    expect(within(first).getByRole('textbox', { name: /SKU/ })).toHaveFocus();

    const qty = within(first).getByRole('textbox', { name: /Qty/ });
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const second = screen.getByRole('group', { name: 'Item 2' });
    expect(within(second).getByRole('textbox', { name: /SKU/ })).toHaveFocus();
    await user.type(within(second).getByRole('textbox', { name: /SKU/ }), 'CUP-2');
    await user.type(within(second).getByRole('textbox', { name: /Item name/ }), 'Cup');
    await user.type(within(second).getByRole('textbox', { name: /Unit price/ }), '12.345');
    await user.click(screen.getByRole('button', { name: 'Save items' }));

    expect(await within(first).findByText('Enter a whole number of at least 1')).toBeInTheDocument();
    expect(within(second).getByText('Use at most 2 decimals')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === LINES)).toHaveLength(0);

    await user.clear(qty);
    await user.type(qty, '3');
    const price = within(second).getByRole('textbox', { name: /Unit price/ });
    await user.clear(price);
    await user.type(price, '8');
    const weight = within(second).getByRole('textbox', { name: /Weight/ });
    await user.clear(weight);
    await user.type(weight, '120');
    // 3 × 5.00 + 1 × 8.00
    expect(screen.getByRole('status', { name: 'Totals after the change' })).toHaveTextContent('Total $23.00');
    expect(screen.getByRole('status', { name: 'Totals after the change' })).toHaveTextContent('was $10.00');
    await user.click(screen.getByRole('button', { name: 'Save items' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    const saved = calls.find((c) => c.path === LINES)!;
    expect(saved.body).toEqual({
      version: 3,
      lines: [
        { lineId: '11', sku: 'MUG-1', name: 'Mug', quantity: 3, unitPrice: 500, weight: 350 },
        { sku: 'CUP-2', name: 'Cup', quantity: 1, unitPrice: 800, weight: 120 },
      ],
    });
    expect(saved.headers.get('idempotency-key')).toBeTruthy();
    // Back to the table, with the refreshed order, the focus on the button that opened the form.
    expect(await screen.findByRole('button', { name: 'Edit lines' })).toHaveFocus();
  });

  it("puts the server's field errors at their field", async () => {
    const state = { order: draft() };
    serve(state, () => fail(400, 'Invalid input', { errors: { 'lines.0.weight': 'must be <= 1000000' } }));
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    await user.click(screen.getByRole('button', { name: 'Save items' }));
    const first = await screen.findByRole('group', { name: 'Item 1' });
    expect(await within(first).findByText('must be <= 1000000')).toBeInTheDocument();
    expect(within(first).getByRole('textbox', { name: /Weight/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when someone else changed the order, and reloads its lines with the new version', async () => {
    const state = { order: draft() };
    let refuse = true;
    const calls = serve(state, () => {
      if (refuse) {
        refuse = false;
        state.order = draft({
          version: 5,
          lines: [{ ...draft().lines[0]!, quantity: 7 }],
        });
        return fail(409, 'The order changed meanwhile (now version 5); reload it and try again', {
          reason: 'stale_version',
        });
      }
      return ok(state.order);
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    await user.click(screen.getByRole('button', { name: 'Save items' }));
    const alert = await screen.findByText(/Someone else changed this order/);
    expect(alert).toBeInTheDocument();
    // Still editing, what was typed kept until reloaded.
    await user.click(await screen.findByRole('button', { name: 'Reload items' }));
    const qty = within(await screen.findByRole('group', { name: 'Item 1' })).getByRole('textbox', { name: /Qty/ });
    await waitFor(() => expect(qty).toHaveValue('7'));
    await user.click(screen.getByRole('button', { name: 'Save items' }));
    await waitFor(() => expect(calls.filter((c) => c.path === LINES)).toHaveLength(2));
    expect((calls.filter((c) => c.path === LINES)[1]!.body as { version: number }).version).toBe(5);
  });

  it("shows why a channel order's lines cannot be edited, instead of the button", async () => {
    serve({ order: draft({ sourceType: 'Shopify', storeName: 'My shop' }) }, () => fail(500, 'no'));
    renderCard(Role.Admin);
    expect(await screen.findByText('The lines of a Shopify order come from Shopify')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit lines' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put on Terms' })).not.toBeInTheDocument();
  });

  it('lets an Admin put a manual order on Terms; a Manager sees no such button', async () => {
    const state = { order: draft() };
    const calls = serve(state, () => {
      state.order = draft({ version: 4, paymentStatus: 'Terms' });
      return ok(state.order);
    });
    const user = userEvent.setup();
    renderCard(Role.Admin);
    await user.click(await screen.findByRole('button', { name: 'Put on Terms' }));
    await waitFor(() => expect(calls.find((c) => c.path === TERMS)?.body).toEqual({ terms: true, version: 3 }));
    expect(await screen.findByRole('button', { name: 'Take off Terms' })).toBeInTheDocument();
  });

  it('offers Managers no Terms button', async () => {
    serve({ order: draft() }, () => fail(500, 'no'));
    renderCard(Role.Manager);
    expect(await screen.findByRole('button', { name: 'Edit lines' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put on Terms' })).not.toBeInTheDocument();
  });
});
