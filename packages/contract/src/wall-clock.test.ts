import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  instantOfWallClock,
  isKnownTimeZone,
  localDateTime,
  localDay,
  localParts,
  parseDay,
  startOfLocalDay,
  wallClock,
  weekdayIndex,
  zoneOffsetMs,
} from './wall-clock.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe("the tenant's wall clock", () => {
  it('gives the local date, time and weekday of an instant, by the zone in force then', () => {
    expect(localParts(Date.parse('2026-03-01T03:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-02-28',
      time: '22:00:00',
      weekday: 'sat',
    });
    expect(localParts(new Date('2026-07-01T00:00:05Z'), 'America/New_York').time).toBe('20:00:05');
    expect(localParts(Date.parse('2026-03-01T18:45:00Z'), 'Asia/Kathmandu')).toEqual({
      date: '2026-03-02',
      time: '00:30:00',
      weekday: 'mon',
    });
    expect(localDay(Date.parse('2026-12-31T23:30:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
    expect(localDateTime(Date.parse('2026-01-05T05:07:09Z'), 'UTC')).toBe('2026-01-05 05:07:09');
  });

  it('shows midnight as 00, never 24', () => {
    expect(wallClock(Date.parse('2026-01-05T05:00:00Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it('knows the offset on both sides of a daylight-saving change', () => {
    expect(zoneOffsetMs(Date.parse('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it('throws for a zone Intl does not know, as Intl does', () => {
    expect(() => localDay(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

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
      expect(iso(startOfLocalDay(parseDay(date)!, zone))).toBe(expected);
    });
  });

  describe('instantOfWallClock', () => {
    it.each([
      ['America/New_York', '2026-03-04', 14, 0, '2026-03-04T19:00:00.000Z'],
      ['America/New_York', '2026-03-08', 2, 30, '2026-03-08T07:00:00.000Z'],
      ['America/New_York', '2026-11-01', 1, 30, '2026-11-01T05:30:00.000Z'],
      ['Australia/Lord_Howe', '2026-10-04', 2, 15, '2026-10-03T15:30:00.000Z'],
    ])('%s %s %d:%d is %s', (zone, date, hour, minute, expected) => {
      expect(iso(instantOfWallClock(parseDay(date)!, { hour, minute }, zone))).toBe(expected);
    });
  });

  it('knows IANA zones and refuses others', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('calendar days', () => {
  it('reads only real days', () => {
    expect(parseDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('2026-1-01')).toBeNull();
  });

  it('adds and counts days across month and year ends, and names weekdays Monday first', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
    expect(daysBetween({ year: 2026, month: 2, day: 23 }, { year: 2026, month: 3, day: 2 })).toBe(7);
    expect(weekdayIndex({ year: 2026, month: 3, day: 2 })).toBe(0);
    expect(weekdayIndex({ year: 2026, month: 3, day: 8 })).toBe(6);
  });
});
