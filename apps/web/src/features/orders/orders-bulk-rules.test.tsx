import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderList } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrdersPage } from './orders-page';
import { fail, ok, stubApi, summary, type ApiCall } from './testing';

const { toastError, toastSuccess, toastInfo } = vi.hoisted(() => ({
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
  toastInfo: vi.fn(),
}));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const APPLY = '/call/shippingRules/apply';

const list: OrderList = {
  rows: [summary({ id: '1' }), summary({ id: '2' }), summary({ id: '3' })],
  page: 1,
  size: 10,
  total: 3,
  totalIsEstimate: false,
  nextCursor: null,
  prevCursor: null,
  statusCounts: { 'Draft Order': 3 },
};

function serve(apply: (call: ApiCall) => Response | Promise<Response>) {
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === APPLY) return apply(call);
    if (call.path === '/api/v1/orders') return ok(list);
    if (call.path === '/api/v1/stores') return fail(404, 'Not found');
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

async function selectOneAndThree() {
  renderRoutes([{ path: '/orders', Component: OrdersPage }], '/orders');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name: 'Select order SO-1001' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select order SO-1003' }));
  // The bar's buttons come with their code, loaded at the first selection if not before.
  await within(screen.getByRole('toolbar', { name: 'Selected orders' })).findByRole(
    'button',
    { name: 'Clear selection' },
    { timeout: 5_000 },
  );
  return user;
}

const bar = () => screen.getByRole('toolbar', { name: 'Selected orders' });
/** The report above the list, found by its title. */
const report = async (title: string) => (await screen.findByText(title)).closest('[role="alert"]') as HTMLElement;
const listGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/orders');

describe('Run shipping rules on the selected orders', { timeout: 20_000 }, () => {
  it('posts the selected ids, reports how many changed, with the focus, and refreshes the list', async () => {
    const calls = serve(() => ok({ evaluated: 2, changed: 1 }));
    const user = await selectOneAndThree();
    await user.click(within(bar()).getByRole('button', { name: 'Run shipping rules' }));
    // As after the other bulk actions: the report above the list says how it went and takes the focus (the bar,
    // and the button that was pressed, are gone).
    const ran = await report('Shipping rules ran on 2 orders; 1 changed');
    expect(ran).toHaveFocus();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === APPLY).map((c) => c.body)).toEqual([{ orderIds: ['1', '3'] }]);
    await waitFor(() => expect(listGets(calls)).toHaveLength(2));
    // The orders changed under the selection (their versions too): it is cleared.
    expect(screen.queryByRole('toolbar', { name: 'Selected orders' })).not.toBeInTheDocument();
    expect(ran).toHaveFocus();
    // Closing the report leaves it, and the focus goes on to the list that follows it, not to the page's body.
    await user.click(within(ran).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Shipping rules ran on 2 orders; 1 changed')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order list' })).toHaveFocus();
    // From there the keyboard carries on into the list: its status links come next.
    await user.tab();
    expect(screen.getByRole('link', { name: /^All\s*\d+$/ })).toHaveFocus();
  });

  it('leaves the focus where the user moved it while the rules ran', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = await selectOneAndThree();
    await user.click(within(bar()).getByRole('button', { name: 'Run shipping rules' }));
    const addOrder = screen.getByRole('link', { name: 'Add order' });
    // Tabbed to, say: the rules take a while on many orders.
    act(() => addOrder.focus());
    answer(ok({ evaluated: 2, changed: 0 }));
    await report('Shipping rules ran on 2 orders; 0 changed');
    expect(addOrder).toHaveFocus();
  });

  it('says so when no rules are saved', async () => {
    serve(() => ok({ evaluated: 0, changed: 0 }));
    const user = await selectOneAndThree();
    await user.click(within(bar()).getByRole('button', { name: 'Run shipping rules' }));
    expect(await report('No shipping rules are saved yet, so none ran.')).toHaveFocus();
    expect(toastInfo).not.toHaveBeenCalled();
  });

  it("reports the server's refusal, with the focus, and keeps the selection", async () => {
    const calls = serve(() =>
      fail(409, 'The tab holds more than 10000 orders: select fewer', { reason: 'too_many_orders' }),
    );
    const user = await selectOneAndThree();
    await user.click(within(bar()).getByRole('button', { name: 'Run shipping rules' }));
    const refused = await report('The shipping rules did not run');
    expect(refused).toHaveTextContent('The tab holds more than 10000 orders: select fewer');
    expect(refused).toHaveFocus();
    expect(toastError).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(bar()).toHaveTextContent('2 selected');
    expect(listGets(calls)).toHaveLength(1);
  });
});
