import { sql } from 'drizzle-orm';
import { PARCEL_ROLLUP_ORDER } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';

const ROLLUP = `{${PARCEL_ROLLUP_ORDER.join(',')}}`;

/**
 * Sets each order's parcel status from its standing labels (docs/tracking.md): the first of PARCEL_ROLLUP_ORDER any
 * of them has (a problem first, then the least advanced), and the latest day promised for those not yet delivered
 * whose tracking answers (a carrier outage never makes an order late); null without a standing label. Written with the labels' change, in the caller's transaction; the order's version
 * does not move (nothing a person edits changed). Answers the orders whose status changed, with before and after.
 */
export async function refreshOrderParcels(
  tx: Executor,
  tenantId: string,
  orderIds: readonly number[],
): Promise<Array<{ orderId: number; before: string | null; after: string | null }>> {
  if (orderIds.length === 0) return [];
  const ids = `{${orderIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = (await tx.execute(sql`
    UPDATE orders o SET parcel_status = agg.status, parcel_expected = agg.expected
    FROM (
      SELECT ids.id,
        (${ROLLUP}::text[])[min(array_position(${ROLLUP}::text[], l.parcel_status))] AS status,
        max(l.parcel_expected) FILTER (WHERE l.parcel_status NOT IN ('delivered', 'returned')
                                         AND l.parcel_failures = 0) AS expected,
        (SELECT parcel_status FROM orders WHERE tenant_id = ${tenantId} AND id = ids.id) AS before
      FROM unnest(${ids}::bigint[]) AS ids(id)
      LEFT JOIN shipping_labels l ON l.tenant_id = ${tenantId} AND l.order_id = ids.id AND l.status = 'active'
      GROUP BY ids.id
    ) agg
    WHERE o.tenant_id = ${tenantId} AND o.id = agg.id
      AND (o.parcel_status IS DISTINCT FROM agg.status OR o.parcel_expected IS DISTINCT FROM agg.expected)
    RETURNING o.id, agg.before, agg.status`)) as unknown as {
    rows: Array<{ id: string | number; before: string | null; status: string | null }>;
  };
  return result.rows
    .filter((r) => r.before !== r.status)
    .map((r) => ({ orderId: Number(r.id), before: r.before, after: r.status }));
}
