import { ChannelError } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  OrderPage,
  PullWindow,
  StoreConnection,
  TrackingPush,
} from '../channel-types.ts';
import type { WalmartOrder, WalmartOrderList, WalmartShipmentRequest, WalmartTrackingInfo } from './walmart-wire.ts';
import { createWalmartClient, type WalmartClient } from './walmart-client.ts';
import { lineQuantityOpen, mapWalmartOrder } from './walmart-mapping.ts';

const PAGE_SIZE = 200;
/** Walmart keeps orders readable for 180 days. */
const HISTORY_DAYS = 180;

/** Carrier names Walmart accepts in `carrierName.carrier`; any other goes as `otherCarrier`. */
const WALMART_CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL', 'OnTrac', 'LaserShip', 'Estes', 'SAIA', 'UDS', 'Pilot'];

function walmartCarrier(carrier: string): WalmartTrackingInfo['carrierName'] {
  const known = WALMART_CARRIERS.find((name) => name.toLowerCase() === carrier.trim().toLowerCase());
  return known ? { carrier: known } : { otherCarrier: carrier.trim() };
}

/** Walmart answers a search with no match by 404 CONTENT_NOT_FOUND rather than an empty list. */
function isNoOrders(error: unknown): boolean {
  return (
    error instanceof ChannelError &&
    error.kind === 'not_found' &&
    /CONTENT_NOT_FOUND|no orders? found/i.test(error.platformMessage ?? '')
  );
}

function isAlreadyAcknowledged(error: unknown): boolean {
  return error instanceof ChannelError && error.kind === 'invalid' && /acknowledged/i.test(error.platformMessage ?? '');
}

function walmartListPath(window: PullWindow, now = Date.now()): string {
  if (window.pageToken) return `/v3/orders${window.pageToken}`;
  const query = new URLSearchParams();
  if (window.updatedSince) {
    query.set('lastModifiedStartDate', new Date(window.updatedSince).toISOString());
  } else {
    // Without a start Walmart shows only the last 7 days of orders.
    query.set('createdStartDate', new Date(now - HISTORY_DAYS * 86_400_000).toISOString());
  }
  query.set('limit', String(PAGE_SIZE));
  query.set('productInfo', 'true');
  return `/v3/orders?${query}`;
}

function required(connection: StoreConnection, key: string): string {
  const value = connection.settings[key] || connection.credentials[key];
  if (!value) throw new ChannelError('invalid', `The Walmart store is missing its ${key}`);
  return value;
}

/**
 * Walmart Marketplace through the Orders API: orders by lastModifiedStartDate, tracking by acknowledging the purchase
 * order then shipping its lines. No cancelTracking: a line once Shipped cannot be set back, and Walmart's `/cancel`
 * cancels unshipped lines of the sale itself, not a shipment.
 */
export function createWalmartAdapter(connection: StoreConnection, options: AdapterOptions = {}): ChannelAdapter {
  const clientId = required(connection, 'clientId');
  const client: WalmartClient = createWalmartClient(
    {
      clientId,
      clientSecret: required(connection, 'clientSecret'),
      apiBaseUrl: connection.settings.apiBaseUrl,
    },
    options.http,
  );
  const orderPath = (id: string) => `/v3/orders/${encodeURIComponent(id)}`;

  async function fetchOrder(id: string, signal?: AbortSignal): Promise<WalmartOrder | null> {
    const body = await orNullWhenNotFound(client.call<{ order?: WalmartOrder }>({ path: orderPath(id) }, signal));
    return body?.order ?? null;
  }

  return {
    sourceType: 'Walmart',

    async testConnection(signal) {
      await client.accessToken(signal);
      try {
        await client.call({ path: '/v3/orders?limit=1' }, signal);
      } catch (error) {
        if (!isNoOrders(error)) throw error;
      }
      return { accountName: `Walmart seller ${clientId.slice(0, 8)}` };
    },

    async listOrders(window, signal): Promise<OrderPage> {
      let body: WalmartOrderList;
      try {
        body = await client.call<WalmartOrderList>({ path: walmartListPath(window) }, signal);
      } catch (error) {
        if (isNoOrders(error)) return { orders: [], nextPageToken: null };
        throw error;
      }
      const orders = body?.list?.elements?.order ?? [];
      const cursor = body?.list?.meta?.nextCursor;
      return {
        orders: orders.map(mapWalmartOrder),
        nextPageToken: cursor && orders.length > 0 ? cursor : null,
      };
    },

    async getOrder(externalId, signal): Promise<ChannelOrder | null> {
      const order = await fetchOrder(externalId, signal);
      return order ? mapWalmartOrder(order) : null;
    },

    async pushTracking(push: TrackingPush, signal) {
      const id = orderPath(push.externalOrderId);
      try {
        await client.call({ method: 'POST', path: `${id}/acknowledge` }, signal);
      } catch (error) {
        if (!isAlreadyAcknowledged(error)) throw error;
      }
      const order = await fetchOrder(push.externalOrderId, signal);
      if (!order) throw new ChannelError('not_found', `Walmart does not know order ${push.externalOrderId}`, 404);

      const lines = push.lines
        ? push.lines.map((line) => ({ lineNumber: line.externalLineId, quantity: line.quantity }))
        : order.orderLines.orderLine
            .map((line) => ({ lineNumber: line.lineNumber, quantity: lineQuantityOpen(line) }))
            .filter((line) => line.quantity > 0);
      if (lines.length === 0) {
        throw new ChannelError('invalid', `Walmart order ${push.externalOrderId} has no lines left to ship`);
      }

      const trackingInfo: WalmartTrackingInfo = {
        shipDateTime: Date.parse(push.shippedAt),
        carrierName: walmartCarrier(push.carrier),
        // Walmart wants its own service codes here (Standard, Express, ...), so the buyer's choice is repeated.
        methodCode: order.shippingInfo?.methodCode || 'Standard',
        trackingNumber: push.trackingNumber,
        ...(push.trackingUrl ? { trackingURL: push.trackingUrl } : {}),
      };
      const shipment: WalmartShipmentRequest = {
        orderShipment: {
          orderLines: {
            orderLine: lines.map((line) => ({
              lineNumber: line.lineNumber,
              orderLineStatuses: {
                orderLineStatus: [
                  {
                    status: 'Shipped',
                    statusQuantity: { unitOfMeasurement: 'EACH', amount: String(line.quantity) },
                    trackingInfo,
                  },
                ],
              },
            })),
          },
        },
      };
      await client.call({ method: 'POST', path: `${id}/shipping`, json: shipment }, signal);
    },
  };
}
