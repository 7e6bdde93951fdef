import { vi } from 'vitest';
import type { Order, OrderList, OrderSummary, RuleApplication, RuleResult } from '@shipdesk/contract';

/** Test-only: a request the page made, with what the server needs to see. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ code: status, success: true, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const fail = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ code: status, success: false, message, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Replaces fetch: `answer` sees each call (absolute or relative URL) and returns the response. */
export function stubApi(answer: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
      const url = new URL(request.url);
      const text = await request.clone().text();
      const call: ApiCall = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const id = overrides.id ?? '1';
  return {
    id,
    storeId: null,
    storeName: null,
    sourceType: 'Wholesale',
    orderNumber: `SO-${1000 + Number(id)}`,
    orderDate: '2025-01-15T17:04:05Z',
    created: '2025-01-15T17:04:05Z',
    shipping: {
      shipMethod: null,
      carrier: null,
      carrierMethod: null,
      carrierMethodName: null,
      packageType: null,
      chosenByUser: false,
    },
    orderStatus: 'Draft Order',
    paymentStatus: 'Unpaid',
    shipmentStatus: 'Unshipped',
    customerName: 'Ann Lee',
    customerEmail: 'ann@example.com',
    shipTo: 'Austin, TX, US',
    itemCount: 2,
    currency: 'USD',
    total: 123456,
    requestedShippingMethod: 'Ground',
    version: 3,
    ...overrides,
  };
}

export function fullOrder(overrides: Partial<Order> = {}): Order {
  return {
    ...summary(overrides),
    externalId: null,
    subtotal: 1000,
    shippingTotal: 250,
    taxTotal: 0,
    discountTotal: 0,
    paidTotal: 0,
    tags: [],
    lines: [
      {
        id: '11',
        sku: 'MUG-1',
        name: 'Mug',
        quantity: 2,
        quantityShipped: 0,
        unitPrice: 500,
        weight: 300,
        category: null,
        hazardous: false,
        hazardClass: null,
      },
    ],
    shippingAddress: {
      type: 'shipping',
      firstName: 'Ann',
      lastName: 'Lee',
      company: null,
      address1: '1 Main St',
      address2: null,
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: null,
      email: null,
    },
    billingAddress: null,
    linkedOrderId: null,
    ruleSettings: { insuredValue: null, signature: null, holdUntil: null, boxSizeId: null, handSet: [] },
    updatedAt: '2025-01-15T17:04:05Z',
    ...overrides,
    total: overrides.total ?? 1250,
  };
}

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
