import { ChannelError } from '../../http/channel-http.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  ConnectionInfo,
  OrderPage,
  PullWindow,
  StoreConnection,
  TrackingPush,
} from '../types.ts';
import { createBigcommerceClient, type BigcommerceClient } from './client.ts';
import { mapBigcommerceOrder, parseWeightUnit } from './mapping.ts';
import type {
  BcOrder,
  BcOrderProduct,
  BcShipment,
  BcShipmentCreate,
  BcShippingAddress,
  BcStore,
} from './wire-types.ts';

/** BigCommerce's largest page (integrations.md section 2). */
export const ORDERS_PAGE_LIMIT = 250;
/** Sub-resource fetches in flight at once while expanding a page of orders. */
const EXPANSION_CONCURRENCY = 8;

/** Carriers BigCommerce knows as a `shipping_provider`; other carriers go as a custom tracking link. */
const SHIPPING_PROVIDERS: Record<string, string> = {
  ups: 'ups',
  usps: 'usps',
  fedex: 'fedex',
  'canada post': 'canadapost',
  canadapost: 'canadapost',
  'australia post': 'auspost',
  auspost: 'auspost',
  'royal mail': 'royalmail',
  royalmail: 'royalmail',
};

export function shipmentCarrierFields(
  carrier: string,
  trackingUrl: string | null,
): Pick<BcShipmentCreate, 'shipping_provider' | 'tracking_carrier' | 'tracking_link'> {
  const provider = SHIPPING_PROVIDERS[carrier.trim().toLowerCase()];
  if (provider) return { shipping_provider: provider };
  return { tracking_carrier: '', ...(trackingUrl ? { tracking_link: trackingUrl } : {}) };
}

/** BigCommerce accepts ISO 8601 here; whole seconds, since its modification times have no fraction. */
function minDateModified(updatedSince: string): string {
  const time = Date.parse(updatedSince);
  if (Number.isNaN(time)) throw new ChannelError('invalid', `Not a date: "${updatedSince}"`);
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function pageNumber(token: string | null): number {
  if (token === null) return 1;
  const page = Number(token);
  if (!Number.isInteger(page) || page < 1)
    throw new ChannelError('invalid', `Not a BigCommerce page token: "${token}"`);
  return page;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createBigcommerceAdapter(connection: StoreConnection, options: AdapterOptions = {}): ChannelAdapter {
  const weightUnit = parseWeightUnit(connection.settings.weightUnit);
  let client: BigcommerceClient | null = null;

  // Built on first use so a store saved without a hash or token fails its calls with a clear error, not its creation.
  function api(): BigcommerceClient {
    client ??= createBigcommerceClient(
      {
        storeHash: connection.settings.storeHash ?? '',
        accessToken: connection.credentials.accessToken ?? '',
        apiBaseUrl: connection.settings.apiBaseUrl,
      },
      options.http,
    );
    return client;
  }

  async function expand(order: BcOrder, signal?: AbortSignal): Promise<ChannelOrder> {
    const [products, addresses] = await Promise.all([
      api().getAll<BcOrderProduct>(`/orders/${order.id}/products`, signal),
      api().getAll<BcShippingAddress>(`/orders/${order.id}/shipping_addresses`, signal),
    ]);
    return mapBigcommerceOrder(order, products, addresses, { weightUnit });
  }

  async function testConnection(signal?: AbortSignal): Promise<ConnectionInfo> {
    let accountName: string;
    try {
      const store = await api().get<BcStore>('/store', undefined, signal);
      accountName = store?.name || `BigCommerce store ${api().storeHash}`;
    } catch (error) {
      // The store profile needs the Information scope, which an orders-only API account lacks; orders decide.
      if (!(error instanceof ChannelError) || error.kind !== 'forbidden') throw error;
      accountName = `BigCommerce store ${api().storeHash}`;
    }
    await api().get<BcOrder[]>('/orders', { limit: 1 }, signal);
    return { accountName };
  }

  async function listOrders(window: PullWindow, signal?: AbortSignal): Promise<OrderPage> {
    const page = pageNumber(window.pageToken);
    const query: Record<string, string | number> = {
      sort: 'date_modified:asc',
      limit: ORDERS_PAGE_LIMIT,
      page,
    };
    if (window.updatedSince) query.min_date_modified = minDateModified(window.updatedSince);
    const orders = (await api().get<BcOrder[]>('/orders', query, signal)) ?? [];
    const mapped = await mapLimit(orders, EXPANSION_CONCURRENCY, (order) => expand(order, signal));
    return { orders: mapped, nextPageToken: orders.length >= ORDERS_PAGE_LIMIT ? String(page + 1) : null };
  }

  async function getOrder(externalId: string, signal?: AbortSignal): Promise<ChannelOrder | null> {
    if (!/^\d+$/.test(externalId)) return null;
    let order: BcOrder | null;
    try {
      order = await api().get<BcOrder>(`/orders/${externalId}`, undefined, signal);
    } catch (error) {
      if (error instanceof ChannelError && error.kind === 'not_found') return null;
      throw error;
    }
    return order ? expand(order, signal) : null;
  }

  async function pushTracking(push: TrackingPush, signal?: AbortSignal): Promise<void> {
    const orderId = push.externalOrderId;
    if (!/^\d+$/.test(orderId)) throw new ChannelError('invalid', `Not a BigCommerce order id: "${orderId}"`);
    const existing = await api().getAll<BcShipment>(`/orders/${orderId}/shipments`, signal);
    // A push retried after a lost answer must not ship the items twice.
    if (existing.some((shipment) => shipment.tracking_number === push.trackingNumber)) return;

    const addresses = await api().getAll<BcShippingAddress>(`/orders/${orderId}/shipping_addresses`, signal);
    const address = addresses[0];
    if (!address) {
      throw new ChannelError('invalid', `BigCommerce order ${orderId} has no shipping address to ship to`);
    }

    let items: BcShipmentCreate['items'];
    if (push.lines) {
      items = push.lines
        .filter((line) => line.quantity > 0)
        .map((line) => ({ order_product_id: Number(line.externalLineId), quantity: line.quantity }));
    } else {
      const products = await api().getAll<BcOrderProduct>(`/orders/${orderId}/products`, signal);
      items = products
        .filter((product) => product.type !== 'digital' && product.type !== 'giftcertificate')
        .map((product) => ({
          order_product_id: product.id,
          quantity: product.quantity - (product.quantity_shipped ?? 0) - (product.quantity_refunded ?? 0),
        }))
        .filter((item) => item.quantity > 0);
    }
    if (items.length === 0) {
      throw new ChannelError('invalid', `BigCommerce order ${orderId} has nothing left to ship`);
    }

    const shipment: BcShipmentCreate = {
      order_address_id: address.id,
      items,
      tracking_number: push.trackingNumber,
      ...shipmentCarrierFields(push.carrier, push.trackingUrl),
      ...(push.serviceName ? { shipping_method: push.serviceName } : {}),
    };
    await api().post<BcShipment>(`/orders/${orderId}/shipments`, shipment, signal);
  }

  return { sourceType: 'Bigcommerce', testConnection, listOrders, getOrder, pushTracking };
}
