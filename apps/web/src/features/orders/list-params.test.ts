import { describe, expect, it } from 'vitest';
import { hasFilters, listFilters, readListParams, withQueryChange, writeListParams } from './list-params';

const read = (search: string) => readListParams(new URLSearchParams(search));

describe('order list URL state', () => {
  it('reads defaults from an empty URL and writes a clean one', () => {
    const params = read('');
    expect(params).toEqual({
      page: 1,
      size: 10,
      sort: 'id desc',
      cursor: null,
      search: '',
      from: '',
      to: '',
      storeId: '',
    });
    expect(writeListParams(params).toString()).toBe('');
  });

  it('round-trips every field', () => {
    const search = 'q=ann&from=2025-01-01&to=2025-01-31&store=4&sort=total+asc&size=25&page=3&cursor=abc';
    expect(writeListParams(read(search)).toString()).toBe(search);
  });

  it('ignores values it does not know', () => {
    const params = read('page=-2&size=7&sort=drop+table&from=yesterday&store=x');
    expect(params).toMatchObject({ page: 1, size: 10, sort: 'id desc', from: '', storeId: '' });
  });

  it('starts again at page 1 without a cursor when the query changes', () => {
    const params = read('page=3&cursor=abc');
    expect(withQueryChange(params, { search: 'x' })).toMatchObject({ page: 1, cursor: null, search: 'x' });
    expect(hasFilters(read('q=%20'))).toBe(false);
    expect(hasFilters(read('store=2'))).toBe(true);
  });

  it('builds the filters of the API', () => {
    expect(listFilters(read('q=ann@example.com&from=2025-01-01&to=2025-01-31&store=4'), 'Sales Order')).toEqual({
      orderStatus: 'Sales Order',
      search: 'like@ann@example.com',
      orderDate: 'between@2025-01-01,2025-01-31',
      storeId: '4',
    });
    expect(listFilters(read('from=2025-01-01'), null)).toEqual({ orderDate: 'gte@2025-01-01' });
    expect(listFilters(read('to=2025-01-31'), null)).toEqual({ orderDate: 'lte@2025-01-31' });
    expect(listFilters(read(''), null)).toEqual({});
  });
});
