import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Order } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { initialUserData } from '@/lib/state/user-data-slice';
import { useGetOrderQuery } from '../api/orders-api';
import { fail, fullOrder, ok, stubApi, type ApiCall } from '../testing';
import { OrderLinesCard } from './order-lines-card';

const { toastSuccess } = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: toastSuccess, error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const WEIGHTS = '/call/order/5/updateLineWeights';

/** An eBay order as a sync brings it: its lines without weight. */
function ebayOrder(overrides: Partial<Order> = {}): Order {
  const line = fullOrder().lines[0]!;
  return fullOrder({
    id: '5',
    version: 3,
    sourceType: 'Ebay',
    storeName: 'eBay shop',
    orderStatus: 'Sales Order',
    shipmentStatus: 'Unshipped',
    lines: [
      { ...line, id: '11', sku: 'MUG-1', name: 'Mug', quantity: 2, weight: 0 },
      { ...line, id: '12', sku: 'TEA-9', name: 'Tea', quantity: 1, weight: 1200 },
    ],
    ...overrides,
  });
}

const unitsConfig = (units: 'imperial' | 'metric') => [
  { key: 'units', value: units, options: null, updated_at: '2025-01-01T00:00:00Z' },
];

/** The order, its weights' answer, and the tenant's units (metric unless told). */
function serve(state: { order: Order }, answer: (call: ApiCall) => Response, units: 'imperial' | 'metric' = 'metric') {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/orders/5') return ok(state.order);
    if (call.method === 'GET' && call.path === '/api/v1/configs') return ok(unitsConfig(units));
    if (call.method === 'POST' && call.path === WEIGHTS) return answer(call);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

function CardOfOrder() {
  const { data } = useGetOrderQuery('5');
  return data ? <OrderLinesCard order={data} locale="en-US" /> : null;
}

const renderCard = () =>
  renderRoutes([{ path: '*', element: <CardOfOrder /> }], '/', {
    userData: { ...initialUserData, user_role_id: Role.Manager },
  });

const weightOf = (sku: string) =>
  within(screen.getByRole('group', { name: `${sku} weight` })).getByRole('textbox', { name: 'Weight' });

describe("Edit weights on a channel order's Items card", () => {
  it('shows the weights, keeps the other fields read-only with the reason, and saves the weights typed', async () => {
    const state = { order: ebayOrder() };
    const calls = serve(state, () => {
      state.order = ebayOrder({
        version: 4,
        lines: ebayOrder().lines.map((l) => (l.id === '11' ? { ...l, weight: 340 } : l)),
      });
      return ok(state.order);
    });
    const user = userEvent.setup();
    renderCard();
    const table = await screen.findByRole('table', { name: 'Items' });
    expect(within(table).getByText('No weight')).toBeInTheDocument();
    // The tenant's units come with the settings: metric here.
    expect(await within(table).findByText('1.2 kg')).toBeInTheDocument();
    expect(screen.getByText('The lines of an eBay order come from eBay')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit lines' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit weights' }));
    const form = await screen.findByRole('form', { name: 'Edit weights' });
    expect(within(form).getByText(/only the weights can be entered here/)).toBeInTheDocument();
    // SKU, name and quantity are text, not fields; the first weight takes the focus.
    expect(within(form).queryByRole('textbox', { name: /SKU/ })).not.toBeInTheDocument();
    expect(weightOf('MUG-1')).toHaveFocus();
    expect(weightOf('TEA-9')).toHaveValue('1.2 kg');

    await user.type(weightOf('MUG-1'), 'heavy');
    await user.clear(weightOf('TEA-9'));
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByText('Enter a weight such as 1.2 kg or 500 g')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'TEA-9 weight' })).getByText('Enter a weight')).toBeInTheDocument();
    expect(weightOf('MUG-1')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === WEIGHTS)).toHaveLength(0);

    await user.clear(weightOf('MUG-1'));
    await user.type(weightOf('MUG-1'), '0.34 kg');
    await user.type(weightOf('TEA-9'), '1.2 kg');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    // Only the weight that changed is sent, with the version the form was loaded with.
    expect(calls.find((c) => c.path === WEIGHTS)!.body).toEqual({ version: 3, lines: [{ lineId: '11', weight: 340 }] });
    expect(await screen.findByRole('button', { name: 'Edit weights' })).toHaveFocus();
    expect(await within(screen.getByRole('table', { name: 'Items' })).findByText('340 g')).toBeInTheDocument();
  });

  it("puts the server's field errors at the line they name, though only changed lines are sent", async () => {
    const state = { order: ebayOrder() };
    serve(state, () =>
      fail(400, 'Invalid input', { errors: { 'lines.0.weight': 'TEA-9 is in a delivery with a label' } }),
    );
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit weights' }));
    await user.clear(weightOf('TEA-9'));
    await user.type(weightOf('TEA-9'), '900 g');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    const tea = screen.getByRole('group', { name: 'TEA-9 weight' });
    expect(await within(tea).findByText('TEA-9 is in a delivery with a label')).toBeInTheDocument();
    expect(weightOf('TEA-9')).toHaveAttribute('aria-invalid', 'true');
    expect(weightOf('MUG-1')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says when someone else changed the order, and reloads the weights with the new version', async () => {
    const state = { order: ebayOrder() };
    let refuse = true;
    const calls = serve(state, () => {
      if (refuse) {
        refuse = false;
        state.order = ebayOrder({ version: 6 });
        return fail(409, 'The order changed meanwhile (now version 6)', { reason: 'stale_version' });
      }
      return ok(state.order);
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Edit weights' }));
    await user.type(weightOf('MUG-1'), '340 g');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByText(/Someone else changed this order/)).toBeInTheDocument();
    // What was typed stays until reloaded.
    expect(weightOf('MUG-1')).toHaveValue('340 g');
    await user.click(screen.getByRole('button', { name: 'Reload weights' }));
    await user.type(weightOf('MUG-1'), '340 g');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(calls.filter((c) => c.path === WEIGHTS)).toHaveLength(2));
    expect((calls.filter((c) => c.path === WEIGHTS)[1]!.body as { version: number }).version).toBe(6);
  });

  it('shows and takes the weights in pounds and ounces for an imperial tenant, an untouched one sent as stored', async () => {
    const state = { order: ebayOrder() };
    const calls = serve(
      state,
      () => {
        state.order = ebayOrder({
          version: 4,
          lines: ebayOrder().lines.map((l) => (l.id === '11' ? { ...l, weight: 340 } : l)),
        });
        return ok(state.order);
      },
      'imperial',
    );
    const user = userEvent.setup();
    renderCard();
    const table = await screen.findByRole('table', { name: 'Items' });
    expect(await within(table).findByText('2 lb 10.3 oz')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit weights' }));
    expect(weightOf('TEA-9')).toHaveValue('2 lb 10.3 oz');
    // Typed back as shown, it is no edit: 2 lb 10.3 oz typed afresh would be 1199 g, not the 1200 g stored.
    await user.clear(weightOf('TEA-9'));
    await user.type(weightOf('TEA-9'), '2 lb 10.3 oz');
    await user.type(weightOf('MUG-1'), '12');
    expect(weightOf('MUG-1')).toHaveAccessibleDescription('= 12 lb');
    await user.clear(weightOf('MUG-1'));
    await user.type(weightOf('MUG-1'), '12 oz');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    await waitFor(() => expect(calls.filter((c) => c.path === WEIGHTS)).toHaveLength(1));
    expect(calls.find((c) => c.path === WEIGHTS)!.body).toEqual({ version: 3, lines: [{ lineId: '11', weight: 340 }] });
    expect(await within(screen.getByRole('table', { name: 'Items' })).findByText('12 oz')).toBeInTheDocument();
  });

  it('offers no Edit weights once the order is done', async () => {
    serve({ order: ebayOrder({ orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' }) }, () =>
      fail(500, 'no'),
    );
    renderCard();
    expect(await screen.findByText('The lines of an eBay order come from eBay')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit weights' })).not.toBeInTheDocument();
  });
});
