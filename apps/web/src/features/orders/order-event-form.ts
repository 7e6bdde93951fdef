import {
  minorToDecimal,
  parseMoney,
  type FsmFlow,
  type Order,
  type OrderFlowBody,
  type OrderState,
} from '@shipdesk/contract';
import type { EventUi } from './order-events';

/** What an event's dialog asks for, as typed. */
export interface EventForm {
  amount: string;
  method: string;
  reason: string;
}

export const EVENT_FORM_FIELDS = ['amount', 'method', 'reason'] as const satisfies readonly (keyof EventForm)[];

/** The event's form as the server's fsmFlow suggests it (the balance due, the usual method). */
export function eventFormDefaults(flow: FsmFlow, order: Order): EventForm {
  const amount = flow.defaults.amount;
  const method = flow.defaults.method;
  return {
    amount:
      typeof amount === 'number' && Number.isInteger(amount) && amount > 0
        ? minorToDecimal(amount, order.currency)
        : '',
    method: typeof method === 'string' && method ? method : 'card',
    reason: typeof flow.defaults.reason === 'string' ? flow.defaults.reason : '',
  };
}

type EventBodyRead = { ok: true; body: OrderFlowBody } | { ok: false; field: keyof EventForm; message: string };

/** The orderFlow body of the dialog's form (with the order's version), or the field to correct first. */
export function eventBody(kind: EventUi['form'], values: EventForm, order: Order): EventBodyRead {
  const body: OrderFlowBody = { version: order.version };
  if (kind === 'payment') {
    const parsed = parseMoney(values.amount, order.currency);
    if (!parsed.ok) return { ok: false, field: 'amount', message: parsed.message };
    if (parsed.minor <= 0) return { ok: false, field: 'amount', message: 'Enter an amount above zero' };
    body.amount = parsed.minor;
    body.method = values.method;
  }
  if (kind === 'reason') {
    const reason = values.reason.trim();
    if (!reason) return { ok: false, field: 'reason', message: 'Give a reason' };
    if (reason.length > 500) return { ok: false, field: 'reason', message: 'At most 500 characters' };
    body.reason = reason;
  }
  return { ok: true, body };
}

/**
 * The states after a payment of the amount typed: fsmFlow previews the balance due, so a smaller amount leaves the
 * order Paid Partial. The preview as it is while the amount cannot be read.
 */
export function nextAfterPayment(
  next: OrderState | null,
  values: EventForm,
  order: Pick<Order, 'currency' | 'total' | 'paidTotal'> & Partial<Pick<Order, 'paymentStatus'>>,
): OrderState | null {
  if (!next) return next;
  const parsed = parseMoney(values.amount, order.currency);
  if (!parsed.ok || parsed.minor <= 0) return next;
  // A part paid of an order on net terms leaves it on Terms (the server's applyPayment).
  const partly = order.paymentStatus === 'Terms' ? 'Terms' : 'Paid Partial';
  return { ...next, paymentStatus: order.paidTotal + parsed.minor >= order.total ? 'Paid' : partly };
}
