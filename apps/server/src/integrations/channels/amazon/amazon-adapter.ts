import { ChannelError } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import { refreshTokenConfig } from '../refresh-token-connection.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  OrderPage,
  StoreConnection,
  TrackingPush,
} from '../channel-types.ts';
import { createAmazonClient, type AmazonClient, type AmazonPacingOptions } from './amazon-client.ts';
import { mapAmazonOrder } from './amazon-mapping.ts';
import { createAmazonOrdersV2026, V2026_TOKEN_PREFIX } from './amazon-orders-v2026.ts';
import {
  AMAZON_ORDERS_PATH,
  AMAZON_PARTICIPATIONS_PATH,
  AMAZON_US_MARKETPLACE,
  type AmazonGetOrderResponse,
  type AmazonGetOrdersResponse,
  type AmazonMarketplaceParticipation,
  type AmazonOrder,
  type AmazonOrderItem,
  type AmazonOrderItemsResponse,
  type AmazonShipmentConfirmation,
} from './amazon-wire.ts';

export interface AmazonAdapterOptions extends AdapterOptions {
  /** Pacing by x-amzn-RateLimit-Limit (default on). */
  pacing?: boolean | AmazonPacingOptions;
  /** The clock that decides whether v0 reads are still allowed (tests). */
  now?: () => number;
}

/** Amazon stops the Orders v0 reads on this day; a store's `ordersApiVersion: v0` setting is ignored from then on. */
export const AMAZON_V0_READS_END = Date.parse('2027-03-27T00:00:00Z');

/** Orders are read through v2026-01-01 unless the store asks for v0 and v0 still works. */
function amazonOrdersApi(
  settings: Readonly<Record<string, string | undefined>>,
  now = Date.now(),
): 'v0' | '2026-01-01' {
  return settings.ordersApiVersion === 'v0' && now < AMAZON_V0_READS_END ? 'v0' : '2026-01-01';
}

const AMAZON_PAGE_SIZE = 100;
/** How far back a first pull reads; Amazon keeps orders longer, but older ones are of no use to a shipping desk. */
const FIRST_PULL_MS = 2 * 365 * 24 * 60 * 60 * 1000;
/** Amazon refuses times within two minutes of now in its date filters. */
const NEWEST_FILTER_MS = 2 * 60 * 1000;
/** The PII an order listing needs, asked for with a Restricted Data Token. */
const ORDER_PII = ['buyerInfo', 'shippingAddress'];

const LWA_APP_NAMES = { clientId: 'LWA client id', clientSecret: 'LWA client secret' };

/** Amazon's carrier codes for the names our carriers go by; anything else is sent as "Other" with its name. */
const CARRIER_CODES: Record<string, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  'dhl express': 'DHL',
  ontrac: 'OnTrac',
  lasership: 'Lasership',
  'amazon shipping': 'Amazon Shipping',
};

function amazonCarrier(carrier: string): { carrierCode: string; carrierName?: string } {
  const code = CARRIER_CODES[carrier.trim().toLowerCase()];
  return code ? { carrierCode: code } : { carrierCode: 'Other', carrierName: carrier.trim() };
}

function lastUpdatedAfter(updatedSince: string | null, now = Date.now()): string {
  const since = updatedSince ? Date.parse(updatedSince) : now - FIRST_PULL_MS;
  if (Number.isNaN(since)) throw new ChannelError('invalid', `Not a date: "${updatedSince}"`);
  return new Date(Math.min(since, now - NEWEST_FILTER_MS)).toISOString();
}

/**
 * Amazon through the Selling Partner API: orders by lastUpdatedAfter through Orders v2026-01-01 (or v0, by the store's
 * setting, until AMAZON_V0_READS_END), tracking through v0 confirmShipment (not deprecated). No
 * cancelTracking: confirmShipment cannot be undone, and SP-API documents no call that withdraws a shipment
 * confirmation.
 */
export function createAmazonAdapter(connection: StoreConnection, options: AmazonAdapterOptions = {}): ChannelAdapter {
  const marketplaceId = connection.settings.marketplaceId || AMAZON_US_MARKETPLACE;
  let client: AmazonClient | null = null;
  // Built on first use so a connection missing a credential fails the call that needs it, not the construction.
  const api = () =>
    (client ??= createAmazonClient({
      ...refreshTokenConfig('Amazon', LWA_APP_NAMES, connection, options),
      pacing: options.pacing,
    }));
  const orderPath = (orderId: string) => `${AMAZON_ORDERS_PATH}/${encodeURIComponent(orderId)}`;
  const v2026 = createAmazonOrdersV2026(api, marketplaceId);
  const onV0 = () => amazonOrdersApi(connection.settings, options.now?.() ?? Date.now()) === 'v0';

  async function orderItems(orderId: string, signal?: AbortSignal): Promise<AmazonOrderItem[]> {
    const items: AmazonOrderItem[] = [];
    let nextToken: string | undefined;
    do {
      const { body } = await api().json<AmazonOrderItemsResponse>(
        {
          operation: 'getOrderItems',
          path: `${orderPath(orderId)}/orderItems`,
          query: nextToken ? { NextToken: nextToken } : undefined,
        },
        signal,
      );
      items.push(...(body?.payload?.OrderItems ?? []));
      nextToken = body?.payload?.NextToken || undefined;
    } while (nextToken);
    return items;
  }

  async function withItems(order: AmazonOrder, signal?: AbortSignal): Promise<ChannelOrder> {
    return mapAmazonOrder(order, await orderItems(order.AmazonOrderId, signal));
  }

  async function fetchOrder(orderId: string, signal?: AbortSignal): Promise<AmazonOrder | null> {
    const answer = await orNullWhenNotFound(
      api().json<AmazonGetOrderResponse>(
        {
          operation: 'getOrder',
          path: orderPath(orderId),
          restricted: { path: orderPath(orderId), dataElements: ORDER_PII },
        },
        signal,
      ),
    );
    return answer?.body?.payload ?? null;
  }

  return {
    sourceType: 'AmazonSP',

    async testConnection(signal) {
      const { body } = await api().json<{ payload?: AmazonMarketplaceParticipation[] }>(
        { operation: 'getMarketplaceParticipations', path: AMAZON_PARTICIPATIONS_PATH },
        signal,
      );
      const participations = body?.payload ?? [];
      const chosen =
        participations.find((entry) => entry.marketplace.id === marketplaceId) ?? participations[0] ?? null;
      if (!chosen) return { accountName: 'Amazon seller' };
      const parts = [chosen.marketplace.name, chosen.storeName].filter(Boolean);
      return { accountName: parts.join(' - ') };
    },

    async listOrders(window, signal): Promise<OrderPage> {
      if (!onV0()) return v2026.listOrders(window, () => lastUpdatedAfter(window.updatedSince), signal);
      // A page token of the other version (the store switched mid-run) starts the window again: ids stay the same.
      if (window.pageToken?.startsWith(V2026_TOKEN_PREFIX)) window = { ...window, pageToken: null };
      // A NextToken page still needs MarketplaceIds; the date filter and page size travel inside the token.
      const query: Record<string, string> = window.pageToken
        ? { MarketplaceIds: marketplaceId, NextToken: window.pageToken }
        : {
            MarketplaceIds: marketplaceId,
            LastUpdatedAfter: lastUpdatedAfter(window.updatedSince),
            MaxResultsPerPage: String(AMAZON_PAGE_SIZE),
          };
      const { body } = await api().json<AmazonGetOrdersResponse>(
        {
          operation: 'getOrders',
          path: AMAZON_ORDERS_PATH,
          query,
          restricted: { path: AMAZON_ORDERS_PATH, dataElements: ORDER_PII },
        },
        signal,
      );
      const found = body?.payload?.Orders ?? [];
      const orders: ChannelOrder[] = [];
      // One after another: getOrderItems has its own usage plan, and the pacer spaces the calls.
      for (const order of found) orders.push(await withItems(order, signal));
      return { orders, nextPageToken: body?.payload?.NextToken || null };
    },

    async getOrder(externalId, signal) {
      if (!onV0()) return v2026.getOrder(externalId, signal);
      const order = await fetchOrder(externalId, signal);
      return order ? withItems(order, signal) : null;
    },

    async pushTracking(push: TrackingPush, signal) {
      let items = push.lines?.map((line) => ({ orderItemId: line.externalLineId, quantity: line.quantity }));
      if (!items || items.length === 0) {
        const all = onV0()
          ? (await orderItems(push.externalOrderId, signal)).map((item) => ({
              orderItemId: item.OrderItemId,
              ordered: item.QuantityOrdered,
              shipped: item.QuantityShipped ?? 0,
            }))
          : await v2026.itemQuantities(push.externalOrderId, signal);
        const open = all
          .map((item) => ({ orderItemId: item.orderItemId, quantity: item.ordered - item.shipped }))
          .filter((item) => item.quantity > 0);
        // A fully shipped order still takes the tracking number (a corrected or extra package).
        items = open.length > 0 ? open : all.map((item) => ({ orderItemId: item.orderItemId, quantity: item.ordered }));
      }
      const body: AmazonShipmentConfirmation = {
        marketplaceId,
        packageDetail: {
          packageReferenceId: '1',
          ...amazonCarrier(push.carrier),
          ...(push.serviceName ? { shippingMethod: push.serviceName } : {}),
          trackingNumber: push.trackingNumber,
          shipDate: new Date(push.shippedAt).toISOString(),
          orderItems: items,
        },
      };
      await api().send(
        {
          operation: 'confirmShipment',
          method: 'POST',
          path: `${orderPath(push.externalOrderId)}/shipmentConfirmation`,
          json: body,
        },
        signal,
      );
    },
  };
}
