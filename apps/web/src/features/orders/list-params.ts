import {
  DEFAULT_PAGE_SIZE,
  ORDER_LIST_PAGE_SIZES,
  ORDER_SORTS,
  PAYMENT_STATUSES,
  REQUESTED_SERVICE_MAX,
  SHIPMENT_STATUSES,
  type OrderListViewFilters,
  type OrderSort,
  type OrderStatus,
  type PaymentStatus,
  type ShipmentStatus,
} from '@shipdesk/contract';
import {
  ADDRESS_FILTER_LABELS,
  ADDRESS_FILTER_QUERY,
  isAddressFilter,
  type AddressFilter,
} from './address-check/address-check-filter';
import { isParcelFilter, PARCEL_FILTER_LABELS, type ParcelFilter } from './tracking/parcel-filter';

/**
 * The order list's state as it lives in the URL (react-admin's useListParams shape): reload, back and shared links
 * keep page, size, filters, sort and the keyset cursor. The status is the path segment (/orders/Completed). The page
 * size is the user's own (kept on the server) unless the URL names another.
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
  /** A store's id, or `manual` (orders added by hand). */
  storeId: string;
  /** Any of these (none: all). */
  paymentStatus: PaymentStatus[];
  shipmentStatus: ShipmentStatus[];
  /** The channel's requested service text, case ignored. */
  requestedService: string;
  /** The ship-to's address check, as the filter groups its statuses (none: any). */
  addressCheck: AddressFilter | '';
  /** Where the order's parcels are, or late (none: any). */
  parcelStatus: ParcelFilter | '';
}

export const PAGE_SIZES = ORDER_LIST_PAGE_SIZES;
const DEFAULT_SORT: OrderSort = 'id desc';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What "Clear filters" changes: every filter (not the status tab, the sort or the size). */
export const CLEARED_FILTERS = {
  search: '',
  from: '',
  to: '',
  storeId: '',
  paymentStatus: [],
  shipmentStatus: [],
  requestedService: '',
  addressCheck: '',
  parcelStatus: '',
} satisfies Partial<OrderListParams>;

/** `a,b` of known values, each once, in the order the contract lists them. */
function readStatuses<T extends string>(text: string | null, known: readonly T[]): T[] {
  const wanted = new Set((text ?? '').split(','));
  return known.filter((value) => wanted.has(value));
}

export function readListParams(search: URLSearchParams, defaultSize: number = DEFAULT_PAGE_SIZE): OrderListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  const sort = search.get('sort');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const store = search.get('store') ?? '';
  const address = search.get('address');
  const delivery = search.get('delivery');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize,
    sort: (ORDER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as OrderSort) : DEFAULT_SORT,
    cursor: search.get('cursor') || null,
    search: (search.get('q') ?? '').slice(0, 100),
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    storeId: /^[1-9]\d{0,14}$/.test(store) || store === 'manual' ? store : '',
    paymentStatus: readStatuses(search.get('payment'), PAYMENT_STATUSES),
    shipmentStatus: readStatuses(search.get('shipment'), SHIPMENT_STATUSES),
    requestedService: (search.get('service') ?? '').trim().slice(0, REQUESTED_SERVICE_MAX),
    addressCheck: isAddressFilter(address) ? address : '',
    parcelStatus: isParcelFilter(delivery) ? delivery : '',
  };
}

/** The URL search string for `params`; defaults (the user's page size among them) are left out. */
export function writeListParams(params: OrderListParams, defaultSize: number = DEFAULT_PAGE_SIZE): URLSearchParams {
  const out = new URLSearchParams();
  if (params.search.trim()) out.set('q', params.search.trim());
  if (params.from) out.set('from', params.from);
  if (params.to) out.set('to', params.to);
  if (params.storeId) out.set('store', params.storeId);
  if (params.paymentStatus.length > 0) out.set('payment', params.paymentStatus.join(','));
  if (params.shipmentStatus.length > 0) out.set('shipment', params.shipmentStatus.join(','));
  if (params.requestedService.trim()) out.set('service', params.requestedService.trim());
  if (params.addressCheck) out.set('address', params.addressCheck);
  if (params.parcelStatus) out.set('delivery', params.parcelStatus);
  if (params.sort !== DEFAULT_SORT) out.set('sort', params.sort);
  if (params.size !== defaultSize) out.set('size', String(params.size));
  if (params.page > 1) out.set('page', String(params.page));
  if (params.page > 1 && params.cursor) out.set('cursor', params.cursor);
  return out;
}

/** A change of filters, sort or size starts again at page 1 (a cursor belongs to one query). */
export function withQueryChange(params: OrderListParams, change: Partial<OrderListParams>): OrderListParams {
  return { ...params, ...change, page: 1, cursor: null };
}

export function hasFilters(params: OrderListParams): boolean {
  return activeFilters(params).length > 0;
}

/** One filter that narrows the list, in words, and what removing it changes. */
interface ActiveFilter {
  key:
    | 'search'
    | 'dates'
    | 'storeId'
    | 'paymentStatus'
    | 'shipmentStatus'
    | 'requestedService'
    | 'addressCheck'
    | 'parcelStatus';
  label: string;
  clear: Partial<OrderListParams>;
}

/** The filters that narrow the list, in words (chips, the empty list's explanation). */
export function activeFilters(
  params: OrderListParams,
  storeName: (id: string) => string = (id) => (id === 'manual' ? 'Orders added by hand' : `Store ${id}`),
): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const search = params.search.trim();
  if (search) out.push({ key: 'search', label: `Search: \u201c${search}\u201d`, clear: { search: '' } });
  if (params.from || params.to) {
    const range =
      params.from && params.to
        ? `${params.from} to ${params.to}`
        : params.from
          ? `from ${params.from}`
          : `until ${params.to}`;
    out.push({ key: 'dates', label: `Order date: ${range}`, clear: { from: '', to: '' } });
  }
  if (params.storeId)
    out.push({ key: 'storeId', label: `Store: ${storeName(params.storeId)}`, clear: { storeId: '' } });
  if (params.paymentStatus.length > 0) {
    const label = `Payment: ${params.paymentStatus.join(' or ')}`;
    out.push({ key: 'paymentStatus', label, clear: { paymentStatus: [] } });
  }
  if (params.shipmentStatus.length > 0) {
    const label = `Shipment: ${params.shipmentStatus.join(' or ')}`;
    out.push({ key: 'shipmentStatus', label, clear: { shipmentStatus: [] } });
  }
  const service = params.requestedService.trim();
  if (service) {
    out.push({ key: 'requestedService', label: `Requested service: ${service}`, clear: { requestedService: '' } });
  }
  if (params.addressCheck) {
    const label = `Address: ${ADDRESS_FILTER_LABELS[params.addressCheck]}`;
    out.push({ key: 'addressCheck', label, clear: { addressCheck: '' } });
  }
  if (params.parcelStatus) {
    const label = `Delivery: ${PARCEL_FILTER_LABELS[params.parcelStatus]}`;
    out.push({ key: 'parcelStatus', label, clear: { parcelStatus: '' } });
  }
  return out;
}

/** One value as `eq`, several as `in` (statuses hold no commas). */
const anyOf = (values: readonly string[]) => (values.length === 1 ? values[0]! : `in@${values.join(',')}`);

/**
 * The `filters` map of GET /api/v1/orders (ARCHITECTURE.md filter grammar). The date range is `between` on
 * orderDate (or `gte` / `lte` when one end is open); the search goes to the server's `search` field as `like`; the
 * requested service always as `eq@`, so that its text is never read as an operator.
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
  if (params.paymentStatus.length > 0) filters.paymentStatus = anyOf(params.paymentStatus);
  if (params.shipmentStatus.length > 0) filters.shipmentStatus = anyOf(params.shipmentStatus);
  const service = params.requestedService.trim();
  if (service) filters.requestedService = `eq@${service}`;
  if (params.addressCheck) filters.addressCheck = ADDRESS_FILTER_QUERY[params.addressCheck];
  if (params.parcelStatus) filters.parcelStatus = params.parcelStatus;
  return filters;
}

/** The list's filters and status tab as a saved view keeps them. */
export function viewFilters(params: OrderListParams, status: OrderStatus | null): OrderListViewFilters {
  const filters: OrderListViewFilters = {};
  if (status) filters.orderStatus = status;
  if (params.search.trim()) filters.search = params.search.trim();
  if (params.from) filters.from = params.from;
  if (params.to) filters.to = params.to;
  if (params.storeId) filters.storeId = params.storeId;
  if (params.paymentStatus.length > 0) filters.paymentStatus = [...params.paymentStatus];
  if (params.shipmentStatus.length > 0) filters.shipmentStatus = [...params.shipmentStatus];
  if (params.requestedService.trim()) filters.requestedService = params.requestedService.trim();
  if (params.addressCheck) filters.addressCheck = params.addressCheck;
  if (params.parcelStatus) filters.parcelStatus = params.parcelStatus;
  return filters;
}

/** A saved view's filters and sort as list params (page 1) and its status tab. */
export function paramsOfView(
  view: { filters: OrderListViewFilters; sort: OrderSort },
  size: number,
): { status: OrderStatus | null; params: OrderListParams } {
  const f = view.filters;
  return {
    status: f.orderStatus ?? null,
    params: {
      page: 1,
      size,
      sort: view.sort,
      cursor: null,
      search: f.search ?? '',
      from: f.from ?? '',
      to: f.to ?? '',
      storeId: f.storeId ?? '',
      paymentStatus: PAYMENT_STATUSES.filter((s) => f.paymentStatus?.includes(s)),
      shipmentStatus: SHIPMENT_STATUSES.filter((s) => f.shipmentStatus?.includes(s)),
      requestedService: f.requestedService ?? '',
      addressCheck: f.addressCheck ?? '',
      parcelStatus: f.parcelStatus ?? '',
    },
  };
}
