import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shipdesk/contract';
import {
  decodeCursor,
  encodeCursor,
  needsTimeZone,
  parseOrderQuery,
  resolveDays,
  startOfDay,
  statusesShown,
} from './order-list-query.ts';

describe('order list query', () => {
  it('accepts the allow-listed filters and normalises them', () => {
    const parsed = parseOrderQuery(
      JSON.stringify({
        orderStatus: 'in@Draft Order,Sales Order',
        storeId: 'in@3,manual',
        orderDate: 'eq@2025-02-28',
        created_at: 'between@2025-01-01,2025-01-31',
        search: 'like@ADA',
        paymentStatus: '',
      }),
      0,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.hideDeleted).toBe(true);
    expect(parsed.value.filters).toEqual([
      { kind: 'status', column: 'orderStatus', op: 'in', values: ['Draft Order', 'Sales Order'] },
      { kind: 'store', op: 'in', values: [3, null] },
      { kind: 'time', column: 'orderDate', from: { day: '2025-02-28' }, to: { day: '2025-03-01' } },
      { kind: 'time', column: 'createdAt', from: { day: '2025-01-01' }, to: { day: '2025-02-01' } },
      { kind: 'search', prefix: 'ada' },
    ]);
  });

  it('names every bad filter as filters.<field>', () => {
    const parsed = parseOrderQuery(
      JSON.stringify({
        colour: 'red',
        orderStatus: 'gt@Draft Order',
        shipmentStatus: 'Lost',
        orderDate: 'eq@2025-02-30',
        storeId: 'eq@1; DROP TABLE orders',
      }),
      undefined,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual([
      'filters.colour',
      'filters.orderDate',
      'filters.orderStatus',
      'filters.shipmentStatus',
      'filters.storeId',
    ]);
    expect(parseOrderQuery('[1]', 0)).toMatchObject({ ok: false, errors: { filters: expect.any(String) } });
    expect(parseOrderQuery('{nope', 0)).toMatchObject({ ok: false });
  });

  it('shows Deleted orders only when a status filter asks for them and hide is not 1', () => {
    const asks = JSON.stringify({ orderStatus: 'eq@Deleted' });
    expect(parseOrderQuery(asks, 0)).toMatchObject({ ok: true, value: { hideDeleted: false } });
    expect(parseOrderQuery(asks, 1)).toMatchObject({ ok: true, value: { hideDeleted: true } });
    expect(parseOrderQuery(undefined, 0)).toMatchObject({ ok: true, value: { hideDeleted: true } });
  });

  it('binds cursors to their sort and filters', () => {
    const a = parseOrderQuery(JSON.stringify({ orderStatus: 'eq@Sales Order' }), 0);
    const b = parseOrderQuery(JSON.stringify({ orderStatus: 'eq@Draft Order' }), 0);
    if (!a.ok || !b.ok) throw new Error('parse failed');
    const text = encodeCursor({
      sort: 'orderDate desc',
      direction: 'next',
      key: '2025-01-01T00:00:00.000Z',
      id: 7,
      fingerprint: a.value.fingerprint,
    });
    expect(decodeCursor(text, 'orderDate desc', a.value.fingerprint)).toMatchObject({ ok: true, value: { id: 7 } });
    expect(decodeCursor(text, 'orderDate desc', b.value.fingerprint)).toMatchObject({
      ok: false,
      errors: { cursor: expect.stringContaining('other filters') },
    });
    expect(decodeCursor(text, 'id desc', a.value.fingerprint)).toMatchObject({
      ok: false,
      errors: { cursor: expect.stringContaining('sort') },
    });
    expect(decodeCursor('garbage', 'id desc', a.value.fingerprint)).toMatchObject({ ok: false });
    // The same filters written in another order make the same fingerprint.
    const c = parseOrderQuery(JSON.stringify({ search: 'x', orderStatus: 'eq@Sales Order' }), 0);
    const d = parseOrderQuery(JSON.stringify({ orderStatus: 'eq@Sales Order', search: 'x' }), 0);
    expect(c.ok && d.ok && c.value.fingerprint === d.value.fingerprint).toBe(true);
  });
});

describe('time zones and search bounds', () => {
  it('finds the instant a day starts in a time zone, across daylight saving changes', () => {
    expect(startOfDay('2025-01-15', 'America/New_York')).toBe('2025-01-15T05:00:00.000Z');
    expect(startOfDay('2025-07-15', 'America/New_York')).toBe('2025-07-15T04:00:00.000Z');
    expect(startOfDay('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfDay('2025-03-10', 'America/New_York')).toBe('2025-03-10T04:00:00.000Z');
    expect(startOfDay('2025-06-01', 'Asia/Kolkata')).toBe('2025-05-31T18:30:00.000Z');
    expect(startOfDay('2025-06-01', 'UTC')).toBe('2025-06-01T00:00:00.000Z');
    expect(
      resolveDays(
        [
          {
            kind: 'time',
            column: 'orderDate',
            from: { day: '2025-01-15' },
            to: { instant: '2025-02-01T00:00:00.000Z' },
          },
        ],
        'America/New_York',
      ),
    ).toEqual([
      {
        kind: 'time',
        column: 'orderDate',
        from: { instant: '2025-01-15T05:00:00.000Z' },
        to: { instant: '2025-02-01T00:00:00.000Z' },
      },
    ]);
  });
});

describe('which lists the per-status counts answer', () => {
  const parse = (filters: Record<string, string>, hide = 0) => {
    const parsed = parseOrderQuery(JSON.stringify(filters), hide);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return statusesShown(parsed.value.filters, parsed.value.hideDeleted);
  };
  const visible = ORDER_STATUSES.filter((s) => s !== 'Deleted');

  it('answers the statuses a list narrowed by the order status alone shows, after the Deleted rule', () => {
    expect(parse({})).toEqual(visible);
    expect(parse({ orderStatus: 'eq@Sales Order' })).toEqual(['Sales Order']);
    expect(parse({ orderStatus: 'in@Deleted,Draft Order' })).toEqual(['Draft Order', 'Deleted']);
    expect(parse({ orderStatus: 'in@Deleted,Draft Order' }, 1)).toEqual(['Draft Order']);
    expect(parse({ orderStatus: 'eq@Deleted' }, 1)).toEqual([]);
    expect(parse({ orderStatus: 'ne@Canceled' })).toEqual(visible.filter((s) => s !== 'Canceled'));
    expect(parse({ orderStatus: 'ne@Deleted' })).toEqual(visible);
  });

  it('answers null when any other filter narrows the list', () => {
    const narrowing: Array<Record<string, string>> = [
      { search: 'like@ada' },
      { orderDate: 'eq@2025-01-03' },
      { created: 'gte@2025-01-03T00:00:00Z' },
      { storeId: 'eq@manual' },
      { sourceType: 'eq@Wholesale' },
      { paymentStatus: 'eq@Paid' },
      { shipmentStatus: 'ne@Unshipped' },
      { orderStatus: 'eq@Sales Order', search: 'like@ada' },
    ];
    for (const filters of narrowing) {
      expect(parse(filters), JSON.stringify(filters)).toBeNull();
    }
  });

  it('needs the time zone only for calendar days', () => {
    const filters = (f: Record<string, string>) => {
      const parsed = parseOrderQuery(JSON.stringify(f), 0);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.value.filters;
    };
    expect(needsTimeZone(filters({}))).toBe(false);
    expect(needsTimeZone(filters({ search: 'like@ada', orderStatus: 'eq@Completed' }))).toBe(false);
    expect(needsTimeZone(filters({ created: 'gte@2025-01-03T00:00:00Z' }))).toBe(false);
    expect(needsTimeZone(filters({ orderDate: 'eq@2025-01-03' }))).toBe(true);
    expect(needsTimeZone(filters({ created: 'between@2025-01-03T00:00:00Z,2025-01-05' }))).toBe(true);
  });
});
