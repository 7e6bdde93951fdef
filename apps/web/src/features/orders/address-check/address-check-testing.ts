import type { AddressCheck, Order } from '@shipdesk/contract';
import { fail, fullOrder, ok, stubApi, type ApiCall } from '../testing';

/** Test-only: order 5's check as the server answers it, verified by USPS unless told. */
export function addressCheck(overrides: Partial<AddressCheck> = {}): AddressCheck {
  return {
    orderId: '5',
    status: 'verified',
    carrier: 'usps',
    residential: null,
    suggestion: null,
    candidates: [],
    messages: [],
    checkedAt: '2025-01-15T17:04:05Z',
    nextAt: null,
    ...overrides,
  };
}

export const CHECK_PATH = '/api/v1/orders/5/addressCheck';
export const APPLY_PATH = '/call/orders/5/addressCheck/apply';
export const CHECK_AGAIN_PATH = '/call/addressChecks';

/**
 * Test-only: the server of order 5's view. `check()` and `order()` are asked at each GET (a test changes what they
 * answer), `extra` answers first; the view's other reads answer empty, its actions refused.
 */
export function serveOrderView({
  check,
  order = () => fullOrder({ id: '5' }),
  extra,
}: {
  check: () => Response;
  order?: () => Order;
  extra?: (call: ApiCall) => Response | Promise<Response> | undefined;
}): ApiCall[] {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === CHECK_PATH) return check();
    if (call.path === '/api/v1/orders/5') return ok(order());
    const fsm = /^\/call\/orders\/5\/(\w+)\/fsmFlow$/.exec(call.path);
    if (fsm) {
      const event = fsm[1]!;
      return ok({
        event,
        allowed: false,
        reason: 'invalid_status',
        message: 'No',
        next: null,
        defaults: {},
        version: 3,
      });
    }
    if (call.path === '/api/v1/orders/5/events') return ok([]);
    if (call.path === '/call/order/5/shippingRules') return ok({ applications: [] });
    if (call.path === '/api/v1/orderNotes') return ok([]);
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}
