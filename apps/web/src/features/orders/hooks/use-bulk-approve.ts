import { useCallback, useState } from 'react';
import type { OrderSummary } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useRunOrderFlowMutation } from '../api/orders-api';
import { newIdempotencyKey } from '../idempotency';

export interface BulkFailure {
  orderId: string;
  orderNumber: string;
  /** Why this order was not approved: the server's refusal, e.g. 'The shipping address lacks: postal code'. */
  message: string;
}

export interface BulkApproveResult {
  attempted: number;
  approved: number;
  failures: BulkFailure[];
}

/** How many approvals run at once: quick for a page of orders, gentle on the server's rate limit. */
const CONCURRENCY = 4;

/**
 * Bulk 'Approve': approve (orderFlow, with each order's version) every selected Draft Order. Orders that are not
 * drafts are reported, not sent; each failure keeps the server's reason.
 */
export function useBulkApprove() {
  const [runOrderFlow] = useRunOrderFlowMutation();
  const [busy, setBusy] = useState(false);

  const approve = useCallback(
    async (rows: readonly OrderSummary[]): Promise<BulkApproveResult> => {
      setBusy(true);
      const failures: BulkFailure[] = [];
      let approved = 0;
      const drafts: OrderSummary[] = [];
      for (const row of rows) {
        if (row.orderStatus === 'Draft Order') drafts.push(row);
        else
          failures.push({
            orderId: row.id,
            orderNumber: row.orderNumber,
            message: `is a ${row.orderStatus}, not a draft`,
          });
      }
      const queue = [...drafts];
      const worker = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          try {
            await runOrderFlow({
              orderId: row.id,
              event: 'approve',
              body: { version: row.version },
              idempotencyKey: newIdempotencyKey(),
            }).unwrap();
            approved += 1;
          } catch (error) {
            failures.push({
              orderId: row.id,
              orderNumber: row.orderNumber,
              message: apiErrorMessage(error, 'could not be approved'),
            });
          }
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, drafts.length) }, worker));
      } finally {
        setBusy(false);
      }
      const order = new Map(rows.map((row, index) => [row.id, index]));
      failures.sort((a, b) => (order.get(a.orderId) ?? 0) - (order.get(b.orderId) ?? 0));
      return { attempted: rows.length, approved, failures };
    },
    [runOrderFlow],
  );

  return { approve, busy };
}
