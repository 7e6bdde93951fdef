import { ChannelError } from '../../http/channel-http.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  OrderPage,
  PullWindow,
  StoreConnection,
  TrackingPush,
} from '../channel-types.ts';
import { createShopifyClient, type ShopifyClient } from './shopify-client.ts';
import { legacyIdOf, mapShopifyOrder, orderGid } from './shopify-mapping.ts';
import {
  FULFILLMENT_CANCEL_MUTATION,
  FULFILLMENT_CREATE_MUTATION,
  FULFILLMENT_ORDERS_QUERY,
  GET_ORDER_QUERY,
  LINES_PER_QUERY,
  LIST_ORDERS_QUERY,
  ORDER_FULFILLMENTS_QUERY,
  ORDER_LINES_QUERY,
  ORDERS_PER_QUERY,
  SHOP_QUERY,
  type ShopifyFulfillment,
  type ShopifyFulfillmentOrder,
  type ShopifyLineItem,
  type ShopifyOrder,
  type ShopifyPageInfo,
  type ShopifyUserError,
} from './shopify-queries.ts';

/**
 * Orders per page handed to the sync engine, gathered over several cost-limited queries (see queries.ts). A page is
 * one transaction: 500 rather than 250 spreads its fixed costs (the commit, the statement triggers) over twice the
 * orders (the pull benchmark, run back to back: 6,577 against 6,190 orders/s).
 */
export const ORDERS_PER_PAGE = 500;

/** Fulfillment orders that can still take a fulfillment. */
const FULFILLABLE = new Set(['OPEN', 'IN_PROGRESS']);
/** Fulfillments that no longer stand (cancelled) or never did (failed): nothing to take back. */
const NOT_STANDING = new Set(['CANCELLED', 'ERROR', 'FAILURE']);

/** Shopify's search syntax wants seconds; flooring keeps every order at or after the instant in the window. */
export function updatedSinceQuery(updatedSince: string | null): string | null {
  if (!updatedSince) return null;
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new ChannelError('invalid', `Not a date: "${updatedSince}"`);
  return `updated_at:>='${new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z')}'`;
}

async function withAllLines(client: ShopifyClient, order: ShopifyOrder, signal?: AbortSignal): Promise<ShopifyOrder> {
  if (!order.lineItems.pageInfo.hasNextPage) return order;
  const nodes = [...order.lineItems.nodes];
  let after = order.lineItems.pageInfo.endCursor;
  for (;;) {
    const data = await client.request<{
      order: { lineItems: { pageInfo: ShopifyPageInfo; nodes: ShopifyLineItem[] } } | null;
    }>(ORDER_LINES_QUERY, { id: order.id, first: LINES_PER_QUERY, after }, signal);
    if (!data.order) break;
    nodes.push(...data.order.lineItems.nodes);
    if (!data.order.lineItems.pageInfo.hasNextPage) break;
    after = data.order.lineItems.pageInfo.endCursor;
  }
  return { ...order, lineItems: { pageInfo: { hasNextPage: false, endCursor: null }, nodes } };
}

interface Allocation {
  fulfillmentOrderId: string;
  fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }>;
}

/** Which fulfillment order lines ship: all open ones, or the asked lines spread over their open remainders. */
function allocate(fulfillmentOrders: ShopifyFulfillmentOrder[], push: TrackingPush): Allocation[] {
  const open = fulfillmentOrders.filter((fo) => FULFILLABLE.has(fo.status));
  if (open.length === 0) {
    throw new ChannelError(
      'invalid',
      `Shopify order ${push.externalOrderId} has nothing left to fulfill (fulfilled, on hold or cancelled)`,
    );
  }
  if (!push.lines) return open.map((fo) => ({ fulfillmentOrderId: fo.id }));

  const byFulfillmentOrder = new Map<string, Array<{ id: string; quantity: number }>>();
  for (const wanted of push.lines) {
    let left = wanted.quantity;
    for (const fo of open) {
      for (const item of fo.lineItems.nodes) {
        if (left <= 0) break;
        if (legacyIdOf(item.lineItem.id) !== wanted.externalLineId || item.remainingQuantity <= 0) continue;
        const quantity = Math.min(left, item.remainingQuantity);
        const list = byFulfillmentOrder.get(fo.id) ?? [];
        list.push({ id: item.id, quantity });
        byFulfillmentOrder.set(fo.id, list);
        left -= quantity;
      }
    }
    if (left > 0) {
      throw new ChannelError(
        'invalid',
        `Shopify order ${push.externalOrderId}: line ${wanted.externalLineId} has fewer than ${wanted.quantity} left to fulfill`,
      );
    }
  }
  return [...byFulfillmentOrder].map(([fulfillmentOrderId, items]) => ({
    fulfillmentOrderId,
    fulfillmentOrderLineItems: items,
  }));
}

export function createShopifyAdapter(connection: StoreConnection, options: AdapterOptions = {}): ChannelAdapter {
  const client = createShopifyClient(connection, options);

  return {
    sourceType: 'Shopify',

    async testConnection(signal) {
      const data = await client.request<{
        shop: { name: string };
        currentAppInstallation: { accessScopes: Array<{ handle: string }> } | null;
      }>(SHOP_QUERY, {}, signal);
      const scopes = new Set(data.currentAppInstallation?.accessScopes.map((s) => s.handle) ?? []);
      // write_orders implies read_orders.
      if (data.currentAppInstallation && !scopes.has('read_orders') && !scopes.has('write_orders')) {
        const granted = [...scopes].join(', ') || 'none';
        throw new ChannelError(
          'forbidden',
          'The Shopify access token may not read orders: give the app the read_orders scope',
          null,
          `Granted scopes: ${granted}`,
        );
      }
      return { accountName: data.shop.name };
    },

    async listOrders(window: PullWindow, signal?: AbortSignal): Promise<OrderPage> {
      const query = updatedSinceQuery(window.updatedSince);
      const orders: ChannelOrder[] = [];
      let after = window.pageToken;
      for (;;) {
        const data = await client.request<{ orders: { pageInfo: ShopifyPageInfo; nodes: ShopifyOrder[] } }>(
          LIST_ORDERS_QUERY,
          { first: ORDERS_PER_QUERY, after, query },
          signal,
        );
        for (const node of data.orders.nodes) orders.push(mapShopifyOrder(await withAllLines(client, node, signal)));
        const { hasNextPage, endCursor } = data.orders.pageInfo;
        if (!hasNextPage || !endCursor) return { orders, nextPageToken: null };
        after = endCursor;
        if (orders.length + ORDERS_PER_QUERY > ORDERS_PER_PAGE) return { orders, nextPageToken: after };
      }
    },

    async getOrder(externalId, signal) {
      const id = orderGid(externalId);
      if (!id) throw new ChannelError('invalid', `Not a Shopify order id: "${externalId}"`);
      const data = await client.request<{ order: ShopifyOrder | null }>(GET_ORDER_QUERY, { id }, signal);
      return data.order ? mapShopifyOrder(await withAllLines(client, data.order, signal)) : null;
    },

    async pushTracking(push, signal) {
      const id = orderGid(push.externalOrderId);
      if (!id) throw new ChannelError('invalid', `Not a Shopify order id: "${push.externalOrderId}"`);
      const data = await client.request<{
        order: { id: string; fulfillmentOrders: { nodes: ShopifyFulfillmentOrder[] } } | null;
      }>(FULFILLMENT_ORDERS_QUERY, { id }, signal);
      if (!data.order) throw new ChannelError('not_found', `Shopify has no order ${push.externalOrderId}`);

      // One fulfillment per fulfillment order: a single fulfillmentCreate may not span locations.
      for (const allocation of allocate(data.order.fulfillmentOrders.nodes, push)) {
        const result = await client.request<{
          fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: ShopifyUserError[] };
        }>(
          FULFILLMENT_CREATE_MUTATION,
          {
            fulfillment: {
              lineItemsByFulfillmentOrder: [allocation],
              trackingInfo: { company: push.carrier, number: push.trackingNumber, url: push.trackingUrl ?? undefined },
              // Shopify's shipping confirmation mail goes out only when the store asks for it.
              notifyCustomer: connection.settings.notifyCustomer === 'true',
            },
          },
          signal,
        );
        const { userErrors } = result.fulfillmentCreate;
        if (userErrors.length > 0) {
          const message = userErrors.map((e) => e.message).join('; ');
          throw new ChannelError('invalid', `Shopify refused the fulfillment: ${message}`, null, message);
        }
      }
    },

    async cancelTracking(cancel, signal) {
      const id = orderGid(cancel.externalOrderId);
      if (!id) throw new ChannelError('invalid', `Not a Shopify order id: "${cancel.externalOrderId}"`);
      const carrying = async (): Promise<ShopifyFulfillment[]> => {
        const data = await client.request<{ order: { id: string; fulfillments: ShopifyFulfillment[] } | null }>(
          ORDER_FULFILLMENTS_QUERY,
          { id },
          signal,
        );
        return (data.order?.fulfillments ?? []).filter((f) =>
          f.trackingInfo.some((info) => info.number === cancel.trackingNumber),
        );
      };
      const matching = await carrying();
      if (matching.length === 0) return 'not_found';

      // A push to an order spread over locations made one fulfillment per location, each carrying the number.
      for (const fulfillment of matching) {
        if (NOT_STANDING.has(fulfillment.status)) continue;
        const result = await client.request<{
          fulfillmentCancel: { fulfillment: { id: string; status: string } | null; userErrors: ShopifyUserError[] };
        }>(FULFILLMENT_CANCEL_MUTATION, { id: fulfillment.id }, signal);
        const { userErrors } = result.fulfillmentCancel;
        if (userErrors.length === 0) continue;
        // A repeated cancel may be refused because the first one went through: cancelled is what was asked for.
        const now = (await carrying()).find((f) => f.id === fulfillment.id);
        if (now?.status === 'CANCELLED') continue;
        const message = userErrors.map((e) => e.message).join('; ');
        throw new ChannelError('invalid', `Shopify refused to cancel the fulfillment: ${message}`, null, message);
      }
      return 'canceled';
    },
  };
}
