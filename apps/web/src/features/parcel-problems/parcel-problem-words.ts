import { CARRIER_NAMES, TRACKING_STATUS_NAMES, type ParcelProblem } from '@shipdesk/contract';

const DAY_MS = 86_400_000;

/** What is wrong, in a few words: the carrier's status, or late with the day it promised. */
export function problemName(problem: ParcelProblem): string {
  if (problem.kind === 'late') {
    return problem.expectedDelivery ? `Late (promised ${problem.expectedDelivery})` : 'Late';
  }
  return TRACKING_STATUS_NAMES[problem.status];
}

/** How long the problem has lasted: "today", "1 day", "12 days". */
export function problemAge(since: string, now: number = Date.now()): string {
  const days = Math.floor((now - Date.parse(since)) / DAY_MS);
  if (!Number.isFinite(days) || days < 1) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

/** The carrier and its number: "UPS 1Z999". */
export function parcelName(problem: ParcelProblem): string {
  return `${CARRIER_NAMES[problem.carrier]} ${problem.trackingNumber}`;
}

/** The carrier's last words with where it said them, or a dash when it has said nothing yet. */
export function carrierWords(problem: ParcelProblem): string {
  const event = problem.lastEvent;
  if (!event) return '—';
  return event.location ? `${event.description} (${event.location})` : event.description;
}

/** One order's outcome of a bulk action, for the report under the toolbar. */
export interface BulkOutcome {
  orderNumber: string;
  ok: boolean;
  message: string;
}

/** "2 of 3 orders reshipped" and the like. */
export function outcomeSummary(verb: string, outcomes: readonly BulkOutcome[]): string {
  const done = outcomes.filter((o) => o.ok).length;
  const total = outcomes.length;
  return `${done} of ${total} order${total === 1 ? '' : 's'} ${verb}`;
}
