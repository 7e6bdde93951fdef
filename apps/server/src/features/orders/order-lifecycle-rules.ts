import {
  ORDER_EVENT_FEATURES,
  ORDER_LIFECYCLE,
  assertValidLifecycle,
  findLifecycleRule,
  type OrderEvent,
  type OrderRefusalReason,
  type OrderStatuses,
  type LifecycleFeature,
  type LifecycleGuard,
  type LifecycleOutcome,
  type LifecycleRule,
  balanceDue,
  minorToDecimal,
} from '@shipdesk/contract';
import { missingAddressMessage } from './order-address-fields.ts';

/**
 * The order lifecycle's rules by name: the table (contract) says which guards and which outcome an event has;
 * this file says what each name means. Pure: the service loads the snapshot, asks `planLifecycleEvent`, then performs
 * the effects in its transaction.
 */

/** What the guards and outcomes look at. */
export interface LifecycleSnapshot extends OrderStatuses {
  lineCount: number;
  /** Fields the shipping address lacks (see missingAddressFields); empty when complete. */
  missingAddress: readonly string[];
  total: number;
  paidTotal: number;
  /** ISO 4217 code of the totals (minor units), for the words of a refusal. */
  currency: string;
  /** Units not shipped yet, over all lines. */
  unshippedUnits: number;
  /** Deliveries not labelled yet, and the units of the first of them. */
  unlabelledDeliveries: number;
  nextDeliveryUnits: number;
}

/** The event's input (orderFlow body); fsmFlow previews without it. */
interface LifecycleInput {
  amount?: number | undefined;
  reason?: string | undefined;
}

export interface LifecycleContext {
  features: Record<LifecycleFeature, boolean>;
}

interface Refusal {
  ok: false;
  reason: OrderRefusalReason;
  message: string;
}

/** What an event does besides moving the statuses: the service performs exactly these, nothing else. */
type Effects =
  | { kind: 'none' }
  | { kind: 'payment'; amount: number; paidTotal: number }
  | { kind: 'shipAllLines' }
  | { kind: 'cancelPlannedDeliveries' }
  | { kind: 'labelDelivery' }
  | { kind: 'createLinkedOrder'; as: 'reorder' | 'reship'; reason: string | null };

export interface Plan {
  ok: true;
  rule: LifecycleRule;
  /** The order's statuses after the event. */
  next: OrderStatuses;
  effects: Effects;
}

interface Guard {
  /** Depends on the event's input: skipped when previewing (fsmFlow), where the defaults apply. */
  needsInput: boolean;
  check(s: LifecycleSnapshot, input: LifecycleInput): Refusal | null;
}

const refuse = (reason: OrderRefusalReason, message: string): Refusal => ({ ok: false, reason, message });

const GUARDS: Record<LifecycleGuard, Guard> = {
  hasLines: {
    needsInput: false,
    check: (s) => (s.lineCount > 0 ? null : refuse('no_lines', 'The order has no lines')),
  },
  hasCompleteShippingAddress: {
    needsInput: false,
    check: (s) =>
      s.missingAddress.length === 0
        ? null
        : refuse('incomplete_shipping_address', missingAddressMessage(s.missingAddress)),
  },
  somethingDue: {
    needsInput: false,
    check: (s) => (balanceDue(s.total, s.paidTotal) > 0 ? null : refuse('nothing_due', 'Nothing is due on this order')),
  },
  amountWithinBalance: {
    needsInput: true,
    check: (s, input) => {
      const due = balanceDue(s.total, s.paidTotal);
      return (input.amount ?? due) <= due
        ? null
        : refuse(
            'amount_exceeds_balance',
            `The amount is more than the balance due (${minorToDecimal(due, s.currency)} ${s.currency})`,
          );
    },
  },
  reasonGiven: {
    needsInput: true,
    check: (_s, input) => (input.reason?.trim() ? null : refuse('reason_required', 'Give a reason')),
  },
  deliveryNotLabelled: {
    needsInput: false,
    check: (s) =>
      s.unlabelledDeliveries > 0 ? null : refuse('all_deliveries_labelled', 'Every delivery already has a label'),
  },
};

type Outcome = (s: LifecycleSnapshot, input: LifecycleInput) => { next: OrderStatuses; effects: Effects };

const same = (s: OrderStatuses): OrderStatuses => ({
  orderStatus: s.orderStatus,
  paymentStatus: s.paymentStatus,
  shipmentStatus: s.shipmentStatus,
});
const none: Effects = { kind: 'none' };

const OUTCOMES: Record<LifecycleOutcome, Outcome> = {
  toSalesOrder: (s) => ({ next: { ...same(s), orderStatus: 'Sales Order' }, effects: none }),
  applyPayment: (s, input) => {
    const amount = input.amount ?? balanceDue(s.total, s.paidTotal);
    const paidTotal = s.paidTotal + amount;
    return {
      // A part paid of an order on net terms leaves it on Terms: it may still ship, the rest is due later.
      next: {
        ...same(s),
        paymentStatus: paidTotal >= s.total ? 'Paid' : s.paymentStatus === 'Terms' ? 'Terms' : 'Paid Partial',
      },
      effects: { kind: 'payment', amount, paidTotal },
    };
  },
  labelDelivery: (s) => {
    const all = s.unshippedUnits - s.nextDeliveryUnits <= 0;
    return {
      next: all
        ? { ...same(s), orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' }
        : { ...same(s), shipmentStatus: 'Shipped Partial' },
      effects: { kind: 'labelDelivery' },
    };
  },
  shipComplete: (s) => ({
    next: { ...same(s), orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' },
    effects: { kind: 'shipAllLines' },
  }),
  cancel: (s) => ({
    next: {
      ...same(s),
      orderStatus: s.shipmentStatus === 'Unshipped' ? 'Canceled' : 'Completed - Canceled Partial',
    },
    effects: { kind: 'cancelPlannedDeliveries' },
  }),
  softDelete: (s) => ({ next: { ...same(s), orderStatus: 'Deleted' }, effects: none }),
  createLinkedDraft: (s) => ({ next: same(s), effects: { kind: 'createLinkedOrder', as: 'reorder', reason: null } }),
  createLinkedReship: (s, input) => ({
    next: same(s),
    effects: { kind: 'createLinkedOrder', as: 'reship', reason: input.reason?.trim() || null },
  }),
  packingSlip: (s) => ({ next: same(s), effects: none }),
  returnLabel: (s) => ({ next: same(s), effects: none }),
};

const FEATURE_MESSAGES: Record<LifecycleFeature, { reason: OrderRefusalReason; message: string }> = {
  labels: { reason: 'labels_not_configured', message: 'Not available until labels are configured' },
};

/** Checks the contract's table against the guards and outcomes implemented here; throws when they disagree. */
export function assertLifecycleReady(table: readonly LifecycleRule[] = ORDER_LIFECYCLE): void {
  assertValidLifecycle(table, { guards: Object.keys(GUARDS), outcomes: Object.keys(OUTCOMES) });
}

/**
 * Whether `event` may happen to an order in `snapshot`, and what it would change. `preview` (fsmFlow) skips the
 * guards that depend on input, since the form has not been filled in yet. Order of checks: the feature the event
 * needs, then the statuses (the table), then the rule's guards in their order.
 */
export function planLifecycleEvent(
  event: OrderEvent,
  snapshot: LifecycleSnapshot,
  context: LifecycleContext,
  input: LifecycleInput = {},
  options: { preview?: boolean; table?: readonly LifecycleRule[] } = {},
): Plan | Refusal {
  const feature = ORDER_EVENT_FEATURES[event];
  if (feature && !context.features[feature]) return { ok: false, ...FEATURE_MESSAGES[feature] };
  const rule = findLifecycleRule(event, snapshot, options.table ?? ORDER_LIFECYCLE);
  if (!rule) {
    const state = `${snapshot.orderStatus} (payment ${snapshot.paymentStatus}, shipment ${snapshot.shipmentStatus})`;
    if (event === 'returnLabel') {
      return refuse('invalid_status', `A return label is for shipped units; this order is ${state}`);
    }
    return refuse('invalid_status', `${event} is not allowed for an order that is ${state}`);
  }
  for (const name of rule.guards) {
    const guard = GUARDS[name];
    if (options.preview && guard.needsInput) continue;
    const refusal = guard.check(snapshot, input);
    if (refusal) return refusal;
  }
  const { next, effects } = OUTCOMES[rule.outcome](snapshot, input);
  return { ok: true, rule, next, effects };
}

/** What the event's form starts with (fsmFlow `defaults`). */
export function eventDefaults(event: OrderEvent, snapshot: LifecycleSnapshot): Record<string, unknown> {
  switch (event) {
    case 'processPayment':
      return { amount: balanceDue(snapshot.total, snapshot.paidTotal), method: 'cash' };
    case 'cancel':
    case 'reship':
      return { reason: '' };
    default:
      return {};
  }
}
