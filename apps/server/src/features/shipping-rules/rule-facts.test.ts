import { describe, expect, it } from 'vitest';
import { dateAfter, localFacts } from './rule-facts.ts';

describe('the dates rules see', () => {
  it("tells an instant's date, weekday and time in the tenant's zone", () => {
    expect(localFacts('2026-11-29T15:30:00Z', 'America/New_York')).toEqual({
      date: '2026-11-29',
      weekday: 'sun',
      time: '10:30',
    });
    // Past midnight in UTC, still the evening before in New York.
    expect(localFacts('2026-11-30T03:05:00Z', 'America/New_York')).toEqual({
      date: '2026-11-29',
      weekday: 'sun',
      time: '22:05',
    });
    expect(localFacts('2026-11-30T03:05:00Z', 'Europe/Berlin').weekday).toBe('mon');
  });

  it('adds calendar days across months and years, and refuses what is not a date', () => {
    expect(dateAfter('2026-12-30', 3)).toBe('2027-01-02');
    expect(dateAfter('2028-02-28', 1)).toBe('2028-02-29');
    expect(() => dateAfter('soon', 2)).toThrow('is not a date');
  });
});
