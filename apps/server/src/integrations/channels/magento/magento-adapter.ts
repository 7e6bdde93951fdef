import { ChannelError } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  OrderPage,
  StoreConnection,
  TrackingPush,
} from '../channel-types.ts';
import type { MagentoOrder, MagentoSearchResult, MagentoShipRequest, MagentoStoreConfig } from './magento-wire.ts';
import { createMagentoClient } from './magento-client.ts';
import { isoToMagentoDate, magentoDateToIso, mapMagentoOrder, type MagentoWeightUnit } from './magento-mapping.ts';
import { decodeMagentoPosition, encodeMagentoPosition, type MagentoPosition } from './magento-page-position.ts';

const PAGE_SIZE = 100;

/** Magento's own carrier codes; anything else is a 'custom' track with the carrier's name as its title. */
const MAGENTO_CARRIERS = ['usps', 'ups', 'fedex', 'dhl'];

export function magentoCarrierCode(carrier: string): string {
  const key = carrier.toLowerCase().replace(/[^a-z0-9]/g, '');
  return MAGENTO_CARRIERS.find((code) => key.startsWith(code)) ?? 'custom';
}

/**
 * How old a second must be before a walk through it by entity id may move past it. While the second is current Magento
 * can stamp more orders with it, and one whose entity id the walk has already passed would be skipped.
 */
export const SETTLED_AFTER_MS = 60_000;

interface MagentoAdapterOptions extends AdapterOptions {
  /** The clock that decides whether a second is settled (tests). */
  now?: () => number;
}

function searchPage(query: URLSearchParams): URLSearchParams {
  // Always the first page: where to start is in the filters, so no page number can point at shifted rows.
  query.set('searchCriteria[pageSize]', String(PAGE_SIZE));
  query.set('searchCriteria[currentPage]', '1');
  return query;
}

function filter(query: URLSearchParams, group: number, index: number, field: string, value: string, type: string) {
  const key = `searchCriteria[filter_groups][${group}][filters][${index}]`;
  query.set(`${key}[field]`, field);
  query.set(`${key}[value]`, value);
  query.set(`${key}[condition_type]`, type);
}

/** Orders updated at or after `since` (a Magento date), oldest change first. */
function changedSinceQuery(since: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (since) filter(query, 0, 0, 'updated_at', since, 'gteq');
  query.set('searchCriteria[sortOrders][0][field]', 'updated_at');
  query.set('searchCriteria[sortOrders][0][direction]', 'ASC');
  query.set('searchCriteria[sortOrders][1][field]', 'entity_id');
  query.set('searchCriteria[sortOrders][1][direction]', 'ASC');
  return searchPage(query);
}

/** Orders updated in the second `second` with an entity id above `afterId`, by id (filter groups are AND-ed). */
function sameSecondQuery(second: string, afterId: number): URLSearchParams {
  const query = new URLSearchParams();
  filter(query, 0, 0, 'updated_at', second, 'eq');
  filter(query, 1, 0, 'entity_id', String(afterId), 'gt');
  query.set('searchCriteria[sortOrders][0][field]', 'entity_id');
  query.set('searchCriteria[sortOrders][0][direction]', 'ASC');
  return searchPage(query);
}

/** An order's `updated_at` in the one form positions and filters use, whatever separator the shop sends. */
const updatedSecond = (order: MagentoOrder) => isoToMagentoDate(magentoDateToIso(order.updated_at));

const nextSecond = (second: string) =>
  isoToMagentoDate(new Date(Date.parse(magentoDateToIso(second)) + 1000).toISOString());

/** The orders of one listOrders call and where the next call starts (null: the window is done). */
interface Slice {
  rows: MagentoOrder[];
  next: MagentoPosition | null;
}

function required(connection: StoreConnection, key: string): string {
  const value = connection.settings[key] || connection.credentials[key];
  if (!value) throw new ChannelError('invalid', `The Magento store is missing its ${key}`);
  return value;
}

/** The integration's OAuth 1.0a values, when the seller gave them (all or none: the stores service checks). */
function oauthOf(connection: StoreConnection) {
  if (!connection.credentials.consumerKey) return undefined;
  return {
    consumerKey: required(connection, 'consumerKey'),
    consumerSecret: required(connection, 'consumerSecret'),
    accessTokenSecret: required(connection, 'accessTokenSecret'),
  };
}

/** Since 2.4.4 an integration token only works as a bearer token when the store allows it; otherwise it is signed. */
function explainAuth(error: unknown, signed: boolean): unknown {
  if (!(error instanceof ChannelError) || error.kind !== 'auth') return error;
  const hint = signed
    ? "Check the consumer key, consumer secret, access token and access token secret against the integration's " +
      '"Integration Details" (System > Extensions > Integrations).'
    : 'For an integration token on Magento 2.4.4 or later, add its consumer key, consumer secret and access token ' +
      'secret, or enable Stores > Configuration > Services > OAuth > Consumer Settings > "Allow OAuth Access Tokens ' +
      'to be used as standalone Bearer tokens".';
  return new ChannelError(error.kind, `${error.message}. ${hint}`, error.status, error.platformMessage);
}

/**
 * Magento 2 / Adobe Commerce through its REST API: orders by updated_at, tracking as a shipment with a track. No
 * cancelTracking: REST has no call to delete a shipment (only its track, through `DELETE /V1/shipment/track/{id}`,
 * which leaves the items shipped and the order complete).
 */
export function createMagentoAdapter(connection: StoreConnection, options: MagentoAdapterOptions = {}): ChannelAdapter {
  const now = options.now ?? Date.now;
  const storeCode = connection.settings.storeCode || 'default';
  const oauth = oauthOf(connection);
  const client = createMagentoClient(
    {
      baseUrl: required(connection, 'baseUrl'),
      storeCode,
      accessToken: required(connection, 'accessToken'),
      ...(oauth && { oauth }),
    },
    options.http,
  );
  let weightUnit: MagentoWeightUnit | null = null;

  async function storeConfig(signal?: AbortSignal): Promise<MagentoStoreConfig | null> {
    const configs = await client.get<MagentoStoreConfig[]>('/V1/store/storeConfigs', undefined, signal);
    const list = Array.isArray(configs) ? configs : [];
    const config = list.find((c) => c.code === storeCode) ?? list[0] ?? null;
    weightUnit = config?.weight_unit === 'kgs' ? 'kgs' : 'lbs';
    return config;
  }

  /** Item weights are in the store's unit, which its configuration names; asked once per adapter. */
  async function unitOfWeight(signal?: AbortSignal): Promise<MagentoWeightUnit> {
    if (!weightUnit) await storeConfig(signal);
    return weightUnit ?? 'lbs';
  }

  async function search(query: URLSearchParams, signal?: AbortSignal) {
    const body = await client.get<MagentoSearchResult<MagentoOrder>>('/V1/orders', query, signal);
    const items = body?.items ?? [];
    // Past the last page Magento answers the last page again, so only total_count says whether more follow.
    return { items, more: items.length > 0 && items.length < (body?.total_count ?? 0) };
  }

  async function changedSince(since: string | null, signal?: AbortSignal): Promise<Slice> {
    const { items, more } = await search(changedSinceQuery(since), signal);
    if (!more) return { rows: items, next: null };
    // The page's last second may go on past the page, so its orders are left for the next call to read from its
    // start: the next page then begins where this one stopped, whatever changes meanwhile.
    const last = updatedSecond(items.at(-1)!);
    const earlier = items.filter((order) => updatedSecond(order) < last);
    if (earlier.length > 0) return { rows: earlier, next: { since: last } };
    // A whole page updated in one second (a mass action): walk that second by entity id.
    return sameSecond(last, 0, signal);
  }

  async function sameSecond(second: string, afterId: number, signal?: AbortSignal): Promise<Slice> {
    const { items, more } = await search(sameSecondQuery(second, afterId), signal);
    if (more) return { rows: items, next: { since: second, afterId: items.at(-1)!.entity_id } };
    // Still a current second: end the window here. The next one starts at this second (the newest read) and reads it
    // again whole, so an order stamped with it behind the walk is not passed over.
    if (now() - Date.parse(magentoDateToIso(second)) < SETTLED_AFTER_MS) return { rows: items, next: null };
    return { rows: items, next: { since: nextSecond(second) } };
  }

  return {
    sourceType: 'Magento',

    async testConnection(signal) {
      try {
        const config = await storeConfig(signal);
        return { accountName: config?.base_url || config?.code || storeCode };
      } catch (error) {
        throw explainAuth(error, oauth !== undefined);
      }
    },

    async listOrders(window, signal): Promise<OrderPage> {
      const unit = await unitOfWeight(signal);
      const position = window.pageToken === null ? null : decodeMagentoPosition(window.pageToken);
      let slice: Slice;
      if (position?.afterId !== undefined) {
        slice = await sameSecond(position.since, position.afterId, signal);
      } else {
        const since = position?.since ?? (window.updatedSince ? isoToMagentoDate(window.updatedSince) : null);
        slice = await changedSince(since, signal);
      }
      return {
        orders: slice.rows.map((order) => mapMagentoOrder(order, unit)),
        nextPageToken: slice.next ? encodeMagentoPosition(slice.next) : null,
      };
    },

    async getOrder(externalId, signal): Promise<ChannelOrder | null> {
      const unit = await unitOfWeight(signal);
      const path = `/V1/orders/${encodeURIComponent(externalId)}`;
      const order = await orNullWhenNotFound(client.get<MagentoOrder>(path, undefined, signal));
      return order ? mapMagentoOrder(order, unit) : null;
    },

    async pushTracking(push: TrackingPush, signal) {
      const request: MagentoShipRequest = {
        ...(push.lines
          ? { items: push.lines.map((line) => ({ order_item_id: Number(line.externalLineId), qty: line.quantity })) }
          : {}),
        notify: true,
        tracks: [
          {
            track_number: push.trackingNumber,
            title: push.carrier,
            carrier_code: magentoCarrierCode(push.carrier),
          },
        ],
      };
      await client.post<number>(`/V1/order/${encodeURIComponent(push.externalOrderId)}/ship`, request, signal);
    },
  };
}
