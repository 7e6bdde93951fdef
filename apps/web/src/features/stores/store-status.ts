import type { Store, SyncRun, SyncState } from '@shipdesk/contract';
import type { StatusTone } from '@/components/status-chip';
import { formatCount } from '@/lib/format';

interface StatusView {
  label: string;
  tone: StatusTone;
}

/**
 * A store's status as people read it. An uninstalled app is that, whatever else went wrong; a problem (a failed or
 * stalled sync, refused credentials) needs attention even while the store is nominally active.
 */
export function storeStatus(store: Pick<Store, 'status' | 'problem'>): StatusView {
  if (store.status === 'uninstalled') return { label: 'Uninstalled', tone: 'neutral' };
  if (store.problem || store.status === 'error') return { label: 'Needs attention', tone: 'warning' };
  if (store.status === 'paused') return { label: 'Paused', tone: 'neutral' };
  return { label: 'Active', tone: 'success' };
}

export const SYNC_STATE_VIEW: Record<SyncState, StatusView> = {
  queued: { label: 'Queued', tone: 'info' },
  running: { label: 'Running', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  stalled: { label: 'Stalled', tone: 'warning' },
};

export const TRIGGER_LABELS: Record<SyncRun['trigger'], string> = {
  manual: 'Manual',
  schedule: 'Scheduled',
  webhook: 'Webhook',
  install: 'Install',
};

export function isFinished(run: Pick<SyncRun, 'state'>): boolean {
  return run.state === 'succeeded' || run.state === 'failed' || run.state === 'stalled';
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** '412 orders · 3 new', with updated and failed counts when there are any. */
export function runCounters(run: SyncRun): string {
  const parts = [plural(run.ordersSeen, 'order', 'orders'), `${formatCount(run.ordersNew)} new`];
  if (run.ordersUpdated > 0) parts.push(`${formatCount(run.ordersUpdated)} updated`);
  if (run.ordersFailed > 0) parts.push(`${formatCount(run.ordersFailed)} failed`);
  return parts.join(' · ');
}

/** The outcome of a run in a line: its counters, or why it did not finish. */
export function runOutcome(run: SyncRun): string {
  if (run.state === 'queued') return 'Waiting to start';
  if (run.state === 'running') return `Running · ${runCounters(run)}`;
  if (run.state === 'succeeded') return runCounters(run);
  const fallback = run.state === 'stalled' ? 'The sync stopped answering' : 'The sync failed';
  return run.error || fallback;
}

/** When a run last moved: finished, else started, else queued. */
export function runTime(run: SyncRun): string {
  return run.finishedAt ?? run.startedAt ?? run.queuedAt;
}

/** Live counters of a running pull: totals are unknown, so pages and orders so far. */
export function runProgress(run: SyncRun): string {
  return [
    plural(run.pages, 'page', 'pages'),
    `${plural(run.ordersSeen, 'order', 'orders')} seen`,
    `${formatCount(run.ordersNew)} new`,
    `${formatCount(run.ordersUpdated)} updated`,
    `${formatCount(run.ordersFailed)} failed`,
  ].join(' · ');
}

/** Scheduled pull choices (syncIntervalMinutes); null means no schedule. */
export const SYNC_INTERVALS: readonly { minutes: number | null; label: string }[] = [
  { minutes: null, label: 'Off' },
  { minutes: 15, label: 'Every 15 min' },
  { minutes: 60, label: 'Every hour' },
  { minutes: 360, label: 'Every 6 hours' },
  { minutes: 1440, label: 'Every 24 hours' },
];

export function intervalLabel(minutes: number | null): string {
  return SYNC_INTERVALS.find((option) => option.minutes === minutes)?.label ?? `Every ${minutes} min`;
}
