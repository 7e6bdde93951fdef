import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type BoxSize, type Order } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
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

const UPDATE = '/call/order/5/updateRuleSettings';
const BOXES: BoxSize[] = [
  { id: '3', name: 'Small mailer', length: 9, width: 6, height: 2, emptyWeight: 50, maxWeight: 2000 },
  { id: '4', name: 'Large box', length: 16, width: 12, height: 8, emptyWeight: 400, maxWeight: 22000 },
];

/** A Sales Order whose insurance the rules set, and whose signature a person turned off by hand. */
function salesOrder(overrides: Partial<Order> = {}): Order {
  return fullOrder({
    id: '5',
    orderStatus: 'Sales Order',
    ruleSettings: {
      insuredValue: 1250,
      signature: null,
      holdUntil: null,
      boxSizeId: null,
      handSet: ['signature'],
    },
    ...overrides,
  });
}

function serve(state: { order: Order }, update: (call: ApiCall) => Response = () => ok(state.order)) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/orders/5') return ok(state.order);
    if (call.path === '/api/v1/orderBoxSizes') return ok(BOXES);
    if (call.method === 'POST' && call.path === UPDATE) return update(call);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

function CardOfOrder() {
  const { data } = useGetOrderQuery('5');
  return data ? <OrderShippingCard order={data} locale="en-US" timeZone="UTC" /> : null;
}

function renderCard() {
  // A Manager sets them as an Admin does.
  renderRoutes([{ path: '*', element: <CardOfOrder /> }], '/', {
    userData: { ...initialUserData, user_role_id: Role.Manager },
  });
  return userEvent.setup();
}

const card = () => screen.getByRole('region', { name: 'Shipping' });
const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });
const radio = (dialog: HTMLElement, groupName: string, name: 'Rules decide' | 'Set by hand') =>
  within(group(dialog, groupName)).getByRole('radio', { name });
const updates = (calls: ApiCall[]) => calls.filter((c) => c.path === UPDATE);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit insurance, signature, hold and box' }));
  return screen.findByRole('dialog', { name: 'Shipping settings of order SO-1005' });
}

describe('shipping settings set by hand', { timeout: 20_000 }, () => {
  it('says which rows were set by hand, a "none" included', async () => {
    serve({ order: salesOrder() });
    renderCard();
    const value = (term: string) => within(card()).getByText(term).nextElementSibling;
    expect(await within(await screen.findByRole('region', { name: 'Shipping' })).findByText('Signature')).toBeVisible();
    expect(value('Signature')).toHaveTextContent('No signatureset by hand');
    expect(value('Insured value')).toHaveTextContent('$12.50');
    expect(value('Insured value')).not.toHaveTextContent('set by hand');
  });

  it('sets insurance and a box by hand and hands the signature back to the rules', async () => {
    const state = { order: salesOrder() };
    const calls = serve(state, () => {
      state.order = salesOrder({
        version: 5,
        ruleSettings: {
          insuredValue: 7550,
          signature: 'standard',
          holdUntil: null,
          boxSizeId: '4',
          handSet: ['insuredValue', 'boxSize'],
        },
      });
      return ok(state.order);
    });
    const user = renderCard();
    const dialog = await openDialog(user);
    // What a person set starts as "Set by hand"; the rest follows the rules and cannot be typed into.
    expect(radio(dialog, 'Signature', 'Set by hand')).toBeChecked();
    expect(radio(dialog, 'Insurance', 'Rules decide')).toBeChecked();
    const insured = within(dialog).getByRole('textbox', { name: 'Insured value (USD)' });
    expect(insured).toBeDisabled();
    expect(insured).toHaveValue('12.50');

    await user.click(radio(dialog, 'Insurance', 'Set by hand'));
    expect(insured).toBeEnabled();
    await user.clear(insured);
    await user.type(insured, '75.5');
    await user.click(radio(dialog, 'Signature', 'Rules decide'));
    await user.click(radio(dialog, 'Box', 'Set by hand'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Box' }));
    await user.click(await screen.findByRole('option', { name: 'Large box' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [saved] = updates(calls);
    expect(saved!.body).toEqual({ insuredValue: 7550, boxSizeId: '4', automatic: ['signature'], version: 3 });
    expect(saved!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(toastSuccess).toHaveBeenCalledWith('Shipping settings of order SO-1005 saved.');
    // The order is asked again, and its rows say what was set by hand.
    await waitFor(() => expect(within(card()).getByText('Box').nextElementSibling).toHaveTextContent('Large box'));
    const value = (term: string) => within(card()).getByText(term).nextElementSibling;
    expect(value('Insured value')).toHaveTextContent('$75.50set by hand');
    expect(value('Box')).toHaveTextContent('Large boxset by hand');
    expect(value('Signature')).toHaveTextContent('Standard signature');
    expect(value('Signature')).not.toHaveTextContent('set by hand');
  });

  it('checks the amount before sending, and sends nothing when nothing changed', async () => {
    const calls = serve({ order: salesOrder() });
    const user = renderCard();
    let dialog = await openDialog(user);
    await user.click(radio(dialog, 'Insurance', 'Set by hand'));
    const insured = within(dialog).getByRole('textbox', { name: 'Insured value (USD)' });
    await user.clear(insured);
    await user.type(insured, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use at most 2 decimals')).toBeInTheDocument();
    expect(insured).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates(calls)).toHaveLength(0);
  });

  it('shows a refusal: a field the server names, a stale version, an order no longer open', async () => {
    const state = { order: salesOrder() };
    const answers = [
      fail(400, 'Invalid input', { errors: { holdUntil: 'holdUntil must match format "date"' } }),
      fail(409, 'The order changed meanwhile', { reason: 'stale_version' }),
      fail(409, 'The shipping settings of a Completed order cannot change', { reason: 'invalid_status' }),
    ];
    const calls = serve(state, () => {
      if (answers.length === 2) state.order = salesOrder({ version: 4 });
      return answers.shift()!;
    });
    const user = renderCard();
    const dialog = await openDialog(user);
    await user.click(radio(dialog, 'Hold', 'Set by hand'));
    const hold = within(dialog).getByLabelText('Hold until');
    await user.type(hold, '2031-02-28');
    const save = within(dialog).getByRole('button', { name: 'Save' });

    await user.click(save);
    expect(await within(dialog).findByText('holdUntil must match format "date"')).toBeInTheDocument();
    expect(hold).toHaveAttribute('aria-invalid', 'true');

    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order changed — reloaded');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/orders/5')).toHaveLength(2));
    await user.click(save);
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('The shipping settings of a Completed order cannot change'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates(calls).map((c) => c.body)).toEqual([
      { holdUntil: '2031-02-28', version: 3 },
      { holdUntil: '2031-02-28', version: 3 },
      { holdUntil: '2031-02-28', version: 4 },
    ]);
  });

  it('works from the keyboard', async () => {
    const calls = serve({ order: salesOrder() }, () => ok(salesOrder({ version: 4 })));
    const user = renderCard();
    const edit = await screen.findByRole('button', { name: 'Edit insurance, signature, hold and box' });
    edit.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Shipping settings of order SO-1005' });
    // Arrow keys move between "Rules decide" and "Set by hand"; the value is then typed in.
    radio(dialog, 'Insurance', 'Rules decide').focus();
    await user.keyboard('{ArrowRight}');
    expect(radio(dialog, 'Insurance', 'Set by hand')).toBeChecked();
    await user.tab();
    const insured = within(dialog).getByRole('textbox', { name: 'Insured value (USD)' });
    expect(insured).toHaveFocus();
    await user.clear(insured);
    await user.keyboard('20{Enter}');
    await waitFor(() => expect(updates(calls)).toHaveLength(1));
    expect(updates(calls)[0]!.body).toEqual({ insuredValue: 2000, version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(edit).toBeInTheDocument();
  });

  it('offers no edit on an order that is no longer open', async () => {
    serve({ order: salesOrder({ orderStatus: 'Completed' }) });
    renderCard();
    expect(await within(await screen.findByRole('region', { name: 'Shipping' })).findByText('Signature')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit insurance, signature, hold and box' })).not.toBeInTheDocument();
  });
});
