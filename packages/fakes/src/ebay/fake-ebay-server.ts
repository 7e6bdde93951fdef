import { FakeRouter, startFakeHttpServer, type FakeReply, type FakeRequest } from '../http/fake-http.ts';
import {
  createFakeTokens,
  hasBasicCredentials,
  oauthError,
  refuseRefreshGrant,
  type FakeRefreshTokenOptions,
  type FakeRefreshTokenPlatform,
} from '../http/fake-oauth.ts';
import { applyEbayOrderChange, generateEbayOrders } from './fake-ebay-orders.ts';
import { fakeEbayNotifications, NOTIFICATION_SCOPE, type FakeEbayNotifications } from './fake-ebay-notifications.ts';
import {
  SELL_FULFILLMENT_BASE,
  SELL_FULFILLMENT_SCOPE,
  type EbayError,
  type EbayOrder,
  type EbayOrderSearchPage,
  type EbayShippingFulfillmentDetails,
} from './fake-ebay-wire.ts';

/**
 * A loopback eBay for tests and the demo (never the product's code paths): the OAuth token endpoint (refresh_token
 * grant), getOrders with the lastmodifieddate filter and limit/offset paging, getOrder, createShippingFulfillment
 * recording what was pushed, and eBay's error bodies for a bad token (401), bad input (400), an unknown order (404)
 * and throttling (429).
 */

interface FakeEbayOptions extends FakeRefreshTokenOptions {
  orders?: EbayOrder[];
  /** How many generated orders to add (deterministic, see generateEbayOrders). */
  seed?: number;
  sellerId?: string;
  /** The scopes the seller consented to (default: fulfillment and notification subscriptions). */
  consentedScopes?: string[];
}

interface RecordedFulfillment {
  orderId: string;
  fulfillmentId: string;
  request: EbayShippingFulfillmentDetails;
}

export interface FakeEbay extends FakeRefreshTokenPlatform<EbayOrder> {
  readonly fulfillments: RecordedFulfillment[];
  /** The next `times` API calls answer 429 with eBay's body (and Retry-After when given). */
  throttle(options?: { times?: number; retryAfterSeconds?: number }): void;
  /** The Notification API: destinations, subscriptions, signed order messages, chaos. */
  readonly notifications: FakeEbayNotifications;
}

/** The scope of an application token (client_credentials grant). */
const PUBLIC_SCOPE = 'https://api.ebay.com/oauth/api_scope';

const MAX_LIMIT = 200;
const DEFAULT_LIMIT = 50;

/** eBay's error bodies; getOrders' input errors are in its documented 30700–31100 range. */
const ebayErrors = {
  invalidToken: (): EbayError => ({
    errorId: 1001,
    domain: 'OAuth',
    category: 'REQUEST',
    message: 'Invalid access token',
    longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
  }),
  missingToken: (): EbayError => ({
    errorId: 1002,
    domain: 'OAuth',
    category: 'REQUEST',
    message: 'Missing access token',
    longMessage: 'Access token is missing in the Authorization HTTP request header.',
  }),
  tooManyRequests: (): EbayError => ({
    errorId: 2001,
    domain: 'ACCESS',
    category: 'REQUEST',
    message: 'Too many requests. The request limit has been reached for the resource.',
  }),
  fulfillment: (
    errorId: number,
    message: string,
    parameters: Array<{ name: string; value: string }> = [],
  ): EbayError => ({
    errorId,
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message,
    longMessage: message,
    parameters,
  }),
};

const errorReply = (status: number, ...errors: EbayError[]): FakeReply => ({ status, body: { errors } });

interface DateRange {
  from: number | null;
  to: number | null;
}

/** `lastmodifieddate:[2026-05-15T08:25:43.511Z..]`, possibly beside other criteria, comma-separated. */
function parseFilter(filter: string): Map<string, string> | null {
  const criteria = new Map<string, string>();
  const pattern = /([a-z]+):(\[[^\]]*\]|\{[^}]*\})\s*(,|$)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(filter)) !== null) {
    criteria.set(match[1]!, match[2]!);
    consumed = pattern.lastIndex;
    if (consumed >= filter.length) break;
  }
  return consumed === filter.length ? criteria : null;
}

function parseRange(value: string): DateRange | null {
  const match = /^\[(.*?)\.\.(.*)\]$/.exec(value);
  if (!match) return null;
  const edge = (text: string) => (text === '' ? null : Date.parse(text));
  const from = edge(match[1]!);
  const to = edge(match[2]!);
  if (Number.isNaN(from) || Number.isNaN(to) || (from === null && to === null)) return null;
  return { from, to };
}

const inRange = (time: string, range: DateRange) => {
  const value = Date.parse(time);
  return (range.from === null || value >= range.from) && (range.to === null || value <= range.to);
};

/** What the Fulfillment API's operations read and change: the seller's orders, the fulfillments, where it answers. */
interface EbaySeller {
  orders: Map<string, EbayOrder>;
  fulfillments: RecordedFulfillment[];
  /** The server's own URL, for the links of its answers (known once it listens). */
  baseUrl: string;
}

/** `getOrders`: by order ids, or by a filter of dates and fulfilment statuses, one page with its links. */
function getOrders(seller: EbaySeller, request: FakeRequest): FakeReply {
  const { orders, baseUrl } = seller;
  const limitText = request.query.get('limit');
  const offsetText = request.query.get('offset');
  const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return errorReply(400, ebayErrors.fulfillment(30850, 'Invalid limit. Supported ranges 1 - 200.'));
  }
  if (!Number.isInteger(offset) || offset < 0) {
    return errorReply(400, ebayErrors.fulfillment(30900, 'Invalid offset. Offset must be zero or greater.'));
  }

  let matching = [...orders.values()];
  const orderIds = request.query.get('orderIds');
  const filter = request.query.get('filter');
  if (orderIds) {
    const wanted = new Set(orderIds.split(',').map((id) => id.trim()));
    matching = matching.filter((order) => wanted.has(order.orderId));
  } else if (filter) {
    const criteria = parseFilter(filter);
    if (!criteria) return errorReply(400, ebayErrors.fulfillment(30700, `Invalid filter: ${filter}`));
    const created = criteria.get('creationdate');
    const modified = criteria.get('lastmodifieddate');
    // creationdate wins when both are given, as eBay documents.
    const dateKey = created ? 'creationDate' : 'lastModifiedDate';
    const rangeText = created ?? modified;
    if (rangeText) {
      const range = parseRange(rangeText);
      if (!range) return errorReply(400, ebayErrors.fulfillment(30820, `Invalid date range: ${rangeText}`));
      matching = matching.filter((order) => inRange(order[dateKey], range));
    }
    const statuses = criteria.get('orderfulfillmentstatus');
    if (statuses) {
      const wanted = statuses.replace(/[{}]/g, '').split('|');
      matching = matching.filter((order) => wanted.includes(order.orderFulfillmentStatus));
    }
    for (const key of criteria.keys()) {
      if (!['creationdate', 'lastmodifieddate', 'orderfulfillmentstatus'].includes(key)) {
        return errorReply(400, ebayErrors.fulfillment(30700, `Invalid filter name: ${key}`));
      }
    }
  }
  matching.sort((a, b) => a.lastModifiedDate.localeCompare(b.lastModifiedDate) || a.orderId.localeCompare(b.orderId));

  const pageHref = (at: number) => {
    const query = new URLSearchParams();
    if (filter) query.set('filter', filter);
    query.set('limit', String(limit));
    query.set('offset', String(at));
    return `${baseUrl}${SELL_FULFILLMENT_BASE}/order?${query.toString().replace(/%3A/gi, ':')}`;
  };
  const page: EbayOrderSearchPage = {
    href: pageHref(offset),
    total: matching.length,
    limit,
    offset,
    orders: matching.slice(offset, offset + limit),
  };
  if (offset + limit < matching.length) page.next = pageHref(offset + limit);
  if (offset > 0) page.prev = pageHref(Math.max(0, offset - limit));
  return { status: 200, body: page };
}

/** `createShippingFulfillment`: checked as eBay does, recorded, and the order's lines fulfilled. */
function createShippingFulfillment(seller: EbaySeller, request: FakeRequest): FakeReply {
  const { orders, fulfillments, baseUrl } = seller;
  const orderId = request.params.orderId!;
  const order = orders.get(orderId);
  if (!order) return errorReply(404, ebayErrors.fulfillment(32100, `Invalid order ID: ${orderId}`));
  let body: EbayShippingFulfillmentDetails;
  try {
    body = JSON.parse(request.body) as EbayShippingFulfillmentDetails;
  } catch {
    return errorReply(400, ebayErrors.fulfillment(32000, 'The request body is not valid JSON.'));
  }
  if (!Array.isArray(body.lineItems) || body.lineItems.length === 0) {
    return errorReply(400, ebayErrors.fulfillment(32200, 'Invalid line item: lineItems is required.'));
  }
  for (const item of body.lineItems) {
    const line = order.lineItems.find((candidate) => candidate.lineItemId === item.lineItemId);
    if (!line || !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > line.quantity) {
      return errorReply(
        400,
        ebayErrors.fulfillment(32200, `Invalid line item ID or quantity: ${item.lineItemId}`, [
          { name: 'lineItemId', value: String(item.lineItemId) },
        ]),
      );
    }
  }
  if (!body.trackingNumber || !/^[A-Za-z0-9]+$/.test(body.trackingNumber) || !body.shippingCarrierCode) {
    return errorReply(400, ebayErrors.fulfillment(32300, 'Invalid shipment tracking number or carrier.'));
  }
  if (body.shippedDate !== undefined && Number.isNaN(Date.parse(body.shippedDate))) {
    return errorReply(400, ebayErrors.fulfillment(32500, 'Invalid shipped date.'));
  }

  const fulfillmentId = body.trackingNumber;
  fulfillments.push({ orderId, fulfillmentId, request: body });
  for (const item of body.lineItems) {
    const line = order.lineItems.find((candidate) => candidate.lineItemId === item.lineItemId)!;
    line.lineItemFulfillmentStatus = 'FULFILLED';
  }
  const done = order.lineItems.every((line) => line.lineItemFulfillmentStatus === 'FULFILLED');
  order.orderFulfillmentStatus = done ? 'FULFILLED' : 'IN_PROGRESS';
  order.lastModifiedDate = new Date().toISOString();
  return {
    status: 201,
    headers: {
      location: `${baseUrl}${SELL_FULFILLMENT_BASE}/order/${orderId}/shipping_fulfillment/${fulfillmentId}`,
    },
  };
}

export async function startFakeEbay(options: FakeEbayOptions): Promise<FakeEbay> {
  const orders = new Map<string, EbayOrder>();
  const fulfillments: RecordedFulfillment[] = [];
  // eBay's user tokens live two hours.
  const lifetime = options.tokenLifetimeSeconds ?? 7200;
  const tokens = createFakeTokens(lifetime, (n) => `v^1.1#i^1#p^3#r^1#fake-${n}`);
  const appTokens = createFakeTokens(lifetime, (n) => `v^1.1#i^1#p^1#r^0#app-${n}`);
  const grantedScopes = new Map<string, string[]>();
  const consented = options.consentedScopes ?? [SELL_FULFILLMENT_SCOPE, NOTIFICATION_SCOPE];
  const putOrders = (list: EbayOrder[]) => list.forEach((order) => orders.set(order.orderId, structuredClone(order)));
  putOrders(options.orders ?? []);
  if (options.seed) putOrders(generateEbayOrders(options.seed, { sellerId: options.sellerId }));

  /** A 401/400 reply when the bearer token is not one we minted (or has expired), else null. */
  function refuseToken(request: FakeRequest): FakeReply | null {
    const header = request.headers.authorization ?? '';
    if (!header) return errorReply(400, ebayErrors.missingToken());
    if (!tokens.works(/^Bearer (.+)$/.exec(header)?.[1])) return errorReply(401, ebayErrors.invalidToken());
    return null;
  }

  const authed =
    (handler: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply =>
      refuseToken(request) ?? handler(request);

  const router = new FakeRouter();

  router.on('POST', '/identity/v1/oauth2/token', (request) => {
    if (!hasBasicCredentials(request, options.clientId, options.clientSecret)) {
      return oauthError(401, 'invalid_client', 'client authentication failed');
    }
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') === 'client_credentials') {
      if (form.get('scope') !== PUBLIC_SCOPE) return oauthError(400, 'invalid_scope', 'The requested scope is invalid');
      return {
        status: 200,
        body: { access_token: appTokens.issue(), expires_in: lifetime, token_type: 'Application Access Token' },
      };
    }
    const refused = refuseRefreshGrant(form, options.refreshToken, {
      unsupportedGrantType: 'grant type in request is not supported',
      invalidGrant: 'the provided authorization refresh token is invalid or was issued to another client',
    });
    if (refused) return refused;
    const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const allowed = [
      ...consented,
      ...(consented.includes(SELL_FULFILLMENT_SCOPE) ? [`${SELL_FULFILLMENT_SCOPE}.readonly`] : []),
    ];
    if (scopes.some((scope) => !allowed.includes(scope))) {
      return oauthError(
        400,
        'invalid_scope',
        'The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
      );
    }
    const token = tokens.issue();
    // No scope asked for: eBay grants what the seller consented to.
    grantedScopes.set(token, scopes.length > 0 ? scopes : consented);
    return { status: 200, body: { access_token: token, expires_in: lifetime, token_type: 'User Access Token' } };
  });

  const seller: EbaySeller = { orders, fulfillments, baseUrl: '' };
  router.on(
    'GET',
    `${SELL_FULFILLMENT_BASE}/order`,
    authed((request) => getOrders(seller, request)),
  );
  router.on(
    'GET',
    `${SELL_FULFILLMENT_BASE}/order/:orderId`,
    authed((request) => {
      const order = orders.get(request.params.orderId!);
      if (!order) return errorReply(404, ebayErrors.fulfillment(32100, 'Invalid order ID: ' + request.params.orderId));
      return { status: 200, body: order };
    }),
  );

  router.on(
    'POST',
    `${SELL_FULFILLMENT_BASE}/order/:orderId/shipping_fulfillment`,
    authed((request) => createShippingFulfillment(seller, request)),
  );

  const bearer = (request: FakeRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const notifications = fakeEbayNotifications({
    router,
    refuseAppToken: (request) => (appTokens.works(bearer(request)) ? null : errorReply(401, ebayErrors.invalidToken())),
    refuseUserToken: (request, scope) => {
      const refused = refuseToken(request);
      if (refused) return refused;
      if (grantedScopes.get(bearer(request)!)?.includes(scope)) return null;
      return errorReply(403, {
        errorId: 1100,
        domain: 'ACCESS',
        category: 'REQUEST',
        message: 'Insufficient permissions',
      });
    },
    applyChange: (orderId, change) => {
      const order = orders.get(orderId);
      if (order) applyEbayOrderChange(order, change);
      return order !== undefined;
    },
    baseUrl: () => seller.baseUrl,
  });

  const server = await startFakeHttpServer(router, {
    port: options.port,
    notFound: () =>
      errorReply(404, { errorId: 2002, domain: 'ACCESS', category: 'REQUEST', message: 'Resource not found' }),
  });
  seller.baseUrl = server.url;

  return Object.assign(server, {
    orders,
    fulfillments,
    notifications,
    putOrders,
    revokeTokens: () => {
      tokens.revoke();
      appTokens.revoke();
    },
    throttle({ times = 1, retryAfterSeconds }: { times?: number; retryAfterSeconds?: number } = {}) {
      server.fail(
        {
          kind: 'status',
          status: 429,
          headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
          body: { errors: [ebayErrors.tooManyRequests()] },
        },
        { times, path: /^\/sell\// },
      );
    },
  });
}
