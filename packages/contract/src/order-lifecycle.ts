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
 * may start, to which statuses it can lead, which named guards must hold and which named outcome it has. The server
 * checks this table at start-up (`validateLifecycle`), implements each guard and outcome by name (and a test holds
 * every outcome to the rule's `to`), and refuses with a reason code when no rule matches or a guard fails. The web
 * never decides: it asks the server (`fsmFlow`, the spec's name for "may this event happen now?"; `orderFlow` does
 * it). docs/orders.md and the API description show the table as `lifecycleTable()` writes it.
 */

/** Guards: pure checks on the order (and the event's input), implemented by the server's domain layer. */
const LIFECYCLE_GUARDS = [
  'hasLines',
  'hasCompleteShippingAddress',
  'somethingDue',
  'amountWithinBalance',
  'reasonGiven',
  'deliveryNotLabelled',
] as const;
export type LifecycleGuard = (typeof LIFECYCLE_GUARDS)[number];

/** Outcomes: what the event changes; the server computes the next statuses and performs the side effects. */
const LIFECYCLE_OUTCOMES = [
  'toSalesOrder',
  'applyPayment',
  'labelDelivery',
  'shipComplete',
  'cancel',
  'softDelete',
  'createLinkedDraft',
  'createLinkedReship',
  'packingSlip',
  'returnLabel',
] as const;
export type LifecycleOutcome = (typeof LIFECYCLE_OUTCOMES)[number];

/** Features an event needs before any rule applies; without them the event is refused whatever the statuses. */
export type LifecycleFeature = 'labels';

export interface OrderStatuses {
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  shipmentStatus: ShipmentStatus;
}

/** Statuses per dimension; a dimension left out means any (in `from`) or unchanged (in `to`). */
interface StatusSet {
  orderStatus?: readonly OrderStatus[];
  paymentStatus?: readonly PaymentStatus[];
  shipmentStatus?: readonly ShipmentStatus[];
}

export interface LifecycleRule {
  event: OrderEvent;
  /** Statuses the rule starts from; an absent list means any. */
  from: StatusSet & { orderStatus: readonly OrderStatus[] };
  /** Statuses the event can lead to; a dimension left out stays as it was. */
  to: StatusSet;
  guards: readonly LifecycleGuard[];
  outcome: LifecycleOutcome;
  /** What the rule does, for people: docs/orders.md and the API description (`lifecycleTable`). */
  note: string;
}

/** shipLabel and zpl differ only in the label's format. */
const LABEL_RULE = {
  from: {
    orderStatus: ['Sales Order'],
    paymentStatus: ['Paid', 'Terms'],
    shipmentStatus: ['Unshipped', 'Shipped Partial'],
  },
  to: { orderStatus: ['Sales Order', 'Completed'], shipmentStatus: ['Shipped Partial', 'Shipped Complete'] },
  guards: ['deliveryNotLabelled'],
  outcome: 'labelDelivery',
} as const satisfies Omit<LifecycleRule, 'event' | 'note'>;

const ALL_BUT_DELETED = ORDER_STATUSES.filter((s) => s !== 'Deleted');

export const ORDER_EVENT_FEATURES: Partial<Record<OrderEvent, LifecycleFeature>> = {
  shipLabel: 'labels',
  zpl: 'labels',
  returnLabel: 'labels',
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

export const ORDER_LIFECYCLE: readonly LifecycleRule[] = [
  {
    event: 'approve',
    from: { orderStatus: ['Draft Order'] },
    to: { orderStatus: ['Sales Order'] },
    guards: ['hasLines', 'hasCompleteShippingAddress'],
    outcome: 'toSalesOrder',
    note: 'A draft with lines and a complete shipping address becomes a Sales Order.',
  },
  {
    event: 'processPayment',
    // Completed too: an order shipped before it was paid (net terms, cash on delivery) still takes its payment.
    from: {
      orderStatus: ['Draft Order', 'Sales Order', 'Completed'],
      paymentStatus: ['Unpaid', 'Paid Partial', 'Terms'],
    },
    to: { paymentStatus: ['Paid', 'Paid Partial', 'Terms'] },
    guards: ['somethingDue', 'amountWithinBalance'],
    outcome: 'applyPayment',
    note:
      'Records a payment (default: the balance due): Paid when the total is covered, else Paid Partial ' +
      '(an order on Terms stays on Terms).',
  },
  {
    event: 'shipLabel',
    ...LABEL_RULE,
    note: 'A PDF label for the next delivery; Shipped Partial, or Completed and Shipped Complete when every unit shipped.',
  },
  {
    event: 'zpl',
    ...LABEL_RULE,
    note: 'As shipLabel, as a ZPL label.',
  },
  {
    event: 'shipComplete',
    from: { orderStatus: ['Sales Order'], shipmentStatus: ['Unshipped', 'Shipped Partial'] },
    to: { orderStatus: ['Completed'], shipmentStatus: ['Shipped Complete'] },
    guards: [],
    outcome: 'shipComplete',
    note: 'Shipped outside the app: every line shipped, planned deliveries marked shipped.',
  },
  {
    event: 'cancel',
    from: { orderStatus: ['Draft Order', 'Sales Order'], shipmentStatus: ['Unshipped', 'Shipped Partial'] },
    to: { orderStatus: ['Canceled', 'Completed - Canceled Partial'] },
    guards: [],
    outcome: 'cancel',
    note: 'Canceled when nothing shipped, Completed - Canceled Partial when partly shipped; planned deliveries canceled.',
  },
  {
    event: 'delete',
    from: { orderStatus: ['Draft Order'] },
    to: { orderStatus: ['Deleted'] },
    guards: [],
    outcome: 'softDelete',
    note: 'A draft is deleted softly (status Deleted; hidden from lists unless asked for).',
  },
  {
    event: 'reorder',
    from: { orderStatus: ALL_BUT_DELETED },
    to: {},
    guards: [],
    outcome: 'createLinkedDraft',
    note: 'A new Draft Order (Unpaid) copying lines, prices and addresses, linked to this one; this order is unchanged.',
  },
  {
    event: 'reship',
    from: { orderStatus: ['Completed'] },
    to: {},
    guards: ['reasonGiven'],
    outcome: 'createLinkedReship',
    note: 'A new Sales Order at no charge (prices 0, Paid), linked, with the reason in both timelines; this order is unchanged.',
  },
  {
    event: 'packingSlip',
    from: { orderStatus: ALL_BUT_DELETED },
    to: {},
    guards: [],
    outcome: 'packingSlip',
    note: 'A PDF packing slip; no status changes.',
  },
  {
    event: 'returnLabel',
    from: {
      orderStatus: ['Sales Order', 'Completed', 'Completed - Canceled Partial'],
      shipmentStatus: ['Shipped Partial', 'Shipped Complete'],
    },
    to: {},
    guards: [],
    outcome: 'returnLabel',
    note:
      'A return label from the buyer to the returns address for shipped units (docs/returns.md), e-mailed to the ' +
      'buyer; no status changes.',
  },
];

const matches = <T>(allowed: readonly T[] | undefined, value: T) => allowed === undefined || allowed.includes(value);

/** The rule of `event` that applies to `state`, if any (the table has at most one; see validateLifecycle). */
export function findLifecycleRule(
  event: OrderEvent,
  state: OrderStatuses,
  table: readonly LifecycleRule[] = ORDER_LIFECYCLE,
): LifecycleRule | undefined {
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
export function validateLifecycle(
  table: readonly LifecycleRule[],
  known: { guards?: readonly string[]; outcomes?: readonly string[] } = {},
): string[] {
  const problems: string[] = [];
  const guards: readonly string[] = known.guards ?? LIFECYCLE_GUARDS;
  const outcomes: readonly string[] = known.outcomes ?? LIFECYCLE_OUTCOMES;
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
    check(i, 'target order status', rule.to.orderStatus, ORDER_STATUSES);
    check(i, 'target payment status', rule.to.paymentStatus, PAYMENT_STATUSES);
    check(i, 'target shipment status', rule.to.shipmentStatus, SHIPMENT_STATUSES);
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
export function assertValidLifecycle(
  table: readonly LifecycleRule[],
  known: { guards?: readonly string[]; outcomes?: readonly string[] } = {},
): void {
  const problems = validateLifecycle(table, known);
  if (problems.length > 0) {
    throw new Error(`The order lifecycle is invalid:\n- ${problems.join('\n- ')}`);
  }
}

const either = (values: readonly string[] | undefined, otherwise: string) =>
  values === undefined ? otherwise : values.join(' or ');

/** The rule's statuses as "order / payment / shipment", for people. */
function statusesText(set: StatusSet, otherwise: string): string {
  const { orderStatus, paymentStatus, shipmentStatus } = set;
  if (orderStatus && !paymentStatus && !shipmentStatus && orderStatus.length > 3) {
    return `any but ${ORDER_STATUSES.filter((s) => !orderStatus.includes(s)).join(', ')}`;
  }
  return [orderStatus, paymentStatus, shipmentStatus].map((v) => either(v, otherwise)).join(' / ');
}

/**
 * The lifecycle as a Markdown table, one row per rule: event, from, to, guards, what it does. Written from the
 * rules themselves, so docs/orders.md (a test compares it) and the API description cannot drift from the code.
 */
export function lifecycleTable(table: readonly LifecycleRule[] = ORDER_LIFECYCLE): string {
  const header = ['event', 'from (order / payment / shipment)', 'to', 'guards', 'what it does'];
  const rows = table.map((rule) => {
    const feature = ORDER_EVENT_FEATURES[rule.event];
    const guards = [feature ? `(feature: ${feature})` : '', ...rule.guards].filter(Boolean).join(', ');
    const to = Object.keys(rule.to).length === 0 ? 'unchanged' : statusesText(rule.to, 'unchanged');
    return [rule.event, statusesText(rule.from, 'any'), to, guards, rule.note];
  });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
