import { ChannelError } from '../../http/channel-http.ts';
import type {
  AdapterOptions,
  ChannelAdapter,
  ChannelOrder,
  OrderPage,
  PullWindow,
  StoreConnection,
  TrackingPush,
} from '../types.ts';
import type { MagentoOrder, MagentoSearchResult, MagentoShipRequest, MagentoStoreConfig } from './api-types.ts';
import { createMagentoClient } from './client.ts';
import { isoToMagentoDate, mapMagentoOrder, type MagentoWeightUnit } from './mapping.ts';

const PAGE_SIZE = 100;

/** Magento's own carrier codes; anything else is a 'custom' track with the carrier's name as its title. */
const MAGENTO_CARRIERS = ['usps', 'ups', 'fedex', 'dhl'];

export function magentoCarrierCode(carrier: string): string {
  const key = carrier.toLowerCase().replace(/[^a-z0-9]/g, '');
  return MAGENTO_CARRIERS.find((code) => key.startsWith(code)) ?? 'custom';
}

/** The orders search of one page: changed at or after `updatedSince`, oldest change first. */
export function magentoOrdersQuery(window: PullWindow): URLSearchParams {
  const query = new URLSearchParams();
  if (window.updatedSince) {
    const filter = 'searchCriteria[filter_groups][0][filters][0]';
    query.set(`${filter}[field]`, 'updated_at');
    query.set(`${filter}[value]`, isoToMagentoDate(window.updatedSince));
    query.set(`${filter}[condition_type]`, 'gteq');
  }
  query.set('searchCriteria[sortOrders][0][field]', 'updated_at');
  query.set('searchCriteria[sortOrders][0][direction]', 'ASC');
  // Orders changed in the same second keep one order from page to page.
  query.set('searchCriteria[sortOrders][1][field]', 'entity_id');
  query.set('searchCriteria[sortOrders][1][direction]', 'ASC');
  query.set('searchCriteria[pageSize]', String(PAGE_SIZE));
  query.set('searchCriteria[currentPage]', window.pageToken ?? '1');
  return query;
}

function required(connection: StoreConnection, key: string): string {
  const value = connection.settings[key] || connection.credentials[key];
  if (!value) throw new ChannelError('invalid', `The Magento store is missing its ${key}`);
  return value;
}

/** Since 2.4.4 an integration token only works as a bearer token when the store allows it. */
function explainAuth(error: unknown): unknown {
  if (!(error instanceof ChannelError) || error.kind !== 'auth') return error;
  return new ChannelError(
    error.kind,
    `${error.message}. For an integration token on Magento 2.4.4 or later, enable Stores > Configuration > Services > ` +
      'OAuth > Consumer Settings > "Allow OAuth Access Tokens to be used as standalone Bearer tokens".',
    error.status,
    error.platformMessage,
  );
}

export function createMagentoAdapter(connection: StoreConnection, options: AdapterOptions = {}): ChannelAdapter {
  const storeCode = connection.settings.storeCode || 'default';
  const client = createMagentoClient(
    {
      baseUrl: required(connection, 'baseUrl'),
      storeCode,
      accessToken: required(connection, 'accessToken'),
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

  return {
    sourceType: 'Magento',

    async testConnection(signal) {
      try {
        const config = await storeConfig(signal);
        return { accountName: config?.base_url || config?.code || storeCode };
      } catch (error) {
        throw explainAuth(error);
      }
    },

    async listOrders(window, signal): Promise<OrderPage> {
      const unit = await unitOfWeight(signal);
      const page = Number(window.pageToken ?? '1');
      const body = await client.get<MagentoSearchResult<MagentoOrder>>(
        '/V1/orders',
        magentoOrdersQuery(window),
        signal,
      );
      const items = body?.items ?? [];
      // Past the last page Magento answers the last page again, so only total_count says where the end is.
      const more = items.length > 0 && page * PAGE_SIZE < (body?.total_count ?? 0);
      return {
        orders: items.map((order) => mapMagentoOrder(order, unit)),
        nextPageToken: more ? String(page + 1) : null,
      };
    },

    async getOrder(externalId, signal): Promise<ChannelOrder | null> {
      const unit = await unitOfWeight(signal);
      try {
        const order = await client.get<MagentoOrder>(`/V1/orders/${encodeURIComponent(externalId)}`, undefined, signal);
        return order ? mapMagentoOrder(order, unit) : null;
      } catch (error) {
        if (error instanceof ChannelError && error.kind === 'not_found') return null;
        throw error;
      }
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
