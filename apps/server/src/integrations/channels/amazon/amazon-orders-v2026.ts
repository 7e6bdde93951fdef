import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import type { ChannelOrder, OrderPage } from '../channel-types.ts';
import type { AmazonClient } from './amazon-client.ts';
import { mapAmazonOrderV2026 } from './amazon-mapping-v2026.ts';
import {
  AMAZON_ORDER_DATASETS,
  AMAZON_ORDERS_V2026_PATH,
  type AmazonGetOrderResponseV2026,
  type AmazonOrderV2026,
  type AmazonSearchOrdersResponse,
} from './amazon-wire-v2026.ts';

/**
 * Reading orders through Orders v2026-01-01: searchOrders pages carry every order with its items, buyer, recipient,
 * proceeds and fulfillment in one call (v0 needed a getOrderItems call per order and an RDT), and getOrder reads one.
 * Page tokens are marked with the version, so a token from the other version restarts the window instead of failing.
 */

export const V2026_TOKEN_PREFIX = 'v2026:';
const PAGE_SIZE = 100;

export function createAmazonOrdersV2026(api: () => AmazonClient, marketplaceId: string) {
  const orderPath = (orderId: string) => `${AMAZON_ORDERS_V2026_PATH}/${encodeURIComponent(orderId)}`;

  async function fetchOrder(
    orderId: string,
    datasets: readonly string[],
    signal?: AbortSignal,
  ): Promise<AmazonOrderV2026 | null> {
    const answer = await orNullWhenNotFound(
      api().json<AmazonGetOrderResponseV2026>(
        {
          operation: 'getOrder2026',
          path: orderPath(orderId),
          query: { includedData: datasets.join(',') },
        },
        signal,
      ),
    );
    return answer?.body?.order ?? null;
  }

  return {
    /** One searchOrders page: `lastUpdatedAfter` starts a window, a v2026 page token goes on with one. */
    async listOrders(
      window: { pageToken: string | null },
      lastUpdatedAfter: () => string,
      signal?: AbortSignal,
    ): Promise<OrderPage> {
      const token = window.pageToken?.startsWith(V2026_TOKEN_PREFIX)
        ? window.pageToken.slice(V2026_TOKEN_PREFIX.length)
        : null;
      const query: Record<string, string> = token
        ? { paginationToken: token, includedData: AMAZON_ORDER_DATASETS.join(',') }
        : {
            marketplaceIds: marketplaceId,
            lastUpdatedAfter: lastUpdatedAfter(),
            maxResultsPerPage: String(PAGE_SIZE),
            includedData: AMAZON_ORDER_DATASETS.join(','),
          };
      const { body } = await api().json<AmazonSearchOrdersResponse>(
        { operation: 'searchOrders', path: AMAZON_ORDERS_V2026_PATH, query },
        signal,
      );
      const orders: ChannelOrder[] = (body?.orders ?? []).map(mapAmazonOrderV2026);
      const next = body?.pagination?.nextToken;
      return { orders, nextPageToken: next ? `${V2026_TOKEN_PREFIX}${next}` : null };
    },

    async getOrder(orderId: string, signal?: AbortSignal): Promise<ChannelOrder | null> {
      const order = await fetchOrder(orderId, AMAZON_ORDER_DATASETS, signal);
      return order ? mapAmazonOrderV2026(order) : null;
    },

    /** The order's items with what is ordered and shipped, for a shipment confirmation; [] for an unknown order. */
    async itemQuantities(
      orderId: string,
      signal?: AbortSignal,
    ): Promise<Array<{ orderItemId: string; ordered: number; shipped: number }>> {
      const order = await fetchOrder(orderId, ['FULFILLMENT'], signal);
      return (order?.orderItems ?? []).map((item) => ({
        orderItemId: item.orderItemId,
        ordered: item.quantityOrdered,
        shipped: item.fulfillment?.quantityFulfilled ?? 0,
      }));
    },
  };
}
