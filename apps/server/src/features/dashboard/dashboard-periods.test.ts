import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shipdesk/contract';
import { BUCKET_MS, dashboardWindows, percentChange } from './dashboard-periods.ts';

const iso = (ms: number) => new Date(ms).toISOString();

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

  it('compares a month with the calendar month before it, across a year end, day n beside day n', () => {
    const feb = dashboardWindows('This Month', new Date('2026-02-10T12:00:00Z'), NY);
    expect(feb.categories).toHaveLength(28);
    expect(iso(feb.previous.from.getTime())).toBe('2026-01-01T05:00:00.000Z');
    expect(iso(feb.previous.to.getTime())).toBe('2026-02-01T05:00:00.000Z');
    // January 29-31 have no February day beside them; January 10 is cut where the comparison ends (07:00).
    const expected: Array<number | null> = [...Array(28).keys(), null, null, null];
    expected.splice(10, 0, 9);
    expect(feb.slots.filter((s) => !s.current).map((s) => s.category)).toEqual(expected);
    const jan = dashboardWindows('This Month', new Date('2026-01-01T05:00:00Z'), NY);
    expect(iso(jan.current.from.getTime())).toBe('2026-01-01T05:00:00.000Z');
    expect(iso(jan.previous.from.getTime())).toBe('2025-12-01T05:00:00.000Z');
    expect(jan.slots.filter((s) => s.current).map((s) => s.category)).toEqual([...Array(31).keys()]);
    const march = dashboardWindows('This Month', new Date('2026-03-15T12:00:00Z'), NY);
    expect(march.slots.filter((s) => !s.current && s.start < march.compared.to).at(-1)!.category).toBe(14);
    expect(new Set(march.slots.filter((s) => !s.current).map((s) => s.category))).toEqual(
      new Set([...Array(28).keys()]),
    );
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
            if (s.category !== null) expect(s.category >= 0 && s.category < w.categories.length, label).toBe(true);
            else expect(s.current, label).toBe(false);
          }
        }
      }
    }
  });
});

describe('the compared span: the previous period up to the same wall-clock time', () => {
  const compared = (period: DashboardPeriod, now: string, zone: string) => {
    const w = dashboardWindows(period, new Date(now), zone);
    expect(w.compared.from).toEqual(w.previous.from);
    return [iso(w.compared.from.getTime()), iso(w.compared.to.getTime())];
  };

  it.each([
    // America/New_York, the week of the spring-forward Sunday 2026-03-08 (167 hours) and the week after it.
    [
      'Sun Mar 8 14:00 EDT vs Sun Mar 1 14:00 EST',
      'America/New_York',
      '2026-03-08T18:00:00Z',
      '2026-02-23T05:00:00.000Z',
      '2026-03-01T19:00:00.000Z',
    ],
    [
      'Wed Mar 11 14:00 EDT vs Wed Mar 4 14:00 EST',
      'America/New_York',
      '2026-03-11T18:00:00Z',
      '2026-03-02T05:00:00.000Z',
      '2026-03-04T19:00:00.000Z',
    ],
    // The fall-back Sunday 2026-11-01 (a 169-hour week) and the week after it.
    [
      'Sun Nov 1 14:00 EST vs Sun Oct 25 14:00 EDT',
      'America/New_York',
      '2026-11-01T19:00:00Z',
      '2026-10-19T04:00:00.000Z',
      '2026-10-25T18:00:00.000Z',
    ],
    [
      'Wed Nov 4 14:00 EST vs Wed Oct 28 14:00 EDT',
      'America/New_York',
      '2026-11-04T19:00:00Z',
      '2026-10-26T04:00:00.000Z',
      '2026-10-28T18:00:00.000Z',
    ],
    // Europe/Berlin goes forward on Sunday 2026-03-29.
    [
      'Sun Mar 29 14:00 CEST vs Sun Mar 22 14:00 CET',
      'Europe/Berlin',
      '2026-03-29T12:00:00Z',
      '2026-03-15T23:00:00.000Z',
      '2026-03-22T13:00:00.000Z',
    ],
    [
      'Mon Mar 30 14:00 CEST vs Mon Mar 23 14:00 CET',
      'Europe/Berlin',
      '2026-03-30T12:00:00Z',
      '2026-03-22T23:00:00.000Z',
      '2026-03-23T13:00:00.000Z',
    ],
  ])('This Week: %s (%s)', (_name, zone, now, from, to) => {
    expect(compared('This Week', now, zone)).toEqual([from, to]);
  });

  it('compares wall-clock spans, not durations, across a daylight-saving change', () => {
    const w = dashboardWindows('This Week', new Date('2026-03-08T18:00:00Z'), 'America/New_York');
    const hours = (a: Date, b: Date) => (b.getTime() - a.getTime()) / 3_600_000;
    // Monday 00:00 to Sunday 14:00 on both sides: one hour fewer this week, the one the clocks skipped.
    expect(hours(w.current.from, new Date('2026-03-08T18:00:00Z'))).toBe(157);
    expect(hours(w.compared.from, w.compared.to)).toBe(158);
  });

  it.each([
    [
      'Today 14:00 vs yesterday 14:00, the spring-forward day',
      'Today',
      '2026-03-09T18:00:00Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-08T18:00:00.000Z',
    ],
    [
      'Today 14:00 on the fall-back day vs yesterday 14:00',
      'Today',
      '2026-11-01T19:00:00Z',
      '2026-10-31T04:00:00.000Z',
      '2026-10-31T18:00:00.000Z',
    ],
    [
      'Mar 26 14:00 EDT vs Feb 26 14:00 EST',
      'This Month',
      '2026-03-26T18:00:00Z',
      '2026-02-01T05:00:00.000Z',
      '2026-02-26T19:00:00.000Z',
    ],
    [
      'Mar 31 vs the whole of February',
      'This Month',
      '2026-03-31T18:00:00Z',
      '2026-02-01T05:00:00.000Z',
      '2026-03-01T05:00:00.000Z',
    ],
    [
      'Mar 29 vs the whole of February (28 days)',
      'This Month',
      '2026-03-29T18:00:00Z',
      '2026-02-01T05:00:00.000Z',
      '2026-03-01T05:00:00.000Z',
    ],
    [
      'Mar 28 23:00 EDT vs Feb 28 23:00 EST, the last hour of February left out',
      'This Month',
      '2026-03-29T03:00:00Z',
      '2026-02-01T05:00:00.000Z',
      '2026-03-01T04:00:00.000Z',
    ],
    [
      'Mar 29 2028 vs Feb 29 2028 (leap year)',
      'This Month',
      '2028-03-29T18:00:00Z',
      '2028-02-01T05:00:00.000Z',
      '2028-02-29T19:00:00.000Z',
    ],
    [
      'May 31 vs the whole of April (30 days)',
      'This Month',
      '2026-05-31T18:00:00Z',
      '2026-04-01T04:00:00.000Z',
      '2026-05-01T04:00:00.000Z',
    ],
    [
      'Apr 30 14:00 vs Mar 30 14:00 (31 days)',
      'This Month',
      '2026-04-30T18:00:00Z',
      '2026-03-01T05:00:00.000Z',
      '2026-03-30T18:00:00.000Z',
    ],
    [
      'Jan 26 14:00 vs Dec 26 14:00 of the year before',
      'This Month',
      '2026-01-26T19:00:00Z',
      '2025-12-01T05:00:00.000Z',
      '2025-12-26T19:00:00.000Z',
    ],
    [
      'Jan 31 23:50 vs Dec 31 to its end',
      'This Month',
      '2026-02-01T04:50:00Z',
      '2025-12-01T05:00:00.000Z',
      '2026-01-01T05:00:00.000Z',
    ],
  ] as const)('%s', (_name, period, now, from, to) => {
    expect(compared(period, now, 'America/New_York')).toEqual([from, to]);
  });

  it('rounds up to the quarter-hour in progress, and is empty at the very start of the period', () => {
    const NY = 'America/New_York';
    expect(compared('Today', '2026-03-04T19:07:33.250Z', NY)[1]).toBe('2026-03-03T19:15:00.000Z');
    expect(compared('Today', '2026-03-04T19:00:00.000Z', NY)[1]).toBe('2026-03-03T19:00:00.000Z');
    expect(compared('Today', '2026-03-04T19:00:00.001Z', NY)[1]).toBe('2026-03-03T19:15:00.000Z');
    expect(compared('This Week', '2026-03-02T05:00:00Z', NY)).toEqual([
      '2026-02-23T05:00:00.000Z',
      '2026-02-23T05:00:00.000Z',
    ]);
  });

  it('takes the first of a time that happens twice and the jump for one that never happens', () => {
    // Sunday Nov 8 01:30 EST: on Nov 1, 01:30 happened in EDT and again in EST.
    expect(compared('This Week', '2026-11-08T06:30:00Z', 'America/New_York')[1]).toBe('2026-11-01T05:30:00.000Z');
    // Sunday Mar 15 02:30 EDT: on Mar 8 the clocks went from 02:00 to 03:00.
    expect(compared('This Week', '2026-03-15T06:30:00Z', 'America/New_York')[1]).toBe('2026-03-08T07:00:00.000Z');
  });

  it('ends on a slot start, so the tiles and the slots cut the previous period at the same instant', () => {
    for (const zone of ['America/New_York', 'Europe/Berlin', 'Asia/Kathmandu', 'Australia/Lord_Howe']) {
      for (const now of [
        '2026-03-08T12:07:00Z',
        '2026-03-29T01:31:00Z',
        '2026-10-04T15:44:59Z',
        '2026-12-31T23:59:59Z',
      ]) {
        for (const period of DASHBOARD_PERIODS) {
          const w = dashboardWindows(period, new Date(now), zone);
          const label = `${zone} ${now} ${period}`;
          const to = w.compared.to.getTime();
          expect(to % BUCKET_MS, label).toBe(0);
          expect(to >= w.previous.from.getTime() && to <= w.previous.to.getTime(), label).toBe(true);
          expect(
            w.slots.some((s) => s.start.getTime() === to),
            label,
          ).toBe(true);
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
