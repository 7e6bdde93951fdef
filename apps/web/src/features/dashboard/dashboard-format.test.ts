import { describe, expect, it, vi } from 'vitest';
import {
  changeOf,
  compactMoneyFormatter,
  describeChange,
  formatExactCount,
  formatPercent,
  pieSlices,
} from './dashboard-format';

const entry = (Current: number | null, Previous: number | null, Percentage: number | null = null) => ({
  xLabels: 'Received Orders',
  Current,
  Previous,
  Percentage,
});

describe('pieSlices', () => {
  it('labels only slices above 10 percent of the revenue', () => {
    const slices = pieSlices(
      [
        { id: 'a', label: 'Shopify', value: 7990 },
        { id: 'b', label: 'eBay', value: 1000 },
        { id: 'c', label: 'Walmart', value: 1010 },
      ],
      'en',
    );
    expect(slices.map((s) => [s.label, s.arcLabel])).toEqual([
      ['Shopify', '79.9%'],
      ['eBay', ''],
      ['Walmart', '10.1%'],
    ]);
  });

  it('leaves out channels without positive revenue and shares the rest', () => {
    const slices = pieSlices(
      [
        { id: 'a', label: 'A', value: 0 },
        { id: 'b', label: 'B', value: -500 },
        { id: 'c', label: 'C', value: 300 },
        { id: 'd', label: 'D', value: 100 },
      ],
      'en',
    );
    expect(slices.map((s) => [s.id, s.percent, s.arcLabel])).toEqual([
      ['c', 75, '75%'],
      ['d', 25, '25%'],
    ]);
    expect(pieSlices([{ id: 'a', label: 'A', value: 0 }], 'en')).toEqual([]);
  });

  it('writes the percentage in the locale', () => {
    expect(
      pieSlices(
        [
          { id: 'a', label: 'A', value: 2 },
          { id: 'b', label: 'B', value: 1 },
        ],
        'de-DE',
      )[0]!.arcLabel,
    ).toBe('66,7%');
  });
});

describe('changeOf and describeChange', () => {
  it("prefers the server's Percentage and computes one only when it sent none", () => {
    expect(changeOf(entry(10, 5, 12.5))).toBe(12.5);
    expect(changeOf(entry(15, 10))).toBe(50);
    expect(changeOf(entry(5, 0))).toBeNull();
    expect(changeOf(entry(null, 3))).toBeNull();
    expect(changeOf(undefined)).toBeNull();
  });

  it('says which way the count moved, in words for screen readers', () => {
    expect(describeChange(25, 'en')).toEqual({ trend: 'up', text: '25%', spoken: 'Up 25% on the previous period' });
    expect(describeChange(-12.345, 'en')).toEqual({
      trend: 'down',
      text: '12.3%',
      spoken: 'Down 12.3% on the previous period',
    });
    expect(describeChange(0.04, 'en').trend).toBe('flat');
    expect(describeChange(null, 'en')).toMatchObject({ trend: 'none', text: '—' });
  });

  it('names the span Previous covers when the server sent one', () => {
    expect(describeChange(25, 'en', 'Mon–Wed 14:00 last week').spoken).toBe(
      'Up 25% compared with Mon–Wed 14:00 last week',
    );
    expect(describeChange(0, 'en', 'yesterday 00:00–09:15').spoken).toBe(
      'No change compared with yesterday 00:00–09:15',
    );
  });
});

describe('number formats', () => {
  it('builds one format per locale and options, however many numbers the tiles show', () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect([formatPercent(12.345, 'de-AT'), formatPercent(3, 'de-AT'), formatPercent(7.25, 'de-AT')]).toEqual([
        '12,3%',
        '3%',
        '7,3%',
      ]);
      expect(formatExactCount(1500, 'de-AT')).toBe(formatExactCount(1500, 'de-AT'));
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });

  it('formats counts, percentages and compact money without throwing on a bad locale or currency', () => {
    expect(formatExactCount(1234567, 'en')).toBe('1,234,567');
    expect(formatExactCount(1500, 'not a locale!')).toBe('1,500');
    expect(formatPercent(-7.25, 'en')).toBe('7.3%');
    expect(compactMoneyFormatter('USD', 'en')(12500)).toBe('$12.5K');
    expect(compactMoneyFormatter('EUR', 'de-DE')(1500)).toBe('1500\u00a0€');
    expect(compactMoneyFormatter('XXXX', 'en')(1500)).toBe('1.5K');
  });
});
