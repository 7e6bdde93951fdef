import { DEFAULT_PAGE_SIZE, ORDER_SORTS, type OrderSort, type OrderStatus } from '@shipdesk/contract';

/**
 * The order list's state as it lives in the URL (react-admin's useListParams shape): reload, back and shared links
 * keep page, size, filters, sort and the keyset cursor. The status is the path segment (/orders/Completed).
 */
export interface OrderListParams {
  page: number;
  size: number;
  sort: OrderSort;
  /** Opaque keyset cursor of the server for `page`; absent on page 1 or when the URL was typed. */
  cursor: string | null;
  search: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  storeId: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_SORT: OrderSort = 'id desc';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readListParams(search: URLSearchParams): OrderListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const sort = search.get('sort');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const store = search.get('store') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: (ORDER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as OrderSort) : DEFAULT_SORT,
    cursor: search.get('cursor') || null,
    search: (search.get('q') ?? '').slice(0, 100),
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    storeId: /^[1-9]\d{0,18}$/.test(store) ? store : '',
  };
}

/** The URL search string for `params`; defaults are left out so the plain list has a clean URL. */
export function writeListParams(params: OrderListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.search.trim()) out.set('q', params.search.trim());
  if (params.from) out.set('from', params.from);
  if (params.to) out.set('to', params.to);
  if (params.storeId) out.set('store', params.storeId);
  if (params.sort !== DEFAULT_SORT) out.set('sort', params.sort);
  if (params.size !== DEFAULT_PAGE_SIZE) out.set('size', String(params.size));
  if (params.page > 1) out.set('page', String(params.page));
  if (params.page > 1 && params.cursor) out.set('cursor', params.cursor);
  return out;
}

/** A change of filters, sort or size starts again at page 1 (a cursor belongs to one query). */
export function withQueryChange(params: OrderListParams, change: Partial<OrderListParams>): OrderListParams {
  return { ...params, ...change, page: 1, cursor: null };
}

export function hasFilters(params: OrderListParams): boolean {
  return Boolean(params.search.trim() || params.from || params.to || params.storeId);
}

/**
 * The `filters` map of GET /api/v1/orders (ARCHITECTURE.md filter grammar). The date range is `between` on
 * orderDate (or `gte` / `lte` when one end is open); the search goes to the server's `search` field as `like`.
 */
export function listFilters(params: OrderListParams, status: OrderStatus | null): Record<string, string> {
  const filters: Record<string, string> = {};
  if (status) filters.orderStatus = status;
  const search = params.search.trim();
  if (search) filters.search = `like@${search}`;
  if (params.from && params.to) filters.orderDate = `between@${params.from},${params.to}`;
  else if (params.from) filters.orderDate = `gte@${params.from}`;
  else if (params.to) filters.orderDate = `lte@${params.to}`;
  if (params.storeId) filters.storeId = params.storeId;
  return filters;
}
