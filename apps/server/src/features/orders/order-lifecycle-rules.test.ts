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
  assertLifecycleReady,
  eventDefaults,
  planLifecycleEvent,
  type LifecycleSnapshot,
} from './order-lifecycle-rules.ts';

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
    [...OPEN, 'Completed'].includes(o) && (p === 'Unpaid' || p === 'Paid Partial' || p === 'Terms')
      ? [o, 'Paid', sh]
      : 'invalid_status',
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
  returnLabel: () => 'labels_not_configured',
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
    // A part paid of an order on net terms keeps it on Terms (it may still ship); the whole of it makes it Paid.
    const onTerms = { ...draft, paymentStatus: 'Terms' as const };
    expect(planLifecycleEvent('processPayment', onTerms, ctx, { amount: 300 })).toMatchObject({
      ok: true,
      next: { paymentStatus: 'Terms' },
    });
    expect(planLifecycleEvent('processPayment', onTerms, ctx)).toMatchObject({
      ok: true,
      next: { paymentStatus: 'Paid' },
    });
    const completed = { ...draft, orderStatus: 'Completed' as const, shipmentStatus: 'Shipped Complete' as const };
    expect(planLifecycleEvent('reship', completed, ctx, {})).toMatchObject({ reason: 'reason_required' });
    expect(planLifecycleEvent('reship', completed, ctx, { reason: '  ' })).toMatchObject({ reason: 'reason_required' });
    // fsmFlow previews before the form is filled in: input guards wait for orderFlow.
    expect(planLifecycleEvent('reship', completed, ctx, {}, { preview: true })).toMatchObject({ ok: true });
    expect(eventDefaults('processPayment', { ...draft, paidTotal: 250 })).toEqual({ amount: 750, method: 'cash' });
  });
});
