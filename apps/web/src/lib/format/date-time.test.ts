import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('defaults to America/New_York (EST in winter, UTC-5)', () => {
    expect(formatDateTime('2025-01-15T17:04:05Z')).toBe('2025-01-15 12:04:05');
  });

  it('uses EDT (UTC-4) in summer', () => {
    expect(formatDateTime('2025-07-04T16:00:00Z')).toBe('2025-07-04 12:00:00');
  });

  it('crosses the spring-forward gap (2025-03-09 02:00 local does not exist)', () => {
    expect(formatDateTime('2025-03-09T06:59:59Z')).toBe('2025-03-09 01:59:59');
    expect(formatDateTime('2025-03-09T07:00:00Z')).toBe('2025-03-09 03:00:00');
  });

  it('shows the repeated hour of the fall-back change twice', () => {
    expect(formatDateTime('2025-11-02T05:30:00Z')).toBe('2025-11-02 01:30:00');
    expect(formatDateTime('2025-11-02T06:30:00Z')).toBe('2025-11-02 01:30:00');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2025-01-16T05:00:00Z')).toBe('2025-01-16 00:00:00');
  });

  it('accepts a Date and another zone', () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 1, 29, 23, 59, 59)), 'UTC')).toBe('2024-02-29 23:59:59');
    expect(formatDateTime('2025-01-15T17:04:05Z', 'Asia/Kolkata')).toBe('2025-01-15 22:34:05');
  });

  it('crosses the date line into the previous day', () => {
    expect(formatDateTime('2025-01-01T03:00:00Z')).toBe('2024-12-31 22:00:00');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
    expect(formatDateTime('2025-01-15T17:04:05Z', 'Not/AZone')).toBe('');
  });
});
