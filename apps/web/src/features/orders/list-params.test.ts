import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  hasFilters,
  listFilters,
  paramsOfView,
  readListParams,
  viewFilters,
  withQueryChange,
  writeListParams,
} from './list-params';

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
      paymentStatus: [],
      shipmentStatus: [],
      requestedService: '',
      addressCheck: '',
      parcelStatus: '',
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

  it('round-trips the payment, shipment, service and manual-store filters', () => {
    const search = 'store=manual&payment=Unpaid%2CPaid+Partial&shipment=Unshipped&service=UPS+Ground%2C+2+day';
    const params = read(search);
    expect(params).toMatchObject({
      storeId: 'manual',
      paymentStatus: ['Unpaid', 'Paid Partial'],
      shipmentStatus: ['Unshipped'],
      requestedService: 'UPS Ground, 2 day',
    });
    expect(writeListParams(params).toString()).toBe(search);
    // Unknown statuses are dropped; the contract's order is kept.
    expect(read('payment=Paid+Partial,Sometimes,Unpaid').paymentStatus).toEqual(['Unpaid', 'Paid Partial']);
  });

  it("takes the user's page size unless the URL names another, and leaves it out of the URL", () => {
    expect(readListParams(new URLSearchParams(''), 25).size).toBe(25);
    expect(readListParams(new URLSearchParams('size=50'), 25).size).toBe(50);
    const params = readListParams(new URLSearchParams(''), 25);
    expect(writeListParams(params, 25).toString()).toBe('');
    expect(writeListParams({ ...params, size: 10 }, 25).toString()).toBe('size=10');
  });

  it('sends the new filters in the grammar of the API (several statuses as in@, the service as eq@)', () => {
    const params = read('payment=Unpaid,Paid+Partial&shipment=Shipped+Partial&service=in@odd&store=manual');
    expect(listFilters(params, null)).toEqual({
      paymentStatus: 'in@Unpaid,Paid Partial',
      shipmentStatus: 'Shipped Partial',
      requestedService: 'eq@in@odd',
      storeId: 'manual',
    });
    expect(hasFilters(read('shipment=Unshipped'))).toBe(true);
    expect(hasFilters(read('service=%20'))).toBe(false);
  });

  it('says each filter in words with what clearing it changes', () => {
    const params = read('q=ann&from=2025-01-01&payment=Unpaid&service=Ground&store=4');
    const filters = activeFilters(params, (id) => `Shop ${id}`);
    expect(filters.map((f) => f.label)).toEqual([
      'Search: \u201cann\u201d',
      'Order date: from 2025-01-01',
      'Store: Shop 4',
      'Payment: Unpaid',
      'Requested service: Ground',
    ]);
    expect(filters.find((f) => f.key === 'dates')!.clear).toEqual({ from: '', to: '' });
  });

  it('filters by the address check: needs review as in@corrected,ambiguous, the others by their status', () => {
    const params = read('address=review');
    expect(params.addressCheck).toBe('review');
    expect(writeListParams(params).toString()).toBe('address=review');
    expect(listFilters(params, 'Sales Order')).toEqual({
      orderStatus: 'Sales Order',
      addressCheck: 'in@corrected,ambiguous',
    });
    expect(listFilters(read('address=verified'), null)).toEqual({ addressCheck: 'verified' });
    expect(listFilters(read('address=invalid'), null)).toEqual({ addressCheck: 'invalid' });
    expect(listFilters(read('address=not_checked'), null)).toEqual({ addressCheck: 'not_checked' });
    // A status the filter does not offer is dropped rather than sent.
    expect(read('address=corrected').addressCheck).toBe('');
    const chip = activeFilters(params).find((f) => f.key === 'addressCheck')!;
    expect(chip.label).toBe('Address: Needs review');
    expect(withQueryChange(params, chip.clear).addressCheck).toBe('');
    expect(hasFilters(params)).toBe(true);
  });

  it('turns the list into a saved view and back, exactly', () => {
    const params = read(
      'q=ann&to=2025-01-31&payment=Unpaid&shipment=Unshipped&service=Ground&address=review&sort=total+asc&page=3',
    );
    const filters = viewFilters(params, 'Sales Order');
    expect(filters).toEqual({
      orderStatus: 'Sales Order',
      search: 'ann',
      to: '2025-01-31',
      paymentStatus: ['Unpaid'],
      shipmentStatus: ['Unshipped'],
      requestedService: 'Ground',
      addressCheck: 'review',
    });
    const back = paramsOfView({ filters, sort: 'total asc' }, 25);
    expect(back.status).toBe('Sales Order');
    expect(back.params).toEqual({ ...params, page: 1, cursor: null, size: 25 });
    expect(viewFilters(read(''), null)).toEqual({});
  });
});
