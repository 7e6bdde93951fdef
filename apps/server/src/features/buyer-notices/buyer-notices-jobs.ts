import { CHANNEL_NOTIFIES_BUYERS, type BuyerNoticeKind } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { Background, JobQueue, JobRun } from '../../plugins/background.ts';
import { createBuyerNoticesRepository, storeKeyOf } from './buyer-notices-repository.ts';

/**
 * The buyer e-mails' queues on the one engine (plugins/background.ts):
 *
 * - `buyer-notice-send`: one e-mail (a label and a kind), sent in the transaction that made its `buyer_notices` row;
 *   retried on a mailer failure, the last failure written on the row;
 * - `buyer-notice-sweep` (every five minutes): a queued row that no run ever tried (its job was lost) gets a new job.
 */
export interface BuyerNoticeJob {
  tenantId: string;
  labelId: number;
  kind: BuyerNoticeKind;
}

export const BUYER_NOTICE_RETRIES = 3;
const SEND_QUEUE = 'buyer-notice-send';

const repo = createBuyerNoticesRepository();

/**
 * The send queue as declared by this process's app. Labels and tracking queue e-mails from deep inside their own
 * transactions (`queueBuyerNotice`), where no app is at hand; a job sent through any app's handle is the same row of
 * the engine's job table (the statement runs on the caller's transaction), so the latest declared handle serves.
 * Without one (an app without this feature) the row stays queued and the sweep sends its job.
 */
let sendQueue: JobQueue<BuyerNoticeJob> | null = null;

export interface BuyerNoticeWork {
  send(job: BuyerNoticeJob, run: JobRun): Promise<void>;
  sweep(): Promise<void>;
}

export function declareBuyerNoticeQueues(background: Background, work: () => BuyerNoticeWork) {
  const sends = background.queue<BuyerNoticeJob>({
    name: SEND_QUEUE,
    expireInSeconds: 120,
    retryLimit: BUYER_NOTICE_RETRIES,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 600,
    concurrency: 2,
    work: (job, run) => work().send(job, run),
  });
  background.queue<object>({
    name: 'buyer-notice-sweep',
    policy: 'short',
    expireInSeconds: 120,
    retryLimit: 1,
    work: () => work().sweep(),
  });
  background.schedule('buyer-notice-sweep', '*/5 * * * *');
  sendQueue = sends;
  return sends;
}

/**
 * Queues a label's e-mail to its buyer, in the caller's transaction (docs/buyer-notices.md): once per label and kind
 * (the row's primary key, whatever the number of calls, instances or retries), when the order's store sends this
 * kind, its channel does not e-mail its buyers itself (or the seller asked for both), and the buyer has an e-mail.
 * A channel's or a missing address's skip is written down as a `skipped` row; a kind that is off writes nothing.
 * Answers whether an e-mail was queued.
 */
export async function queueBuyerNotice(
  tx: Executor,
  tenantId: string,
  labelId: number,
  kind: BuyerNoticeKind,
): Promise<boolean> {
  const label = await repo.label(tx, tenantId, labelId);
  if (!label || label.labelStatus !== 'active') return false;
  const settings = await repo.setting(tx, tenantId, storeKeyOf(label.storeId));
  if (!settings || !(kind === 'shipped' ? settings.shippedEnabled : settings.deliveredEnabled)) return false;
  const row = { tenantId, labelId, kind };
  const channel = label.storeId === null ? 'manual' : label.sourceType;
  const channelNotifies = CHANNEL_NOTIFIES_BUYERS[channel as keyof typeof CHANNEL_NOTIFIES_BUYERS] ?? false;
  if (channelNotifies && !settings.evenWhenChannelNotifies) {
    await repo.insertNotice(tx, { ...row, status: 'skipped' }, null, `${channel} e-mails its buyers itself`);
    return false;
  }
  const to = label.customerEmail?.trim();
  if (!to) {
    await repo.insertNotice(tx, { ...row, status: 'skipped' }, null, 'The order has no buyer e-mail');
    return false;
  }
  const made = await repo.insertNotice(tx, { ...row, status: 'queued' }, to, null);
  if (made && sendQueue) await sendQueue.sendIn(tx, row);
  return made;
}
