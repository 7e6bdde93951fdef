import type { CustomsDefaults } from '@shipdesk/contract';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  labelBatchItems,
  labelBatches,
  orders,
  shippingLabels,
  type LabelBatchItemRow,
  type LabelBatchRow,
} from '../../db/schema/index.ts';
import { SERVED_DOCUMENT_LIMIT, documentWithinLimit } from './labels-repository.ts';

interface BatchItemView {
  item: LabelBatchItemRow;
  orderNumber: string;
  trackingNumber: string | null;
  serviceName: string | null;
  amount: number | null;
  currency: string | null;
  insuredValue: number | null;
  signature: string | null;
}

/** A batch's items that hold a label still in force. */
const boughtAndActive = (tenantId: string, batchId: number) =>
  and(
    eq(labelBatchItems.tenantId, tenantId),
    eq(labelBatchItems.batchId, batchId),
    eq(labelBatchItems.status, 'bought'),
    eq(shippingLabels.status, 'active'),
  );

const ownBatch = (tenantId: string, id: number) => and(eq(labelBatches.tenantId, tenantId), eq(labelBatches.id, id));

async function insertBatch(
  tx: Executor,
  tenantId: string,
  values: { event: string; createdById: string; createdByEmail: string; customs?: CustomsDefaults | null },
  orderIds: number[],
): Promise<LabelBatchRow> {
  const [batch] = await tx
    .insert(labelBatches)
    .values({ tenantId, ...values, total: orderIds.length })
    .returning();
  // One statement per 1,000 items keeps a 5,000-order batch to a few round trips.
  for (let start = 0; start < orderIds.length; start += 1000) {
    await tx.insert(labelBatchItems).values(
      orderIds.slice(start, start + 1000).map((orderId, i) => ({
        tenantId,
        batchId: batch!.id,
        position: start + i,
        orderId,
      })),
    );
  }
  return batch!;
}

async function findBatch(tx: Executor, tenantId: string, id: number): Promise<LabelBatchRow | undefined> {
  const [row] = await tx.select().from(labelBatches).where(ownBatch(tenantId, id));
  return row;
}

function listBatches(tx: Executor, tenantId: string, limit = 20): Promise<LabelBatchRow[]> {
  return tx
    .select()
    .from(labelBatches)
    .where(eq(labelBatches.tenantId, tenantId))
    .orderBy(desc(labelBatches.id))
    .limit(limit);
}

/** The orders of `ids` that belong to the tenant. */
async function ownOrders(tx: Executor, tenantId: string, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Paid Sales Orders with something left to ship and no hold past `today` (YYYY-MM-DD), oldest first. */
async function shippableOrders(tx: Executor, tenantId: string, limit: number, today: string): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.orderStatus, 'Sales Order'),
        inArray(orders.paymentStatus, ['Paid', 'Terms']),
        inArray(orders.shipmentStatus, ['Unshipped', 'Shipped Partial']),
        or(isNull(orders.holdUntil), lte(orders.holdUntil, today)),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

async function batchItems(tx: Executor, tenantId: string, batchId: number): Promise<BatchItemView[]> {
  const rows = await tx
    .select({
      item: labelBatchItems,
      orderNumber: orders.orderNumber,
      trackingNumber: shippingLabels.trackingNumber,
      serviceName: shippingLabels.serviceName,
      amount: shippingLabels.amount,
      currency: shippingLabels.currency,
      insuredValue: shippingLabels.insuredValue,
      signature: shippingLabels.signature,
    })
    .from(labelBatchItems)
    .innerJoin(orders, and(eq(orders.tenantId, labelBatchItems.tenantId), eq(orders.id, labelBatchItems.orderId)))
    .leftJoin(
      shippingLabels,
      and(eq(shippingLabels.tenantId, labelBatchItems.tenantId), eq(shippingLabels.id, labelBatchItems.labelId)),
    )
    .where(and(eq(labelBatchItems.tenantId, tenantId), eq(labelBatchItems.batchId, batchId)))
    .orderBy(asc(labelBatchItems.position));
  return rows;
}

/** The next items to work on: queued, or left `buying` by a worker that stopped. */
function openItems(tx: Executor, tenantId: string, batchId: number, limit: number): Promise<LabelBatchItemRow[]> {
  return tx
    .select()
    .from(labelBatchItems)
    .where(
      and(
        eq(labelBatchItems.tenantId, tenantId),
        eq(labelBatchItems.batchId, batchId),
        inArray(labelBatchItems.status, ['queued', 'buying']),
      ),
    )
    .orderBy(asc(labelBatchItems.position))
    .limit(limit);
}

async function setBatchItem(
  tx: Executor,
  tenantId: string,
  batchId: number,
  orderId: number,
  changes: Partial<Pick<LabelBatchItemRow, 'status' | 'deliveryId' | 'labelId' | 'message'>>,
): Promise<void> {
  await tx
    .update(labelBatchItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(
        eq(labelBatchItems.tenantId, tenantId),
        eq(labelBatchItems.batchId, batchId),
        eq(labelBatchItems.orderId, orderId),
      ),
    );
}

/**
 * After a round of items: the counters moved by what the round did (constant work per round, whatever the
 * batch's size). When no item is left to work on, the counters are counted once from the items (exact also after
 * a takeover) and the batch is done.
 */
async function refreshBatch(
  tx: Executor,
  tenantId: string,
  batchId: number,
  round: { bought: number; failed: number },
): Promise<LabelBatchRow> {
  const [open] = await tx
    .select({ orderId: labelBatchItems.orderId })
    .from(labelBatchItems)
    .where(
      and(
        eq(labelBatchItems.tenantId, tenantId),
        eq(labelBatchItems.batchId, batchId),
        inArray(labelBatchItems.status, ['queued', 'buying']),
      ),
    )
    .limit(1);
  if (open) {
    const [row] = await tx
      .update(labelBatches)
      .set({
        bought: sql`${labelBatches.bought} + ${round.bought}`,
        failed: sql`${labelBatches.failed} + ${round.failed}`,
      })
      .where(ownBatch(tenantId, batchId))
      .returning();
    return row!;
  }
  const counted = (status: string) =>
    sql`(SELECT count(*)::int FROM label_batch_items i WHERE i.tenant_id = ${tenantId} AND i.batch_id = ${batchId} AND i.status = ${status})`;
  const [done] = await tx
    .update(labelBatches)
    .set({
      bought: counted('bought'),
      failed: counted('failed'),
      status: 'done',
      finishedAt: sql`clock_timestamp()`,
      worker: null,
    })
    .where(ownBatch(tenantId, batchId))
    .returning();
  return done!;
}

/** Failed items queued again; the batch runs again. */
async function retryFailedItems(tx: Executor, tenantId: string, batchId: number): Promise<number> {
  const retried = await tx
    .update(labelBatchItems)
    .set({ status: 'queued', message: null, updatedAt: new Date() })
    .where(
      and(
        eq(labelBatchItems.tenantId, tenantId),
        eq(labelBatchItems.batchId, batchId),
        eq(labelBatchItems.status, 'failed'),
      ),
    )
    .returning({ orderId: labelBatchItems.orderId });
  if (retried.length > 0) {
    await tx
      .update(labelBatches)
      .set({ status: 'running', finishedAt: null, failed: 0 })
      .where(ownBatch(tenantId, batchId));
  }
  return retried.length;
}

/**
 * Takes a running batch for `holder`, one run of its pg-boss job (plugins/background.ts): pg-boss starts a job's
 * next run only once the one before finished its slice, or ran past its expiry; a holder that lost the batch
 * finds out at its next round (`holds`). Undefined when the batch is done.
 */
async function claimBatch(
  tx: Executor,
  tenantId: string,
  batchId: number,
  holder: string,
): Promise<LabelBatchRow | undefined> {
  const [row] = await tx
    .update(labelBatches)
    .set({ worker: holder })
    .where(and(ownBatch(tenantId, batchId), eq(labelBatches.status, 'running')))
    .returning();
  return row;
}

/**
 * A batch whose slices kept failing (its job's retries spent): the orders not bought yet fail with `message`, so
 * the batch ends and a person can retry them; a purchase one of them left mid-way is settled by the sweep.
 */
async function stopOpenItems(tx: Executor, tenantId: string, batchId: number, message: string): Promise<LabelBatchRow> {
  await tx
    .update(labelBatchItems)
    .set({ status: 'failed', message, updatedAt: new Date() })
    .where(
      and(
        eq(labelBatchItems.tenantId, tenantId),
        eq(labelBatchItems.batchId, batchId),
        inArray(labelBatchItems.status, ['queued', 'buying']),
      ),
    );
  return refreshBatch(tx, tenantId, batchId, { bought: 0, failed: 0 });
}

/** Whether `worker` (a holder) still holds the batch (a newer run of its job may have taken it over). */
async function holdsBatch(tx: Executor, tenantId: string, batchId: number, worker: string): Promise<boolean> {
  const [row] = await tx
    .select({ worker: labelBatches.worker, status: labelBatches.status })
    .from(labelBatches)
    .where(ownBatch(tenantId, batchId));
  return row?.worker === worker && row.status === 'running';
}

/** An item's label (the join of the queries that read the labels of a batch). */
const itemLabel = and(
  eq(shippingLabels.tenantId, labelBatchItems.tenantId),
  eq(shippingLabels.id, labelBatchItems.labelId),
);

/**
 * How many labels a batch's printable document holds, told before it is streamed: all of them, the ZPL ones,
 * and those whose first bytes make them a PDF, PNG or JPEG (the kinds a merged PDF takes). A document too large
 * to read back (SERVED_DOCUMENT_LIMIT) is neither: it is left out, and counted as skipped.
 */
async function documentCounts(
  tx: Executor,
  tenantId: string,
  batchId: number,
): Promise<{ labels: number; zpl: number; pdfReady: number; customsDocuments: number }> {
  const starts = (length: number, hex: string) =>
    sql`substring(${shippingLabels.document} from 1 for ${length}) = decode(${hex}, 'hex')`;
  const readable = sql`octet_length(${shippingLabels.document}) <= ${SERVED_DOCUMENT_LIMIT}`;
  const [row] = await tx
    .select({
      labels: sql<number>`count(*)::int`,
      zpl: sql<number>`(count(*) filter (where ${shippingLabels.format} = 'zpl' and ${readable}))::int`,
      pdfReady: sql<number>`(count(*) filter (where (${starts(5, '255044462d')} or ${starts(8, '89504e470d0a1a0a')}
        or ${starts(3, 'ffd8ff')}) and ${readable}))::int`,
      customsDocuments: sql<number>`(count(${shippingLabels.customsDocument}))::int`,
    })
    .from(labelBatchItems)
    .innerJoin(shippingLabels, itemLabel)
    .where(boughtAndActive(tenantId, batchId));
  return row ?? { labels: 0, zpl: 0, pdfReady: 0, customsDocuments: 0 };
}

/** The sizes of the next labels' documents, so that a page of them can stop short of a byte budget. */
async function documentSizes(
  tx: Executor,
  tenantId: string,
  batchId: number,
  after: number,
  limit: number,
): Promise<number[]> {
  const rows = await tx
    .select({
      size: sql<number>`octet_length(${shippingLabels.document}) + coalesce(octet_length(${shippingLabels.customsDocument}), 0)`.mapWith(
        Number,
      ),
    })
    .from(labelBatchItems)
    .innerJoin(shippingLabels, itemLabel)
    .where(and(boughtAndActive(tenantId, batchId), sql`${labelBatchItems.position} > ${after}`))
    .orderBy(asc(labelBatchItems.position))
    .limit(limit);
  return rows.map((row) => row.size);
}

/**
 * The labels of a batch's bought items, in the batch's order, one page at a time (documents are large). A
 * document too large to read back (SERVED_DOCUMENT_LIMIT) comes as null.
 */
async function batchDocuments(
  tx: Executor,
  tenantId: string,
  batchId: number,
  after: number,
  limit: number,
): Promise<
  Array<{
    position: number;
    orderId: number;
    format: string;
    document: Uint8Array | null;
    customsDocument: Uint8Array | null;
  }>
> {
  return tx
    .select({
      position: labelBatchItems.position,
      orderId: labelBatchItems.orderId,
      format: shippingLabels.format,
      document: documentWithinLimit,
      // A CN 22/23 page or a commercial invoice: a page or two of PDF, written by Shipdesk or within the answer limits.
      customsDocument: shippingLabels.customsDocument,
    })
    .from(labelBatchItems)
    .innerJoin(shippingLabels, itemLabel)
    .where(and(boughtAndActive(tenantId, batchId), sql`${labelBatchItems.position} > ${after}`))
    .orderBy(asc(labelBatchItems.position))
    .limit(limit);
}

/** All SQL of label batches; tenant-scoped functions take a `withTenant` transaction. */
export function createLabelBatchesRepository() {
  return {
    insert: insertBatch,
    find: findBatch,
    list: listBatches,
    ownOrders,
    shippableOrders,
    items: batchItems,
    openItems,
    setItem: setBatchItem,
    refresh: refreshBatch,
    retryFailed: retryFailedItems,
    claim: claimBatch,
    stopOpen: stopOpenItems,
    holds: holdsBatch,
    documentCounts,
    documentSizes,
    documents: batchDocuments,
  };
}
