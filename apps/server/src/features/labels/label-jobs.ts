import type { Executor } from '../../db/client.ts';
import type { Background, JobRun } from '../../plugins/background.ts';

/**
 * The labels' queues on the one engine (plugins/background.ts, docs/decisions.md "Background work"):
 *
 * - `label-batch`: a slice of one batch; sent with the batch, with its retry, and by the slice before it;
 * - `label-batch-stopped`: a batch whose slices kept failing (pg-boss sends it once `label-batch`'s retries are spent);
 * - `tracking-push`: one label's push to its channel; sent with the label (or its void, or a person's retry), and
 *   after a failure at the push's own backoff;
 * - `label-purchase-settle`: one purchase whose answer was lost; sent with the failed ask, after the doubling wait,
 *   and by the sweep;
 * - `labels-due`: the sweep, every minute (a schedule): purchases an instance left `buying`, and any unsettled
 *   purchase or pending push whose job is overdue (a job lost before these queues existed, or with a database
 *   failure): each gets a job, at most one a minute.
 */

/** How long an attempt holds a push (its job's expiry): a worker that died mid-push is replaced after it. */
export const PUSH_LEASE_SECONDS = 120;

export const LABEL_BATCH_QUEUE = 'label-batch';
export const LABEL_BATCH_STOPPED_QUEUE = 'label-batch-stopped';
export const TRACKING_PUSH_QUEUE = 'tracking-push';
export const PURCHASE_SETTLE_QUEUE = 'label-purchase-settle';
const LABELS_DUE_QUEUE = 'labels-due';

export interface BatchJob {
  tenantId: string;
  batchId: number;
}
export interface PushJob {
  tenantId: string;
  labelId: number;
}
interface SettleJob {
  tenantId: string;
  deliveryId: number;
}

/** What the labels' services send, each in the caller's transaction, and the wake-up after its commit. */
export interface LabelJobs {
  batchIn(tx: Executor, job: BatchJob): Promise<void>;
  pushIn(tx: Executor, job: PushJob, afterSeconds?: number): Promise<void>;
  settleIn(tx: Executor, job: SettleJob, afterSeconds: number): Promise<void>;
  /** The sweep's sends: at most one job per purchase, or per push, a minute. */
  settleSoon(job: SettleJob): Promise<void>;
  pushSoon(job: PushJob): Promise<void>;
  wakeBatches(): void;
  wakePushes(): void;
}

export interface LabelWork {
  runBatchSlice(job: BatchJob, run: JobRun): Promise<void>;
  stopBatch(job: BatchJob): Promise<void>;
  push(job: PushJob): Promise<void>;
  settle(job: SettleJob): Promise<void>;
  sweep(): Promise<void>;
}

const batchKey = (job: BatchJob) => `${job.tenantId}:${job.batchId}`;
const settleKey = (job: SettleJob) => `${job.tenantId}:${job.deliveryId}`;
const pushKey = (job: PushJob) => `${job.tenantId}:${job.labelId}`;

/** Declares the queues (their work is bound later: the services and the queues need each other). */
export function declareLabelQueues(
  background: Background,
  work: () => LabelWork,
  options: { batchStaleSeconds: number },
): LabelJobs {
  const batches = background.queue<BatchJob>({
    name: LABEL_BATCH_QUEUE,
    // One waiting slice per batch: a retry asked for while a slice waits adds nothing.
    policy: 'short',
    expireInSeconds: options.batchStaleSeconds,
    sliceSeconds: options.batchStaleSeconds / 4,
    retryLimit: 5,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 60,
    deadLetter: LABEL_BATCH_STOPPED_QUEUE,
    work: (job, run) => work().runBatchSlice(job, run),
  });
  background.queue<BatchJob>({
    name: LABEL_BATCH_STOPPED_QUEUE,
    expireInSeconds: 60,
    retryLimit: 5,
    work: (job) => work().stopBatch(job),
  });
  // A push that fails is written down and sent again at its own backoff (the label shows it); pg-boss's retries are
  // for a worker that died or failed mid-push: its lease on the label (2 minutes) is the expiry, and a retry waits
  // past the lease, which an attempt that failed before writing its outcome leaves in place.
  const pushes = background.queue<PushJob>({
    name: TRACKING_PUSH_QUEUE,
    expireInSeconds: PUSH_LEASE_SECONDS,
    retryLimit: 3,
    retryDelaySeconds: PUSH_LEASE_SECONDS + 1,
    retryDelayMaxSeconds: 600,
    concurrency: 2,
    work: (job) => work().push(job),
  });
  const settles = background.queue<SettleJob>({
    name: PURCHASE_SETTLE_QUEUE,
    expireInSeconds: 120,
    retryLimit: 3,
    retryDelaySeconds: 10,
    concurrency: 2,
    work: (job) => work().settle(job),
  });
  background.queue<object>({
    name: LABELS_DUE_QUEUE,
    expireInSeconds: 120,
    retryLimit: 0,
    work: () => work().sweep(),
  });
  background.schedule(LABELS_DUE_QUEUE, '* * * * *');

  return {
    batchIn: (tx, job) => batches.sendIn(tx, job, { singletonKey: batchKey(job) }),
    pushIn: (tx, job, afterSeconds) => pushes.sendIn(tx, job, { afterSeconds }),
    settleIn: (tx, job, afterSeconds) => settles.sendIn(tx, job, { singletonKey: settleKey(job), afterSeconds }),
    settleSoon: (job) => settles.send(job, { singletonKey: settleKey(job), singletonSeconds: 60 }),
    pushSoon: (job) => pushes.send(job, { singletonKey: pushKey(job), singletonSeconds: 60 }),
    wakeBatches: () => batches.wake(),
    wakePushes: () => pushes.wake(),
  };
}
