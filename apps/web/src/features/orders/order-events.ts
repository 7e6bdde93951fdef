import type { FsmFlow, Order, OrderState } from '@shipdesk/contract';
import { sourceLabel } from '@/lib/format/source-type';
import type { ViewEvent } from './api/orders-api';
import { ruleSettingsEventName, rulesEventName } from './order-rule-words';
import { returnEventName } from './returns/return-words';
import { buyerNoticeEventName } from './tracking/buyer-notice-words';
import { parcelEventName } from './tracking/tracking-words';

export interface EventUi {
  /** Button text. */
  label: string;
  /** Dialog title. */
  title: string;
  /** What the event's dialog asks for besides a confirmation. */
  form?: 'payment' | 'reason';
  success: string;
  tone?: 'primary' | 'danger';
  /** Explains the event in the dialog. */
  explain: string;
}

export const EVENT_UI: Record<ViewEvent, EventUi> = {
  approve: {
    label: 'Approve',
    title: 'Approve order',
    success: 'Order approved.',
    tone: 'primary',
    explain: 'The order becomes a sales order, ready for payment and shipping.',
  },
  processPayment: {
    label: 'Process payment',
    title: 'Process payment',
    form: 'payment',
    success: 'Payment recorded.',
    explain: 'Record a payment received for this order.',
  },
  shipComplete: {
    label: 'Mark as shipped',
    title: 'Mark as shipped',
    success: 'Order marked as shipped.',
    explain: 'Use this when the order was shipped outside Shipdesk. No label is bought.',
  },
  cancel: {
    label: 'Cancel order',
    title: 'Cancel order',
    form: 'reason',
    success: 'Order canceled.',
    tone: 'danger',
    explain: 'Canceling cannot be undone.',
  },
  reorder: {
    label: 'Reorder',
    title: 'Reorder',
    success: 'New draft order created.',
    explain: 'Creates a new draft order with the same items and addresses.',
  },
  reship: {
    label: 'Reship',
    title: 'Reship order',
    form: 'reason',
    success: 'Reship order created.',
    explain: 'Creates a new sales order with the same items, at no charge to the customer.',
  },
  returnLabel: {
    label: 'Return label',
    title: 'Return label',
    success: 'Return label made.',
    explain: 'A label the buyer uses to send shipped items back, with an RMA number.',
  },
  delete: {
    label: 'Delete',
    title: 'Delete order',
    success: 'Order deleted.',
    tone: 'danger',
    explain: 'The draft is removed from the order list.',
  },
};

/**
 * How the order view offers an event, from its fsmFlow answer: allowed -> offered; refused because the event does
 * not apply to the order's statuses (or the server could not be asked) -> not shown; refused for a reason the seller
 * can act on (an incomplete address, nothing due) -> shown disabled with the server's message.
 */
type ActionOffer = { kind: 'offered' } | { kind: 'hidden' } | { kind: 'refused'; message: string };

/** Refusals that mean "not for an order in this state": the action is left out, not explained. */
const NOT_APPLICABLE = new Set(['invalid_status', 'unavailable']);

export function actionOffer(flow: FsmFlow | undefined): ActionOffer {
  if (!flow) return { kind: 'hidden' };
  if (flow.allowed) return { kind: 'offered' };
  if (flow.reason === null || NOT_APPLICABLE.has(flow.reason)) return { kind: 'hidden' };
  return { kind: 'refused', message: flow.message ?? 'Not possible now' };
}

export const PAYMENT_METHODS = [
  { value: 'card', label: 'Card' },
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'other', label: 'Other' },
] as const;

const STATE_LABELS: { key: keyof OrderState; label: string }[] = [
  { key: 'orderStatus', label: 'Order' },
  { key: 'paymentStatus', label: 'Payment' },
  { key: 'shipmentStatus', label: 'Shipment' },
];

/** 'Order: Draft Order → Sales Order' for each status that differs between two states. */
export function describeChanges(before: OrderState | null, after: OrderState | null): string[] {
  if (!after) return [];
  return STATE_LABELS.flatMap(({ key, label }) => {
    if (before && before[key] === after[key]) return [];
    return [before ? `${label}: ${before[key]} → ${after[key]}` : `${label}: ${after[key]}`];
  });
}

export function stateOf(order: Pick<Order, 'orderStatus' | 'paymentStatus' | 'shipmentStatus'>): OrderState {
  return { orderStatus: order.orderStatus, paymentStatus: order.paymentStatus, shipmentStatus: order.shipmentStatus };
}

/** Readable names of recorded events for the timeline (unknown ones are shown as sent). */
const EVENT_NAMES: Record<string, string> = {
  created: 'Created',
  create: 'Created',
  approve: 'Approved',
  processPayment: 'Payment processed',
  shipComplete: 'Marked as shipped',
  shipLabel: 'Label bought',
  zpl: 'ZPL label bought',
  cancel: 'Canceled',
  delete: 'Deleted',
  reorder: 'Reordered',
  reship: 'Reshipped',
  packingSlip: 'Packing slip printed',
  cancelShipment: 'Label voided',
  voidLabel: 'Label voided',
  deliveriesShaped: 'Boxes changed',
  linesUpdated: 'Items changed',
  lineWeightsUpdated: 'Weights changed',
  deliveryParcelUpdated: 'Box changed',
  productWeightFilled: 'Weight filled from product',
  linkedLabel: 'Label bought for a linked order',
  linkedLabelVoided: 'Label voided on a linked order',
  updateOrderAddress: 'Address changed',
  addressUpdated: 'Address changed',
  noteAdded: 'Note added',
  noteUpdated: 'Note edited',
  sync: 'Updated from the store',
  parcelResolved: 'Parcel problem marked resolved',
};

/** Events a store's sync writes; their payload names the channel ({ externalId, externalUpdatedAt, source }). */
const CHANNEL_EVENTS: Record<string, string> = {
  imported: 'Imported from',
  channelUpdated: 'Updated from',
};

export function eventName(event: string, payload: Record<string, unknown> = {}): string {
  const channelVerb = CHANNEL_EVENTS[event];
  if (channelVerb) {
    const source = typeof payload.source === 'string' && payload.source ? sourceLabel(payload.source) : 'the store';
    return `${channelVerb} ${source}`;
  }
  if (event === 'shippingUpdated') {
    return payload.automatic === true ? 'Shipping handed back to the mappings' : 'Shipping chosen by hand';
  }
  if (event === 'shippingRules') return rulesEventName(payload);
  if (event === 'ruleSettingsUpdated') return ruleSettingsEventName(payload);
  if (event === 'paymentTerms') return payload.terms === false ? 'Taken off payment terms' : 'Put on payment terms';
  if (event === 'parcelStatus') return parcelEventName(payload);
  const returnName = returnEventName(event, payload);
  if (returnName) return returnName;
  const noticeName = buyerNoticeEventName(event, payload);
  if (noticeName) return noticeName;
  return EVENT_NAMES[event] ?? event;
}
