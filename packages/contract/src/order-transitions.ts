import {
  ORDER_EVENTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SHIPMENT_STATUSES,
  type OrderEvent,
  type OrderStatus,
  type PaymentStatus,
  type ShipmentStatus,
} from './enums.ts';

/**
 * The order lifecycle as data (ARCHITECTURE.md, "Orders lifecycle"). Each rule says from which statuses an event
 * may start, which named guards must hold and which named outcome it has. The server checks this table at start-up
 * (`validateTransitionTable`), implements each guard and outcome by name, and refuses with a reason code when no
 * rule matches or a guard fails. The web never decides: it asks the server (`fsmFlow`).
 */

/** Guards: pure checks on the order (and the event's input), implemented by the server's domain layer. */
export const TRANSITION_GUARDS = [
  'hasLines',
  'hasCompleteShippingAddress',
  'somethingDue',
  'amountWithinBalance',
  'reasonGiven',
  'deliveryNotLabelled',
] as const;
export type TransitionGuard = (typeof TRANSITION_GUARDS)[number];

/** Outcomes: what the event changes; the server computes the next statuses and performs the side effects. */
export const TRANSITION_OUTCOMES = [
  'toSalesOrder',
  'applyPayment',
  'labelDelivery',
  'shipComplete',
  'cancel',
  'softDelete',
  'createLinkedDraft',
  'createLinkedReship',
  'packingSlip',
] as const;
export type TransitionOutcome = (typeof TRANSITION_OUTCOMES)[number];

/** Features an event needs before any rule applies; without them the event is refused whatever the statuses. */
export const TRANSITION_FEATURES = ['labels'] as const;
export type TransitionFeature = (typeof TRANSITION_FEATURES)[number];

export interface OrderStatuses {
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  shipmentStatus: ShipmentStatus;
}

export interface TransitionRule {
  event: OrderEvent;
  /** Statuses the rule starts from; an absent list means any. */
  from: {
    orderStatus: readonly OrderStatus[];
    paymentStatus?: readonly PaymentStatus[];
    shipmentStatus?: readonly ShipmentStatus[];
  };
  guards: readonly TransitionGuard[];
  outcome: TransitionOutcome;
  /** What the rule means, for people (docs, the OpenAPI description). */
  note: string;
}

/** shipLabel and zpl differ only in the label's format. */
const LABEL_RULE = {
  from: {
    orderStatus: ['Sales Order'],
    paymentStatus: ['Paid', 'Terms'],
    shipmentStatus: ['Unshipped', 'Shipped Partial'],
  },
  guards: ['deliveryNotLabelled'],
  outcome: 'labelDelivery',
} as const satisfies Omit<TransitionRule, 'event' | 'note'>;

const ALL_BUT_DELETED = ORDER_STATUSES.filter((s) => s !== 'Deleted');

export const ORDER_EVENT_FEATURES: Partial<Record<OrderEvent, TransitionFeature>> = {
  shipLabel: 'labels',
  zpl: 'labels',
};

/** Events performed through `POST .../{event}/orderFlow` (packingSlip has its own document paths). */
export const ORDER_FLOW_EVENTS = [
  'approve',
  'cancel',
  'processPayment',
  'shipComplete',
  'shipLabel',
  'zpl',
  'delete',
  'reorder',
  'reship',
] as const satisfies readonly OrderEvent[];

export const ORDER_TRANSITIONS: readonly TransitionRule[] = [
  {
    event: 'approve',
    from: { orderStatus: ['Draft Order'] },
    guards: ['hasLines', 'hasCompleteShippingAddress'],
    outcome: 'toSalesOrder',
    note: 'A draft with lines and a complete shipping address becomes a Sales Order.',
  },
  {
    event: 'processPayment',
    from: { orderStatus: ['Draft Order', 'Sales Order'], paymentStatus: ['Unpaid', 'Paid Partial'] },
    guards: ['somethingDue', 'amountWithinBalance'],
    outcome: 'applyPayment',
    note: 'Records a payment (default: the balance): Paid when the total is covered, else Paid Partial.',
  },
  {
    event: 'shipLabel',
    ...LABEL_RULE,
    note: 'A PDF label for one delivery; Shipped Partial, or Completed / Shipped Complete when every line shipped.',
  },
  {
    event: 'zpl',
    ...LABEL_RULE,
    note: 'As shipLabel, as a ZPL label.',
  },
  {
    event: 'shipComplete',
    from: { orderStatus: ['Sales Order'], shipmentStatus: ['Unshipped', 'Shipped Partial'] },
    guards: [],
    outcome: 'shipComplete',
    note: 'Shipped outside the app: Completed and Shipped Complete, every line shipped.',
  },
  {
    event: 'cancel',
    from: { orderStatus: ['Draft Order', 'Sales Order'], shipmentStatus: ['Unshipped', 'Shipped Partial'] },
    guards: [],
    outcome: 'cancel',
    note: 'Canceled when nothing shipped; Completed - Canceled Partial when partly shipped.',
  },
  {
    event: 'delete',
    from: { orderStatus: ['Draft Order'] },
    guards: [],
    outcome: 'softDelete',
    note: 'A draft is deleted softly (status Deleted; hidden from lists unless asked for).',
  },
  {
    event: 'reorder',
    from: { orderStatus: ALL_BUT_DELETED },
    guards: [],
    outcome: 'createLinkedDraft',
    note: 'A new Draft Order copying lines and addresses, linked to this one. This order is unchanged.',
  },
  {
    event: 'reship',
    from: { orderStatus: ['Completed'] },
    guards: ['reasonGiven'],
    outcome: 'createLinkedReship',
    note: 'A new Sales Order at no charge (Paid, total 0), linked, with the reason. This order is unchanged.',
  },
  {
    event: 'packingSlip',
    from: { orderStatus: ALL_BUT_DELETED },
    guards: [],
    outcome: 'packingSlip',
    note: 'A PDF packing slip; no status changes.',
  },
];

const matches = <T>(allowed: readonly T[] | undefined, value: T) => allowed === undefined || allowed.includes(value);

/** The rule of `event` that applies to `state`, if any (the table has at most one; see validateTransitionTable). */
export function findTransitionRule(
  event: OrderEvent,
  state: OrderStatuses,
  table: readonly TransitionRule[] = ORDER_TRANSITIONS,
): TransitionRule | undefined {
  return table.find(
    (rule) =>
      rule.event === event &&
      matches(rule.from.orderStatus, state.orderStatus) &&
      matches(rule.from.paymentStatus, state.paymentStatus) &&
      matches(rule.from.shipmentStatus, state.shipmentStatus),
  );
}

const overlap = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  a === undefined || b === undefined || a.some((v) => b.includes(v));

/**
 * Every problem of a table, as sentences (empty: valid). Checks that events, statuses, guards and outcomes are
 * known, that every event has a rule, and that no two rules of one event can apply to the same statuses.
 */
export function validateTransitionTable(
  table: readonly TransitionRule[],
  known: { guards?: readonly string[]; outcomes?: readonly string[] } = {},
): string[] {
  const problems: string[] = [];
  const guards: readonly string[] = known.guards ?? TRANSITION_GUARDS;
  const outcomes: readonly string[] = known.outcomes ?? TRANSITION_OUTCOMES;
  const check = (rule: number, what: string, values: readonly string[] | undefined, allowed: readonly string[]) => {
    if (values === undefined) return;
    if (values.length === 0) problems.push(`rule ${rule}: ${what} is an empty list (omit it to mean any)`);
    for (const v of values) if (!allowed.includes(v)) problems.push(`rule ${rule}: unknown ${what} "${v}"`);
    if (new Set(values).size !== values.length) problems.push(`rule ${rule}: ${what} lists a value twice`);
  };
  table.forEach((rule, i) => {
    if (!(ORDER_EVENTS as readonly string[]).includes(rule.event)) {
      problems.push(`rule ${i}: unknown event "${rule.event}"`);
    }
    if (rule.from.orderStatus === undefined) problems.push(`rule ${i}: from.orderStatus is required`);
    check(i, 'order status', rule.from.orderStatus, ORDER_STATUSES);
    check(i, 'payment status', rule.from.paymentStatus, PAYMENT_STATUSES);
    check(i, 'shipment status', rule.from.shipmentStatus, SHIPMENT_STATUSES);
    for (const g of rule.guards)
      if (!guards.includes(g)) problems.push(`rule ${i} (${rule.event}): unknown guard "${g}"`);
    if (!outcomes.includes(rule.outcome)) problems.push(`rule ${i} (${rule.event}): unknown outcome "${rule.outcome}"`);
    table.forEach((other, j) => {
      if (j <= i || other.event !== rule.event) return;
      if (
        overlap(rule.from.orderStatus, other.from.orderStatus) &&
        overlap(rule.from.paymentStatus, other.from.paymentStatus) &&
        overlap(rule.from.shipmentStatus, other.from.shipmentStatus)
      ) {
        problems.push(`rules ${i} and ${j} (${rule.event}) both apply to some statuses`);
      }
    });
  });
  for (const event of ORDER_EVENTS) {
    if (!table.some((rule) => rule.event === event)) problems.push(`event "${event}" has no rule`);
  }
  return problems;
}

/** Throws one error listing every problem: a broken table must stop the start, not surface at the first request. */
export function assertValidTransitionTable(
  table: readonly TransitionRule[],
  known: { guards?: readonly string[]; outcomes?: readonly string[] } = {},
): void {
  const problems = validateTransitionTable(table, known);
  if (problems.length > 0) {
    throw new Error(`The order transition table is invalid:\n- ${problems.join('\n- ')}`);
  }
}
