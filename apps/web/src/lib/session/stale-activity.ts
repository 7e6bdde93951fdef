import { MAX_STORED_INACTIVITY_MINUTES } from '@shipdesk/contract';
import { minutesSinceEpoch } from '@/lib/storage/auth-data';

/**
 * Spec 4.3 step 5: a stored last activity more than 120 minutes old means the session is stale
 * and must end. No stored activity is not stale (nobody has signed in on this browser yet).
 */
export function isActivityStale(
  lastActivityMinutes: number | null | undefined,
  now: number = Date.now(),
  maxMinutes: number = MAX_STORED_INACTIVITY_MINUTES,
): boolean {
  if (lastActivityMinutes === null || lastActivityMinutes === undefined) return false;
  return minutesSinceEpoch(now) - lastActivityMinutes > maxMinutes;
}
