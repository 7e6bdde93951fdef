import type { DashboardPeriod } from '@shipdesk/contract';

/**
 * The dashboard's periods cut in the tenant's time zone (docs/dashboard.md, "Periods"). Pure: the clock and the zone
 * come in, instants go out, so the database only ever compares timestamps.
 *
 * - Today: the local calendar day; This Week: Monday to Sunday (ISO 8601); This Month: the calendar month.
 * - The previous period has the same number of days and ends where the current one starts (This Month in March is
 *   compared with the 31 days before March 1st).
 * - Categories: Today by wall-clock hour ("00:00" to "23:00", always 24: on the day clocks go forward one hour has
 *   nothing, on the day they go back one hour holds two), a week by weekday, a month by day of the period.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The summaries' bucket: every UTC offset in force today is a multiple of it, so local hours and days fall on it. */
export const BUCKET_MS = 15 * MINUTE_MS;

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

interface WallClock extends LocalDate {
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the zone (an IANA name such as America/New_York). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

// `format` and a regex, not `formatToParts`: about six times faster, and a month's slots read the clock ~60 times.
const WALL = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

function wallClockWithSeconds(at: number, timeZone: string): WallClock & { second: number } {
  const text = formatter(timeZone).format(new Date(at));
  const m = WALL.exec(text);
  if (!m) throw new Error(`unexpected wall-clock format "${text}"`);
  return { year: +m[3]!, month: +m[1]!, day: +m[2]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! };
}

/** What the wall clock shows at `at` in `timeZone`. */
export function wallClock(at: number, timeZone: string): WallClock {
  const { second: _s, ...wall } = wallClockWithSeconds(at, timeZone);
  return wall;
}

/** The zone's offset from UTC at `at`, in milliseconds. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const w = wallClockWithSeconds(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Monday ... 6 = Sunday. */
function isoWeekdayIndex(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/**
 * The first instant of a local calendar day. Where midnight happens twice (clocks go back at midnight) the first
 * one; where it never happens (clocks go forward at midnight, e.g. America/Santiago) the moment the clocks jump.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  // No zone changes its offset twice within a few hours, so the offsets around give every candidate.
  const offsets = new Set(
    [-3, 0, 3].map((h) => zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone) + h * HOUR_MS, timeZone)),
  );
  const showingMidnight = [...offsets]
    .map((offset) => wall - offset)
    .filter((at) => {
      const w = wallClock(at, timeZone);
      return w.year === date.year && w.month === date.month && w.day === date.day && w.hour === 0 && w.minute === 0;
    });
  if (showingMidnight.length > 0) return Math.min(...showingMidnight);
  // In a gap: the clocks jump from the old (smaller) offset's midnight straight past it.
  return wall - Math.min(...offsets);
}

export interface Window {
  from: Date;
  to: Date;
}

/** A run of time that belongs to one period (current or previous) and one category. */
export interface Slot {
  start: Date;
  current: boolean;
  category: number;
}

export interface DashboardWindows {
  period: DashboardPeriod;
  timeZone: string;
  current: Window;
  previous: Window;
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
    const w = wallClockWithSeconds(next, timeZone);
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

/** The current and the previous period around `now`, their categories and slots. */
export function dashboardWindows(period: DashboardPeriod, now: Date, timeZone: string): DashboardWindows {
  const today = wallClock(now.getTime(), timeZone);
  let first: LocalDate;
  let days: number;
  if (period === 'Today') {
    first = today;
    days = 1;
  } else if (period === 'This Week') {
    first = addDays(today, -isoWeekdayIndex(today));
    days = 7;
  } else {
    first = { year: today.year, month: today.month, day: 1 };
    days = daysInMonth(today.year, today.month);
  }
  const previousFirst = addDays(first, -days);
  const starts = dayStarts(previousFirst, 2 * days + 1, timeZone);
  const previous = { from: new Date(starts[0]!), to: new Date(starts[days]!) };
  const current = { from: new Date(starts[days]!), to: new Date(starts[2 * days]!) };

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
    slots = starts.slice(0, -1).map((start, i) => ({
      start: new Date(start),
      current: i >= days,
      category: i % days,
    }));
  }
  return { period, timeZone, current, previous, categories, slots };
}

/** Change from `previous` to `current` in percent, one decimal; null when it cannot be told (from 0 to more). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
