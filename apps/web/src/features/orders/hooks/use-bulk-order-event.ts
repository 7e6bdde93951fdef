import { useCallback, useState } from 'react';
import { findLifecycleRule, type OrderStatus, type OrderSummary } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useRunOrderFlowMutation } from '../api/orders-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';

/** The events the list runs on several orders at once, each through orderFlow with the order's version. */
export type BulkEvent = 'approve' | 'shipComplete' | 'cancel';

interface BulkEventUi {
  /** The button. */
  label: string;
  /** The report's title: `done` of `attempted` orders. */
  title(done: number, attempted: number): string;
  /** The report's list of the orders the event was not done to. */
  failuresLabel: string;
  /** After "is a Draft Order, ": which orders the event applies to. */
  appliesTo: string;
  /** Said of an order the server refused without a message. */
  fallback: string;
}

const orders = (n: number) => (n === 1 ? 'order' : 'orders');

export const BULK_EVENT_UI: Record<BulkEvent, BulkEventUi> = {
  approve: {
    label: 'Approve',
    title: (done, attempted) => `Approved ${done} of ${attempted} ${orders(attempted)}`,
    failuresLabel: 'Orders not approved',
    appliesTo: 'not a draft',
    fallback: 'could not be approved',
  },
  shipComplete: {
    label: 'Mark as shipped',
    title: (done, attempted) => `Marked ${done} of ${attempted} ${orders(attempted)} as shipped`,
    failuresLabel: 'Orders not marked as shipped',
    appliesTo: 'not a Sales Order waiting to ship',
    fallback: 'could not be marked as shipped',
  },
  cancel: {
    label: 'Cancel',
    title: (done, attempted) => `Canceled ${done} of ${attempted} ${orders(attempted)}`,
    failuresLabel: 'Orders not canceled',
    appliesTo: 'not an open order (a draft or sales order not shipped in full)',
    fallback: 'could not be canceled',
  },
};

interface BulkFailure {
  orderId: string;
  orderNumber: string;
  /** Why the event was not done to this order: the server's refusal, or why it was not sent. */
  message: string;
}

interface BulkResult {
  event: BulkEvent;
  attempted: number;
  done: number;
  failures: BulkFailure[];
}

/**
 * What the list's report of a bulk action says (the lifecycle events, the shipping rules): a title, perhaps a line
 * under it, and each order the action was not done to with why.
 */
export interface BulkReportContent {
  severity: 'success' | 'info' | 'warning' | 'error';
  title: string;
  message?: string;
  /** The orders it was not done to, listed under `failuresLabel`. */
  failures?: BulkFailure[];
  failuresLabel?: string;
  /** The report takes the focus as it is shown. */
  autoFocus?: boolean;
}

/** The report of a lifecycle event run on the selection. */
export function eventReport(result: BulkResult): BulkReportContent {
  const ui = BULK_EVENT_UI[result.event];
  return {
    severity: result.failures.length === 0 ? 'success' : 'warning',
    title: ui.title(result.done, result.attempted),
    failuresLabel: ui.failuresLabel,
    failures: result.failures,
  };
}

const describe = (status: OrderStatus) => (status.endsWith(' Order') ? `is a ${status}` : `is ${status}`);

/**
 * Why `event` is not sent for `row`, or null when its statuses can take it: the lifecycle table of the contract says
 * which statuses an event starts from; whether it may happen now (its guards) is the server's answer.
 */
export function bulkRefusal(event: BulkEvent, row: OrderSummary): string | null {
  if (findLifecycleRule(event, row)) return null;
  const rule = findLifecycleRule(event, { ...row, shipmentStatus: 'Unshipped' });
  const what = rule ? `is ${row.shipmentStatus}` : describe(row.orderStatus);
  return `${what}, ${BULK_EVENT_UI[event].appliesTo}`;
}

/** The orders of `rows` the event can be sent for, and the others with the reason. */
export function splitBulk(event: BulkEvent, rows: readonly OrderSummary[]) {
  const eligible: OrderSummary[] = [];
  const skipped: BulkFailure[] = [];
  for (const row of rows) {
    const message = bulkRefusal(event, row);
    if (message === null) eligible.push(row);
    else skipped.push({ orderId: row.id, orderNumber: row.orderNumber, message });
  }
  return { eligible, skipped };
}

/** How many orders are sent at once: quick for a page of orders, gentle on the server's rate limit. */
const CONCURRENCY = 4;

/**
 * Runs a lifecycle event on several orders (orderFlow, each with its version and its own idempotency key). Orders
 * whose statuses cannot take it are reported, not sent; each refusal keeps the server's reason. The report lists
 * the orders in the order they were given.
 */
export function useBulkOrderEvent() {
  const [runOrderFlow] = useRunOrderFlowMutation();
  const [running, setRunning] = useState<BulkEvent | null>(null);

  const run = useCallback(
    async (event: BulkEvent, rows: readonly OrderSummary[], reason?: string): Promise<BulkResult> => {
      setRunning(event);
      const { eligible, skipped } = splitBulk(event, rows);
      const failures = [...skipped];
      let done = 0;
      const queue = [...eligible];
      const worker = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          try {
            await runOrderFlow({
              orderId: row.id,
              event,
              body: reason ? { version: row.version, reason } : { version: row.version },
              idempotencyKey: newIdempotencyKey(),
            }).unwrap();
            done += 1;
          } catch (error) {
            failures.push({
              orderId: row.id,
              orderNumber: row.orderNumber,
              message: apiErrorMessage(error, BULK_EVENT_UI[event].fallback),
            });
          }
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, eligible.length) }, worker));
      } finally {
        setRunning(null);
      }
      const position = new Map(rows.map((row, index) => [row.id, index]));
      failures.sort((a, b) => (position.get(a.orderId) ?? 0) - (position.get(b.orderId) ?? 0));
      return { event, attempted: rows.length, done, failures };
    },
    [runOrderFlow],
  );

  return { run, running };
}
