import { describe, expect, it } from 'vitest';
import {
  ORDER_EVENTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SHIPMENT_STATUSES,
  ORDER_LIFECYCLE,
  type LifecycleRule,
  type OrderEvent,
  type OrderStatuses,
} from '@shipdesk/contract';
import {
  addressFieldErrors,
  addressLines,
  missingAddressFields,
  missingAddressMessage,
  toAddressFields,
} from './order-address.ts';
import { assertLifecycleReady, eventDefaults, planLifecycleEvent, type LifecycleSnapshot } from './order-lifecycle.ts';
import {
  decodeCursor,
  encodeCursor,
  needsTimeZone,
  parseOrderQuery,
  resolveDays,
  startOfDay,
  statusesShown,
} from './order-list-query.ts';

describe('order addresses', () => {
  it('stores addresses trimmed, the name split, empty optional fields as null, and knows what is missing', () => {
    const fields = toAddressFields({ name: 'Cher', address1: ' 1 Main St ', city: 'Austin', country: 'US', state: '' });
    expect(fields).toMatchObject({
      firstName: 'Cher',
      lastName: ' ',
      address1: '1 Main St',
      state: null,
      company: null,
    });
    expect(missingAddressFields(fields)).toEqual(['postalCode', 'state']);
    expect(missingAddressFields({ ...fields, state: 'TX', postalCode: '78701' })).toEqual([]);
    expect(missingAddressFields(null)).toEqual(['shippingAddress']);
    expect(missingAddressFields({ ...fields, country: 'IE' })).toEqual([]);
    expect(missingAddressMessage(['postalCode', 'state'])).toBe('The shipping address lacks: postal code, state');
    expect(missingAddressMessage(['shippingAddress'])).toBe('The order has no shipping address');
    const typed = { name: 'Cher', address1: '1 Main St', city: 'Austin', country: 'US' };
    expect(addressFieldErrors(typed, 'shippingAddress')).toEqual({
      'shippingAddress.state': 'shippingAddress.state is required for a US address',
      'shippingAddress.postalCode': 'shippingAddress.postalCode is required for a US address',
    });
    expect(addressFieldErrors({ ...typed, state: 'TX', postalCode: '78701-1234' })).toEqual({});
    expect(
      addressLines({
        name: 'Ada',
        address1: '1 Main',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      }),
    ).toEqual(['Ada', '1 Main', 'Austin, TX 78701', 'US']);
  });
});

/** A snapshot where every guard holds: lines, a complete address, something due, an unlabelled delivery. */
const good = (s: OrderStatuses): LifecycleSnapshot => ({
  ...s,
  lineCount: 2,
  missingAddress: [],
  total: 1000,
  paidTotal: s.paymentStatus === 'Paid Partial' ? 400 : 0,
  currency: 'USD',
  unshippedUnits: 3,
  unlabelledDeliveries: 1,
  nextDeliveryUnits: 3,
});

type Triple = [OrderStatuses['orderStatus'], OrderStatuses['paymentStatus'], OrderStatuses['shipmentStatus']];
const OPEN = ['Draft Order', 'Sales Order'];

/**
 * The expected lifecycle, written independently of the contract's table: for each event, the statuses after it
 * (with every guard holding and the default input), or the refusal reason.
 */
const EXPECTED: Record<OrderEvent, (s: Triple) => Triple | string> = {
  approve: ([o, p, sh]) => (o === 'Draft Order' ? ['Sales Order', p, sh] : 'invalid_status'),
  processPayment: ([o, p, sh]) =>
    // A Completed order shipped before it was paid still takes its payment.
    [...OPEN, 'Completed'].includes(o) && (p === 'Unpaid' || p === 'Paid Partial') ? [o, 'Paid', sh] : 'invalid_status',
  shipLabel: () => 'labels_not_configured',
  zpl: () => 'labels_not_configured',
  shipComplete: ([o, p, sh]) =>
    o === 'Sales Order' && sh !== 'Shipped Complete' ? ['Completed', p, 'Shipped Complete'] : 'invalid_status',
  cancel: ([o, p, sh]) =>
    OPEN.includes(o) && sh !== 'Shipped Complete'
      ? [sh === 'Unshipped' ? 'Canceled' : 'Completed - Canceled Partial', p, sh]
      : 'invalid_status',
  delete: ([o, p, sh]) => (o === 'Draft Order' ? ['Deleted', p, sh] : 'invalid_status'),
  reorder: (s) => (s[0] !== 'Deleted' ? s : 'invalid_status'),
  reship: (s) => (s[0] === 'Completed' ? s : 'invalid_status'),
  packingSlip: (s) => (s[0] !== 'Deleted' ? s : 'invalid_status'),
};

const matrix = ORDER_EVENTS.flatMap((event) =>
  ORDER_STATUSES.flatMap((o) =>
    PAYMENT_STATUSES.flatMap((p) => SHIPMENT_STATUSES.map((sh) => ({ event, state: [o, p, sh] as Triple }))),
  ),
);

describe('order lifecycle: every event against every combination of statuses', () => {
  it('the contract table matches the implemented guards and outcomes; a broken table stops the start', () => {
    expect(() => assertLifecycleReady()).not.toThrow();
    const broken = ORDER_LIFECYCLE.map((r) =>
      r.event === 'approve' ? { ...r, guards: ['hasLines', 'isFriday'] as unknown as LifecycleRule['guards'] } : r,
    );
    expect(() => assertLifecycleReady(broken)).toThrow(
      /lifecycle is invalid:\n- rule 0 \(approve\): unknown guard "isFriday"/,
    );
  });

  it(`covers ${ORDER_EVENTS.length} events x ${ORDER_STATUSES.length * PAYMENT_STATUSES.length * SHIPMENT_STATUSES.length} states`, () => {
    expect(matrix).toHaveLength(ORDER_EVENTS.length * 72);
    const mismatches: string[] = [];
    for (const { event, state } of matrix) {
      const [orderStatus, paymentStatus, shipmentStatus] = state;
      const plan = planLifecycleEvent(
        event,
        good({ orderStatus, paymentStatus, shipmentStatus }),
        { features: { labels: false } },
        { reason: 'damaged in transit' },
      );
      const expected = EXPECTED[event](state);
      const actual = plan.ok ? [plan.next.orderStatus, plan.next.paymentStatus, plan.next.shipmentStatus] : plan.reason;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push(
          `${event} from ${state.join(' / ')}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("leads only to the rule's target statuses, and leaves the others as they were", () => {
    const problems: string[] = [];
    const dimensions = ['orderStatus', 'paymentStatus', 'shipmentStatus'] as const;
    for (const { event, state } of matrix) {
      const [orderStatus, paymentStatus, shipmentStatus] = state;
      const from = good({ orderStatus, paymentStatus, shipmentStatus });
      for (const snapshot of [from, { ...from, nextDeliveryUnits: 1 }, { ...from, paidTotal: 1 }]) {
        const plan = planLifecycleEvent(event, snapshot, { features: { labels: true } }, { amount: 1, reason: 'x' });
        if (!plan.ok) continue;
        for (const dimension of dimensions) {
          const targets = plan.rule.to[dimension] as readonly string[] | undefined;
          const ok = targets ? targets.includes(plan.next[dimension]) : plan.next[dimension] === snapshot[dimension];
          if (!ok) problems.push(`${event} from ${state.join(' / ')}: ${dimension} ${plan.next[dimension]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('labels (when configured) ship a delivery: partial, or complete when it holds every unshipped unit', () => {
    const s = good({ orderStatus: 'Sales Order', paymentStatus: 'Paid', shipmentStatus: 'Unshipped' });
    const on = { features: { labels: true } };
    expect(planLifecycleEvent('shipLabel', s, on)).toMatchObject({
      ok: true,
      next: { orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' },
    });
    expect(planLifecycleEvent('zpl', { ...s, nextDeliveryUnits: 1 }, on)).toMatchObject({
      ok: true,
      next: { orderStatus: 'Sales Order', shipmentStatus: 'Shipped Partial' },
    });
    expect(planLifecycleEvent('shipLabel', { ...s, paymentStatus: 'Unpaid' }, on)).toMatchObject({
      reason: 'invalid_status',
    });
    expect(planLifecycleEvent('shipLabel', { ...s, unlabelledDeliveries: 0 }, on)).toMatchObject({
      reason: 'all_deliveries_labelled',
    });
    expect(planLifecycleEvent('shipLabel', s, { features: { labels: false } })).toEqual({
      ok: false,
      reason: 'labels_not_configured',
      message: 'Not available until labels are configured',
    });
  });

  it('guards refuse with their reason codes', () => {
    const draft = good({ orderStatus: 'Draft Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' });
    const ctx = { features: { labels: false } };
    expect(planLifecycleEvent('approve', { ...draft, lineCount: 0 }, ctx)).toMatchObject({ reason: 'no_lines' });
    expect(planLifecycleEvent('approve', { ...draft, missingAddress: ['postalCode'] }, ctx)).toMatchObject({
      reason: 'incomplete_shipping_address',
      message: 'The shipping address lacks: postal code',
    });
    expect(planLifecycleEvent('processPayment', { ...draft, total: 0 }, ctx)).toMatchObject({ reason: 'nothing_due' });
    expect(planLifecycleEvent('processPayment', draft, ctx, { amount: 1001 })).toMatchObject({
      reason: 'amount_exceeds_balance',
      message: 'The amount is more than the balance due (10.00 USD)',
    });
    expect(planLifecycleEvent('processPayment', { ...draft, currency: 'JPY' }, ctx, { amount: 1001 })).toMatchObject({
      message: 'The amount is more than the balance due (1000 JPY)',
    });
    expect(planLifecycleEvent('processPayment', draft, ctx, { amount: 300 })).toMatchObject({
      ok: true,
      next: { paymentStatus: 'Paid Partial' },
      effects: { kind: 'payment', amount: 300, paidTotal: 300 },
    });
    const completed = { ...draft, orderStatus: 'Completed' as const, shipmentStatus: 'Shipped Complete' as const };
    expect(planLifecycleEvent('reship', completed, ctx, {})).toMatchObject({ reason: 'reason_required' });
    expect(planLifecycleEvent('reship', completed, ctx, { reason: '  ' })).toMatchObject({ reason: 'reason_required' });
    // fsmFlow previews before the form is filled in: input guards wait for orderFlow.
    expect(planLifecycleEvent('reship', completed, ctx, {}, { preview: true })).toMatchObject({ ok: true });
    expect(eventDefaults('processPayment', { ...draft, paidTotal: 250 })).toEqual({ amount: 750, method: 'cash' });
  });
});

describe('order list query', () => {
  it('accepts the allow-listed filters and normalises them', () => {
    const parsed = parseOrderQuery(
      JSON.stringify({
        orderStatus: 'in@Draft Order,Sales Order',
        storeId: 'in@3,manual',
        orderDate: 'eq@2025-02-28',
        created_at: 'between@2025-01-01,2025-01-31',
        search: 'like@ADA',
        paymentStatus: '',
      }),
      0,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.hideDeleted).toBe(true);
    expect(parsed.value.filters).toEqual([
      { kind: 'status', column: 'orderStatus', op: 'in', values: ['Draft Order', 'Sales Order'] },
      { kind: 'store', op: 'in', values: [3, null] },
      { kind: 'time', column: 'orderDate', from: { day: '2025-02-28' }, to: { day: '2025-03-01' } },
      { kind: 'time', column: 'createdAt', from: { day: '2025-01-01' }, to: { day: '2025-02-01' } },
      { kind: 'search', prefix: 'ada' },
    ]);
  });

  it('names every bad filter as filters.<field>', () => {
    const parsed = parseOrderQuery(
      JSON.stringify({
        colour: 'red',
        orderStatus: 'gt@Draft Order',
        shipmentStatus: 'Lost',
        orderDate: 'eq@2025-02-30',
        storeId: 'eq@1; DROP TABLE orders',
      }),
      undefined,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual([
      'filters.colour',
      'filters.orderDate',
      'filters.orderStatus',
      'filters.shipmentStatus',
      'filters.storeId',
    ]);
    expect(parseOrderQuery('[1]', 0)).toMatchObject({ ok: false, errors: { filters: expect.any(String) } });
    expect(parseOrderQuery('{nope', 0)).toMatchObject({ ok: false });
  });

  it('shows Deleted orders only when a status filter asks for them and hide is not 1', () => {
    const asks = JSON.stringify({ orderStatus: 'eq@Deleted' });
    expect(parseOrderQuery(asks, 0)).toMatchObject({ ok: true, value: { hideDeleted: false } });
    expect(parseOrderQuery(asks, 1)).toMatchObject({ ok: true, value: { hideDeleted: true } });
    expect(parseOrderQuery(undefined, 0)).toMatchObject({ ok: true, value: { hideDeleted: true } });
  });

  it('binds cursors to their sort and filters', () => {
    const a = parseOrderQuery(JSON.stringify({ orderStatus: 'eq@Sales Order' }), 0);
    const b = parseOrderQuery(JSON.stringify({ orderStatus: 'eq@Draft Order' }), 0);
    if (!a.ok || !b.ok) throw new Error('parse failed');
    const text = encodeCursor({
      sort: 'orderDate desc',
      direction: 'next',
      key: '2025-01-01T00:00:00.000Z',
      id: 7,
      fingerprint: a.value.fingerprint,
    });
    expect(decodeCursor(text, 'orderDate desc', a.value.fingerprint)).toMatchObject({ ok: true, value: { id: 7 } });
    expect(decodeCursor(text, 'orderDate desc', b.value.fingerprint)).toMatchObject({
      ok: false,
      errors: { cursor: expect.stringContaining('other filters') },
    });
    expect(decodeCursor(text, 'id desc', a.value.fingerprint)).toMatchObject({
      ok: false,
      errors: { cursor: expect.stringContaining('sort') },
    });
    expect(decodeCursor('garbage', 'id desc', a.value.fingerprint)).toMatchObject({ ok: false });
    // The same filters written in another order make the same fingerprint.
    const c = parseOrderQuery(JSON.stringify({ search: 'x', orderStatus: 'eq@Sales Order' }), 0);
    const d = parseOrderQuery(JSON.stringify({ orderStatus: 'eq@Sales Order', search: 'x' }), 0);
    expect(c.ok && d.ok && c.value.fingerprint === d.value.fingerprint).toBe(true);
  });
});

describe('time zones and search bounds', () => {
  it('finds the instant a day starts in a time zone, across daylight saving changes', () => {
    expect(startOfDay('2025-01-15', 'America/New_York')).toBe('2025-01-15T05:00:00.000Z');
    expect(startOfDay('2025-07-15', 'America/New_York')).toBe('2025-07-15T04:00:00.000Z');
    expect(startOfDay('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfDay('2025-03-10', 'America/New_York')).toBe('2025-03-10T04:00:00.000Z');
    expect(startOfDay('2025-06-01', 'Asia/Kolkata')).toBe('2025-05-31T18:30:00.000Z');
    expect(startOfDay('2025-06-01', 'UTC')).toBe('2025-06-01T00:00:00.000Z');
    expect(
      resolveDays(
        [
          {
            kind: 'time',
            column: 'orderDate',
            from: { day: '2025-01-15' },
            to: { instant: '2025-02-01T00:00:00.000Z' },
          },
        ],
        'America/New_York',
      ),
    ).toEqual([
      {
        kind: 'time',
        column: 'orderDate',
        from: { instant: '2025-01-15T05:00:00.000Z' },
        to: { instant: '2025-02-01T00:00:00.000Z' },
      },
    ]);
  });
});

describe('which lists the per-status counts answer', () => {
  const parse = (filters: Record<string, string>, hide = 0) => {
    const parsed = parseOrderQuery(JSON.stringify(filters), hide);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return statusesShown(parsed.value.filters, parsed.value.hideDeleted);
  };
  const visible = ORDER_STATUSES.filter((s) => s !== 'Deleted');

  it('answers the statuses a list narrowed by the order status alone shows, after the Deleted rule', () => {
    expect(parse({})).toEqual(visible);
    expect(parse({ orderStatus: 'eq@Sales Order' })).toEqual(['Sales Order']);
    expect(parse({ orderStatus: 'in@Deleted,Draft Order' })).toEqual(['Draft Order', 'Deleted']);
    expect(parse({ orderStatus: 'in@Deleted,Draft Order' }, 1)).toEqual(['Draft Order']);
    expect(parse({ orderStatus: 'eq@Deleted' }, 1)).toEqual([]);
    expect(parse({ orderStatus: 'ne@Canceled' })).toEqual(visible.filter((s) => s !== 'Canceled'));
    expect(parse({ orderStatus: 'ne@Deleted' })).toEqual(visible);
  });

  it('answers null when any other filter narrows the list', () => {
    const narrowing: Array<Record<string, string>> = [
      { search: 'like@ada' },
      { orderDate: 'eq@2025-01-03' },
      { created: 'gte@2025-01-03T00:00:00Z' },
      { storeId: 'eq@manual' },
      { sourceType: 'eq@Wholesale' },
      { paymentStatus: 'eq@Paid' },
      { shipmentStatus: 'ne@Unshipped' },
      { orderStatus: 'eq@Sales Order', search: 'like@ada' },
    ];
    for (const filters of narrowing) {
      expect(parse(filters), JSON.stringify(filters)).toBeNull();
    }
  });

  it('needs the time zone only for calendar days', () => {
    const filters = (f: Record<string, string>) => {
      const parsed = parseOrderQuery(JSON.stringify(f), 0);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.value.filters;
    };
    expect(needsTimeZone(filters({}))).toBe(false);
    expect(needsTimeZone(filters({ search: 'like@ada', orderStatus: 'eq@Completed' }))).toBe(false);
    expect(needsTimeZone(filters({ created: 'gte@2025-01-03T00:00:00Z' }))).toBe(false);
    expect(needsTimeZone(filters({ orderDate: 'eq@2025-01-03' }))).toBe(true);
    expect(needsTimeZone(filters({ created: 'between@2025-01-03T00:00:00Z,2025-01-05' }))).toBe(true);
  });
});
