import { describe, expect, it } from 'vitest';
import { decodePosition, encodePosition, isCount, isIsoTime, readSecondPosition } from './page-position.ts';

const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const anySecond = () => true;

describe('page positions', () => {
  it('reads back the position it wrote, as a token safe in a query string', () => {
    const written = encodePosition({ since: '2026-06-01 12:00:00', afterId: 41 });
    expect(written).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePosition(written, (fields) => fields)).toEqual({ since: '2026-06-01 12:00:00', afterId: 41 });
  });

  it('reads no position from a page number, an offset or JSON that is not an object', () => {
    const read = (fields: Record<string, unknown>) => fields;
    for (const old of ['2', '7', '200', token(null), token(5), token('since')]) {
      expect(decodePosition(old, read)).toBeNull();
    }
  });

  it("answers what the platform's reader makes of the fields", () => {
    expect(decodePosition(token({ at: 3 }), (fields) => (isCount(fields.at) ? fields.at : null))).toBe(3);
    expect(decodePosition(token({ at: -3 }), (fields) => (isCount(fields.at) ? fields.at : null))).toBeNull();
  });

  it('counts are whole and not negative; times are dates', () => {
    expect([0, 12, -1, 1.5, '3', null].map(isCount)).toEqual([true, true, false, false, false, false]);
    expect(['2026-06-01T12:00:00Z', 'yesterday', 0].map(isIsoTime)).toEqual([true, false, false]);
  });

  describe('a second position', () => {
    it('keeps the second, and the id the walk through it reached', () => {
      expect(readSecondPosition({ since: 'S' }, anySecond)).toEqual({ since: 'S' });
      expect(readSecondPosition({ since: 'S', afterId: 0 }, anySecond)).toEqual({ since: 'S', afterId: 0 });
    });

    it("turns down a second not in the platform's form", () => {
      const isoOnly = (since: string) => isIsoTime(since);
      expect(readSecondPosition({ since: '2026-06-01T12:00:00Z' }, isoOnly)).toEqual({ since: '2026-06-01T12:00:00Z' });
      expect(readSecondPosition({ since: 'later' }, isoOnly)).toBeNull();
      expect(readSecondPosition({ since: 1_780_000_000 }, anySecond)).toBeNull();
      expect(readSecondPosition({}, anySecond)).toBeNull();
    });

    it('turns down an id that is not a count', () => {
      for (const afterId of [-1, 2.5, '9', null]) {
        expect(readSecondPosition({ since: 'S', afterId }, anySecond)).toBeNull();
      }
    });
  });
});
