import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeAmazonOrder } from './fake-amazon-orders.ts';
import { spErrorReply as errorReply, visibleItem, visibleOrder } from './fake-amazon-restricted-data.ts';
import { spErrors, type ShipmentConfirmation } from './fake-amazon-wire.ts';

/** The fake SP-API's Orders v0 operations: getOrders, getOrder, getOrderItems and confirmShipment. */

export interface RecordedConfirmation {
  orderId: string;
  body: ShipmentConfirmation;
}

/** What the orders operations read and change: the seller's orders and the confirmations pushed. */
export interface AmazonOrdersState {
  orders: Map<string, FakeAmazonOrder>;
  confirmations: RecordedConfirmation[];
  marketplaceId: string;
  /** Page size of getOrderItems (Amazon does not document one). */
  itemsPerPage: number;
}

interface ListState {
  by: 'LastUpdateDate' | 'PurchaseDate';
  after: number;
  before: number | null;
  size: number;
  offset: number;
}

const encodeToken = (state: ListState) => Buffer.from(JSON.stringify(state)).toString('base64');

function decodeToken(token: string): ListState | null {
  try {
    const state = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as ListState;
    return typeof state.after === 'number' && typeof state.offset === 'number' ? state : null;
  } catch {
    return null;
  }
}

/** getOrders: by LastUpdatedAfter or CreatedAfter, in NextToken pages. */
export function getOrders(seller: AmazonOrdersState, request: FakeRequest, pii: ReadonlySet<string>): FakeReply {
  const { orders, marketplaceId } = seller;
  const marketplaces = (request.query.get('MarketplaceIds') ?? '').split(',').filter(Boolean);
  if (marketplaces.length === 0) return errorReply(400, spErrors.invalidInput("Missing required 'MarketplaceIds'."));
  if (marketplaces.length > 50) return errorReply(400, spErrors.invalidInput('Too many MarketplaceIds (maximum 50).'));

  let state: ListState;
  const nextToken = request.query.get('NextToken');
  if (nextToken) {
    const decoded = decodeToken(nextToken);
    if (!decoded) return errorReply(400, spErrors.invalidInput('Invalid NextToken.'));
    state = decoded;
  } else {
    const created = request.query.get('CreatedAfter');
    const updated = request.query.get('LastUpdatedAfter');
    if ((created === null) === (updated === null)) {
      return errorReply(400, spErrors.invalidInput('Exactly one of CreatedAfter or LastUpdatedAfter is required.'));
    }
    const after = Date.parse((created ?? updated)!);
    const beforeText = request.query.get(created ? 'CreatedBefore' : 'LastUpdatedBefore');
    const before = beforeText === null ? null : Date.parse(beforeText);
    if (Number.isNaN(after) || (before !== null && Number.isNaN(before))) {
      return errorReply(400, spErrors.invalidInput('Dates must be in ISO 8601 format.'));
    }
    if (after > Date.now() || (before !== null && before > Date.now() - 2 * 60 * 1000)) {
      return errorReply(
        400,
        spErrors.invalidInput('Dates must be at least two minutes before the time of the request.'),
      );
    }
    const size = Number(request.query.get('MaxResultsPerPage') ?? 100);
    if (!Number.isInteger(size) || size < 1 || size > 100) {
      return errorReply(400, spErrors.invalidInput('MaxResultsPerPage must be between 1 and 100.'));
    }
    state = { by: created ? 'PurchaseDate' : 'LastUpdateDate', after, before, size, offset: 0 };
  }

  const matching = [...orders.values()]
    .map((entry) => entry.order)
    .filter((order) => marketplaces.includes(order.MarketplaceId ?? marketplaceId))
    .filter((order) => {
      const time = Date.parse(order[state.by]);
      return time >= state.after && (state.before === null || time <= state.before);
    })
    .sort((a, b) => a[state.by].localeCompare(b[state.by]) || a.AmazonOrderId.localeCompare(b.AmazonOrderId));
  const page = matching.slice(state.offset, state.offset + state.size);
  const more = state.offset + state.size < matching.length;
  const edge = new Date(state.before ?? Date.now() - 2 * 60 * 1000).toISOString();
  return {
    status: 200,
    body: {
      payload: {
        Orders: page.map((order) => visibleOrder(order, pii)),
        ...(more ? { NextToken: encodeToken({ ...state, offset: state.offset + state.size }) } : {}),
        ...(state.by === 'LastUpdateDate' ? { LastUpdatedBefore: edge } : { CreatedBefore: edge }),
      },
    },
  };
}

export function getOrder(seller: AmazonOrdersState, request: FakeRequest, pii: ReadonlySet<string>): FakeReply {
  const { orders } = seller;
  const entry = orders.get(request.params.orderId!);
  if (!entry) return errorReply(404, spErrors.notFound(`Order ${request.params.orderId} not found.`));
  return { status: 200, body: { payload: visibleOrder(entry.order, pii) } };
}

/** getOrderItems, paged too. */
export function getOrderItems(seller: AmazonOrdersState, request: FakeRequest): FakeReply {
  const { orders, itemsPerPage } = seller;
  const entry = orders.get(request.params.orderId!);
  if (!entry) return errorReply(404, spErrors.notFound(`Order ${request.params.orderId} not found.`));
  const token = request.query.get('NextToken');
  const offset = token === null ? 0 : Number(token.replace(/^items-/, ''));
  if (!Number.isInteger(offset) || offset < 0) return errorReply(400, spErrors.invalidInput('Invalid NextToken.'));
  const page = entry.items.slice(offset, offset + itemsPerPage);
  const next = offset + itemsPerPage < entry.items.length ? `items-${offset + itemsPerPage}` : undefined;
  return {
    status: 200,
    body: {
      payload: {
        AmazonOrderId: entry.order.AmazonOrderId,
        OrderItems: page.map((item) => visibleItem(item, entry.order.OrderStatus)),
        ...(next ? { NextToken: next } : {}),
      },
    },
  };
}

/** confirmShipment: checked as Amazon does, recorded, and the order's items shipped. */
export function confirmShipment(seller: AmazonOrdersState, request: FakeRequest): FakeReply {
  const { orders, confirmations, marketplaceId } = seller;
  const orderId = request.params.orderId!;
  const entry = orders.get(orderId);
  if (!entry) return errorReply(404, spErrors.notFound(`Order ${orderId} not found.`));
  let body: ShipmentConfirmation;
  try {
    body = JSON.parse(request.body) as ShipmentConfirmation;
  } catch {
    return errorReply(400, spErrors.invalidInput('Request body is not valid JSON.'));
  }
  const detail = body.packageDetail;
  if (body.marketplaceId !== (entry.order.MarketplaceId ?? marketplaceId)) {
    return errorReply(400, spErrors.invalidInput(`Invalid marketplaceId: ${body.marketplaceId}`));
  }
  if (!detail || !/^\d+$/.test(String(detail.packageReferenceId ?? ''))) {
    return errorReply(400, spErrors.invalidInput('packageReferenceId must be a positive number.'));
  }
  if (!detail.carrierCode || (detail.carrierCode === 'Other' && !detail.carrierName)) {
    return errorReply(400, spErrors.invalidInput('carrierCode is required; carrierName too when it is Other.'));
  }
  if (!detail.trackingNumber || Number.isNaN(Date.parse(detail.shipDate ?? ''))) {
    return errorReply(400, spErrors.invalidInput('trackingNumber and an ISO 8601 shipDate are required.'));
  }
  if (!['Unshipped', 'PartiallyShipped', 'Shipped'].includes(entry.order.OrderStatus)) {
    return errorReply(
      400,
      spErrors.invalidInput(`Order ${orderId} is ${entry.order.OrderStatus} and cannot be confirmed.`),
    );
  }
  if (!Array.isArray(detail.orderItems) || detail.orderItems.length === 0) {
    return errorReply(400, spErrors.invalidInput('orderItems is required.'));
  }
  for (const line of detail.orderItems) {
    const item = entry.items.find((candidate) => candidate.OrderItemId === line.orderItemId);
    if (!item || !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > item.QuantityOrdered) {
      return errorReply(400, spErrors.invalidInput(`Invalid orderItemId or quantity: ${line.orderItemId}`));
    }
  }

  confirmations.push({ orderId, body });
  for (const line of detail.orderItems) {
    const item = entry.items.find((candidate) => candidate.OrderItemId === line.orderItemId)!;
    item.QuantityShipped = Math.min(item.QuantityOrdered, (item.QuantityShipped ?? 0) + line.quantity);
  }
  const shipped = entry.items.reduce((sum, item) => sum + (item.QuantityShipped ?? 0), 0);
  const ordered = entry.items.reduce((sum, item) => sum + item.QuantityOrdered, 0);
  entry.order.NumberOfItemsShipped = shipped;
  entry.order.NumberOfItemsUnshipped = ordered - shipped;
  entry.order.OrderStatus = shipped >= ordered ? 'Shipped' : 'PartiallyShipped';
  entry.order.LastUpdateDate = new Date().toISOString();
  return { status: 204 };
}
