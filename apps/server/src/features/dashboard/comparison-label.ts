import { addDays, daysBetween, startOfLocalDay, wallClock, type LocalDate } from '@shipdesk/contract';
import { WEEKDAY_LABELS, type DashboardWindows } from './dashboard-periods.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const clock = (w: { hour: number; minute: number }) =>
  `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;

const sameDay = (a: LocalDate, b: LocalDate) => a.year === b.year && a.month === b.month && a.day === b.day;

const weekday = (monday: LocalDate, date: LocalDate) => WEEKDAY_LABELS[daysBetween(monday, date)]!;

/**
 * The span the tiles' Previous covers, in words and in the tenant's wall clock (docs/dashboard.md, "Compared
 * with"): "yesterday 00:00–14:00", "Mon–Wed 14:00 last week", "Feb 1–26 14:15", or, when it is the whole previous
 * period, "yesterday", "last week", "Feb 1–28". A span that ends at a local midnight ends with the day before, so
 * it names whole days ("Mon–Tue last week").
 */
export function comparisonLabel(windows: DashboardWindows): string {
  const { period, timeZone, previous, compared } = windows;
  const from = compared.from.getTime();
  const to = compared.to.getTime();
  const start = wallClock(from, timeZone);
  const whole = to === previous.to.getTime();
  const end = wallClock(to, timeZone);
  const atMidnight = to > from && to === startOfLocalDay(end, timeZone);
  const last = atMidnight ? addDays(end, -1) : end;
  // The time the span ends, after its last day; none when it ends with a whole day.
  const time = atMidnight ? '' : ` ${clock(end)}`;
  const oneDay = sameDay(start, last);

  if (period === 'Today') return whole ? 'yesterday' : `yesterday ${clock(start)}–${clock(end)}`;
  if (period === 'This Week') {
    if (whole) return 'last week';
    const first = weekday(start, start);
    if (oneDay) return time ? `${first} ${clock(start)}–${clock(end)} last week` : `${first} last week`;
    return `${first}–${weekday(start, last)}${time} last week`;
  }
  const month = MONTHS[start.month - 1]!;
  if (oneDay && !whole) return time ? `${month} ${start.day} ${clock(start)}–${clock(end)}` : `${month} ${start.day}`;
  return `${month} ${start.day}–${last.day}${time}`;
}
