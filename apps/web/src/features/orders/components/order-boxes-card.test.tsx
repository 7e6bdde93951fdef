import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type BoxSize, type Delivery, type Order } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { initialUserData } from '@/lib/state/user-data-slice';
import { fail, fullOrder, ok, stubApi } from '../testing';
import { OrderBoxesCard } from './order-boxes-card';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PARCEL = '/call/order/5/updateDeliveryParcel';
const order: Order = fullOrder({ id: '5', version: 3, orderStatus: 'Sales Order', shipmentStatus: 'Unshipped' });
const MUG_BOX: BoxSize = {
  id: '7',
  name: 'Mug box',
  length: 8,
  width: 6,
  height: 4,
  emptyWeight: 80,
  maxWeight: 5000,
  archivedAt: null,
};

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    deliveryId: '21',
    orderId: '5',
    requestedShipMethod: 'Ground',
    carrierMethod: null,
    boxSizeId: null,
    weight: 0,
    status: 'planned',
    lineIds: ['11'],
    lines: [{ lineId: '11', quantity: 1 }],
    trackingNumber: null,
    packageType: null,
    length: null,
    width: null,
    height: null,
    purchaseState: null,
    purchaseProblem: null,
    label: null,
    ...overrides,
  };
}

/** The deliveries, the boxes and the tenant's units: imperial (no settings) unless told. */
function serve(state: { deliveries: Delivery[] }, units?: 'metric') {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v1/configs' && units) {
      return ok([{ key: 'units', value: units, options: null, updated_at: '2025-01-01T00:00:00Z' }]);
    }
    if (call.method === 'GET' && call.path === '/api/v1/deliveries') return ok(state.deliveries);
    if (call.method === 'GET' && call.path === '/api/v1/orderBoxSizes') return ok([MUG_BOX]);
    if (call.method === 'POST' && call.path === PARCEL) {
      state.deliveries = [delivery({ boxSizeId: '7', weight: 1200 })];
      return ok(state.deliveries);
    }
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

const renderCard = (shown: Order = order) =>
  renderRoutes([{ path: '*', element: <OrderBoxesCard order={shown} /> }], '/', {
    userData: { ...initialUserData, user_role_id: Role.Manager },
  });

describe("A planned delivery's box on the order view", () => {
  it('shows each planned box, and saves a box, weight and size typed in its dialog', async () => {
    const state = { deliveries: [delivery(), delivery({ deliveryId: '22', status: 'labelled' })] };
    const calls = serve(state);
    const user = userEvent.setup();
    renderCard();
    const list = await screen.findByRole('list', { name: 'Boxes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Delivery 21: No box chosen')).toBeInTheDocument();
    expect(within(list).getByText(/From its items/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit the box of delivery 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Box of delivery 21' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Box' }));
    await user.click(await screen.findByRole('option', { name: 'Mug box (8 × 6 × 4 in)' }));
    // The other system's units are taken too: 1.2 kg is 1200 g, shown back in pounds and ounces.
    await user.type(within(dialog).getByRole('textbox', { name: /Weight/ }), '1.2 kg');
    await user.type(within(dialog).getByRole('textbox', { name: 'Length (in)' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save box' }));
    expect(await within(dialog).findAllByText('Enter all three sides, or none to use the box size')).toHaveLength(2);
    expect(calls.filter((c) => c.path === PARCEL)).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Length (in)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save box' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === PARCEL)?.body).toEqual({
        version: 3,
        deliveryId: '21',
        boxSizeId: '7',
        weight: 1200,
        length: null,
        width: null,
        height: null,
      }),
    );
    expect(await screen.findByText('Delivery 21: Mug box')).toBeInTheDocument();
    expect(screen.getByText('2 lb 10.3 oz · 8 × 6 × 4 in')).toBeInTheDocument();
  });

  it("shows and takes a metric tenant's kilograms and centimetres, sending untouched sizes as stored", async () => {
    const state = {
      deliveries: [delivery({ boxSizeId: '7', weight: 1200, length: 12.34, width: 6, height: 4 })],
    };
    const calls = serve(state, 'metric');
    const user = userEvent.setup();
    renderCard();
    const list = await screen.findByRole('list', { name: 'Boxes' });
    expect(await within(list).findByText('1.2 kg · 31.3 × 15.2 × 10.2 cm')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit the box of delivery 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Box of delivery 21' });
    expect(within(dialog).getByRole('textbox', { name: /Weight/ })).toHaveValue('1.2 kg');
    expect(within(dialog).getByRole('textbox', { name: 'Length (cm)' })).toHaveValue('31.3');
    await user.click(within(dialog).getByRole('combobox', { name: 'Box' }));
    expect(await screen.findByRole('option', { name: 'Mug box (20.3 × 15.2 × 10.2 cm)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const width = within(dialog).getByRole('textbox', { name: 'Width (cm)' });
    await user.clear(width);
    await user.type(width, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Save box' }));
    expect(await within(dialog).findByText('A length can be at most 508 cm')).toBeInTheDocument();
    await user.clear(width);
    await user.type(width, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save box' }));
    // 31.3 cm typed afresh would be 12.32 in: the length nobody edited goes back as the 12.34 in stored.
    await waitFor(() =>
      expect(calls.find((c) => c.path === PARCEL)?.body).toEqual({
        version: 3,
        deliveryId: '21',
        boxSizeId: '7',
        weight: 1200,
        length: 12.34,
        width: 7.87,
        height: 4,
      }),
    );
  });

  it('shows nothing once the order is done', async () => {
    const calls = serve({ deliveries: [delivery()] });
    renderCard(fullOrder({ ...order, orderStatus: 'Completed' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole('list', { name: 'Boxes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit the box/ })).not.toBeInTheDocument();
  });

  it('says when the boxes could not be loaded, with Retry', async () => {
    stubApi(() => fail(500, 'down'));
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
