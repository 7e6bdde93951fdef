import { MAX_BATCH_ORDERS, type CreateLabelBatch, type LabelBatch, type LabelBatchDetail } from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { LabelBatchItemRow, LabelBatchRow } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { tenantTimeZone } from '../orders/index.ts';
import { batchPurchase } from './label-batch-choice.ts';
import { createLabelBatchesRepository } from './label-batches-repository.ts';
import type { Actor, LabelEvent, LabelPurchases } from './label-purchase-service.ts';
import { createLabelsRepository } from './labels-repository.ts';
import { shipDateIn } from './label-shipment.ts';
import { throughput } from '../../lib/throughput-metrics.ts';

export interface LabelBatchesDeps {
  database: Database;
  purchases: LabelPurchases;
  notify(tenantId: string, batch: LabelBatch): void;
  log: FastifyBaseLogger;
  worker: string;
  /** Purchases of one batch running at once. */
  concurrency?: number;
  /** A batch whose worker stopped beating for this long is taken over (s). */
  staleSeconds?: number;
}

export const BATCH_NOT_FOUND = 'Label batch not found';
type Outcome = 'bought' | 'failed';

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

/**
 * Label batches: many orders' labels bought in the background with their mapped services. The batch and its items
 * are rows: any instance that runs background work claims a running batch (heartbeat; a stopped one is taken over),
 * works its items a few at a time through the same purchase as one label (so a delivery is never bought twice), and
 * tells every open tab of the tenant how far it is.
 */
export function createLabelBatches(deps: LabelBatchesDeps) {
  const { database } = deps;
  const repo = createLabelBatchesRepository();
  const labels = createLabelsRepository();
  const concurrency = deps.concurrency ?? 8;
  let stopping = false;

  async function fail(tenantId: string, batchId: number, item: LabelBatchItemRow, message: string): Promise<Outcome> {
    await database.withTenant(tenantId, (tx) =>
      repo.setItem(tx, tenantId, batchId, item.orderId, { status: 'failed', message }),
    );
    return 'failed';
  }

  /** One order of the batch, from wherever a stopped worker left it. */
  async function work(batch: LabelBatchRow, actor: Actor, item: LabelBatchItemRow): Promise<Outcome> {
    const { tenantId, id: batchId } = batch;
    if (item.status === 'buying' && item.deliveryId !== null) {
      // Left mid-purchase: the delivery says what happened (a purchase still unsettled is settled first).
      const delivery = await database.withTenant(tenantId, (tx) => labels.findDelivery(tx, tenantId, item.deliveryId!));
      if (delivery?.purchaseState) await deps.purchases.settle(tenantId, delivery.id);
      const label = await database.withTenant(tenantId, async (tx) => {
        const after = await labels.findDelivery(tx, tenantId, item.deliveryId!);
        return after?.status === 'labelled' ? labels.latestLabel(tx, tenantId, after.id) : undefined;
      });
      if (label?.status === 'active') {
        await database.withTenant(tenantId, (tx) =>
          repo.setItem(tx, tenantId, batchId, item.orderId, { status: 'bought', labelId: label.id, message: null }),
        );
        return 'bought';
      }
    }
    // What to buy, and the item marked as being bought (or failed with why not), in one transaction.
    const choice = await database.withTenant(tenantId, async (tx) => {
      const decided = await batchPurchase(tx, labels, tenantId, item.orderId, batch.event as LabelEvent);
      await repo.setItem(
        tx,
        tenantId,
        batchId,
        item.orderId,
        'problem' in decided
          ? { status: 'failed', message: decided.problem }
          : { status: 'buying', deliveryId: Number(decided.purchase.deliveryId), message: null },
      );
      return decided;
    });
    if ('problem' in choice) return 'failed';
    try {
      const recorded = await deps.purchases.buyFor(actor, item.orderId, batch.event as LabelEvent, choice.purchase);
      const labelId = Number(recorded.label.id);
      await database.withTenant(tenantId, (tx) =>
        repo.setItem(tx, tenantId, batchId, item.orderId, { status: 'bought', labelId, message: null }),
      );
      return 'bought';
    } catch (error) {
      if (error instanceof HttpError) {
        const field = error.errors ? Object.values(error.errors).join('; ') : '';
        return fail(tenantId, batchId, item, field || error.message);
      }
      deps.log.error({ err: error, batchId, orderId: item.orderId }, 'label batch item failed');
      return fail(tenantId, batchId, item, 'The label could not be bought (an unexpected error); retry it');
    }
  }

  /** Works a claimed batch to its end, or until the instance stops or another takes it over. */
  async function run(claimed: LabelBatchRow): Promise<void> {
    const { tenantId, id: batchId } = claimed;
    const actor: Actor = { tenantId, userId: claimed.createdById, email: claimed.createdByEmail };
    let lastNotice = 0;
    for (;;) {
      if (stopping) return;
      const open = await database.withTenant(tenantId, async (tx) =>
        (await repo.holds(tx, tenantId, batchId, deps.worker))
          ? repo.openItems(tx, tenantId, batchId, concurrency)
          : null,
      );
      if (open === null) return;
      const outcomes = await Promise.all(open.map((item) => work(claimed, actor, item)));
      const round = {
        bought: outcomes.filter((o) => o === 'bought').length,
        failed: outcomes.filter((o) => o === 'failed').length,
      };
      throughput.batchItems(round);
      const batch = await database.withTenant(tenantId, (tx) => repo.refresh(tx, tenantId, batchId, round));
      const now = Date.now();
      if (batch.status === 'done' || now - lastNotice > 250) {
        lastNotice = now;
        deps.notify(tenantId, toBatch(batch));
      }
      if (batch.status === 'done' || open.length === 0) return;
    }
  }

  return {
    /** `POST /call/labelBatches`. */
    async create(auth: AuthContext, input: CreateLabelBatch): Promise<LabelBatch> {
      if (!input.orderIds && !input.allShippable) {
        throw badRequest({ orderIds: 'orderIds is required (or allShippable: true)' });
      }
      return database.withTenant(auth.tenantId, async (tx) => {
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
          { event: input.event, createdById: auth.userId, createdByEmail: auth.email },
          ids,
        );
        return toBatch(batch);
      });
    },

    list(auth: AuthContext): Promise<LabelBatch[]> {
      return database.withTenant(auth.tenantId, async (tx) => (await repo.list(tx, auth.tenantId)).map(toBatch), {
        readOnly: true,
      });
    },

    get(auth: AuthContext, idText: string): Promise<LabelBatchDetail> {
      return database.withTenant(
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
              message: row.item.message,
            })),
          };
        },
        { readOnly: true },
      );
    },

    /** `POST /call/labelBatches/{id}/retry`: the failed orders are tried again. */
    async retry(auth: AuthContext, idText: string): Promise<LabelBatch> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const id = parseId(idText);
        const batch = id === null ? undefined : await repo.find(tx, auth.tenantId, id);
        if (!batch) throw notFound(BATCH_NOT_FOUND);
        if ((await repo.retryFailed(tx, auth.tenantId, batch.id)) === 0) {
          throw new HttpError(409, 'No order of this batch failed', { reason: 'nothing_to_retry' });
        }
        return toBatch((await repo.find(tx, auth.tenantId, batch.id))!);
      });
    },

    /** Claims and works running batches until none is left (the background work calls it). */
    async runPending(): Promise<void> {
      for (;;) {
        if (stopping) return;
        const claimed = await repo.claim(database.db, deps.worker, deps.staleSeconds ?? 60);
        if (!claimed) return;
        await run(claimed);
      }
    },

    stop(): void {
      stopping = true;
    },
  };
}
export type LabelBatches = ReturnType<typeof createLabelBatches>;
