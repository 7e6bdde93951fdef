/**
 * The tenant's wall clock: what a clock in its time zone shows at an instant (`YYYY-MM-DD`, `HH:mm:ss`, the weekday),
 * and the calendar arithmetic that the dashboard's periods, the order list's day filters and the rules' date, time and
 * weekday conditions share. Pure: the instant and the zone come in, parts or instants go out, so the database only
 * ever compares timestamps. Zones are IANA names (America/New_York); an unknown one throws a RangeError, as Intl does.
 */

/** Days of the week as rules name them, Monday first (ISO 8601). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

interface LocalTime {
  hour: number;
  minute: number;
  second?: number;
}

/** What the wall clock shows: a local date and a time of day, to the second. */
interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

/** The local date and time of an instant as text, and its weekday. */
interface LocalParts {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm:ss`, 00 to 23 hours */
  time: string;
  weekday: Weekday;
}

// Building a formatter costs far more than using one, and a month of dashboard slots reads the clock ~60 times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false: the latter shows midnight as 24 in some engines.
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

// `format` and a regex, not `formatToParts`: about six times faster. The parts stay as the fallback for an engine
// that writes en-US another way.
const WALL = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

/** What the wall clock shows at `at` (epoch milliseconds or a Date) in `timeZone`. */
export function wallClock(at: number | Date, timeZone: string): WallClock {
  const date = typeof at === 'number' ? new Date(at) : at;
  const f = formatter(timeZone);
  const m = WALL.exec(f.format(date));
  if (m) return { year: +m[3]!, month: +m[1]!, day: +m[2]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! };
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `at`, in milliseconds. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Monday ... 6 = Sunday, the index into WEEKDAYS. */
export function weekdayIndex(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local date. */
export function dayText(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`;
}

/** A real calendar day from `YYYY-MM-DD` (2026-02-30 is none), or null. */
export function parseDay(text: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const date = { year: +m[1]!, month: +m[2]!, day: +m[3]! };
  return date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= daysInMonth(date.year, date.month)
    ? date
    : null;
}

/** The local date, time and weekday of `at` in `timeZone`: what the tenant's calendar and clock say. */
export function localParts(at: number | Date, timeZone: string): LocalParts {
  const w = wallClock(at, timeZone);
  return {
    date: dayText(w),
    time: `${two(w.hour)}:${two(w.minute)}:${two(w.second)}`,
    weekday: WEEKDAYS[weekdayIndex(w)]!,
  };
}

/** `YYYY-MM-DD` of `at` in `timeZone`: the tenant's day (a hold's, a mailing date's, a slip's). */
export function localDay(at: number | Date, timeZone: string): string {
  return dayText(wallClock(at, timeZone));
}

/** `YYYY-MM-DD HH:mm:ss` of `at` in `timeZone` (spec section 9's date display). */
export function localDateTime(at: number | Date, timeZone: string): string {
  const { date, time } = localParts(at, timeZone);
  return `${date} ${time}`;
}

/**
 * The first instant the wall clock shows `time` on `date`. Where that time happens twice (clocks go back) the first
 * one; where it never happens (clocks go forward over it) the moment the clocks jump.
 */
export function instantOfWallClock(date: LocalDate, time: LocalTime, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second ?? 0);
  // No zone changes its offset twice within a few hours, so the offsets around give every candidate.
  const offsets = [
    ...new Set([-3, 0, 3].map((h) => zoneOffsetMs(wall - zoneOffsetMs(wall, timeZone) + h * HOUR_MS, timeZone))),
  ];
  // `wall - offset` shows `wall` exactly when that offset is in force then.
  const showing = offsets.map((offset) => wall - offset).filter((at) => zoneOffsetMs(at, timeZone) === wall - at);
  if (showing.length > 0) return Math.min(...showing);
  // In a gap: the jump lies between the instants that show `wall` under the new (larger) and the old offset.
  // Offsets change on whole minutes: the search runs on them.
  const newer = Math.max(...offsets);
  let before = Math.floor((wall - newer) / MINUTE_MS) * MINUTE_MS;
  let after = Math.ceil((wall - Math.min(...offsets)) / MINUTE_MS) * MINUTE_MS;
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (zoneOffsetMs(middle, timeZone) === newer) after = middle;
    else before = middle;
  }
  return after;
}

/**
 * The first instant of a local calendar day. Where midnight happens twice (clocks go back at midnight) the first
 * one; where it never happens (clocks go forward at midnight, e.g. America/Santiago) the moment the clocks jump.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return instantOfWallClock(date, { hour: 0, minute: 0 }, timeZone);
}

/** Whole calendar days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}
