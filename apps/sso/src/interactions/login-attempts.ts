import { and, eq, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { loginAttempts, loginUnlocks } from '../db/schema.ts';
import { growingDelayUntil, secondsUntil, tallyRowsSince, type RowTally } from '../rate-window.ts';

/*
 * Password guessing limits, designed so that nobody can lock somebody else out.
 *
 * Knowing someone's e-mail address must not be enough to stop them signing in. So no limit refuses a correct
 * password because of failures that came from somewhere else; each limit slows down only where the guessing
 * happens, and the one limit that spans all addresses asks for an extra proof instead of locking.
 *
 * 1. Per (account, client address): the first 3 failures cost nothing; after n ≥ 3 failures within 24 hours, the
 *    next attempt from that address for that account must wait 2 s · 2^(n − 3) after the last failure, at most
 *    15 minutes (2, 4, 8 … s). Refused attempts are not counted, so retrying early does not make the wait longer.
 *    Failures from an attacker's address never slow the owner down at their own address. A success from the pair
 *    clears its failures.
 * 2. Per client address, over all accounts (one address guessing many accounts): after 20 failures within an hour,
 *    attempts from it wait 1 s · 2^(n − 20), at most 1 minute. It never applies to an account that signed in from
 *    that address within the last 30 days (a "known" address), so colleagues behind the same office address keep
 *    signing in; someone who has never signed in from there waits at most a minute per attempt while it lasts.
 * 3. Per account, over all addresses (many addresses guessing one account): after 100 failures within 24 hours,
 *    password sign-in from addresses that are not known for the account is paused: the page says so, and the
 *    owner is e-mailed a link (one open link at a time, valid 1 hour). Using the link lifts the pause (failures
 *    before it no longer count) and makes the address it was used from known. Known addresses are not paused, and
 *    choosing a new password through "Forgot your password?" clears the account's failures as well.
 *
 * Waits are answered with 429 and Retry-After ("Too many attempts from this device; try again in N seconds"); the
 * pause with 403. Every answer comes before the password is checked, so none of them tells a guesser whether a
 * password was right. The same limits guard the current-password check of the profile page. The pause is
 * decided per e-mail address whether or not an account exists, so it does not reveal which addresses have one.
 *
 * An attempt is written as a failure before its checks and its password verification run; checks count only the
 * attempts that came before it. Parallel attempts therefore queue up behind each other instead of all passing the
 * same check at once; a refused attempt removes its row, a successful one turns it into the success row.
 */

export interface LoginLimits {
  pairFreeFailures: number;
  pairBaseDelayMs: number;
  pairMaxDelayMs: number;
  pairWindowMs: number;
  ipFreeFailures: number;
  ipBaseDelayMs: number;
  ipMaxDelayMs: number;
  ipWindowMs: number;
  /** Failures for one account from all addresses that pause its sign-in from unknown addresses. */
  accountMaxFailures: number;
  accountWindowMs: number;
  /** How long a sign-in (or a used unlock link) keeps an address known for the account. */
  knownAddressMs: number;
  /** How long an unlock link works. */
  unlockTtlMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  pairFreeFailures: 3,
  pairBaseDelayMs: 2000,
  pairMaxDelayMs: 15 * MINUTE,
  pairWindowMs: DAY,
  ipFreeFailures: 20,
  ipBaseDelayMs: 1000,
  ipMaxDelayMs: MINUTE,
  ipWindowMs: HOUR,
  accountMaxFailures: 100,
  accountWindowMs: DAY,
  knownAddressMs: 30 * DAY,
  unlockTtlMs: HOUR,
};

/** An attempt allowed to go on to the password check; its row already counts it as a failure. */
interface LoginAttempt {
  id: string;
  email: string;
  ip: string;
}

export type LoginGate =
  | { outcome: 'check'; attempt: LoginAttempt }
  /** `device`: this address and this account; `network`: this address guessing across accounts. */
  | { outcome: 'wait'; scope: 'device' | 'network'; retryAfterSeconds: number }
  | { outcome: 'paused' };

const failure = eq(loginAttempts.succeeded, false);
const success = eq(loginAttempts.succeeded, true);
const ofPair = (email: string, ip: string) => and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip));
const attemptRows = (where: ReturnType<typeof and>) => ({
  table: loginAttempts,
  createdAt: loginAttempts.createdAt,
  where,
});

/** When the account's pause was last lifted by an unlock link, if ever. */
async function lastUnlock(db: Db, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(loginUnlocks.usedAt) })
    .from(loginUnlocks)
    .where(eq(loginUnlocks.email, email));
  return row?.at ?? undefined;
}

/**
 * Records the attempt and decides whether its password may be checked. `email` must be normalised. On `check`, the
 * caller verifies the password and then calls `loginSucceeded` (a wrong password needs nothing more: the attempt
 * is already a failure).
 */
export async function startLoginAttempt(db: Db, limits: LoginLimits, email: string, ip: string): Promise<LoginGate> {
  const [own] = await db
    .insert(loginAttempts)
    .values({ email, ip, succeeded: false })
    .returning({ id: loginAttempts.id });
  const id = own!.id;
  // Read in SQL: a JavaScript Date would drop the microseconds that order parallel attempts.
  const ownTime = sql`(select created_at from ${loginAttempts} where id = ${id})`;
  const earlier = and(ne(loginAttempts.id, id), lte(loginAttempts.createdAt, ownTime));
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);

  const [pair, fromIp, known, unlockedAt] = await Promise.all([
    tallyRowsSince(db, attemptRows(and(ofPair(email, ip), failure, earlier)), ago(limits.pairWindowMs)),
    tallyRowsSince(db, attemptRows(and(eq(loginAttempts.ip, ip), failure, earlier)), ago(limits.ipWindowMs)),
    tallyRowsSince(db, attemptRows(and(ofPair(email, ip), success)), ago(limits.knownAddressMs)),
    lastUnlock(db, email),
  ]);
  const refuse = async (gate: LoginGate): Promise<LoginGate> => {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
    return gate;
  };

  const pairWait = waitAfter(pair, limits.pairFreeFailures, limits.pairBaseDelayMs, limits.pairMaxDelayMs, now);
  if (pairWait) return refuse({ outcome: 'wait', scope: 'device', retryAfterSeconds: pairWait });
  if (known.count === 0) {
    const ipWait = waitAfter(fromIp, limits.ipFreeFailures, limits.ipBaseDelayMs, limits.ipMaxDelayMs, now);
    if (ipWait) return refuse({ outcome: 'wait', scope: 'network', retryAfterSeconds: ipWait });
    const windowStart = ago(limits.accountWindowMs);
    const since = unlockedAt && unlockedAt > windowStart ? unlockedAt : windowStart;
    const forAccount = await tallyRowsSince(
      db,
      attemptRows(and(eq(loginAttempts.email, email), failure, earlier)),
      since,
    );
    if (forAccount.count >= limits.accountMaxFailures) return refuse({ outcome: 'paused' });
  }
  return { outcome: 'check', attempt: { id, email, ip } };
}

function waitAfter(tally: RowTally, free: number, baseDelayMs: number, maxDelayMs: number, now: number) {
  return secondsUntil(growingDelayUntil(tally, { free, baseDelayMs, maxDelayMs }), now);
}

/**
 * The password was right: the pair's failures are forgiven and the attempt becomes the pair's one success row,
 * which makes the address known for the account.
 */
export async function loginSucceeded(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(and(ofPair(attempt.email, attempt.ip), ne(loginAttempts.id, attempt.id)));
    await tx
      .update(loginAttempts)
      .set({ succeeded: true, createdAt: sql`now()` })
      .where(eq(loginAttempts.id, attempt.id));
  });
}

/** An unlock link was used from `ip`: that address becomes known for the account, as after a sign-in. */
export async function rememberAddress(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(and(ofPair(email, ip), success));
  await db.insert(loginAttempts).values({ email, ip, succeeded: true });
}

/** A new password makes earlier guesses moot: the account's failures (and so any pause) start over. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), failure));
}

/** "N seconds" (or minutes, for long waits), as the pages say it. */
function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Housekeeping: failures past every window, addresses no longer known, unlock links past any use. */
export async function purgeOldLoginAttempts(db: Db, limits: LoginLimits): Promise<void> {
  const now = Date.now();
  const failureHorizon = new Date(now - Math.max(limits.pairWindowMs, limits.ipWindowMs, limits.accountWindowMs));
  await db
    .delete(loginAttempts)
    .where(
      or(
        and(failure, lt(loginAttempts.createdAt, failureHorizon)),
        and(success, lt(loginAttempts.createdAt, new Date(now - limits.knownAddressMs))),
      ),
    );
  // A used link lifts the pause for the account window after it, so it is kept that long.
  await db
    .delete(loginUnlocks)
    .where(lt(loginUnlocks.createdAt, new Date(now - limits.unlockTtlMs - limits.accountWindowMs)));
}

interface LoginRefusal {
  status: 403 | 429;
  message: string;
  /** Seconds for Retry-After, when the answer is a wait. */
  retryAfterSeconds: number | undefined;
}

/** What the pages answer when the gate refuses an attempt. */
export function loginRefusal(gate: Exclude<LoginGate, { outcome: 'check' }>): LoginRefusal {
  if (gate.outcome === 'paused') {
    return {
      status: 403,
      message:
        'Too many failed sign-ins for this account. To continue from here, open the link we e-mailed to the account’s address, then sign in again.',
      retryAfterSeconds: undefined,
    };
  }
  const wait = waitText(gate.retryAfterSeconds);
  return {
    status: 429,
    message:
      gate.scope === 'device'
        ? `Too many attempts from this device; try again in ${wait}.`
        : `Too many sign-in attempts from this network; try again in ${wait}.`,
    retryAfterSeconds: gate.retryAfterSeconds,
  };
}
