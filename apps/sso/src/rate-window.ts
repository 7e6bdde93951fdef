import { and, count, gt, max, min, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db/connect.ts';

/**
 * The SSO's limits (failed sign-ins, registration codes, reset links, support requests) count rows it keeps anyway
 * rather than separate counters: rows survive restarts and every instance sharing the database sees the same ones.
 * This module answers the one question they all ask: how many rows matching X since T, is that over the limit, and
 * until when.
 */

/** Which rows count: a table, its creation time column, and the condition (an address, an account…). */
export interface CountedRows {
  table: PgTable;
  createdAt: AnyPgColumn;
  where: SQL | undefined;
}

export interface RowTally {
  count: number;
  oldest: Date | undefined;
  newest: Date | undefined;
}

/** The rows matching `rows.where` created after `since`: how many, the oldest and the newest. */
export async function tallyRowsSince(db: Db, rows: CountedRows, since: Date): Promise<RowTally> {
  const [row] = await db
    .select({
      n: count(),
      oldest: min(rows.createdAt) as SQL<Date | null>,
      newest: max(rows.createdAt) as SQL<Date | null>,
    })
    .from(rows.table)
    .where(and(rows.where, gt(rows.createdAt, since)));
  return { count: row?.n ?? 0, oldest: row?.oldest ?? undefined, newest: row?.newest ?? undefined };
}

/** At most `max` rows in any `windowMs`. */
interface WindowLimit {
  max: number;
  windowMs: number;
}

interface WindowVerdict {
  count: number;
  /** The limit is reached: one more row would exceed it. */
  limited: boolean;
  /** When limited: the moment (epoch ms) the oldest counted row leaves the window, freeing a place. */
  freeAt: number | undefined;
}

/** A sliding window: full once `max` rows fall within the last `windowMs`, free again as the oldest ages out. */
export async function checkWindowLimit(
  db: Db,
  rows: CountedRows,
  limit: WindowLimit,
  now = Date.now(),
): Promise<WindowVerdict> {
  const tally = await tallyRowsSince(db, rows, new Date(now - limit.windowMs));
  const limited = tally.count >= limit.max;
  const freeAt = limited && tally.oldest ? tally.oldest.getTime() + limit.windowMs : undefined;
  return { count: tally.count, limited, freeAt };
}

/**
 * A wait that doubles: the first `free` rows cost nothing; after n ≥ free rows the next one must wait
 * `baseDelayMs · 2^(n − free)` after the newest, never more than `maxDelayMs`. A guesser is slowed more and more
 * while a person who mistypes a few times hardly notices.
 */
interface GrowingDelay {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** When (epoch ms) the next row is allowed after `tally`, or undefined when it is allowed at once. */
export function growingDelayUntil(tally: RowTally, delay: GrowingDelay): number | undefined {
  if (tally.count < delay.free || !tally.newest) return undefined;
  // Capping the exponent first keeps 2^n finite however many rows there are.
  const exponent = Math.min(tally.count - delay.free, 52);
  return tally.newest.getTime() + Math.min(delay.maxDelayMs, delay.baseDelayMs * 2 ** exponent);
}

/** Whole seconds (at least 1) until `until`, for Retry-After and the pages; undefined when it has passed. */
export function secondsUntil(until: number | undefined, now = Date.now()): number | undefined {
  return until !== undefined && until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : undefined;
}
