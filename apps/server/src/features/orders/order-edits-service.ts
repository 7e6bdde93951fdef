import {
  computeTotals,
  lineEditRefusal,
  paymentStatusWithoutTerms,
  termsRefusal,
  type EditRefusal,
  type OrderLinesUpdate,
  type PaymentTermsUpdate,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { WriteRequest } from '../../lib/idempotency.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { OrderRules } from './new-order-rules.ts';
import { createOrderEditRun, editedOrder } from './order-edit-run.ts';
import { createOrderLinesRepository } from './order-lines-repository.ts';
import { describeLineChanges, planLines } from './order-lines-rules.ts';
import { lineWeightSources } from './order-weights-rules.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { statusesOf } from './orders-repository.ts';

const LINES_UPDATED_EVENT = 'linesUpdated';
const PAYMENT_TERMS_EVENT = 'paymentTerms';

const refused = (refusal: EditRefusal) => new HttpError(409, refusal.message, { reason: refusal.reason });

const edited = (order: OrderRow) => ({
  ...statusesOf(order),
  sourceType: order.sourceType,
  paidTotal: order.paidTotal,
});

/**
 * Edits of an order beside its lifecycle (docs/order-editing.md): its lines (add, remove, quantity, price, weight),
 * with the totals, the planned delivery, the shipping resolution and the shipping rules following; and the payment
 * status Terms. Each is one `changeOrder` (the order's one writer): locked, version checked, one timeline row.
 */
export function createOrderEditsService(database: Database, notify: OrdersNotifier, rules?: OrderRules) {
  const lines = createOrderLinesRepository();

  /** The order's lines replaced, inside `changeOrder`: checks, writes, and the columns and payload that follow. */
  async function writeLines(tx: Executor, tenantId: string, order: OrderRow, input: OrderLinesUpdate) {
    const refusal = lineEditRefusal(edited(order));
    if (refusal) throw refused(refusal);
    const states = await lines.deliveryStates(tx, tenantId, order.id);
    if (states.some((d) => d.purchaseState !== null)) {
      throw new HttpError(409, 'A label is being bought for this order; wait for it to finish', {
        reason: 'purchase_in_progress',
      });
    }
    if (states.some((d) => d.status === 'labelled' || d.status === 'shipped')) {
      throw new HttpError(409, 'This order has a label: void it before changing the lines', {
        reason: 'invalid_status',
      });
    }
    const stored = await lines.listLines(tx, tenantId, order.id);
    const plan = planLines(input.lines, stored);
    if (!plan.ok) throw badRequest(plan.errors);
    const totals = computeTotals({
      lines: plan.lines,
      shippingTotal: order.shippingTotal,
      taxTotal: order.taxTotal,
      discountTotal: order.discountTotal,
    });
    if (!totals.ok) {
      throw badRequest({
        lines: totals.errors.lines ?? "The lines would total less than the order's discount",
      });
    }
    const { subtotal, total } = totals.totals;
    if (total < order.paidTotal) {
      throw new HttpError(409, 'The new total is less than what was already paid; refund the difference first', {
        reason: 'total_below_paid',
      });
    }
    const changes = describeLineChanges(stored, plan.lines, order.currency);
    const written = await lines.replaceLines(tx, tenantId, order.id, lineWeightSources(plan.lines, stored));
    const planned = states.filter((d) => d.status === 'planned').map((d) => d.id);
    await lines.replanDelivery(tx, tenantId, order.id, planned, written, order.requestedShippingMethod);
    const paymentStatus =
      order.paymentStatus === 'Paid' || order.paymentStatus === 'Paid Partial'
        ? order.paidTotal >= total
          ? ('Paid' as const)
          : ('Paid Partial' as const)
        : statusesOf(order).paymentStatus;
    return {
      statuses: { ...statusesOf(order), paymentStatus },
      columns: { subtotal, total, itemCount: plan.lines.reduce((n, l) => n + l.quantity, 0) },
      payload: {
        changes,
        subtotal: { from: order.subtotal, to: subtotal },
        total: { from: order.total, to: total },
        currency: order.currency,
      },
    };
  }

  const run = createOrderEditRun(database, notify, rules);

  return {
    /** `POST /call/order/{orderId}/updateOrderLines`. */
    updateLines: (auth: AuthContext, idText: string, input: OrderLinesUpdate, request: WriteRequest) =>
      run(auth, idText, input, request, {
        event: LINES_UPDATED_EVENT,
        version: input.version,
        searchChanged: true,
        write: (tx, locked) => writeLines(tx, auth.tenantId, locked, input),
        // As after any change of what ships: the service follows the mappings (unless chosen by hand), then the
        // rules run again on what the order now is (weight, value, SKUs), each writing its own timeline row.
        reship: true,
        answer: editedOrder,
      }),

    /** `POST /call/order/{orderId}/paymentTerms` (Admins: the route's policy). */
    setTerms: (auth: AuthContext, idText: string, input: PaymentTermsUpdate, request: WriteRequest) =>
      run(auth, idText, input, request, {
        event: PAYMENT_TERMS_EVENT,
        version: input.version,
        write: async (_tx, locked, statuses) => {
          const refusal = termsRefusal(edited(locked), input.terms);
          if (refusal) throw refused(refusal);
          const paymentStatus = input.terms ? ('Terms' as const) : paymentStatusWithoutTerms(locked.paidTotal);
          return { statuses: { ...statuses, paymentStatus }, payload: { terms: input.terms } };
        },
        answer: editedOrder,
      }),
  };
}
