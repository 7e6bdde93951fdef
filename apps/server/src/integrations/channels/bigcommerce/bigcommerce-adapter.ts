import { ChannelError } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  ConnectionInfo,
  OrderPage,
  PullWindow,
  StoreConnection,
  TrackingPush,
} from '../channel-types.ts';
import { createBigcommerceClient, type BigcommerceClient } from './bigcommerce-client.ts';
import { mapBigcommerceOrder, parseLengthUnit, parseWeightUnit } from './bigcommerce-mapping.ts';
import { decodeBcPosition, encodeBcPosition, type BcPosition } from './bigcommerce-page-position.ts';
import type {
  BcOrder,
  BcOrderProduct,
  BcShipment,
  BcShipmentCreate,
  BcShippingAddress,
  BcStore,
} from './bigcommerce-wire.ts';

/** BigCommerce's largest page (integrations.md section 2). */
const ORDERS_PAGE_LIMIT = 250;
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

function shipmentCarrierFields(
  carrier: string,
  trackingUrl: string | null,
): Pick<BcShipmentCreate, 'shipping_provider' | 'tracking_carrier' | 'tracking_link'> {
  const provider = SHIPPING_PROVIDERS[carrier.trim().toLowerCase()];
  if (provider) return { shipping_provider: provider };
  return { tracking_carrier: '', ...(trackingUrl ? { tracking_link: trackingUrl } : {}) };
}

/**
 * How old a second must be before a walk through it by id may move past it. While the second is current BigCommerce
 * can stamp more orders with it, and one whose id the walk has already passed would be skipped.
 */
export const SETTLED_AFTER_MS = 60_000;

interface BigcommerceAdapterOptions extends AdapterOptions {
  /** The clock that decides whether a second is settled (tests). */
  now?: () => number;
}

/** A window's start or a position, as the whole second BigCommerce compares (its modification times have none). */
function toSecond(iso: string): number {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new ChannelError('invalid', `Not a date: "${iso}"`);
  return Math.floor(time / 1000) * 1000;
}

/** BigCommerce accepts ISO 8601 in its date filters. */
const bcTime = (second: number) => new Date(second).toISOString().replace('.000Z', 'Z');

function modifiedSecond(order: BcOrder): number {
  const time = Date.parse(order.date_modified);
  if (Number.isNaN(time)) {
    throw new ChannelError('malformed', `BigCommerce order ${order.id} has an unreadable date_modified`);
  }
  return Math.floor(time / 1000) * 1000;
}

/** The orders of one listOrders call and where the next call starts (null: the window is done). */
interface Slice {
  rows: BcOrder[];
  next: BcPosition | null;
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

export function createBigcommerceAdapter(
  connection: StoreConnection,
  options: BigcommerceAdapterOptions = {},
): ChannelAdapter {
  const now = options.now ?? Date.now;
  const weightUnit = parseWeightUnit(connection.settings.weightUnit);
  const lengthUnit = parseLengthUnit(connection.settings.lengthUnit);
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
    return mapBigcommerceOrder(order, products, addresses, { weightUnit, lengthUnit });
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

  /** Orders modified at or after `since`, oldest change first. */
  async function changedSince(since: number | null, signal?: AbortSignal): Promise<Slice> {
    const query: Record<string, string | number> = { sort: 'date_modified:asc', limit: ORDERS_PAGE_LIMIT };
    if (since !== null) query.min_date_modified = bcTime(since);
    const rows = (await api().get<BcOrder[]>('/orders', query, signal)) ?? [];
    if (rows.length < ORDERS_PAGE_LIMIT) return { rows, next: null };
    // The page's last second may go on past the page, so its orders are left for the next call to read from its
    // start: the next page then begins where this one stopped, whatever changes meanwhile.
    const last = modifiedSecond(rows.at(-1)!);
    const earlier = rows.filter((row) => modifiedSecond(row) < last);
    if (earlier.length > 0) return { rows: earlier, next: { since: bcTime(last) } };
    // A whole page changed in one second (a bulk update): walk that second by order id.
    return sameSecond(last, 0, signal);
  }

  /** The orders modified in `second` with an id above `afterId`, in id order. */
  async function sameSecond(second: number, afterId: number, signal?: AbortSignal): Promise<Slice> {
    const query = {
      sort: 'id:asc',
      limit: ORDERS_PAGE_LIMIT,
      min_date_modified: bcTime(second),
      // A second past it, so the whole second is inside however BigCommerce reads the bound; the orders of the next
      // second that come along are dropped here and read by the next call.
      max_date_modified: bcTime(second + 1000),
      min_id: afterId + 1,
    };
    const rows = (await api().get<BcOrder[]>('/orders', query, signal)) ?? [];
    const group = rows.filter((row) => modifiedSecond(row) === second);
    if (rows.length >= ORDERS_PAGE_LIMIT) {
      return { rows: group, next: { since: bcTime(second), afterId: rows.at(-1)!.id } };
    }
    // Still a current second: end the window here. The next one starts at this second (the newest read) and reads it
    // again whole, so an order stamped with it behind our walk is not passed over.
    if (now() - second < SETTLED_AFTER_MS) return { rows: group, next: null };
    return { rows: group, next: { since: bcTime(second + 1000) } };
  }

  async function listOrders(window: PullWindow, signal?: AbortSignal): Promise<OrderPage> {
    const position = window.pageToken === null ? null : decodeBcPosition(window.pageToken);
    let slice: Slice;
    if (position?.afterId !== undefined) {
      slice = await sameSecond(toSecond(position.since), position.afterId, signal);
    } else {
      const since = position?.since ?? window.updatedSince;
      slice = await changedSince(since === null ? null : toSecond(since), signal);
    }
    const mapped = await mapLimit(slice.rows, EXPANSION_CONCURRENCY, (order) => expand(order, signal));
    return { orders: mapped, nextPageToken: slice.next ? encodeBcPosition(slice.next) : null };
  }

  async function getOrder(externalId: string, signal?: AbortSignal): Promise<ChannelOrder | null> {
    if (!/^\d+$/.test(externalId)) return null;
    const order = await orNullWhenNotFound(api().get<BcOrder>(`/orders/${externalId}`, undefined, signal));
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

  async function cancelTracking(
    cancel: { externalOrderId: string; trackingNumber: string },
    signal?: AbortSignal,
  ): Promise<'canceled' | 'not_found'> {
    const orderId = cancel.externalOrderId;
    if (!/^\d+$/.test(orderId)) throw new ChannelError('invalid', `Not a BigCommerce order id: "${orderId}"`);
    const shipments = await orNullWhenNotFound(api().getAll<BcShipment>(`/orders/${orderId}/shipments`, signal));
    const matching = (shipments ?? []).filter((shipment) => shipment.tracking_number === cancel.trackingNumber);
    if (matching.length === 0) return 'not_found';
    for (const shipment of matching) {
      // Deleting puts the shipment's items back to ship. A 404 here means it is gone already (a repeated DELETE
      // whose first answer was lost, or a delete in the control panel meanwhile): what was asked for.
      await orNullWhenNotFound(api().delete(`/orders/${orderId}/shipments/${shipment.id}`, signal));
    }
    return 'canceled';
  }

  return { sourceType: 'Bigcommerce', testConnection, listOrders, getOrder, pushTracking, cancelTracking };
}
