import type { Executor } from '../../db/client.ts';
import type { Background } from '../../plugins/background.ts';

/**
 * Tracking's queues on the one engine (plugins/background.ts):
 *
 * - `tracking-due`: the sweep, every minute (a schedule): the parcels whose next check is due, sent as checks within
 *   each carrier account's budget;
 * - `tracking-check`: one carrier call's worth of parcels of one account, sent by the sweep in the transaction that
 *   leases them; a failed call is written on the parcels (tracking delayed) and asked again at their backoff.
 */
interface CheckJob {
  tenantId: string;
  labelIds: number[];
}

export interface TrackingJobs {
  checkIn(tx: Executor, job: CheckJob): Promise<void>;
  wakeChecks(): void;
}

export interface TrackingWork {
  check(job: CheckJob): Promise<void>;
  sweep(): Promise<void>;
}

export function declareTrackingQueues(background: Background, work: () => TrackingWork): TrackingJobs {
  const checks = background.queue<CheckJob>({
    name: 'tracking-check',
    expireInSeconds: 120,
    retryLimit: 2,
    retryDelaySeconds: 30,
    concurrency: 2,
    work: (job) => work().check(job),
  });
  background.queue<object>({
    name: 'tracking-due',
    expireInSeconds: 120,
    retryLimit: 0,
    work: () => work().sweep(),
  });
  background.schedule('tracking-due', '* * * * *');
  return {
    checkIn: (tx, job) => checks.sendIn(tx, job),
    wakeChecks: () => checks.wake(),
  };
}
