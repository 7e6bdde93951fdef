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
 * Amazon through the Selling Partner API: orders by LastUpdatedAfter, tracking through confirmShipment. No
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
      const order = await fetchOrder(externalId, signal);
      return order ? withItems(order, signal) : null;
    },

    async pushTracking(push: TrackingPush, signal) {
      let items = push.lines?.map((line) => ({ orderItemId: line.externalLineId, quantity: line.quantity }));
      if (!items || items.length === 0) {
        const all = await orderItems(push.externalOrderId, signal);
        const open = all
          .map((item) => ({
            orderItemId: item.OrderItemId,
            quantity: item.QuantityOrdered - (item.QuantityShipped ?? 0),
          }))
          .filter((item) => item.quantity > 0);
        // A fully shipped order still takes the tracking number (a corrected or extra package).
        items =
          open.length > 0
            ? open
            : all.map((item) => ({ orderItemId: item.OrderItemId, quantity: item.QuantityOrdered }));
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
