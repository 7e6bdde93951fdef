import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { statusesShown, type Cursor, type OrderFilter, type SortSpec } from './order-list-query.ts';
import { rowsOf } from './order-list-repository.ts';

/**
 * A typed-in page number at any depth, as fast as the first page (docs/orders.md, "Any page"). The database keeps,
 * per tenant, how many orders of each order status fall in each block of 1,024 order ids (`order_page_buckets`,
 * migration 0018, kept by triggers like the status counts). Adding those counts up in the list's order finds the
 * block where the page's first order is and how many of the list's orders come before that block; the page is then
 * read from the block's edge (a keyset position), skipping fewer than 1,024 orders instead of every order before it.
 * Applies to the list sorted by id (the default) filtered by order status only (the status tabs, with or without the
 * deleted orders); any other filter or sort is read with OFFSET.
 */

/** Each order status's column in `order_page_buckets`. */
const STATUS_COLUMN: Record<OrderStatus, string> = {
  'Draft Order': 'draft_order',
  'Sales Order': 'sales_order',
  Completed: 'completed',
  Canceled: 'canceled',
  Deleted: 'deleted',
  'Completed - Canceled Partial': 'completed_canceled_partial',
};

/** Orders per bucket: ids `bucket * BUCKET_SIZE` to `bucket * BUCKET_SIZE + BUCKET_SIZE - 1` (as in the migration). */
const BUCKET_SIZE = 1024;

/** How a deep page is read: from `cursor` (the edge of a bucket), `skip` rows on, `limit` rows, maybe backwards. */
interface PageStart {
  cursor: Cursor;
  skip: number;
  limit: number;
  /** Read against the list's order, from its end (a page past the middle): the rows come back reversed. */
  reverse: boolean;
}

/**
 * Where the `limit` rows from `offset` (0-based) of the list are read: from the edge of the bucket that holds the
 * first of them, counted from the list's start, or from its end for a page past the middle (so that at most half the
 * tenant's buckets are added up). Past the list's end: a position with no row after it. `null` when the list cannot
 * be read so (a filter other than the order status, a sort other than by id).
 */
export async function pageStart(
  tx: Executor,
  tenantId: string,
  q: { filters: readonly OrderFilter[]; hideDeleted: boolean; spec: SortSpec; offset: number; limit: number },
): Promise<PageStart | null> {
  const statuses = q.spec.key === 'id' ? statusesShown(q.filters, q.hideDeleted) : null;
  if (!statuses || statuses.length === 0 || q.offset <= 0) return null;
  const [counted] = await rowsOf<{ n: string | number | null }>(
    tx,
    sql`SELECT sum(order_count) AS n FROM public.order_status_counts
        WHERE tenant_id = ${tenantId} AND order_status IN (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  );
  const total = Number(counted?.n ?? 0);
  const past = { cursor: edgeCursor(q.spec, q.spec.descending ? 0 : Number.MAX_SAFE_INTEGER), skip: 0 };
  if (q.offset >= total) return { ...past, limit: q.limit, reverse: false };
  // From the end: the same rows are those from `total - offset - limit` of the reversed list (fewer at its start).
  const reverse = q.offset > total / 2;
  const position = reverse ? Math.max(0, total - q.offset - q.limit) : q.offset;
  const limit = reverse ? Math.min(q.limit, total - q.offset) : q.limit;
  // The direction the buckets and the page are read in: the list's, or against it.
  const descending = q.spec.descending !== reverse;
  const dir = sql.raw(descending ? 'DESC' : 'ASC');
  // The statuses' columns (a fixed list: ORDER_STATUSES), added up per bucket.
  const shown = sql.raw(statuses.map((s) => STATUS_COLUMN[s as OrderStatus]).join(' + '));
  // The running sum over the tenant's buckets, read in the key's order and stopped at the first bucket whose sum
  // passes the position (no sort: the window streams).
  const [found] = await rowsOf<{ bucket: string | number; before: string | number }>(
    tx,
    sql`SELECT bucket, upto - n AS before FROM (
          SELECT bucket, n, sum(n) OVER (ORDER BY bucket ${dir} ROWS UNBOUNDED PRECEDING) AS upto FROM (
            SELECT bucket, ${shown} AS n FROM public.order_page_buckets
            WHERE tenant_id = ${tenantId} ORDER BY bucket ${dir}) AS b
        ) AS c
        WHERE upto > ${position} LIMIT 1`,
  );
  // The counts and the buckets disagree only while another transaction's writes are half seen; read as past the end.
  if (!found) return { ...past, limit: q.limit, reverse: false };
  const bucket = Number(found.bucket);
  // From just outside the bucket, in the reading direction: ids below its end (descending) or above its start.
  const edge = descending ? (bucket + 1) * BUCKET_SIZE : bucket * BUCKET_SIZE - 1;
  return { cursor: edgeCursor(q.spec, edge), skip: position - Number(found.before), limit, reverse };
}

/** A keyset position between ids, for the list sorted by id: the page reads the ids past it. */
function edgeCursor(spec: SortSpec, id: number): Cursor {
  return { sort: spec.sort, direction: 'next', key: id, id, fingerprint: '' };
}
