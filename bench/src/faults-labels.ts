import { startFaultProxy, type FaultCounts, type FaultProxy, type Faults } from './fault-proxy.ts';
import { paidOrders, startBench } from './labels-app.ts';

/**
 * The fault benchmark's label batch (faults.ts): paid orders bought as one batch from the fake USPS through the
 * misbehaving proxy, then the orders left without a label bought again without faults. Held when every order ends
 * with exactly one active label, each batch item that failed says why, and USPS sold exactly as many labels as the
 * database keeps (no label paid for and lost, none bought twice).
 */

export interface LabelOutcome {
  scenario: string;
  counts: FaultCounts;
  items: Record<string, number>;
  failedWithoutReason: number;
  retried: number;
  /** Purchases left unconfirmed by the faults, settled by asking USPS. */
  settled: number;
  /** Why items failed, per batch: the faulty one, and the one without faults that bought the rest. */
  reasons: Array<{ batch: 'faulty' | 'again'; message: string; count: number }>;
  activeLabels: number;
  ordersWithTwo: number;
  ordersWithout: number;
  sold: number;
  held: boolean;
}

export async function labelScenario(
  name: string,
  faults: Faults,
  orders: number,
  adminUrl: string,
  seed: number,
): Promise<LabelOutcome> {
  let proxy: FaultProxy | null = null;
  const bench = await startBench('postgres', 'usps', adminUrl, async (url) => {
    proxy = await startFaultProxy(url, seed);
    return proxy.url;
  });
  try {
    const { ids } = await paidOrders(bench, orders);
    const batchOf = async (orderIds: readonly number[]) => {
      const batch = await bench.api<{ id: string }>(
        'POST',
        '/call/labelBatches',
        { event: 'shipLabel', orderIds: orderIds.map(String) },
        202,
      );
      await bench.batchDone(batch.id);
      return Number(batch.id);
    };
    proxy!.set(faults);
    const first = await batchOf(ids);
    const counts = { ...proxy!.counts };
    proxy!.set({});
    const items = await bench.owner.rows<{ status: string; n: string; unexplained: string }>(
      `SELECT status, count(*) AS n, count(*) FILTER (WHERE status = 'failed' AND coalesce(message, '') = '') AS unexplained
       FROM label_batch_items WHERE batch_id = $1 GROUP BY status`,
      [first],
    );
    // Purchases whose answer was lost are settled by asking USPS (the background work does this after 3 minutes;
    // here at once, the faults gone), then the orders still without a label are bought again.
    const unconfirmed = await bench.owner.rows<{ tenant_id: string; id: string }>(
      `SELECT tenant_id, id FROM deliveries WHERE purchase_state = 'unconfirmed'`,
    );
    for (const d of unconfirmed) await bench.app.labels.purchases.settle(d.tenant_id, Number(d.id));
    // The orders the faulty batch left without a label, bought again.
    const left = await bench.owner.rows<{ order_id: string }>(
      `SELECT order_id FROM label_batch_items i WHERE batch_id = $1
       AND NOT EXISTS (SELECT 1 FROM shipping_labels l WHERE l.order_id = i.order_id AND l.status = 'active')`,
      [first],
    );
    const again = left.length > 0 ? await batchOf(left.map((r) => Number(r.order_id))) : null;
    // Why items failed, in both batches (the first one's faults; the second one's, which should be none).
    const reasons = await bench.owner.rows<{ batch_id: string; message: string; n: string }>(
      `SELECT batch_id, message, count(*) AS n FROM label_batch_items
       WHERE batch_id = ANY($1::bigint[]) AND status = 'failed' GROUP BY 1, 2 ORDER BY 3 DESC`,
      [[first, again].filter((id) => id !== null)],
    );
    const [labels] = await bench.owner.rows<{ active: string; two: string; without: string }>(
      `SELECT (SELECT count(*) FROM shipping_labels WHERE status = 'active') AS active,
              (SELECT count(*) FROM (SELECT order_id FROM shipping_labels WHERE status = 'active'
                                     GROUP BY order_id HAVING count(*) > 1) AS t) AS two,
              (SELECT count(*) FROM unnest($1::bigint[]) AS o(id)
               WHERE NOT EXISTS (SELECT 1 FROM shipping_labels l WHERE l.order_id = o.id AND l.status = 'active'))
                AS without`,
      [ids],
    );
    const sold = await bench.usps!.labels();
    const byStatus = Object.fromEntries(items.map((r) => [r.status, Number(r.n)]));
    const failedWithoutReason = items.reduce((sum, r) => sum + Number(r.unexplained), 0);
    const outcome = {
      scenario: name,
      reasons: reasons.map((r) => ({
        batch: Number(r.batch_id) === first ? ('faulty' as const) : ('again' as const),
        message: r.message,
        count: Number(r.n),
      })),
      counts,
      items: byStatus,
      failedWithoutReason,
      retried: left.length,
      settled: unconfirmed.length,
      activeLabels: Number(labels!.active),
      ordersWithTwo: Number(labels!.two),
      ordersWithout: Number(labels!.without),
      sold,
    };
    return {
      ...outcome,
      held:
        outcome.ordersWithTwo === 0 &&
        outcome.ordersWithout === 0 &&
        outcome.failedWithoutReason === 0 &&
        outcome.activeLabels === orders &&
        outcome.sold === orders,
    };
  } finally {
    await bench.close();
    await (proxy as FaultProxy | null)?.close();
  }
}
