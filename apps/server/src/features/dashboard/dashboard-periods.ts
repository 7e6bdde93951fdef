import {
  addDays,
  daysBetween,
  daysInMonth,
  instantOfWallClock,
  startOfLocalDay,
  wallClock,
  weekdayIndex,
  zoneOffsetMs,
  type DashboardPeriod,
  type LocalDate,
} from '@shipdesk/contract';

/**
 * The dashboard's periods cut in the tenant's time zone (docs/dashboard.md, "Periods"), on the contract's wall clock
 * (wall-clock.ts, whose day arithmetic the order list and the rules share). Pure: the clock and the zone come in,
 * instants go out, so the database only ever compares timestamps.
 *
 * - Today: the local calendar day; This Week: Monday to Sunday (ISO 8601); This Month: the calendar month.
 * - The previous period is the one before: yesterday, last week, last calendar month (ending where the current one
 *   starts).
 * - The tiles compare the current period so far with the same elapsed part of the previous one (`compared`): the
 *   same day of it (the same weekday, the same day of the month, clamped to a shorter month's end) up to the same
 *   wall-clock time, rounded up to the quarter-hour in progress.
 * - Categories: Today by wall-clock hour ("00:00" to "23:00", always 24: on the day clocks go forward one hour has
 *   nothing, on the day they go back one hour holds two), a week by weekday, a month by day of the month (day n of
 *   the previous month beside day n; days the current month lacks have no category).
 */

const DAY_MS = 24 * 60 * 60_000;
/** The summaries' bucket: every UTC offset in force today is a multiple of it, so local hours and days fall on it. */
export const BUCKET_MS = 15 * 60_000;

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

export interface Window {
  from: Date;
  to: Date;
}

/** A run of time that belongs to one period (current or previous) and one category. */
export interface Slot {
  start: Date;
  current: boolean;
  /** Index into `categories`; null for previous days the current period lacks (the 29th-31st before February). */
  category: number | null;
}

export interface DashboardWindows {
  period: DashboardPeriod;
  timeZone: string;
  current: Window;
  /** The whole previous period (the chart's Previous series). */
  previous: Window;
  /**
   * What the tiles' Previous counts: the previous period up to the point the current one has reached, `previous.from`
   * to the same wall-clock time on the same day of it, rounded up to the quarter-hour (a slot starts there).
   */
  compared: Window;
  categories: string[];
  /**
   * Consecutive slots from `previous.from` to `current.to`, in time order: a slot runs from its start to the next
   * one's (the last to `current.to`). A summary bucket belongs to the slot its start falls in.
   */
  slots: Slot[];
}

/** Hour slots of one day: a new slot wherever the wall-clock hour changes (stepping by the bucket size). */
function hourSlots(from: number, to: number, timeZone: string, current: boolean): Slot[] {
  const offset = zoneOffsetMs(from, timeZone);
  // No zone changes its offset twice in a day: the same offset at both ends means one offset all day, and the wall
  // clock is UTC shifted by it (no clock read per step).
  const steady = zoneOffsetMs(to - BUCKET_MS, timeZone) === offset;
  const slots: Slot[] = [];
  let last = -1;
  for (let at = from; at < to; at += BUCKET_MS) {
    const hour = new Date(at + (steady ? offset : zoneOffsetMs(at, timeZone))).getUTCHours();
    if (hour !== last) slots.push({ start: new Date(at), current, category: hour });
    last = hour;
  }
  return slots;
}

/** Starts of `count` consecutive local days from `first`: one clock read a day where the offset holds. */
function dayStarts(first: LocalDate, count: number, timeZone: string): number[] {
  const starts = [startOfLocalDay(first, timeZone)];
  let offset = zoneOffsetMs(starts[0]!, timeZone);
  for (let i = 1; i < count; i++) {
    const date = addDays(first, i);
    const next = starts[i - 1]! + DAY_MS;
    const w = wallClock(next, timeZone);
    const nextOffset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - next;
    const midnight =
      w.year === date.year && w.month === date.month && w.day === date.day && w.hour === 0 && w.minute === 0;
    if (midnight && nextOffset === offset) {
      starts.push(next);
    } else {
      starts.push(startOfLocalDay(date, timeZone));
      offset = zoneOffsetMs(starts[i]!, timeZone);
    }
  }
  return starts;
}

/** The first day and the length in days of the current and the previous period around `today`. */
function periodDays(period: DashboardPeriod, today: LocalDate) {
  if (period === 'Today') return { first: today, days: 1, previousFirst: addDays(today, -1), previousDays: 1 };
  if (period === 'This Week') {
    const first = addDays(today, -weekdayIndex(today));
    return { first, days: 7, previousFirst: addDays(first, -7), previousDays: 7 };
  }
  const lastOfPrevious = addDays({ year: today.year, month: today.month, day: 1 }, -1);
  const previousFirst = { year: lastOfPrevious.year, month: lastOfPrevious.month, day: 1 };
  return {
    first: { year: today.year, month: today.month, day: 1 },
    days: daysInMonth(today.year, today.month),
    previousFirst,
    previousDays: daysInMonth(previousFirst.year, previousFirst.month),
  };
}

/** `slots` with one more boundary at `at` (when it falls inside a slot), the new slot in the same category. */
function splitAt(slots: Slot[], at: number): Slot[] {
  const index = slots.findIndex((slot) => slot.start.getTime() >= at);
  if (index <= 0 || slots[index]!.start.getTime() === at) return slots;
  return [...slots.slice(0, index), { ...slots[index - 1]!, start: new Date(at) }, ...slots.slice(index)];
}

/** The current and the previous period around `now`, the part of the previous one compared, categories and slots. */
export function dashboardWindows(period: DashboardPeriod, now: Date, timeZone: string): DashboardWindows {
  const at = now.getTime();
  const today = wallClock(at, timeZone);
  const { first, days, previousFirst, previousDays } = periodDays(period, today);
  const starts = dayStarts(previousFirst, previousDays + days + 1, timeZone);
  const previous = { from: new Date(starts[0]!), to: new Date(starts[previousDays]!) };
  const current = { from: new Date(starts[previousDays]!), to: new Date(starts[previousDays + days]!) };

  // The same day of the previous period at the same wall-clock time; past a shorter month's end, all of it.
  const dayIndex = daysBetween(first, today);
  let comparedTo = previous.to.getTime();
  if (dayIndex < previousDays) {
    const sameTime = instantOfWallClock(addDays(previousFirst, dayIndex), today, timeZone) + (at % 1000);
    comparedTo = Math.min(Math.ceil(sameTime / BUCKET_MS) * BUCKET_MS, comparedTo);
  }
  const compared = { from: previous.from, to: new Date(Math.max(comparedTo, previous.from.getTime())) };

  let categories: string[];
  let slots: Slot[];
  if (period === 'Today') {
    categories = [...HOUR_LABELS];
    slots = [
      ...hourSlots(starts[0]!, starts[1]!, timeZone, false),
      ...hourSlots(starts[1]!, starts[2]!, timeZone, true),
    ];
  } else {
    categories = period === 'This Week' ? [...WEEKDAY_LABELS] : Array.from({ length: days }, (_, i) => String(i + 1));
    slots = starts.slice(0, -1).map((start, i) => {
      const current = i >= previousDays;
      const day = current ? i - previousDays : i;
      return { start: new Date(start), current, category: day < days ? day : null };
    });
  }
  slots = splitAt(slots, compared.to.getTime());
  return { period, timeZone, current, previous, compared, categories, slots };
}

/** Change from `previous` to `current` in percent, one decimal; null when it cannot be told (from 0 to more). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
