import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARRIER_CATALOGUE, Role, type Order } from '@shipdesk/contract';
import { renderRoutes, renderWithStore } from '@/lib/testing/render-with-store';
import { initialUserData } from '@/lib/state/user-data-slice';
import { useGetOrderQuery } from '../api/orders-api';
import { fail, fullOrder, ok, stubApi, type ApiCall } from '../testing';
import { OrderShippingCard } from './order-shipping-card';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const UPDATE = '/call/order/5/updateOrderShipping';
const STANDARD = { id: '7', name: 'Standard' };

/** A Sales Order of the Standard method, resolved by the mappings to USPS Ground Advantage. */
function salesOrder(overrides: Partial<Order> = {}): Order {
  return fullOrder({
    id: '5',
    orderStatus: 'Sales Order',
    shipping: {
      shipMethod: STANDARD,
      carrier: 'usps',
      carrierMethod: 'USPS_GROUND_ADVANTAGE',
      carrierMethodName: 'USPS Ground Advantage',
      packageType: null,
      chosenByUser: false,
    },
    ...overrides,
  });
}

/** Serves the order (whatever `state.order` is now), the catalogue, and `update` for the shipping change. */
function serve(state: { order: Order }, update: (call: ApiCall) => Response = () => ok(state.order)) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/orders/5') return ok(state.order);
    if (call.path === '/call/carriers/catalogue') {
      return ok({ carriers: [CARRIER_CATALOGUE.usps, CARRIER_CATALOGUE.ups, CARRIER_CATALOGUE.local] });
    }
    if (call.method === 'POST' && call.path === UPDATE) return update(call);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

/** The card as the order view shows it: fed by the order query, so a change that refreshes the order shows. */
function CardOfOrder() {
  const { data } = useGetOrderQuery('5');
  return data ? <OrderShippingCard order={data} /> : null;
}

function renderCard() {
  // Orders are every role's work: a Manager chooses how an order ships as an Admin does.
  renderRoutes([{ path: '*', element: <CardOfOrder /> }], '/', {
    userData: { ...initialUserData, user_role_id: Role.Manager },
  });
  return userEvent.setup();
}

const orderGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/orders/5');
const card = () => screen.getByRole('region', { name: 'Shipping' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Change the carrier service' }));
  return screen.findByRole('dialog', { name: 'Choose how order SO-1005 ships' });
}

describe('OrderShippingCard', { timeout: 20_000 }, () => {
  it('chooses a carrier service and package type by hand', async () => {
    const state = { order: salesOrder() };
    const calls = serve(state, () => {
      state.order = salesOrder({
        version: 4,
        shipping: { ...state.order.shipping, carrier: 'ups', carrierMethod: '03', packageType: '04' },
      });
      state.order.shipping = { ...state.order.shipping, carrierMethodName: 'UPS Ground', chosenByUser: true };
      return ok(state.order);
    });
    const user = renderCard();
    const dialog = await openDialog(user);
    const picker = within(dialog).getByRole('combobox', { name: 'Carrier service' });
    expect(picker).toHaveValue('USPS Ground Advantage');
    await user.clear(picker);
    await user.type(picker, 'ground');
    // Grouped by carrier, each service with its reach and delivery days.
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByText('UPS')).toBeInTheDocument();
    expect(within(listbox).getByText('Domestic · 1–5 business days')).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: /^UPS Ground/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Package type' }));
    await user.click(screen.getByRole('option', { name: 'UPS Pak' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = calls.find((c) => c.path === UPDATE)!;
    // The order keeps its shipping method; its version guards against a stale screen.
    expect(saved.body).toEqual({
      carrier: 'ups',
      carrierMethod: '03',
      packageType: '04',
      shipMethodId: '7',
      version: 3,
    });
    expect(saved.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(toastSuccess).toHaveBeenCalledWith('Order SO-1005 ships with UPS Ground.');
    await waitFor(() => expect(orderGets(calls)).toHaveLength(2));
    expect(await within(card()).findByText('Chosen by hand')).toBeInTheDocument();
    expect(card()).toHaveTextContent('UPS Pak');
  });

  it('hands a choice made by hand back to the mappings', async () => {
    const chosen = salesOrder();
    const state = { order: { ...chosen, shipping: { ...chosen.shipping, chosenByUser: true } } };
    const calls = serve(state, () => {
      state.order = salesOrder({ version: 4 });
      return ok(state.order);
    });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Use the mappings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use the mappings for order SO-1005?' });
    expect(dialog).toHaveTextContent('what the mappings say for “Ground”');
    await user.click(within(dialog).getByRole('button', { name: 'Use the mappings' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Order SO-1005 follows the mappings again.'));
    const handedBack = calls.find((c) => c.path === UPDATE)!;
    expect(handedBack.body).toEqual({ automatic: true });
    expect(handedBack.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(card()).queryByText('Chosen by hand')).not.toBeInTheDocument());
    expect(within(card()).queryByRole('button', { name: 'Use the mappings' })).not.toBeInTheDocument();
  });

  it('shows a refusal: a field the server names, a stale version, an order no longer open', async () => {
    const state = { order: salesOrder() };
    const answers = [
      fail(400, 'Bad Request', { errors: { packageType: 'packageType is not a package type of usps' } }),
      fail(409, 'The order was changed by someone else', { reason: 'stale_version' }),
      fail(409, 'The shipping of a Completed order cannot change', { reason: 'invalid_status' }),
    ];
    const calls = serve(state, () => {
      // Someone else changed the order (its ship-to among what they changed): the reload shows it.
      if (answers.length === 2) state.order = salesOrder({ version: 4, shipTo: 'Portland, OR, US' });
      return answers.shift()!;
    });
    const user = renderCard();
    const dialog = await openDialog(user);
    const save = within(dialog).getByRole('button', { name: 'Save' });

    await user.click(save);
    const packageType = within(dialog).getByRole('combobox', { name: 'Package type' });
    expect(await within(dialog).findByText('packageType is not a package type of usps')).toBeInTheDocument();
    expect(packageType).toHaveAttribute('aria-invalid', 'true');

    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order changed — reloaded');
    // The refusal refreshed the order: saving again sends its new version.
    await waitFor(() => expect(orderGets(calls)).toHaveLength(2));
    await waitFor(() => expect(dialog).toHaveTextContent('Ships to Portland, OR, US'));
    await user.click(save);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The shipping of a Completed order cannot change'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === UPDATE).map((c) => (c.body as { version: number }).version)).toEqual([
      3, 3, 4,
    ]);
  });

  it('offers no change on an order that is no longer open, and says why', async () => {
    const done = salesOrder({ orderStatus: 'Completed' });
    serve({ order: { ...done, shipping: { ...done.shipping, chosenByUser: true } } });
    const user = renderCard();
    expect(await screen.findByRole('region', { name: 'Shipping' })).toHaveTextContent('Chosen by hand');
    expect(within(card()).queryByRole('button', { name: 'Change the carrier service' })).not.toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Use the mappings' })).not.toBeInTheDocument();
    const reason = 'Only Draft and Sales Orders can change how they ship: this order is Completed.';
    const lock = within(card()).getByRole('img', { name: reason });
    await user.tab();
    expect(lock).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('shows what the rules set besides the service: insurance, signature, a hold and the box', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/v1/orderBoxSizes'
        ? ok([{ id: '3', name: 'Small mailer', length: 9, width: 6, height: 2, emptyWeight: 50, maxWeight: 2000 }])
        : fail(500, `unexpected ${call.method} ${call.path}`),
    );
    renderWithStore(
      <OrderShippingCard
        order={salesOrder({
          currency: 'EUR',
          ruleSettings: {
            insuredValue: 21000,
            signature: 'adult',
            holdUntil: '2999-12-01',
            boxSizeId: '3',
            handSet: [],
          },
        })}
        locale="en"
        timeZone="UTC"
      />,
    );
    const rows = within(card());
    expect(await rows.findByText('Small mailer')).toBeInTheDocument();
    const value = (term: string) => rows.getByText(term).nextElementSibling;
    expect(value('Insured value')).toHaveTextContent('€210.00');
    expect(value('Signature')).toHaveTextContent('Adult signature');
    // A hold in the future is a warning.
    const hold = rows.getByText('On hold until Dec 1, 2999');
    expect(hold.closest('.MuiChip-root')).not.toBeNull();
    expect(value('Box')).toHaveTextContent('Small mailer');
    expect(calls.filter((c) => c.path === '/api/v1/orderBoxSizes')).toHaveLength(1);
  });

  it('leaves out what is not set, a box it cannot name, and says a past hold is over', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/v1/orderBoxSizes' ? ok([]) : fail(500, `unexpected ${call.method} ${call.path}`),
    );
    renderCardOnly(
      salesOrder({
        ruleSettings: { insuredValue: null, signature: null, holdUntil: '2020-03-05', boxSizeId: '9', handSet: [] },
      }),
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/orderBoxSizes')).toHaveLength(1));
    expect(card()).toHaveTextContent('HoldHeld until Mar 5, 2020');
    expect(within(card()).queryByText('On hold until', { exact: false })).not.toBeInTheDocument();
    for (const term of ['Insured value', 'Signature', 'Box']) {
      expect(within(card()).queryByText(term)).not.toBeInTheDocument();
    }
    cleanup();
    // Nothing set: no rows, and no box sizes asked for.
    renderCardOnly(salesOrder());
    expect(within(card()).queryByText('Hold')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/orderBoxSizes')).toHaveLength(1);
  });
});

function renderCardOnly(order: Order) {
  renderWithStore(<OrderShippingCard order={order} timeZone="UTC" />);
}
