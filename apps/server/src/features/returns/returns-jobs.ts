import type { Executor } from '../../db/client.ts';
import type { Background, JobRun } from '../../plugins/background.ts';

/**
 * The return labels' queues on the one engine (plugins/background.ts):
 *
 * - `return-label-settle`: one reservation, sent with it and due after SETTLE_AFTER_SECONDS: a return still being
 *   bought then lost its answer or its instance, and the carrier is asked whether it made it (retried while the
 *   carrier cannot say);
 * - `return-label-email`: the label e-mailed to the buyer, sent with the label (or a person's "send again"); retried
 *   on a mailer failure, the last failure written on the return for the seller to see.
 */
export interface ReturnJob {
  tenantId: string;
  returnId: number;
}

export const RETURN_EMAIL_RETRIES = 3;

export interface ReturnJobs {
  settleIn(tx: Executor, job: ReturnJob, afterSeconds: number): Promise<void>;
  emailIn(tx: Executor, job: ReturnJob): Promise<void>;
  wakeEmails(): void;
}

export interface ReturnWork {
  settle(job: ReturnJob): Promise<void>;
  email(job: ReturnJob, run: JobRun): Promise<void>;
}

/** Declares the queues (their work is bound later: the services and the queues need each other). */
export function declareReturnQueues(background: Background, work: () => ReturnWork): ReturnJobs {
  const settles = background.queue<ReturnJob>({
    name: 'return-label-settle',
    expireInSeconds: 120,
    retryLimit: 8,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: 3600,
    work: (job) => work().settle(job),
  });
  const emails = background.queue<ReturnJob>({
    name: 'return-label-email',
    expireInSeconds: 120,
    retryLimit: RETURN_EMAIL_RETRIES,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 600,
    concurrency: 2,
    work: (job, run) => work().email(job, run),
  });
  return {
    settleIn: (tx, job, afterSeconds) => settles.sendIn(tx, job, { afterSeconds }),
    emailIn: (tx, job) => emails.sendIn(tx, job),
    wakeEmails: () => emails.wake(),
  };
}
