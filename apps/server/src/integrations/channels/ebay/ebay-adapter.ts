import { ChannelError } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import { refreshTokenConfig } from '../refresh-token-connection.ts';
import type { AdapterOptions, ChannelAdapter, OrderPage, StoreConnection, TrackingPush } from '../channel-types.ts';
import { createEbayClient, type EbayClient } from './ebay-client.ts';
import { mapEbayOrder } from './ebay-mapping.ts';
import { decodeEbayPosition, encodeEbayPosition, type EbayPosition } from './ebay-page-position.ts';
import {
  EBAY_FULFILLMENT_PATH,
  type EbayOrder,
  type EbayOrderPage,
  type EbayShippingFulfillmentRequest,
} from './ebay-wire.ts';

/** eBay's largest page for getOrders. */
const EBAY_PAGE_SIZE = 200;
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

function ebayCarrierCode(carrier: string): string {
  return CARRIER_CODES[carrier.trim().toLowerCase()] ?? carrier.trim();
}

/**
 * How far behind the clock a window's end stays. An order changed just before the window started may not be
 * searchable yet, and our clock may run ahead of eBay's: either would let an order join the range the window pages
 * through. Changes newer than this are read by the next window.
 */
export const WINDOW_END_LAG_MS = 2 * 60_000;

interface EbayAdapterOptions extends AdapterOptions {
  /** The clock that fixes a window's range (tests). */
  now?: () => number;
}

/** The lastmodifieddate filter with its brackets percent-encoded, as getOrders requires. */
function ebayOrdersPath(since: string, until: string, offset: number): string {
  return (
    `${EBAY_FULFILLMENT_PATH}/order?filter=lastmodifieddate:%5B${since}..${until}%5D` +
    `&limit=${EBAY_PAGE_SIZE}&offset=${offset}`
  );
}

/**
 * A new window's fixed range: from the window start (or as far back as getOrders reads) to a little before now.
 * Null when the start is past that end: nothing has settled since, and the next pull tries again.
 */
function windowRange(updatedSince: string | null, now: number): EbayPosition | null {
  const since = updatedSince ? Date.parse(updatedSince) : now - OLDEST_READABLE_MS;
  if (Number.isNaN(since)) throw new ChannelError('invalid', `Not a date: "${updatedSince}"`);
  const until = now - WINDOW_END_LAG_MS;
  if (since > until) return null;
  return { since: new Date(since).toISOString(), until: new Date(until).toISOString(), next: 0, total: null };
}

/**
 * eBay through the Sell Fulfillment API: orders by lastmodifieddate, tracking as a shipping fulfillment. No
 * cancelTracking: a shipping fulfillment can be created and read but the API has no call to delete or void one.
 */
export function createEbayAdapter(connection: StoreConnection, options: EbayAdapterOptions = {}): ChannelAdapter {
  const now = options.now ?? Date.now;
  let client: EbayClient | null = null;
  // Built on first use so a connection missing a credential fails the call that needs it, not the construction.
  const api = () =>
    (client ??= createEbayClient(
      refreshTokenConfig('eBay', { clientId: 'App ID', clientSecret: 'Cert ID' }, connection, options),
    ));
  const orderPath = (orderId: string) => `${EBAY_FULFILLMENT_PATH}/order/${encodeURIComponent(orderId)}`;

  async function fetchOrder(orderId: string, signal?: AbortSignal): Promise<EbayOrder | null> {
    const answer = await orNullWhenNotFound(api().json<EbayOrder>({ path: orderPath(orderId) }, signal));
    return answer?.body ?? null;
  }

  /**
   * The page at the window's position. eBay pages by offset and cannot sort by modification time, so the window reads
   * a fixed range of modification times instead, and keeps its offsets true as orders change meanwhile:
   * - No order joins the range: a change moves an order's lastModifiedDate to now, past the range's end.
   * - An order may leave it (changed during the pull). Its new version is newer than anything the window returns, so
   *   the next window, which starts at the newest change seen, reads it.
   * - An order leaving from before our offset shifts every later one back a place, onto places already read. `total`
   *   counts the range on every page, so a drop of n means at most n orders moved back: the page is asked for again
   *   n places earlier (repeats are harmless; the upsert ignores copies that are not newer).
   * This relies only on eBay listing the same orders in the same order, whatever that order is.
   */
  async function readFrom(position: EbayPosition, signal?: AbortSignal) {
    let offset = position.next;
    for (;;) {
      const path = ebayOrdersPath(position.since, position.until, offset);
      const { body } = await api().json<EbayOrderPage>({ path }, signal);
      const shrunk =
        position.total === null || typeof body?.total !== 'number' ? 0 : Math.max(0, position.total - body.total);
      const from = Math.max(0, position.next - shrunk);
      if (offset <= from) return { body, offset };
      offset = from;
    }
  }

  return {
    sourceType: 'Ebay',

    async testConnection(signal) {
      const { body } = await api().json<EbayOrderPage>({ path: `${EBAY_FULFILLMENT_PATH}/order?limit=1` }, signal);
      return { accountName: body?.orders?.[0]?.sellerId || 'eBay seller' };
    },

    async listOrders(window, signal): Promise<OrderPage> {
      const position =
        (window.pageToken === null ? null : decodeEbayPosition(window.pageToken)) ??
        windowRange(window.updatedSince, now());
      if (!position) return { orders: [], nextPageToken: null };
      const { body, offset } = await readFrom(position, signal);
      const found = body?.orders ?? [];
      const total = typeof body?.total === 'number' ? body.total : null;
      const next = offset + found.length;
      const done = found.length === 0 || (total === null ? found.length < EBAY_PAGE_SIZE : next >= total);
      return {
        orders: found.map(mapEbayOrder),
        nextPageToken: done ? null : encodeEbayPosition({ ...position, next, total }),
      };
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
