import { and, asc, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  deliveries,
  labelColumns,
  orderAddresses,
  orderLines,
  shippingLabels,
  type DeliveryRow,
  type OrderAddressRow,
  type LabelRow,
} from '../../db/schema/index.ts';
import { MB } from '../../integrations/http/answer-limits.ts';

type NewLabel = Omit<typeof shippingLabels.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

/**
 * The largest document read back from the database. No purchase stores more now (a label file is refused past 8 MB,
 * a carrier's JSON answer past 12 MB: answer-limits.ts); a document stored before those limits may be larger, and is
 * refused rather than read (PostgreSQL sends bytea as hex text: 300 MB of it is a string Node cannot hold).
 */
export const SERVED_DOCUMENT_LIMIT = 16 * MB;

/** The document column, or null when it is past SERVED_DOCUMENT_LIMIT (then never sent by the database). */
export const documentWithinLimit =
  sql<Uint8Array | null>`case when octet_length(${shippingLabels.document}) <= ${SERVED_DOCUMENT_LIMIT} then ${shippingLabels.document} end`.mapWith(
    shippingLabels.document,
  );

/**
 * The carrier is asked about an unconfirmed purchase again 10 s after the answer was lost, then twice as long after
 * each ask that fails, at most an hour: a carrier that keeps failing (or keeps answering past its limit) is not asked
 * in a loop.
 */
const SETTLE_FIRST_WAIT_SECONDS = 10;
const SETTLE_LONGEST_WAIT_SECONDS = 3_600;

/** The wait before the next ask, after `failedAsks` asks failed. */
export const settleWaitSeconds = (failedAsks: number) =>
  Math.min(SETTLE_LONGEST_WAIT_SECONDS, SETTLE_FIRST_WAIT_SECONDS * 2 ** Math.min(failedAsks, 20));

/**
 * A purchase that is due to be settled: its answer lost and its wait over (the wait doubles with each failed ask),
 * or left `buying` for longer than `staleSeconds` (its instance stopped before it recorded anything).
 */
function duePurchase(staleSeconds: number) {
  const stale = sql`clock_timestamp() - make_interval(secs => ${staleSeconds})`;
  const attempts = sql`coalesce((${deliveries.purchaseRequest} ->> 'settleAttempts')::int, 0)`;
  const wait = sql`least(${SETTLE_LONGEST_WAIT_SECONDS}, ${SETTLE_FIRST_WAIT_SECONDS} * power(2, least(${attempts}, 20)))`;
  return or(
    and(
      eq(deliveries.purchaseState, 'unconfirmed'),
      lt(deliveries.purchaseStartedAt, sql`clock_timestamp() - make_interval(secs => ${wait})`),
    ),
    and(eq(deliveries.purchaseState, 'buying'), lt(deliveries.purchaseStartedAt, stale)),
  );
}

/** What a purchase in flight keeps on its delivery: enough for any instance to find the label again. */
export interface PurchaseRecord {
  carrier: string;
  carrierAccountId: number | null;
  serviceName: string;
  event: 'shipLabel' | 'zpl';
  actorId: string;
  actorEmail: string;
  /** The LabelRequest sent to the carrier (addresses, parcel, service, format, idempotency key). */
  request: Record<string, unknown>;
  /**
   * Asks of the carrier that failed since the answer was lost, and why the last one failed (in the carrier's words,
   * shown to the seller). Kept in the purchase's own record: they live and end with it.
   */
  settleAttempts?: number;
  settleProblem?: string;
}

const ownDelivery = (tenantId: string, id: number) => and(eq(deliveries.tenantId, tenantId), eq(deliveries.id, id));

async function lockDelivery(tx: Executor, tenantId: string, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx.select().from(deliveries).where(ownDelivery(tenantId, id)).for('update');
  return row;
}

async function findDelivery(tx: Executor, tenantId: string, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx.select().from(deliveries).where(ownDelivery(tenantId, id));
  return row;
}

/** The order's first delivery still to be labelled. */
async function nextPlannedDelivery(tx: Executor, tenantId: string, orderId: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.tenantId, tenantId), eq(deliveries.orderId, orderId), eq(deliveries.status, 'planned')))
    .orderBy(asc(deliveries.id))
    .limit(1);
  return row;
}

async function shippingAddress(tx: Executor, tenantId: string, orderId: number): Promise<OrderAddressRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderAddresses)
    .where(
      and(
        eq(orderAddresses.tenantId, tenantId),
        eq(orderAddresses.orderId, orderId),
        eq(orderAddresses.type, 'shipping'),
      ),
    );
  return row;
}

async function startPurchase(
  tx: Executor,
  tenantId: string,
  deliveryId: number,
  parcel: Pick<DeliveryRow, 'boxSizeId' | 'packageType' | 'weight' | 'length' | 'width' | 'height'>,
  record: PurchaseRecord,
): Promise<void> {
  await tx
    .update(deliveries)
    .set({
      ...parcel,
      // The label form's parcel is kept for the delivery as a person's weight: a later change of its lines leaves
      // it (docs/order-editing.md, "Weight sources").
      weightSource: 'seller',
      purchaseState: 'buying',
      purchaseStartedAt: sql`clock_timestamp()`,
      purchaseRequest: record as unknown as Record<string, unknown>,
      updatedAt: new Date(),
    })
    .where(ownDelivery(tenantId, deliveryId));
}

/** The answer was lost: the purchase waits for the carrier to be asked whether it holds the label. */
async function markUnconfirmed(tx: Executor, tenantId: string, deliveryId: number): Promise<void> {
  await tx
    .update(deliveries)
    .set({ purchaseState: 'unconfirmed', purchaseStartedAt: sql`clock_timestamp()` })
    .where(ownDelivery(tenantId, deliveryId));
}

/**
 * An ask of the carrier failed: counted (the next waits longer) and its reason kept. Answers the failed asks so
 * far, or null when the purchase is no longer unconfirmed.
 */
async function recordSettleFailure(
  tx: Executor,
  tenantId: string,
  deliveryId: number,
  problem: string,
): Promise<number | null> {
  const attempts = sql`coalesce((${deliveries.purchaseRequest} ->> 'settleAttempts')::int, 0) + 1`;
  const [row] = await tx
    .update(deliveries)
    .set({
      purchaseRequest: sql`${deliveries.purchaseRequest} || jsonb_build_object('settleAttempts', ${attempts}, 'settleProblem', ${problem}::text)`,
    })
    .where(and(ownDelivery(tenantId, deliveryId), eq(deliveries.purchaseState, 'unconfirmed')))
    .returning({
      attempts: sql<number>`(${deliveries.purchaseRequest} ->> 'settleAttempts')::int`.mapWith(Number),
    });
  return row ? row.attempts : null;
}

/** The delivery, locked, when its purchase is due to be settled (`duePurchase`); undefined otherwise. */
async function lockDuePurchase(
  tx: Executor,
  tenantId: string,
  deliveryId: number,
  staleSeconds: number,
): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .select()
    .from(deliveries)
    .where(and(ownDelivery(tenantId, deliveryId), duePurchase(staleSeconds)))
    .for('update');
  return row;
}

async function clearPurchase(tx: Executor, tenantId: string, deliveryId: number): Promise<void> {
  await tx
    .update(deliveries)
    .set({ purchaseState: null, purchaseStartedAt: null, purchaseRequest: null })
    .where(ownDelivery(tenantId, deliveryId));
}

/** Stores the label; its document is written, not read back. */
async function insertLabel(tx: Executor, tenantId: string, label: NewLabel): Promise<LabelRow> {
  const [row] = await tx
    .insert(shippingLabels)
    .values({ tenantId, ...label })
    .returning(labelColumns);
  return row!;
}

/**
 * The delivery has its label: its lines' units count as shipped. (The order's search words take the tracking
 * number in the orders' change that records the label: changeOrder with `searchChanged`.)
 */
async function markLabelled(
  tx: Executor,
  tenantId: string,
  deliveryId: number,
  values: { trackingNumber: string; carrierMethod: string },
): Promise<void> {
  await tx
    .update(deliveries)
    .set({
      ...values,
      status: 'labelled',
      purchaseState: null,
      purchaseStartedAt: null,
      purchaseRequest: null,
      updatedAt: new Date(),
    })
    .where(ownDelivery(tenantId, deliveryId));
  await shipDeliveryLines(tx, tenantId, deliveryId, 1);
}

/** Voided: the delivery can be labelled again and its units are unshipped (the void's change drops its words). */
async function markUnlabelled(tx: Executor, tenantId: string, deliveryId: number): Promise<void> {
  await tx
    .update(deliveries)
    .set({ status: 'planned', trackingNumber: null, updatedAt: new Date() })
    .where(ownDelivery(tenantId, deliveryId));
  await shipDeliveryLines(tx, tenantId, deliveryId, -1);
}

/** Adds (+1) or takes back (-1) the delivery's units to its lines' shipped counts, within 0..quantity. */
async function shipDeliveryLines(tx: Executor, tenantId: string, deliveryId: number, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    UPDATE order_lines l
    SET quantity_shipped = least(l.quantity, greatest(0, l.quantity_shipped + ${sign} * dl.quantity))
    FROM delivery_lines dl
    WHERE dl.tenant_id = ${tenantId} AND dl.delivery_id = ${deliveryId}
      AND l.tenant_id = dl.tenant_id AND l.id = dl.line_id`);
}

async function unitCounts(
  tx: Executor,
  tenantId: string,
  orderId: number,
): Promise<{ ordered: number; shipped: number }> {
  const [row] = await tx
    .select({
      ordered: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
      shipped: sql<number>`coalesce(sum(${orderLines.quantityShipped}), 0)::int`,
    })
    .from(orderLines)
    .where(and(eq(orderLines.tenantId, tenantId), eq(orderLines.orderId, orderId)));
  return { ordered: Number(row?.ordered ?? 0), shipped: Number(row?.shipped ?? 0) };
}

/** The delivery's standing label, or its newest voided one. */
async function latestLabel(tx: Executor, tenantId: string, deliveryId: number): Promise<LabelRow | undefined> {
  const [row] = await tx
    .select(labelColumns)
    .from(shippingLabels)
    .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.deliveryId, deliveryId)))
    .orderBy(sql`${shippingLabels.status} = 'active' DESC`, desc(shippingLabels.id))
    .limit(1);
  return row;
}

async function lockStandingLabel(tx: Executor, tenantId: string, deliveryId: number): Promise<LabelRow | undefined> {
  const [row] = await tx
    .select(labelColumns)
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.tenantId, tenantId),
        eq(shippingLabels.deliveryId, deliveryId),
        eq(shippingLabels.status, 'active'),
      ),
    )
    .for('update');
  return row;
}

async function setLabel(
  tx: Executor,
  tenantId: string,
  labelId: number,
  changes: Partial<NewLabel>,
): Promise<LabelRow> {
  const [row] = await tx
    .update(shippingLabels)
    .set(changes)
    .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.id, labelId)))
    .returning(labelColumns);
  return row!;
}

/** Purchases due to be settled, across tenants (the sweep, owner connection), oldest first. */
async function unsettledPurchases(
  db: Executor,
  staleSeconds: number,
): Promise<Array<{ tenantId: string; deliveryId: number }>> {
  return db
    .select({ tenantId: deliveries.tenantId, deliveryId: deliveries.id })
    .from(deliveries)
    .where(and(isNotNull(deliveries.purchaseState), duePurchase(staleSeconds)))
    .orderBy(asc(deliveries.purchaseStartedAt))
    .limit(100);
}

/** All SQL of labels and purchases; every function takes the tenant and a `withTenant` transaction. */
export function createLabelsRepository() {
  return {
    lockDelivery,
    findDelivery,
    nextPlannedDelivery,
    shippingAddress,
    startPurchase,
    markUnconfirmed,
    recordSettleFailure,
    lockDuePurchase,
    clearPurchase,
    insertLabel,
    markLabelled,
    markUnlabelled,
    shipDeliveryLines,
    unitCounts,
    latestLabel,
    lockStandingLabel,
    setLabel,
    unsettledPurchases,
  };
}
export type LabelsRepository = ReturnType<typeof createLabelsRepository>;
