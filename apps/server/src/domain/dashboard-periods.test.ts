import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS } from '@shipdesk/contract';
import { BUCKET_MS, dashboardWindows, isKnownTimeZone, percentChange, startOfLocalDay } from './dashboard-periods.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const day = (text: string) => {
  const [year, month, d] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day: d };
};

describe('startOfLocalDay', () => {
  it.each([
    ['America/New_York', '2026-01-15', '2026-01-15T05:00:00.000Z'],
    ['America/New_York', '2026-07-15', '2026-07-15T04:00:00.000Z'],
    // The DST days: midnight is still on the old offset.
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-10', '2026-03-09T18:30:00.000Z'],
    ['Asia/Kathmandu', '2026-03-10', '2026-03-09T18:15:00.000Z'],
    ['UTC', '2026-03-10', '2026-03-10T00:00:00.000Z'],
    // Chile goes forward at midnight: 00:00 never shows, the day starts when the clocks jump to 01:00.
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z'],
    // Cuba goes back from 01:00 to 00:00: midnight shows twice, the day starts at the first.
    ['America/Havana', '2026-11-01', '2026-11-01T04:00:00.000Z'],
  ])('%s %s starts at %s', (zone, date, expected) => {
    expect(iso(startOfLocalDay(day(date), zone))).toBe(expected);
  });
});

describe('dashboardWindows', () => {
  const NY = 'America/New_York';

  it('starts the week on Monday, also when today is Sunday or Monday at midnight', () => {
    for (const now of ['2026-03-08T15:00:00Z', '2026-03-02T05:00:00Z', '2026-03-04T15:00:00Z']) {
      const w = dashboardWindows('This Week', new Date(now), NY);
      expect(iso(w.current.from.getTime()), now).toBe('2026-03-02T05:00:00.000Z');
      expect(iso(w.current.to.getTime()), now).toBe('2026-03-09T04:00:00.000Z');
      expect(iso(w.previous.from.getTime()), now).toBe('2026-02-23T05:00:00.000Z');
      expect(w.categories).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    }
    // A second before Monday midnight is still last week.
    const sunday = dashboardWindows('This Week', new Date('2026-03-02T04:59:59Z'), NY);
    expect(iso(sunday.current.from.getTime())).toBe('2026-02-23T05:00:00.000Z');
  });

  it('compares a month with the same number of days before it, across a year end', () => {
    const feb = dashboardWindows('This Month', new Date('2026-02-10T12:00:00Z'), NY);
    expect(feb.categories).toHaveLength(28);
    expect(iso(feb.previous.from.getTime())).toBe('2026-01-04T05:00:00.000Z');
    const jan = dashboardWindows('This Month', new Date('2026-01-01T05:00:00Z'), NY);
    expect(iso(jan.current.from.getTime())).toBe('2026-01-01T05:00:00.000Z');
    expect(iso(jan.previous.from.getTime())).toBe('2025-12-01T05:00:00.000Z');
    expect(jan.slots.filter((s) => s.current).map((s) => s.category)).toEqual([...Array(31).keys()]);
  });

  it('skips 02:00 on the spring-forward day and gives 01:00 two hours on the fall-back day', () => {
    const spring = dashboardWindows('Today', new Date('2026-03-08T15:00:00Z'), NY);
    expect(spring.categories).toHaveLength(24);
    expect(spring.slots.filter((s) => s.current).map((s) => s.category)).toEqual(
      [...Array(24).keys()].filter((h) => h !== 2),
    );
    expect(spring.slots.filter((s) => !s.current)).toHaveLength(24);

    const fall = dashboardWindows('Today', new Date('2026-11-01T15:00:00Z'), NY);
    const current = fall.slots.filter((s) => s.current);
    expect(current.map((s) => s.category)).toEqual([...Array(24).keys()]);
    // 01:00 EDT to 02:00 EST: one slot of two hours.
    expect(iso(current[1]!.start.getTime())).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(current[2]!.start.getTime())).toBe('2026-11-01T07:00:00.000Z');
  });

  it('cuts hours at a half-hour daylight-saving change (Lord Howe Island)', () => {
    // 2026-04-05 02:00 +11 becomes 01:30 +10:30: the half hour 01:30-02:00 happens twice, both under 01:00.
    const w = dashboardWindows('Today', new Date('2026-04-05T03:00:00Z'), 'Australia/Lord_Howe');
    const current = w.slots.filter((s) => s.current);
    expect(current.map((s) => s.category)).toEqual([...Array(24).keys()]);
    expect(current[2]!.start.getTime() - current[1]!.start.getTime()).toBe(90 * 60_000);
  });

  it('gives contiguous, bucket-aligned slots from previous.from to current.to in any zone', () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    const nows = ['2026-03-08T12:00:00Z', '2026-03-29T01:30:00Z', '2026-10-25T00:59:59Z', '2026-12-31T23:59:59Z'];
    for (const zone of zones) {
      for (const now of nows) {
        for (const period of DASHBOARD_PERIODS) {
          const w = dashboardWindows(period, new Date(now), zone);
          const label = `${zone} ${now} ${period}`;
          expect(w.slots[0]!.start.getTime(), label).toBe(w.previous.from.getTime());
          expect(w.previous.to.getTime(), label).toBe(w.current.from.getTime());
          expect(w.current.from.getTime() <= new Date(now).getTime(), label).toBe(true);
          expect(w.current.to.getTime() > new Date(now).getTime(), label).toBe(true);
          const firstCurrent = w.slots.findIndex((s) => s.current);
          expect(w.slots[firstCurrent]!.start.getTime(), label).toBe(w.current.from.getTime());
          expect(
            w.slots.slice(firstCurrent).every((s) => s.current),
            label,
          ).toBe(true);
          for (const [i, s] of w.slots.entries()) {
            expect(s.start.getTime() % BUCKET_MS, label).toBe(0);
            if (i > 0) expect(s.start.getTime() > w.slots[i - 1]!.start.getTime(), label).toBe(true);
            expect(s.category >= 0 && s.category < w.categories.length, label).toBe(true);
          }
        }
      }
    }
  });
});

describe('percentChange', () => {
  it.each([
    [7, 3, 133.3],
    [2, 3, -33.3],
    [0, 5, -100],
    [5, 5, 0],
    [0, 0, 0],
    [5, 0, null],
  ])('%d after %d is %s', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });
});

it('knows IANA zones and refuses others', () => {
  expect(isKnownTimeZone('America/New_York')).toBe(true);
  expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
});
