import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { generateMagentoOrders } from './fake-magento-orders.ts';
import { fakeMagentoWebhooks, type FakeMagentoWebhooks } from './fake-magento-webhooks.ts';
import { readOAuthHeader, signatureIsValid } from './fake-magento-oauth1.ts';
import {
  magentoDateTime,
  type MagentoOrder,
  type MagentoOrderItem,
  type MagentoShipOrder,
  type MagentoStoreConfig,
} from './fake-magento-wire.ts';

/**
 * A loopback Magento 2 REST API for tests and the demo: bearer token or OAuth 1.0a signature check, store configs,
 * the orders search with its searchCriteria bracket parameters (including Magento answering the last page again past
 * the end), one order, and ship. The product never imports it.
 */

export interface FakeMagentoOptions {
  accessToken: string;
  /**
   * The integration's other OAuth values: when set, every request must be signed with them (HMAC-SHA256) and the
   * access token is refused as a bearer token, as on Magento 2.4.4+ by default.
   */
  oauth?: { consumerKey: string; consumerSecret: string; accessTokenSecret: string };
  /** Orders as Magento has them, or how many to generate from `seed`. */
  orders?: MagentoOrder[] | number;
  seed?: number;
  /** Store view codes served (default ['default']). */
  storeCodes?: string[];
  weightUnit?: 'lbs' | 'kgs';
  /** A host or CDN limit in front of the shop (Magento has none of its own): off when absent. */
  rateLimit?: { requests: number; windowMs: number };
}

interface RecordedMagentoShipment {
  shipmentId: number;
  entityId: number;
  request: MagentoShipOrder;
}

export interface FakeMagento extends FakeHttpServer {
  /** Orders by entity_id; tests may edit them. */
  readonly orders: Map<number, MagentoOrder>;
  readonly shipments: RecordedMagentoShipment[];
  addOrder(order: MagentoOrder): void;
  setRateLimit(limit: FakeMagentoOptions['rateLimit'] | null): void;
  /** Adobe Commerce Webhooks: signed order-save calls (fake-magento-webhooks.ts). */
  readonly webhooks: FakeMagentoWebhooks;
}

interface Filter {
  field: string;
  value: string;
  conditionType: string;
}

interface SearchCriteria {
  groups: Filter[][];
  sorts: Array<{ field: string; direction: string }>;
  pageSize: number | null;
  currentPage: number;
}

const message = (status: number, text: string, parameters?: unknown): FakeReply => ({
  status,
  body: parameters === undefined ? { message: text } : { message: text, parameters },
});

const NOT_FOUND = () => message(404, "The entity that was requested doesn't exist. Verify the entity and try again.");
const CANNOT_SHIP = () =>
  message(400, 'Shipment Document Validation Error(s):\nThe order does not allow a shipment to be created.');

/** `searchCriteria[filter_groups][0][filters][1][field]=...` and friends, as PHP would read them. */
function parseSearchCriteria(query: URLSearchParams): SearchCriteria | null {
  const groups = new Map<number, Map<number, Partial<Filter> & { condition_type?: string }>>();
  const sorts = new Map<number, { field?: string; direction?: string }>();
  let pageSize: number | null = null;
  let currentPage = 1;
  let seen = false;
  for (const [key, value] of query) {
    if (!key.startsWith('searchCriteria')) continue;
    seen = true;
    const filter = /^searchCriteria\[filter_groups\]\[(\d+)\]\[filters\]\[(\d+)\]\[(\w+)\]$/.exec(key);
    const sort = /^searchCriteria\[sortOrders\]\[(\d+)\]\[(\w+)\]$/.exec(key);
    if (filter) {
      const group = groups.get(Number(filter[1])) ?? new Map();
      groups.set(Number(filter[1]), group);
      const entry = group.get(Number(filter[2])) ?? {};
      group.set(Number(filter[2]), { ...entry, [filter[3]!]: value });
    } else if (sort) {
      const entry = sorts.get(Number(sort[1])) ?? {};
      sorts.set(Number(sort[1]), { ...entry, [sort[2]!]: value });
    } else if (key === 'searchCriteria[pageSize]') {
      pageSize = Number(value);
    } else if (key === 'searchCriteria[currentPage]') {
      currentPage = Number(value);
    }
  }
  if (!seen) return null;
  const byIndex = <T>(map: Map<number, T>) => [...map.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
  return {
    groups: byIndex(groups).map((group) =>
      byIndex(group).map((f) => ({
        field: f.field ?? '',
        value: f.value ?? '',
        conditionType: f.condition_type ?? 'eq',
      })),
    ),
    sorts: byIndex(sorts).map((s) => ({ field: s.field ?? '', direction: (s.direction ?? 'ASC').toUpperCase() })),
    pageSize,
    currentPage: Number.isFinite(currentPage) && currentPage > 0 ? currentPage : 1,
  };
}

function compare(a: unknown, b: string): number {
  const left = a === null || a === undefined ? '' : String(a);
  const numeric = /^-?\d+(\.\d+)?$/;
  if (numeric.test(left) && numeric.test(b)) return Number(left) - Number(b);
  return left < b ? -1 : left > b ? 1 : 0;
}

function matches(order: MagentoOrder, filter: Filter): boolean {
  const value = (order as unknown as Record<string, unknown>)[filter.field];
  const list = filter.value.split(',').map((v) => v.trim());
  switch (filter.conditionType) {
    case 'eq':
      return compare(value, filter.value) === 0;
    case 'neq':
      return compare(value, filter.value) !== 0;
    case 'gt':
      return compare(value, filter.value) > 0;
    case 'gteq':
    case 'from':
    case 'moreq':
      return compare(value, filter.value) >= 0;
    case 'lt':
      return compare(value, filter.value) < 0;
    case 'lteq':
    case 'to':
      return compare(value, filter.value) <= 0;
    case 'in':
      return list.some((v) => compare(value, v) === 0);
    case 'nin':
      return !list.some((v) => compare(value, v) === 0);
    case 'like': {
      const pattern = filter.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*');
      return new RegExp(`^${pattern}$`, 'i').test(String(value ?? ''));
    }
    case 'null':
      return value === null || value === undefined;
    case 'notnull':
      return value !== null && value !== undefined;
    default:
      return false;
  }
}

const open = (item: MagentoOrderItem) =>
  item.qty_ordered - item.qty_shipped - (item.qty_canceled ?? 0) - (item.qty_refunded ?? 0);

/** `GET /V1/orders`: the search criteria's filter groups, sort orders and page. */
function searchOrders(orders: ReadonlyMap<number, MagentoOrder>, request: FakeRequest): FakeReply {
  const criteria = parseSearchCriteria(request.query);
  if (!criteria) return message(400, '"%fieldName" is required. Enter and try again.', { fieldName: 'searchCriteria' });
  const found = [...orders.values()]
    .filter((order) => criteria.groups.every((group) => group.some((filter) => matches(order, filter))))
    .sort((a, b) => {
      for (const { field, direction } of [...criteria.sorts, { field: 'entity_id', direction: 'ASC' }]) {
        const left = (a as unknown as Record<string, unknown>)[field];
        const right = (b as unknown as Record<string, unknown>)[field];
        const order = compare(left, right === null || right === undefined ? '' : String(right));
        if (order !== 0) return direction === 'DESC' ? -order : order;
      }
      return 0;
    });
  const size = criteria.pageSize && criteria.pageSize > 0 ? criteria.pageSize : Math.max(1, found.length);
  // Magento clamps a page past the end to the last page instead of answering an empty one.
  const lastPage = Math.max(1, Math.ceil(found.length / size));
  const page = Math.min(criteria.currentPage, lastPage);
  return {
    status: 200,
    body: {
      items: found.slice((page - 1) * size, page * size),
      search_criteria: {
        filter_groups: criteria.groups.map((group) => ({
          filters: group.map((f) => ({ field: f.field, value: f.value, condition_type: f.conditionType })),
        })),
        sort_orders: criteria.sorts,
        page_size: criteria.pageSize ?? undefined,
        current_page: criteria.currentPage,
      },
      total_count: found.length,
    },
  };
}

/** `POST /V1/order/{id}/ship`: the items (or all that are open) shipped, the order's state moved on, recorded. */
function shipOrder(
  orders: ReadonlyMap<number, MagentoOrder>,
  shipments: RecordedMagentoShipment[],
  request: FakeRequest,
): FakeReply {
  const order = orders.get(Number(request.params.id));
  if (!order) return NOT_FOUND();
  let body: MagentoShipOrder;
  try {
    body = JSON.parse(request.body || '{}') as MagentoShipOrder;
  } catch {
    return message(400, 'Decoding error: %1', ['Syntax error']);
  }
  for (const track of body.tracks ?? []) {
    for (const field of ['track_number', 'carrier_code'] as const) {
      if (!track[field]) return message(400, '"%fieldName" is required. Enter and try again.', { fieldName: field });
    }
  }
  const topLevel = order.items.filter((item) => item.parent_item_id === null || item.parent_item_id === undefined);
  const wanted = body.items?.length
    ? body.items.map((want) => ({ item: topLevel.find((i) => i.item_id === want.order_item_id), qty: want.qty }))
    : topLevel.filter((item) => open(item) > 0).map((item) => ({ item, qty: open(item) }));
  if (order.state === 'canceled' || wanted.length === 0) return CANNOT_SHIP();
  for (const { item, qty } of wanted) {
    if (!item || !(qty > 0) || qty > open(item)) return CANNOT_SHIP();
  }
  for (const { item, qty } of wanted) {
    item!.qty_shipped += qty;
    for (const child of order.items.filter((c) => c.parent_item_id === item!.item_id)) {
      child.qty_shipped = Math.min(child.qty_ordered, child.qty_shipped + qty);
    }
  }
  if (topLevel.every((item) => open(item) <= 0)) {
    order.state = 'complete';
    order.status = 'complete';
  } else if (order.state === 'new') {
    order.state = 'processing';
    order.status = 'processing';
  }
  order.updated_at = magentoDateTime(Date.now());
  const shipmentId = shipments.length + 1;
  shipments.push({ shipmentId, entityId: order.entity_id, request: body });
  return { status: 200, body: shipmentId };
}

export async function startFakeMagento(options: FakeMagentoOptions): Promise<FakeMagento> {
  const seeded =
    typeof options.orders === 'number' ? generateMagentoOrders(options.orders, options.seed ?? 1) : options.orders;
  const orders = new Map<number, MagentoOrder>((seeded ?? []).map((order) => [order.entity_id, order]));
  const storeCodes = options.storeCodes ?? ['default'];
  const shipments: RecordedMagentoShipment[] = [];
  let rateLimit = options.rateLimit ?? null;
  let windowStart = Date.now();
  let windowCount = 0;
  let baseUrl = '';
  /** Magento remembers every nonce of a consumer and refuses it a second time. */
  const nonces = new Set<string>();

  function limited(): FakeReply | null {
    if (!rateLimit) return null;
    const now = Date.now();
    if (now - windowStart >= rateLimit.windowMs) {
      windowStart = now;
      windowCount = 0;
    }
    windowCount += 1;
    if (windowCount <= rateLimit.requests) return null;
    const seconds = Math.max(1, Math.ceil((windowStart + rateLimit.windowMs - now) / 1000));
    return { status: 429, headers: { 'Retry-After': String(seconds) }, body: { message: 'Too Many Requests' } };
  }

  const unauthorized = (resource: string) =>
    message(401, "The consumer isn't authorized to access %resources.", { resources: resource });

  /**
   * The checks of Magento's OAuth 1.0a integration login, in its order and words: a consumer key, the required
   * protocol parameters, HMAC-SHA256 only, the right consumer and token, a nonce never seen before (recorded even when
   * the signature then fails), and the signature itself (fake-magento-oauth1.ts).
   */
  function oauthRefusal(
    request: FakeRequest,
    resource: string,
    oauth: NonNullable<FakeMagentoOptions['oauth']>,
  ): FakeReply | null {
    const params = readOAuthHeader(request.headers.authorization);
    // Without a consumer key the request is not OAuth at all: no one is signed in.
    if (!params?.get('oauth_consumer_key')) return unauthorized(resource);
    for (const name of ['oauth_signature', 'oauth_signature_method', 'oauth_nonce', 'oauth_timestamp', 'oauth_token']) {
      if (!params.get(name)) return message(400, '"%fieldName" is required. Enter and try again.', { fieldName: name });
    }
    if (params.get('oauth_signature_method') !== 'HMAC-SHA256') {
      return message(400, 'Signature method %1 is not supported', [params.get('oauth_signature_method')]);
    }
    // RFC 5849 3.1: oauth_version is optional, and "1.0" when present.
    if (params.has('oauth_version') && params.get('oauth_version') !== '1.0') {
      return message(400, 'The "%1" Oauth version isn\'t supported.', [params.get('oauth_version')]);
    }
    if (params.get('oauth_consumer_key') !== oauth.consumerKey || params.get('oauth_token') !== options.accessToken) {
      return unauthorized(resource);
    }
    const nonce = params.get('oauth_nonce')!;
    if (nonces.has(nonce)) return message(401, 'The nonce is already being used by the consumer with ID %1.', ['1']);
    nonces.add(nonce);
    const received = {
      method: request.method,
      scheme: 'http' as const,
      host: String(request.headers.host ?? ''),
      path: request.path,
      query: request.query,
      oauth: params,
    };
    if (!signatureIsValid(received, oauth.consumerSecret, oauth.accessTokenSecret)) {
      return message(401, 'The signature is invalid. Verify and try again.');
    }
    return null;
  }

  /** The checks every REST call passes first: throttle, store code, bearer token or OAuth signature. */
  const rest =
    (resource: string, handler: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply => {
      const throttled = limited();
      if (throttled) return throttled;
      if (!storeCodes.includes(request.params.store!)) {
        return message(400, "The store that was requested wasn't found. Verify the store and try again.");
      }
      if (options.oauth) {
        const refusal = oauthRefusal(request, resource, options.oauth);
        if (refusal) return refusal;
      } else if (request.headers.authorization !== `Bearer ${options.accessToken}`) {
        return unauthorized(resource);
      }
      return handler(request);
    };

  const router = new FakeRouter()
    .on(
      'GET',
      '/rest/:store/V1/store/storeConfigs',
      rest('Magento_Backend::store', () => {
        const configs: MagentoStoreConfig[] = storeCodes.map((code, index) => ({
          id: index + 1,
          code,
          website_id: 1,
          locale: 'en_US',
          base_currency_code: 'USD',
          default_display_currency_code: 'USD',
          timezone: 'America/Chicago',
          weight_unit: options.weightUnit ?? 'lbs',
          base_url: `${baseUrl}/`,
          secure_base_url: `${baseUrl}/`,
        }));
        return { status: 200, body: configs };
      }),
    )
    .on(
      'GET',
      '/rest/:store/V1/orders',
      rest('Magento_Sales::actions_view', (request) => searchOrders(orders, request)),
    )
    .on(
      'GET',
      '/rest/:store/V1/orders/:id',
      rest('Magento_Sales::actions_view', (request) => {
        const order = orders.get(Number(request.params.id));
        return order ? { status: 200, body: order } : NOT_FOUND();
      }),
    )
    .on(
      'POST',
      '/rest/:store/V1/order/:id/ship',
      rest('Magento_Sales::ship', (request) => shipOrder(orders, shipments, request)),
    );

  const server = await startFakeHttpServer(router, {
    notFound: () => message(404, 'Request does not match any route.'),
  });
  baseUrl = server.url;

  return {
    ...server,
    orders,
    shipments,
    addOrder: (order) => void orders.set(order.entity_id, order),
    webhooks: fakeMagentoWebhooks(orders),
    setRateLimit(limit) {
      rateLimit = limit ?? null;
      windowStart = Date.now();
      windowCount = 0;
    },
  };
}
