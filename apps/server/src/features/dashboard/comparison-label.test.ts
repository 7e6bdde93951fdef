import { describe, expect, it } from 'vitest';
import type { DashboardPeriod } from '@shipdesk/contract';
import { dashboardWindows } from './dashboard-periods.ts';
import { comparisonLabel } from './comparison-label.ts';

const label = (period: DashboardPeriod, now: string, zone = 'America/New_York') =>
  comparisonLabel(dashboardWindows(period, new Date(now), zone));

describe('comparisonLabel', () => {
  it.each([
    ['Today', '2026-03-04T19:00:00Z', 'yesterday 00:00–14:00'],
    ['Today', '2026-03-04T19:07:33Z', 'yesterday 00:00–14:15'],
    ['Today', '2026-03-05T04:50:00Z', 'yesterday'],
    ['This Week', '2026-03-04T19:00:00Z', 'Mon–Wed 14:00 last week'],
    ['This Week', '2026-03-02T14:00:00Z', 'Mon 00:00–09:00 last week'],
    ['This Week', '2026-03-04T05:00:00Z', 'Mon–Tue last week'],
    ['This Week', '2026-03-03T05:00:00Z', 'Mon last week'],
    ['This Week', '2026-03-09T03:50:00Z', 'last week'],
    // Across the spring-forward Sunday: the same wall-clock time, whatever the offset.
    ['This Week', '2026-03-11T18:00:00Z', 'Mon–Wed 14:00 last week'],
    ['This Month', '2025-12-26T19:00:00Z', 'Nov 1–26 14:00'],
    ['This Month', '2026-01-26T19:00:00Z', 'Dec 1–26 14:00'],
    ['This Month', '2026-03-01T19:00:00Z', 'Feb 1 00:00–14:00'],
    ['This Month', '2026-03-31T18:00:00Z', 'Feb 1–28'],
    ['This Month', '2026-05-31T18:00:00Z', 'Apr 1–30'],
  ] as const)('%s at %s: %s', (period, now, expected) => {
    expect(label(period, now)).toBe(expected);
  });

  it('reads the wall clock of the tenant zone', () => {
    expect(label('This Week', '2026-03-30T12:00:00Z', 'Europe/Berlin')).toBe('Mon 00:00–14:00 last week');
    expect(label('Today', '2026-03-10T06:00:00Z', 'Asia/Kolkata')).toBe('yesterday 00:00–11:30');
  });
});
