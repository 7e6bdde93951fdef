import { describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES } from './enums.ts';
import {
  ORDER_FLOW_EVENTS,
  ORDER_TRANSITIONS,
  assertValidTransitionTable,
  findTransitionRule,
  validateTransitionTable,
  type TransitionRule,
} from './order-transitions.ts';

describe('order transition table', () => {
  it('is valid: known events, statuses, guards and outcomes, a rule per event, no overlaps', () => {
    expect(validateTransitionTable(ORDER_TRANSITIONS)).toEqual([]);
    expect(() => assertValidTransitionTable(ORDER_TRANSITIONS)).not.toThrow();
  });

  it('has at most one rule for any event and statuses', () => {
    for (const event of ORDER_EVENTS) {
      for (const orderStatus of ORDER_STATUSES) {
        for (const paymentStatus of PAYMENT_STATUSES) {
          for (const shipmentStatus of SHIPMENT_STATUSES) {
            const state = { orderStatus, paymentStatus, shipmentStatus };
            const rules = ORDER_TRANSITIONS.filter((r) => findTransitionRule(event, state, [r]));
            expect(rules.length).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  });

  it('allows nothing on a Deleted order', () => {
    for (const event of ORDER_EVENTS) {
      expect(
        findTransitionRule(event, { orderStatus: 'Deleted', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' }),
      ).toBeUndefined();
    }
  });

  it('flow events are events', () => {
    for (const e of ORDER_FLOW_EVENTS) expect(ORDER_EVENTS).toContain(e);
  });

  it('reports each kind of breakage with a clear message', () => {
    const approve = ORDER_TRANSITIONS.find((r) => r.event === 'approve')!;
    const broken = [
      ...ORDER_TRANSITIONS,
      { ...approve, from: { orderStatus: ['Draft Order', 'Shipped'] } },
      { ...approve, event: 'teleport', guards: ['isMagic'], outcome: 'vanish' },
      { ...approve, from: { orderStatus: ['Sales Order'], paymentStatus: [] } },
    ] as unknown as TransitionRule[];
    const problems = validateTransitionTable(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown order status "Shipped"'),
        expect.stringContaining('unknown event "teleport"'),
        expect.stringContaining('unknown guard "isMagic"'),
        expect.stringContaining('unknown outcome "vanish"'),
        expect.stringContaining('payment status is an empty list'),
        expect.stringMatching(/rules \d+ and \d+ \(approve\) both apply/),
      ]),
    );
    expect(() => assertValidTransitionTable(broken)).toThrow(/transition table is invalid/);
    const missing = validateTransitionTable(ORDER_TRANSITIONS.filter((r) => r.event !== 'reship'));
    expect(missing).toEqual(['event "reship" has no rule']);
    expect(validateTransitionTable(ORDER_TRANSITIONS, { guards: ['hasLines'] })).toEqual(
      expect.arrayContaining([expect.stringContaining('unknown guard "hasCompleteShippingAddress"')]),
    );
  });
});
