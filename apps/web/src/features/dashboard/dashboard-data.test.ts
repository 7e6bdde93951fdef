import { describe, expect, it } from 'vitest';
import {
  EMPTY_SALES_BY_DATE,
  EMPTY_STATISTICS,
  parseDataset,
  salesByChannelFrom,
  salesByDateFrom,
  salesCountFrom,
  statisticsFrom,
} from './dashboard-data';

const counts = [{ xLabels: 'Received Orders', Current: 12, Previous: 8, Percentage: 50 }];
const byDate = { Categories: ['Mon', 'Tue'], Previous: [100, 200], Current: [300, 400] };
const channels = [{ id: 3, label: 'Shopify', value: 1250 }];

describe('parseDataset', () => {
  it('parses JSON text, passes parsed values through, and reads broken text as undefined', () => {
    expect(parseDataset('[1,2]')).toEqual([1, 2]);
    expect(parseDataset([1, 2])).toEqual([1, 2]);
    expect(parseDataset('[1,')).toBeUndefined();
    expect(parseDataset('')).toBeUndefined();
  });
});

describe('the three datasets', () => {
  it('read the same from JSON text and from parsed values', () => {
    expect(salesCountFrom(JSON.stringify(counts))).toEqual(salesCountFrom(counts));
    expect(salesCountFrom(counts)).toEqual(counts);
    expect(salesByDateFrom(JSON.stringify(byDate))).toEqual(byDate);
    expect(salesByDateFrom(byDate)).toEqual(byDate);
    expect(salesByChannelFrom(JSON.stringify(channels))).toEqual([{ id: '3', label: 'Shopify', value: 1250 }]);
    expect(salesByChannelFrom(channels)).toEqual([{ id: '3', label: 'Shopify', value: 1250 }]);
  });

  it('read an unparseable string, or a value of the wrong shape, as an empty list', () => {
    for (const bad of ['{"xLabels":', 'null', '42', undefined, null, { xLabels: 'x' }]) {
      expect(salesCountFrom(bad)).toEqual([]);
      expect(salesByChannelFrom(bad)).toEqual([]);
      expect(salesByDateFrom(bad)).toEqual(EMPTY_SALES_BY_DATE);
    }
    expect(salesByDateFrom('{"Categories": oops}')).toEqual(EMPTY_SALES_BY_DATE);
  });

  it('takes counts and sums sent as numeric text, and keeps a missing figure missing', () => {
    expect(salesCountFrom([{ xLabels: 'Open Orders', Current: '1500', Previous: null, Percentage: 'n/a' }])).toEqual([
      { xLabels: 'Open Orders', Current: 1500, Previous: null, Percentage: null },
    ]);
    expect(salesByChannelFrom([{ id: 'a', label: 'eBay', value: '99' }])).toEqual([
      { id: 'a', label: 'eBay', value: 99 },
    ]);
  });

  it('drops entries without a tile title or a revenue value', () => {
    expect(salesCountFrom([{ Current: 1 }, 'x', ...counts])).toEqual(counts);
    expect(
      salesByChannelFrom([
        { id: 'x', label: 'X' },
        { label: 'Y', value: 'lots' },
      ]),
    ).toEqual([]);
  });

  it('gives every category one value: short series count as no revenue, extra values are ignored', () => {
    expect(salesByDateFrom({ Categories: ['a', 'b', 'c'], Previous: [1], Current: [1, 2, 3, 4] })).toEqual({
      Categories: ['a', 'b', 'c'],
      Previous: [1, 0, 0],
      Current: [1, 2, 3],
    });
    expect(salesByDateFrom({ Categories: ['a'] })).toEqual({ Categories: ['a'], Previous: [0], Current: [0] });
  });

  it('gives pie slices unique ids and a name', () => {
    expect(
      salesByChannelFrom([
        { id: 1, label: 'Shopify', value: 1 },
        { id: 1, label: 'Shopify 2', value: 2 },
        { value: 3 },
      ]),
    ).toEqual([
      { id: '1', label: 'Shopify', value: 1 },
      { id: '1#1', label: 'Shopify 2', value: 2 },
      { id: 'Unknown channel', label: 'Unknown channel', value: 3 },
    ]);
  });
});

describe('statisticsFrom', () => {
  it('reads the envelope data', () => {
    const range = { from: 'a', to: 'b', previousFrom: 'c', previousTo: 'd' };
    const comparedWith = { from: 'c', to: 'e', label: 'yesterday 00:00–14:00' };
    expect(
      statisticsFrom({
        code: 200,
        success: true,
        data: {
          period: 'Today',
          timeZone: 'Europe/Paris',
          currency: 'EUR',
          range,
          comparedWith,
          salesCount: JSON.stringify(counts),
          deliveryCounts: [{ xLabels: 'Exceptions', Current: 2, Previous: '1', Percentage: 100 }],
          salesByDate: byDate,
          salesByChannel: 'broken',
        },
      }),
    ).toEqual({
      timeZone: 'Europe/Paris',
      currency: 'EUR',
      range,
      comparison: comparedWith,
      salesCount: counts,
      deliveryCounts: [{ xLabels: 'Exceptions', Current: 2, Previous: 1, Percentage: 100 }],
      salesByDate: byDate,
      salesByChannel: [],
    });
  });

  it('reads a body without data, an odd currency or a partial range as empty or unknown', () => {
    expect(statisticsFrom({ code: 200, success: true })).toEqual(EMPTY_STATISTICS);
    expect(statisticsFrom('nonsense')).toEqual(EMPTY_STATISTICS);
    const odd = statisticsFrom({ data: { currency: 'dollars', range: { from: 'a' }, timeZone: '' } });
    expect(odd).toMatchObject({ currency: null, range: null, timeZone: null, comparison: null });
    // An answer without comparedWith (an older server), or with one missing its words.
    expect(statisticsFrom({ data: { comparedWith: { from: 'a', to: 'b', label: '' } } }).comparison).toBeNull();
  });
});
