import { ChannelError } from '../../http/channel-http.ts';
import type { AdapterOptions, ChannelAdapter, OrderPage, StoreConnection, TrackingPush } from '../types.ts';
import { createEbayClient, type EbayClient } from './client.ts';
import { mapEbayOrder } from './mapping.ts';
import {
  EBAY_FULFILLMENT_PATH,
  type EbayOrder,
  type EbayOrderPage,
  type EbayShippingFulfillmentRequest,
} from './wire.ts';

/** eBay's largest page for getOrders. */
export const EBAY_PAGE_SIZE = 200;
/** getOrders reads at most two years back; a day's margin keeps the filter inside what eBay accepts. */
const OLDEST_READABLE_MS = 729 * 24 * 60 * 60 * 1000;

/** eBay's carrier codes (GeteBayDetails ShippingCarrierDetails) for the names our carriers go by. */
const CARRIER_CODES: Record<string, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  'dhl express': 'DHL',
  ontrac: 'OnTrac',
};

export function ebayCarrierCode(carrier: string): string {
  return CARRIER_CODES[carrier.trim().toLowerCase()] ?? carrier.trim();
}

/** The lastmodifieddate filter with its brackets percent-encoded, as getOrders requires. */
export function ebayOrdersPath(updatedSince: string | null, offset: number, now = Date.now()): string {
  const since = updatedSince ? new Date(updatedSince) : new Date(now - OLDEST_READABLE_MS);
  if (Number.isNaN(since.getTime())) throw new ChannelError('invalid', `Not a date: "${updatedSince}"`);
  return (
    `${EBAY_FULFILLMENT_PATH}/order?filter=lastmodifieddate:%5B${since.toISOString()}..%5D` +
    `&limit=${EBAY_PAGE_SIZE}&offset=${offset}`
  );
}

function parseOffset(pageToken: string | null): number {
  if (pageToken === null) return 0;
  if (!/^\d+$/.test(pageToken)) throw new ChannelError('invalid', `Not an eBay page offset: "${pageToken}"`);
  return Number(pageToken);
}

function openClient(connection: StoreConnection, options: AdapterOptions): EbayClient {
  const { settings, credentials } = connection;
  const clientId = settings.clientId ?? credentials.clientId ?? '';
  const clientSecret = credentials.clientSecret ?? '';
  const refreshToken = credentials.refreshToken ?? '';
  const missing = [
    ['App ID', clientId],
    ['Cert ID', clientSecret],
    ['refresh token', refreshToken],
  ].filter(([, value]) => !value);
  if (missing.length > 0) {
    const names = missing.map(([name]) => name).join(', ');
    throw new ChannelError('auth', `The eBay connection is missing: ${names}`);
  }
  return createEbayClient({
    clientId,
    clientSecret,
    refreshToken,
    apiBaseUrl: settings.apiBaseUrl,
    authBaseUrl: settings.authBaseUrl,
    accessToken: credentials.accessToken,
    accessTokenExpiresAt: credentials.accessTokenExpiresAt,
    saveCredentials: connection.saveCredentials,
    http: options.http,
  });
}

export function createEbayAdapter(connection: StoreConnection, options: AdapterOptions = {}): ChannelAdapter {
  let client: EbayClient | null = null;
  // Built on first use so a connection missing a credential fails the call that needs it, not the construction.
  const api = () => (client ??= openClient(connection, options));
  const orderPath = (orderId: string) => `${EBAY_FULFILLMENT_PATH}/order/${encodeURIComponent(orderId)}`;

  async function fetchOrder(orderId: string, signal?: AbortSignal): Promise<EbayOrder | null> {
    try {
      const { body } = await api().json<EbayOrder>({ path: orderPath(orderId) }, signal);
      return body;
    } catch (error) {
      if (error instanceof ChannelError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  return {
    sourceType: 'Ebay',

    async testConnection(signal) {
      const { body } = await api().json<EbayOrderPage>({ path: `${EBAY_FULFILLMENT_PATH}/order?limit=1` }, signal);
      return { accountName: body?.orders?.[0]?.sellerId || 'eBay seller' };
    },

    async listOrders(window, signal): Promise<OrderPage> {
      const offset = parseOffset(window.pageToken);
      const { body } = await api().json<EbayOrderPage>({ path: ebayOrdersPath(window.updatedSince, offset) }, signal);
      const found = body?.orders ?? [];
      const limit = typeof body?.limit === 'number' && body.limit > 0 ? body.limit : EBAY_PAGE_SIZE;
      const next = offset + limit;
      const more = found.length > 0 && typeof body?.total === 'number' && next < body.total;
      return { orders: found.map(mapEbayOrder), nextPageToken: more ? String(next) : null };
    },

    async getOrder(externalId, signal) {
      const order = await fetchOrder(externalId, signal);
      return order ? mapEbayOrder(order) : null;
    },

    async pushTracking(push: TrackingPush, signal) {
      let lineItems = push.lines?.map((line) => ({ lineItemId: line.externalLineId, quantity: line.quantity }));
      if (!lineItems || lineItems.length === 0) {
        const order = await fetchOrder(push.externalOrderId, signal);
        if (!order) {
          throw new ChannelError('not_found', `eBay does not know order ${push.externalOrderId}`, 404, null);
        }
        const open = order.lineItems.filter((line) => line.lineItemFulfillmentStatus !== 'FULFILLED');
        // An order already fulfilled still takes the tracking number (a corrected or extra package).
        lineItems = (open.length > 0 ? open : order.lineItems).map((line) => ({
          lineItemId: line.lineItemId,
          quantity: line.quantity,
        }));
      }
      const body: EbayShippingFulfillmentRequest = {
        lineItems,
        shippedDate: new Date(push.shippedAt).toISOString(),
        shippingCarrierCode: ebayCarrierCode(push.carrier),
        // eBay takes tracking numbers as letters and digits only; labels often print them spaced in groups.
        trackingNumber: push.trackingNumber.replace(/\s+/g, ''),
      };
      await api().send(
        { method: 'POST', path: `${orderPath(push.externalOrderId)}/shipping_fulfillment`, json: body },
        signal,
      );
    },
  };
}
