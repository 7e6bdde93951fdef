import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES } from './enums.ts';
import {
  ORDER_FLOW_EVENTS,
  ORDER_LIFECYCLE,
  assertValidLifecycle,
  findLifecycleRule,
  lifecycleTable,
  validateLifecycle,
  type LifecycleRule,
} from './order-lifecycle.ts';

describe('order lifecycle', () => {
  it('is valid: known events, statuses, guards and outcomes, a rule per event, no overlaps', () => {
    expect(validateLifecycle(ORDER_LIFECYCLE)).toEqual([]);
    expect(() => assertValidLifecycle(ORDER_LIFECYCLE)).not.toThrow();
  });

  it('has at most one rule for any event and statuses', () => {
    for (const event of ORDER_EVENTS) {
      for (const orderStatus of ORDER_STATUSES) {
        for (const paymentStatus of PAYMENT_STATUSES) {
          for (const shipmentStatus of SHIPMENT_STATUSES) {
            const state = { orderStatus, paymentStatus, shipmentStatus };
            const rules = ORDER_LIFECYCLE.filter((r) => findLifecycleRule(event, state, [r]));
            expect(rules.length).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  });

  it('allows nothing on a Deleted order', () => {
    for (const event of ORDER_EVENTS) {
      expect(
        findLifecycleRule(event, { orderStatus: 'Deleted', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' }),
      ).toBeUndefined();
    }
  });

  it('flow events are events', () => {
    for (const e of ORDER_FLOW_EVENTS) expect(ORDER_EVENTS).toContain(e);
  });

  it('reports each kind of breakage with a clear message', () => {
    const approve = ORDER_LIFECYCLE.find((r) => r.event === 'approve')!;
    const broken = [
      ...ORDER_LIFECYCLE,
      { ...approve, from: { orderStatus: ['Draft Order', 'Shipped'] } },
      { ...approve, event: 'teleport', guards: ['isMagic'], outcome: 'vanish' },
      { ...approve, from: { orderStatus: ['Sales Order'], paymentStatus: [] } },
    ] as unknown as LifecycleRule[];
    const problems = validateLifecycle(broken);
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
    expect(() => assertValidLifecycle(broken)).toThrow(/lifecycle is invalid/);
    const missing = validateLifecycle(ORDER_LIFECYCLE.filter((r) => r.event !== 'reship'));
    expect(missing).toEqual(['event "reship" has no rule']);
    expect(validateLifecycle(ORDER_LIFECYCLE, { guards: ['hasLines'] })).toEqual(
      expect.arrayContaining([expect.stringContaining('unknown guard "hasCompleteShippingAddress"')]),
    );
  });

  it('is shown in docs/orders.md as the rules write it (cells compared, spacing aside)', () => {
    const docs = readFileSync(new URL('../../../docs/orders.md', import.meta.url), 'utf8');
    const block = /<!-- lifecycle-table:start -->\n([\s\S]*?)\n<!-- lifecycle-table:end -->/.exec(docs);
    const cells = (table: string) =>
      table
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) => line.split('|').map((cell) => cell.trim().replace(/^-+$/, '---')));
    expect(block, 'docs/orders.md needs the lifecycle-table markers').not.toBeNull();
    expect(cells(block![1]!)).toEqual(cells(lifecycleTable()));
  });

  it('refuses a target status that does not exist', () => {
    const approve = ORDER_LIFECYCLE.find((r) => r.event === 'approve')!;
    const broken = ORDER_LIFECYCLE.map((r) =>
      r === approve ? { ...r, to: { orderStatus: ['Shipped'] } } : r,
    ) as unknown as LifecycleRule[];
    expect(validateLifecycle(broken)).toEqual(['rule 0: unknown target order status "Shipped"']);
  });
});
