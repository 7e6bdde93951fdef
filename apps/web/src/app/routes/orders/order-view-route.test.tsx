import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { delivery } from '@/features/labels/testing';
import { fail, fullOrder, ok, stubApi } from '@/features/orders/testing';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrderActionRoute, OrderViewRoute } from './order-view-route';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const DELIVERY = delivery({ weight: 600, lineIds: ['11'], lines: [{ lineId: '11', quantity: 2 }] });

/** Order 5, a Sales Order whose labels may be bought, with one delivery. */
function serve() {
  return stubApi((call) => {
    if (call.path === '/api/v1/orders/5') return ok(fullOrder({ id: '5', orderStatus: 'Sales Order' }));
    const fsm = /^\/call\/orders\/5\/(\w+)\/fsmFlow$/.exec(call.path);
    if (fsm) {
      const allowed = fsm[1] === 'shipLabel';
      return ok({ event: fsm[1], allowed, reason: null, message: null, next: null, defaults: {}, version: 3 });
    }
    if (call.path === '/api/v1/deliveries') return ok([DELIVERY]);
    if (['/api/v1/orders/5/events', '/api/v1/orderNotes', '/api/v1/configs'].includes(call.path)) return ok([]);
    if (call.path === '/call/order/5/shippingRules') return ok({ applications: [] });
    return fail(404, 'Not found');
  });
}

describe('the order view with the labels', { timeout: 20_000 }, () => {
  it.each([
    ['/orders/view/5', OrderViewRoute],
    ['/orders/edit/5', OrderActionRoute],
  ])('%s shows the deliveries, and offers a label once the server allows one', async (url, Component) => {
    const calls = serve();
    renderRoutes([{ path: url.replace('/5', '/:id').replace('/edit/', '/:action/'), Component }], url);
    const deliveries = await screen.findByRole('region', { name: 'Deliveries' });
    expect(await within(deliveries).findByRole('button', { name: 'Buy label' })).toBeInTheDocument();
    expect(within(deliveries).getByRole('cell', { name: /^7/ })).toBeInTheDocument();
    // Whether a label may be bought is asked without asking the carriers for rates.
    const label = calls.filter((c) => c.path === '/call/orders/5/shipLabel/fsmFlow');
    expect(label.map((c) => c.query.get('rates'))).toEqual(['false']);
  });
});
