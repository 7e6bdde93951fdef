import {
  MAX_BATCH_ORDERS,
  type CreateLabelBatch,
  type CustomsDefaults,
  type LabelBatch,
  type LabelBatchDetail,
} from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LabelBatchItemRow, LabelBatchRow } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { JobRun } from '../../plugins/background.ts';
import { parseId } from '../../lib/ids.ts';
import { tenantTimeZone } from '../orders/index.ts';
import { batchPurchase } from './label-batch-choice.ts';
import { cheapestContext, cheapestPurchase } from './label-batch-cheapest.ts';
import { createLabelBatchesRepository } from './label-batches-repository.ts';
import type { BatchJob, LabelJobs } from './label-jobs.ts';
import type { LabelCarriers } from './label-rates.ts';
import type { Actor, LabelEvent, LabelPurchases } from './label-purchase-service.ts';
import { createLabelsRepository } from './labels-repository.ts';
import { shipDateIn } from './label-shipment.ts';
import { throughput } from '../../lib/throughput-metrics.ts';

interface LabelBatchesDeps {
  database: Database;
  /** Quotes a rule's "cheapest of these services" when its order is bought. */
  carriers: LabelCarriers;
  purchases: LabelPurchases;
  notify(tenantId: string, batch: LabelBatch): void;
  log: FastifyBaseLogger;
  /** A batch's slices are `label-batch` jobs, sent with the batch and by the slice before (label-jobs.ts). */
  jobs: Pick<LabelJobs, 'batchIn' | 'wakeBatches'>;
  /** Purchases of one batch running at once. */
  concurrency?: number;
}

export const BATCH_NOT_FOUND = 'Label batch not found';
type Outcome = 'bought' | 'failed';
const repo = createLabelBatchesRepository();
const labels = createLabelsRepository();

function toBatch(row: LabelBatchRow): LabelBatch {
  return {
    id: String(row.id),
    event: row.event as LabelBatch['event'],
    status: row.status as LabelBatch['status'],
    total: row.total,
    bought: row.bought,
    failed: row.failed,
    createdBy: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function fail(
  deps: LabelBatchesDeps,
  tenantId: string,
  batchId: number,
  item: LabelBatchItemRow,
  message: string,
): Promise<Outcome> {
  await deps.database.withTenant(tenantId, (tx) =>
    repo.setItem(tx, tenantId, batchId, item.orderId, { status: 'failed', message }),
  );
  return 'failed';
}

/** One order of the batch, from wherever a stopped worker left it. */
async function work(
  deps: LabelBatchesDeps,
  batch: LabelBatchRow,
  actor: Actor,
  item: LabelBatchItemRow,
): Promise<Outcome> {
  const { tenantId, id: batchId } = batch;
  if (item.status === 'buying' && item.deliveryId !== null) {
    // Left mid-purchase: the delivery says what happened (a purchase still unsettled is settled first).
    const delivery = await deps.database.withTenant(tenantId, (tx) =>
      labels.findDelivery(tx, tenantId, item.deliveryId!),
    );
    if (delivery?.purchaseState) await deps.purchases.settle(tenantId, delivery.id);
    const label = await deps.database.withTenant(tenantId, async (tx) => {
      const after = await labels.findDelivery(tx, tenantId, item.deliveryId!);
      return after?.status === 'labelled' ? labels.latestLabel(tx, tenantId, after.id) : undefined;
    });
    if (label?.status === 'active') {
      await deps.database.withTenant(tenantId, (tx) =>
        repo.setItem(tx, tenantId, batchId, item.orderId, { status: 'bought', labelId: label.id, message: null }),
      );
      return 'bought';
    }
  }
  // What to buy (with what a rule's "cheapest of" needs to quote it), and the item marked as being bought (or failed
  // with why not), in one transaction.
  const choice = await deps.database.withTenant(tenantId, async (tx) => {
    const decided = await batchPurchase(tx, labels, tenantId, item.orderId, batch.event as LabelEvent, {
      customs: (batch.customs as CustomsDefaults | null) ?? undefined,
    });
    const quoting =
      'purchase' in decided && decided.cheapest
        ? await cheapestContext(tx, deps.carriers, labels, tenantId, item.orderId, decided.cheapest)
        : null;
    await repo.setItem(
      tx,
      tenantId,
      batchId,
      item.orderId,
      'problem' in decided
        ? { status: 'failed', message: decided.problem }
        : { status: 'buying', deliveryId: Number(decided.purchase.deliveryId), message: null },
    );
    return { decided, quoting };
  });
  const { decided, quoting } = choice;
  if ('problem' in decided) return 'failed';
  let purchase = decided.purchase;
  try {
    if (decided.cheapest && quoting) {
      const cheapest = await cheapestPurchase(deps.carriers, quoting, purchase, decided.cheapest, decided.currency);
      if ('problem' in cheapest) return fail(deps, tenantId, batchId, item, cheapest.problem);
      purchase = cheapest.purchase;
    }
    const recorded = await deps.purchases.buyFor(actor, item.orderId, batch.event as LabelEvent, purchase);
    const labelId = Number(recorded.label.id);
    await deps.database.withTenant(tenantId, (tx) =>
      repo.setItem(tx, tenantId, batchId, item.orderId, { status: 'bought', labelId, message: null }),
    );
    return 'bought';
  } catch (error) {
    if (error instanceof HttpError) {
      const field = error.errors ? Object.values(error.errors).join('; ') : '';
      return fail(deps, tenantId, batchId, item, field || error.message);
    }
    deps.log.error({ err: error, batchId, orderId: item.orderId }, 'label batch item failed');
    return fail(deps, tenantId, batchId, item, 'The label could not be bought (an unexpected error); retry it');
  }
}

/**
 * After a round: the counters, and, when the slice ends here with items left and it still holds the batch, the
 * next slice, in one transaction.
 */
async function endRound(deps: LabelBatchesDeps, job: BatchJob, run: JobRun, round: { bought: number; failed: number }) {
  const { tenantId, batchId } = job;
  const handOn = run.shouldYield();
  const batch = await deps.database.withTenant(tenantId, async (tx) => {
    const refreshed = await repo.refresh(tx, tenantId, batchId, round);
    if (handOn && refreshed.status !== 'done' && (await repo.holds(tx, tenantId, batchId, run.holder))) {
      await deps.jobs.batchIn(tx, job);
    }
    return refreshed;
  });
  return { batch, handOn };
}

/** The `label-batch` job's work: one slice of the batch, to its end or until the slice's time is up. */
async function runSlice(deps: LabelBatchesDeps, job: BatchJob, run: JobRun): Promise<void> {
  const { tenantId, batchId } = job;
  const claimed = await deps.database.withTenant(tenantId, (tx) => repo.claim(tx, tenantId, batchId, run.holder));
  if (!claimed) return; // done already
  if (run.retryCount > 0) deps.log.warn({ batchId, retry: run.retryCount }, 'resuming a label batch');
  const actor: Actor = { tenantId, userId: claimed.createdById, email: claimed.createdByEmail };
  let lastNotice = 0;
  for (;;) {
    const open = await deps.database.withTenant(tenantId, async (tx) =>
      (await repo.holds(tx, tenantId, batchId, run.holder))
        ? repo.openItems(tx, tenantId, batchId, deps.concurrency ?? 8)
        : null,
    );
    if (open === null) return; // a newer run of the job took it over
    const outcomes = await Promise.all(open.map((item) => work(deps, claimed, actor, item)));
    const round = {
      bought: outcomes.filter((o) => o === 'bought').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
    throughput.batchItems(round);
    const { batch, handOn } = await endRound(deps, job, run, round);
    const now = Date.now();
    if (batch.status === 'done' || handOn || now - lastNotice > 250) {
      lastNotice = now;
      deps.notify(tenantId, toBatch(batch));
    }
    if (batch.status === 'done' || open.length === 0 || handOn) return;
  }
}

/** The `label-batch-stopped` job's work: a batch whose slices kept failing ends, its open orders failed. */
async function stopBatch(deps: LabelBatchesDeps, job: BatchJob): Promise<void> {
  const { tenantId, batchId } = job;
  const message = 'The batch stopped before this order (its work kept failing); retry the batch';
  const batch = await deps.database.withTenant(tenantId, async (tx) =>
    (await repo.find(tx, tenantId, batchId))?.status === 'running'
      ? repo.stopOpen(tx, tenantId, batchId, message)
      : null,
  );
  if (!batch) return;
  deps.log.error({ batchId }, 'label batch stopped: its slices kept failing');
  deps.notify(tenantId, toBatch(batch));
}

/** `POST /call/labelBatches`. */
async function createLabelBatch(
  deps: LabelBatchesDeps,
  auth: AuthContext,
  input: CreateLabelBatch,
): Promise<LabelBatch> {
  if (!input.orderIds && !input.allShippable) {
    throw badRequest({ orderIds: 'orderIds is required (or allShippable: true)' });
  }
  const created = await deps.database.withTenant(auth.tenantId, async (tx) => {
    let ids: number[];
    if (input.orderIds) {
      ids = [...new Set(input.orderIds.map(Number))];
      const own = await repo.ownOrders(tx, auth.tenantId, ids);
      const missing = input.orderIds.findIndex((id) => !own.has(Number(id)));
      if (missing >= 0) throw badRequest({ [`orderIds[${missing}]`]: `No order ${input.orderIds[missing]}` });
    } else {
      const today = shipDateIn(await tenantTimeZone(tx, auth.tenantId));
      ids = await repo.shippableOrders(tx, auth.tenantId, MAX_BATCH_ORDERS, today);
      if (ids.length === 0)
        throw new HttpError(409, 'No paid Sales Order is waiting for a label', { reason: 'nothing_to_ship' });
    }
    const batch = await repo.insert(
      tx,
      auth.tenantId,
      { event: input.event, createdById: auth.userId, createdByEmail: auth.email, customs: input.customs ?? null },
      ids,
    );
    await deps.jobs.batchIn(tx, { tenantId: auth.tenantId, batchId: batch.id });
    return toBatch(batch);
  });
  deps.jobs.wakeBatches();
  return created;
}

function listLabelBatches(deps: LabelBatchesDeps, auth: AuthContext): Promise<LabelBatch[]> {
  return deps.database.withTenant(auth.tenantId, async (tx) => (await repo.list(tx, auth.tenantId)).map(toBatch), {
    readOnly: true,
  });
}

function getLabelBatch(deps: LabelBatchesDeps, auth: AuthContext, idText: string): Promise<LabelBatchDetail> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const id = parseId(idText);
      const batch = id === null ? undefined : await repo.find(tx, auth.tenantId, id);
      if (!batch) throw notFound(BATCH_NOT_FOUND);
      const items = await repo.items(tx, auth.tenantId, batch.id);
      return {
        batch: toBatch(batch),
        items: items.map((row) => ({
          orderId: String(row.item.orderId),
          orderNumber: row.orderNumber,
          status: row.item.status as LabelBatchDetail['items'][number]['status'],
          deliveryId: row.item.deliveryId === null ? null : String(row.item.deliveryId),
          trackingNumber: row.trackingNumber,
          serviceName: row.serviceName,
          amount: row.amount,
          currency: row.currency,
          insuredValue: row.insuredValue,
          signature: row.signature as LabelBatchDetail['items'][number]['signature'],
          message: row.item.message,
        })),
      };
    },
    { readOnly: true },
  );
}

/** `POST /call/labelBatches/{id}/retry`: the failed orders are tried again. */
async function retryLabelBatch(deps: LabelBatchesDeps, auth: AuthContext, idText: string): Promise<LabelBatch> {
  const retried = await deps.database.withTenant(auth.tenantId, async (tx) => {
    const id = parseId(idText);
    const batch = id === null ? undefined : await repo.find(tx, auth.tenantId, id);
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    if ((await repo.retryFailed(tx, auth.tenantId, batch.id)) === 0) {
      throw new HttpError(409, 'No order of this batch failed', { reason: 'nothing_to_retry' });
    }
    await deps.jobs.batchIn(tx, { tenantId: auth.tenantId, batchId: batch.id });
    return toBatch((await repo.find(tx, auth.tenantId, batch.id))!);
  });
  deps.jobs.wakeBatches();
  return retried;
}

/**
 * Label batches: many orders' labels bought in the background with their mapped services. The batch and its items
 * are rows (what the seller sees); the work is a chain of `label-batch` jobs, each a slice that claims the batch,
 * works its items a few at a time through the same purchase as one label (so a delivery is never bought twice) and,
 * when its time is up, sends the next slice in the transaction of its last round. A slice whose worker stops is run
 * again by pg-boss after its expiry (LABEL_BATCH_STALE_SECONDS). Every open tab of the tenant hears how far it is.
 */
export function createLabelBatches(deps: LabelBatchesDeps) {
  return {
    create: (auth: AuthContext, input: CreateLabelBatch) => createLabelBatch(deps, auth, input),
    list: (auth: AuthContext) => listLabelBatches(deps, auth),
    get: (auth: AuthContext, idText: string) => getLabelBatch(deps, auth, idText),
    retry: (auth: AuthContext, idText: string) => retryLabelBatch(deps, auth, idText),
    runSlice: (job: BatchJob, run: JobRun) => runSlice(deps, job, run),
    stopBatch: (job: BatchJob) => stopBatch(deps, job),
  };
}
export type LabelBatches = ReturnType<typeof createLabelBatches>;
