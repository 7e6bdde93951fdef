import type { OrderList, OrderSummary, RuleApplication, RuleResult } from '@shipdesk/contract';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';

export { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
export { fullOrder, summary } from '@/lib/testing/order-fixtures';

/** A rule's result as the server words it: matched with no actions unless told. */
export function ruleResult(overrides: Partial<RuleResult> = {}): RuleResult {
  return {
    ruleId: 'r1',
    name: 'A rule',
    scope: 'all',
    matched: true,
    failedConditions: [],
    actions: [],
    stopped: false,
    ...overrides,
  };
}

/** One application of the rule sets to order 5, imported, all-stores set v4. */
export function ruleApplication(overrides: Partial<RuleApplication> = {}): RuleApplication {
  return {
    id: '1',
    orderId: '5',
    at: '2025-01-15T17:04:05Z',
    trigger: 'import',
    versions: { all: 4 },
    rules: [],
    changed: false,
    ...overrides,
  };
}

/** One page of the order list holding `rows`, its total exact. */
export function orderList(rows: OrderSummary[], overrides: Partial<OrderList> = {}): OrderList {
  return {
    rows,
    page: 1,
    size: 10,
    total: rows.length,
    totalIsEstimate: false,
    nextCursor: null,
    prevCursor: null,
    statusCounts: {},
    ...overrides,
  };
}

/** The order list page's server: `extra` answers first, then the list with `list`, stores 404, configs empty. */
export function serveOrderList(list: OrderList, extra?: (call: ApiCall) => Response | undefined): ApiCall[] {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/v1/orders') return ok(list);
    if (call.path === '/api/v1/stores') return fail(404, 'Not found');
    if (call.path === '/api/v1/configs') return ok([]);
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}
