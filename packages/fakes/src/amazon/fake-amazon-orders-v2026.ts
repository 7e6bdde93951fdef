import type { FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import type { AmazonOrdersState } from './fake-amazon-orders-api.ts';
import type { FakeAmazonOrder } from './fake-amazon-orders.ts';
import { spErrorReply as errorReply, visibleItem, visibleOrder } from './fake-amazon-restricted-data.ts';
import { spErrors, type Money, type OrderStatus, type SpAddress, type SpApiOperation } from './fake-amazon-wire.ts';
import { ORDERS_V2026 } from './fake-amazon-wire.ts';
import type { V2026Address, V2026Breakdown, V2026Money, V2026Order, V2026OrderItem } from './fake-amazon-wire-v2026.ts';

/**
 * The fake SP-API's Orders v2026-01-01 reads, searchOrders and getOrder, served from the same orders as the v0
 * operations (amzn/selling-partner-api-models orders_2026-01-01.json): camelCase, no `payload` wrapper, UPPER_SNAKE
 * statuses, datasets by `includedData`, and buyer PII by the app's roles (no Restricted Data Token).
 */

const FULFILLMENT_STATUSES = [
  'PENDING_AVAILABILITY',
  'PENDING',
  'UNSHIPPED',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'CANCELLED',
  'UNFULFILLABLE',
] as const;
const INCLUDED_DATA = new Set([
  'BUYER',
  'RECIPIENT',
  'PROCEEDS',
  'EXPENSE',
  'PROMOTION',
  'CANCELLATION',
  'FULFILLMENT',
  'PACKAGES',
  'TAX',
  'PAYMENT',
  'FULFILLMENT_ORDERS',
]);

/** v0 status -> v2026 status; InvoiceUnconfirmed (Brazil) has no v2026 value, SHIPPED is the fake's reading. */
const STATUS: Record<OrderStatus, string> = {
  PendingAvailability: 'PENDING_AVAILABILITY',
  Pending: 'PENDING',
  Unshipped: 'UNSHIPPED',
  PartiallyShipped: 'PARTIALLY_SHIPPED',
  Shipped: 'SHIPPED',
  InvoiceUnconfirmed: 'SHIPPED',
  Canceled: 'CANCELLED',
  Unfulfillable: 'UNFULFILLABLE',
};

/** v0 ShipmentServiceLevelCategory -> fulfillmentServiceLevel. */
const upperSnake = (text: string) => text.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

const cents = (money: Money | undefined) => Math.round(Number(money?.Amount ?? 0) * 100);
const money = (minor: number, currencyCode: string): V2026Money => ({ amount: (minor / 100).toFixed(2), currencyCode });

function address(from: SpAddress): V2026Address {
  const mapped: V2026Address = {
    name: from.Name,
    companyName: from.CompanyName,
    addressLine1: from.AddressLine1,
    addressLine2: from.AddressLine2,
    addressLine3: from.AddressLine3,
    city: from.City,
    districtOrCounty: from.County ?? from.District,
    stateOrRegion: from.StateOrRegion,
    postalCode: from.PostalCode,
    countryCode: from.CountryCode,
    phone: from.Phone,
    addressType: from.AddressType ? (from.AddressType.toUpperCase() as V2026Address['addressType']) : undefined,
  };
  return Object.fromEntries(Object.entries(mapped).filter(([, value]) => value !== undefined)) as V2026Address;
}

/** One breakdown with its detailed parts; parts that are zero are left out, discounts are negative. */
function breakdown(type: string, parts: Array<[string, number]>, currency: string): V2026Breakdown | null {
  const kept = parts.filter(([, value]) => value !== 0);
  if (kept.length === 0) return null;
  const total = kept.reduce((sum, [, value]) => sum + value, 0);
  return {
    type,
    subtotal: money(total, currency),
    ...(kept.length > 1 || type === 'TAX' || type === 'DISCOUNT'
      ? { detailedBreakdowns: kept.map(([subtype, value]) => ({ subtype, value: money(value, currency) })) }
      : {}),
  };
}

/** The order as v2026-01-01 shows it to a caller asking for `included`, with the PII roles `piiAccess`. */
function toV2026Order(
  seller: AmazonOrdersState,
  entry: FakeAmazonOrder,
  included: ReadonlySet<string>,
  piiAccess: boolean,
): V2026Order {
  const pii = new Set(piiAccess ? ['buyerInfo', 'shippingAddress'] : []);
  const order = visibleOrder(entry.order, pii);
  const items = entry.items.map((item) => visibleItem(item, entry.order.OrderStatus));
  const currency = order.OrderTotal?.CurrencyCode ?? 'USD';
  const programs = [
    order.IsPrime ? 'PRIME' : null,
    order.IsBusinessOrder ? 'AMAZON_BUSINESS' : null,
    order.IsPremiumOrder ? 'PREMIUM' : null,
  ].filter((program): program is string => program !== null);

  const result: V2026Order = {
    orderId: order.AmazonOrderId,
    ...(order.SellerOrderId ? { orderAliases: [{ aliasId: order.SellerOrderId, aliasType: 'SELLER_ORDER_ID' }] } : {}),
    createdTime: order.PurchaseDate,
    lastUpdatedTime: order.LastUpdateDate,
    programs,
    salesChannel: {
      channelName: 'AMAZON',
      marketplaceId: order.MarketplaceId ?? seller.marketplaceId,
      ...(order.SalesChannel ? { marketplaceName: order.SalesChannel } : {}),
    },
    orderItems: items.map((item) => {
      const mapped: V2026OrderItem = {
        orderItemId: item.OrderItemId,
        quantityOrdered: item.QuantityOrdered,
        product: {
          asin: item.ASIN,
          ...(item.SellerSKU ? { sellerSku: item.SellerSKU } : {}),
          ...(item.Title ? { title: item.Title } : {}),
          ...(item.ConditionId ? { condition: { conditionType: item.ConditionId.toUpperCase() } } : {}),
        },
      };
      // Pending orders carry no prices in v0; their proceeds are left out here the same way.
      if (included.has('PROCEEDS') && item.ItemPrice) {
        const parts = [
          breakdown('ITEM', [['ITEM', cents(item.ItemPrice)]], currency),
          breakdown('SHIPPING', [['SHIPPING', cents(item.ShippingPrice)]], currency),
          breakdown(
            'TAX',
            [
              ['ITEM', cents(item.ItemTax)],
              ['SHIPPING', cents(item.ShippingTax)],
            ],
            currency,
          ),
          breakdown(
            'DISCOUNT',
            [
              ['ITEM', -cents(item.PromotionDiscount)],
              ['SHIPPING', -cents(item.ShippingDiscount)],
            ],
            currency,
          ),
        ].filter((part): part is V2026Breakdown => part !== null);
        const total = parts.reduce((sum, part) => sum + Math.round(Number(part.subtotal.amount) * 100), 0);
        mapped.proceeds = { proceedsTotal: money(total, currency), breakdowns: parts };
      }
      if (included.has('FULFILLMENT')) {
        const shipped = item.QuantityShipped ?? 0;
        mapped.fulfillment = {
          quantityFulfilled: shipped,
          quantityUnfulfilled: Math.max(0, item.QuantityOrdered - shipped),
        };
      }
      return mapped;
    }),
  };
  if (included.has('BUYER') && order.BuyerInfo) {
    result.buyer = {
      ...(order.BuyerInfo.BuyerName ? { buyerName: order.BuyerInfo.BuyerName } : {}),
      ...(order.BuyerInfo.BuyerEmail ? { buyerEmail: order.BuyerInfo.BuyerEmail } : {}),
      ...(order.BuyerInfo.PurchaseOrderNumber ? { buyerPurchaseOrderNumber: order.BuyerInfo.PurchaseOrderNumber } : {}),
    };
  }
  if (included.has('RECIPIENT') && order.ShippingAddress) {
    result.recipient = { deliveryAddress: address(order.ShippingAddress) };
  }
  if (included.has('PROCEEDS') && order.OrderTotal) {
    result.proceeds = { grandTotal: { amount: order.OrderTotal.Amount, currencyCode: order.OrderTotal.CurrencyCode } };
  }
  if (included.has('FULFILLMENT')) {
    result.fulfillment = {
      fulfillmentStatus: STATUS[order.OrderStatus],
      fulfilledBy: order.FulfillmentChannel === 'AFN' ? 'AMAZON' : 'MERCHANT',
      ...(order.ShipmentServiceLevelCategory
        ? { fulfillmentServiceLevel: upperSnake(order.ShipmentServiceLevelCategory) }
        : {}),
      ...(order.EarliestShipDate || order.LatestShipDate
        ? { shipByWindow: { earliestDateTime: order.EarliestShipDate, latestDateTime: order.LatestShipDate } }
        : {}),
    };
  }
  if (included.has('PACKAGES')) {
    result.packages = seller.confirmations
      .filter((confirmation) => confirmation.orderId === order.AmazonOrderId)
      .map(({ body: { packageDetail: detail } }) => ({
        packageReferenceId: detail.packageReferenceId,
        carrier: detail.carrierName ?? detail.carrierCode,
        trackingNumber: detail.trackingNumber,
        shipTime: detail.shipDate,
        packageItems: detail.orderItems,
      }));
  }
  return result;
}

/** Query values as an array: repeated parameters and comma-separated lists both. */
function listOf(request: FakeRequest, name: string): string[] {
  return request.query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** includedData, checked against the enum; a string naming the bad value, or the set. */
function includedDataOf(request: FakeRequest): Set<string> | string {
  const values = listOf(request, 'includedData');
  const bad = values.find((value) => !INCLUDED_DATA.has(value));
  return bad ? `Invalid includedData value: ${bad}.` : new Set(values);
}

interface SearchState {
  by: 'created' | 'updated';
  after: number;
  before: number | null;
  statuses: string[];
  fulfilledBy: string | null;
  marketplaces: string[];
  size: number;
  offset: number;
}

const encodeToken = (state: SearchState) => Buffer.from(JSON.stringify({ v: 2026, ...state })).toString('base64url');

function decodeToken(token: string): SearchState | null {
  try {
    const state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as SearchState & { v?: number };
    return state.v === 2026 && typeof state.offset === 'number' ? state : null;
  } catch {
    return null;
  }
}

const invalid = (message: string) => errorReply(400, spErrors.invalidInput(message));

/** The filters of a first searchOrders page; a 400 reply when one is wrong. */
function searchFilters(request: FakeRequest): SearchState | FakeReply {
  const query = request.query;
  const created = query.get('createdAfter');
  const updated = query.get('lastUpdatedAfter');
  if ((created === null) === (updated === null)) {
    return invalid('Exactly one of createdAfter and lastUpdatedAfter must be provided.');
  }
  if (created !== null && query.get('lastUpdatedBefore') !== null) {
    return invalid('lastUpdatedBefore cannot be provided with createdAfter.');
  }
  if (updated !== null && query.get('createdBefore') !== null) {
    return invalid('createdBefore cannot be provided with lastUpdatedAfter.');
  }
  const after = Date.parse((created ?? updated)!);
  const beforeText = query.get(created !== null ? 'createdBefore' : 'lastUpdatedBefore');
  const before = beforeText === null ? null : Date.parse(beforeText);
  if (Number.isNaN(after) || (before !== null && Number.isNaN(before))) {
    return invalid(`${created !== null ? 'createdAfter' : 'lastUpdatedAfter'} and its Before must be ISO 8601 dates.`);
  }
  if (before !== null && before < after) return invalid('The Before date must not be earlier than the After date.');
  const statuses = listOf(request, 'fulfillmentStatuses');
  const badStatus = statuses.find((status) => !(FULFILLMENT_STATUSES as readonly string[]).includes(status));
  if (badStatus) return invalid(`Invalid fulfillmentStatuses value: ${badStatus}.`);
  const fulfilledBy = query.get('fulfilledBy');
  if (fulfilledBy !== null && fulfilledBy !== 'MERCHANT' && fulfilledBy !== 'AMAZON') {
    return invalid(`Invalid fulfilledBy value: ${fulfilledBy}. Expected MERCHANT or AMAZON.`);
  }
  const marketplaces = listOf(request, 'marketplaceIds');
  if (marketplaces.length > 50) return invalid('marketplaceIds may hold at most 50 values.');
  const sizeText = query.get('maxResultsPerPage');
  const size = sizeText === null ? 100 : Number(sizeText);
  if (!Number.isInteger(size) || size < 1 || size > 100) {
    return invalid('maxResultsPerPage must be an integer between 1 and 100.');
  }
  return {
    by: created !== null ? 'created' : 'updated',
    after,
    before,
    statuses,
    fulfilledBy,
    marketplaces,
    size,
    offset: 0,
  };
}

/** searchOrders: `GET /orders/2026-01-01/orders`. */
function searchOrders(seller: AmazonOrdersState, request: FakeRequest, piiAccess: boolean): FakeReply {
  const included = includedDataOf(request);
  if (typeof included === 'string') return invalid(included);
  let state: SearchState;
  const token = request.query.get('paginationToken');
  if (token !== null) {
    const decoded = decodeToken(token);
    if (!decoded) return invalid('Invalid paginationToken.');
    state = decoded;
  } else {
    const filters = searchFilters(request);
    if ('status' in filters) return filters;
    state = filters;
  }
  const timeOf = (entry: FakeAmazonOrder) =>
    state.by === 'created' ? entry.order.PurchaseDate : entry.order.LastUpdateDate;
  const matching = [...seller.orders.values()]
    .filter((entry) => {
      const time = Date.parse(timeOf(entry));
      const marketplace = entry.order.MarketplaceId ?? seller.marketplaceId;
      const fulfilledBy = entry.order.FulfillmentChannel === 'AFN' ? 'AMAZON' : 'MERCHANT';
      return (
        time >= state.after &&
        (state.before === null || time <= state.before) &&
        (state.marketplaces.length === 0 || state.marketplaces.includes(marketplace)) &&
        (state.statuses.length === 0 || state.statuses.includes(STATUS[entry.order.OrderStatus])) &&
        (state.fulfilledBy === null || state.fulfilledBy === fulfilledBy)
      );
    })
    .sort((a, b) => timeOf(a).localeCompare(timeOf(b)) || a.order.AmazonOrderId.localeCompare(b.order.AmazonOrderId));
  const page = matching.slice(state.offset, state.offset + state.size);
  const more = state.offset + state.size < matching.length;
  const edge = new Date(state.before ?? Date.now() - 2 * 60 * 1000).toISOString();
  return {
    status: 200,
    body: {
      orders: page.map((entry) => toV2026Order(seller, entry, included, piiAccess)),
      ...(more ? { pagination: { nextToken: encodeToken({ ...state, offset: state.offset + state.size }) } } : {}),
      ...(state.by === 'updated' ? { lastUpdatedBefore: edge } : { createdBefore: edge }),
    },
  };
}

/** getOrder: `GET /orders/2026-01-01/orders/{orderId}`, items always included. */
function getOrderV2026(seller: AmazonOrdersState, request: FakeRequest, piiAccess: boolean): FakeReply {
  const included = includedDataOf(request);
  if (typeof included === 'string') return invalid(included);
  const entry = seller.orders.get(request.params.orderId!);
  if (!entry) return errorReply(404, spErrors.notFound(`Order ${request.params.orderId} not found.`));
  return { status: 200, body: { order: toV2026Order(seller, entry, included, piiAccess) } };
}

/** Adds the v2026 reads to the router, each in the server's quota and auth envelope (`wrap`); `piiRoles` false: an app
 * without the PII roles. */
export function routeOrdersV2026(
  router: FakeRouter,
  wrap: (name: SpApiOperation, handler: (request: FakeRequest) => FakeReply) => (request: FakeRequest) => FakeReply,
  seller: AmazonOrdersState,
  piiRoles: boolean,
): void {
  router.on(
    'GET',
    ORDERS_V2026,
    wrap('searchOrders', (request) => searchOrders(seller, request, piiRoles)),
  );
  router.on(
    'GET',
    `${ORDERS_V2026}/:orderId`,
    wrap('getOrder2026', (request) => getOrderV2026(seller, request, piiRoles)),
  );
}
