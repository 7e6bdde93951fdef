import { randomUUID } from 'node:crypto';
import { FakeRouter, startFakeHttpServer, type FakeReply, type FakeRequest } from '../http/fake-http.ts';
import {
  createFakeTokens,
  oauthError,
  refuseRefreshGrant,
  type FakeRefreshTokenOptions,
  type FakeRefreshTokenPlatform,
} from '../http/fake-oauth.ts';
import { generateAmazonOrders, type FakeAmazonOrder } from './fake-amazon-orders.ts';
import {
  createRestrictedDataTokens,
  spErrorReply as errorReply,
  visibleItem,
  visibleOrder,
} from './fake-amazon-restricted-data.ts';
import {
  DEFAULT_RATE,
  MARKETPLACE_PARTICIPATIONS_PATH,
  ORDERS_V0,
  RESTRICTED_DATA_TOKEN_PATH,
  US_MARKETPLACE_ID,
  spErrors,
  type ShipmentConfirmation,
  type SpApiOperation,
} from './fake-amazon-wire.ts';

/**
 * A loopback SP-API for tests and the demo (never the product's code paths): Login with Amazon's token exchange
 * (same server, /auth/o2/token), Restricted Data Tokens that unlock buyer and address PII, Sellers
 * marketplaceParticipations, Orders v0 getOrders (LastUpdatedAfter/CreatedAfter, NextToken pages), getOrder,
 * getOrderItems (paged too), confirmShipment recording what was pushed, x-amzn-RequestId and x-amzn-RateLimit-Limit
 * on every answer, an optional token bucket per operation answering 429 QuotaExceeded, and 403 Unauthorized for a
 * token it did not issue.
 */

export interface FakeAmazonOptions extends FakeRefreshTokenOptions {
  orders?: FakeAmazonOrder[];
  /** How many generated orders to add (deterministic, see generateAmazonOrders). */
  seed?: number;
  /** Capacity of a token bucket per operation; absent = no throttling. */
  burst?: number;
  /** Requests per second refilling the buckets and stated in x-amzn-RateLimit-Limit; default the documented plans. */
  rate?: number;
  /** false: the app lacks the restricted roles, so RDT requests answer 403. */
  piiAccess?: boolean;
  storeName?: string;
  marketplaceId?: string;
  /** Page size of getOrderItems (Amazon does not document one). */
  itemsPerPage?: number;
}

interface RecordedConfirmation {
  orderId: string;
  body: ShipmentConfirmation;
}

/** revokeTokens forgets the RDTs too. */
export interface FakeAmazon extends FakeRefreshTokenPlatform<FakeAmazonOrder> {
  readonly confirmations: RecordedConfirmation[];
  /** The next `times` SP-API calls answer 429 QuotaExceeded with Amazon's headers. */
  throttle(options?: { times?: number; rate?: number }): void;
}

interface ListState {
  by: 'LastUpdateDate' | 'PurchaseDate';
  after: number;
  before: number | null;
  size: number;
  offset: number;
}

const encodeToken = (state: ListState) => Buffer.from(JSON.stringify(state)).toString('base64');

function decodeToken(token: string): ListState | null {
  try {
    const state = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as ListState;
    return typeof state.after === 'number' && typeof state.offset === 'number' ? state : null;
  } catch {
    return null;
  }
}

export async function startFakeAmazon(options: FakeAmazonOptions): Promise<FakeAmazon> {
  const orders = new Map<string, FakeAmazonOrder>();
  const confirmations: RecordedConfirmation[] = [];
  const buckets = new Map<SpApiOperation, { tokens: number; at: number }>();
  const marketplaceId = options.marketplaceId ?? US_MARKETPLACE_ID;
  const itemsPerPage = options.itemsPerPage ?? 20;
  // Access tokens and RDTs are numbered in one sequence.
  let issued = 0;
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const accessTokens = createFakeTokens(lifetime, () => `Atza|fake-access-${++issued}`);
  const restrictedTokens = createRestrictedDataTokens(() => `Atz.sprdt|fake-rdt-${++issued}`);

  const putOrders = (list: FakeAmazonOrder[]) =>
    list.forEach((entry) => orders.set(entry.order.AmazonOrderId, structuredClone(entry)));
  putOrders(options.orders ?? []);
  if (options.seed) putOrders(generateAmazonOrders(options.seed));

  const rateOf = (operation: SpApiOperation) => options.rate ?? DEFAULT_RATE[operation];

  /** Takes a token from the operation's bucket; false when it is empty. */
  function admit(operation: SpApiOperation): boolean {
    if (!options.burst) return true;
    const now = Date.now();
    const bucket = buckets.get(operation) ?? { tokens: options.burst, at: now };
    bucket.tokens = Math.min(options.burst, bucket.tokens + ((now - bucket.at) / 1000) * rateOf(operation));
    bucket.at = now;
    buckets.set(operation, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function tokenOf(request: FakeRequest): string {
    const header = request.headers['x-amz-access-token'];
    return (Array.isArray(header) ? header[0] : header) ?? '';
  }

  /** What the caller may see: null = refused; otherwise the PII elements its RDT grants for this path. */
  function grants(request: FakeRequest, restricted: boolean): Set<string> | null {
    const token = tokenOf(request);
    if (accessTokens.works(token)) return new Set();
    return restricted ? restrictedTokens.grants(token, request.method, request.path) : null;
  }

  /** Amazon's envelope around every SP-API operation: quota, auth, request id and rate headers. */
  function operation(
    name: SpApiOperation,
    handler: (request: FakeRequest, pii: ReadonlySet<string>) => FakeReply,
    restricted = false,
  ) {
    return (request: FakeRequest): FakeReply => {
      const headers = { 'x-amzn-RequestId': randomUUID(), 'x-amzn-RateLimit-Limit': String(rateOf(name)) };
      if (!admit(name)) return { ...errorReply(429, spErrors.quotaExceeded()), headers };
      const pii = grants(request, restricted);
      if (!pii) return { ...errorReply(403, spErrors.unauthorized()), headers };
      const reply = handler(request, pii);
      return { ...reply, headers: { ...headers, ...reply.headers } };
    };
  }

  const router = new FakeRouter();

  router.on('POST', '/auth/o2/token', (request) => {
    const form = new URLSearchParams(request.body);
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    }
    const refused = refuseRefreshGrant(form, options.refreshToken, {
      unsupportedGrantType: 'Unsupported grant type',
      invalidGrant: 'The request has an invalid grant parameter : refresh_token',
    });
    if (refused) return refused;
    return {
      status: 200,
      body: {
        access_token: accessTokens.issue(),
        token_type: 'bearer',
        expires_in: lifetime,
        refresh_token: options.refreshToken,
      },
    };
  });

  router.on(
    'POST',
    RESTRICTED_DATA_TOKEN_PATH,
    operation('createRestrictedDataToken', (request) =>
      options.piiAccess === false ? errorReply(403, spErrors.unauthorized()) : restrictedTokens.create(request.body),
    ),
  );

  router.on(
    'GET',
    MARKETPLACE_PARTICIPATIONS_PATH,
    operation('getMarketplaceParticipations', () => ({
      status: 200,
      body: {
        payload: [
          {
            marketplace: {
              id: marketplaceId,
              name: 'Amazon.com',
              countryCode: 'US',
              defaultCurrencyCode: 'USD',
              defaultLanguageCode: 'en_US',
              domainName: 'www.amazon.com',
            },
            participation: { isParticipating: true, hasSuspendedListings: false },
            storeName: options.storeName ?? 'Northwind Outlet',
          },
        ],
      },
    })),
  );

  router.on(
    'GET',
    ORDERS_V0,
    operation(
      'getOrders',
      (request, pii) => {
        const marketplaces = (request.query.get('MarketplaceIds') ?? '').split(',').filter(Boolean);
        if (marketplaces.length === 0)
          return errorReply(400, spErrors.invalidInput("Missing required 'MarketplaceIds'."));
        if (marketplaces.length > 50)
          return errorReply(400, spErrors.invalidInput('Too many MarketplaceIds (maximum 50).'));

        let state: ListState;
        const nextToken = request.query.get('NextToken');
        if (nextToken) {
          const decoded = decodeToken(nextToken);
          if (!decoded) return errorReply(400, spErrors.invalidInput('Invalid NextToken.'));
          state = decoded;
        } else {
          const created = request.query.get('CreatedAfter');
          const updated = request.query.get('LastUpdatedAfter');
          if ((created === null) === (updated === null)) {
            return errorReply(
              400,
              spErrors.invalidInput('Exactly one of CreatedAfter or LastUpdatedAfter is required.'),
            );
          }
          const after = Date.parse((created ?? updated)!);
          const beforeText = request.query.get(created ? 'CreatedBefore' : 'LastUpdatedBefore');
          const before = beforeText === null ? null : Date.parse(beforeText);
          if (Number.isNaN(after) || (before !== null && Number.isNaN(before))) {
            return errorReply(400, spErrors.invalidInput('Dates must be in ISO 8601 format.'));
          }
          if (after > Date.now() || (before !== null && before > Date.now() - 2 * 60 * 1000)) {
            return errorReply(
              400,
              spErrors.invalidInput('Dates must be at least two minutes before the time of the request.'),
            );
          }
          const size = Number(request.query.get('MaxResultsPerPage') ?? 100);
          if (!Number.isInteger(size) || size < 1 || size > 100) {
            return errorReply(400, spErrors.invalidInput('MaxResultsPerPage must be between 1 and 100.'));
          }
          state = { by: created ? 'PurchaseDate' : 'LastUpdateDate', after, before, size, offset: 0 };
        }

        const matching = [...orders.values()]
          .map((entry) => entry.order)
          .filter((order) => marketplaces.includes(order.MarketplaceId ?? marketplaceId))
          .filter((order) => {
            const time = Date.parse(order[state.by]);
            return time >= state.after && (state.before === null || time <= state.before);
          })
          .sort((a, b) => a[state.by].localeCompare(b[state.by]) || a.AmazonOrderId.localeCompare(b.AmazonOrderId));
        const page = matching.slice(state.offset, state.offset + state.size);
        const more = state.offset + state.size < matching.length;
        const edge = new Date(state.before ?? Date.now() - 2 * 60 * 1000).toISOString();
        return {
          status: 200,
          body: {
            payload: {
              Orders: page.map((order) => visibleOrder(order, pii)),
              ...(more ? { NextToken: encodeToken({ ...state, offset: state.offset + state.size }) } : {}),
              ...(state.by === 'LastUpdateDate' ? { LastUpdatedBefore: edge } : { CreatedBefore: edge }),
            },
          },
        };
      },
      true,
    ),
  );

  router.on(
    'GET',
    `${ORDERS_V0}/:orderId`,
    operation(
      'getOrder',
      (request, pii) => {
        const entry = orders.get(request.params.orderId!);
        if (!entry) return errorReply(404, spErrors.notFound(`Order ${request.params.orderId} not found.`));
        return { status: 200, body: { payload: visibleOrder(entry.order, pii) } };
      },
      true,
    ),
  );

  router.on(
    'GET',
    `${ORDERS_V0}/:orderId/orderItems`,
    operation('getOrderItems', (request) => {
      const entry = orders.get(request.params.orderId!);
      if (!entry) return errorReply(404, spErrors.notFound(`Order ${request.params.orderId} not found.`));
      const token = request.query.get('NextToken');
      const offset = token === null ? 0 : Number(token.replace(/^items-/, ''));
      if (!Number.isInteger(offset) || offset < 0) return errorReply(400, spErrors.invalidInput('Invalid NextToken.'));
      const page = entry.items.slice(offset, offset + itemsPerPage);
      const next = offset + itemsPerPage < entry.items.length ? `items-${offset + itemsPerPage}` : undefined;
      return {
        status: 200,
        body: {
          payload: {
            AmazonOrderId: entry.order.AmazonOrderId,
            OrderItems: page.map((item) => visibleItem(item, entry.order.OrderStatus)),
            ...(next ? { NextToken: next } : {}),
          },
        },
      };
    }),
  );

  router.on(
    'POST',
    `${ORDERS_V0}/:orderId/shipmentConfirmation`,
    operation('confirmShipment', (request) => {
      const orderId = request.params.orderId!;
      const entry = orders.get(orderId);
      if (!entry) return errorReply(404, spErrors.notFound(`Order ${orderId} not found.`));
      let body: ShipmentConfirmation;
      try {
        body = JSON.parse(request.body) as ShipmentConfirmation;
      } catch {
        return errorReply(400, spErrors.invalidInput('Request body is not valid JSON.'));
      }
      const detail = body.packageDetail;
      if (body.marketplaceId !== (entry.order.MarketplaceId ?? marketplaceId)) {
        return errorReply(400, spErrors.invalidInput(`Invalid marketplaceId: ${body.marketplaceId}`));
      }
      if (!detail || !/^\d+$/.test(String(detail.packageReferenceId ?? ''))) {
        return errorReply(400, spErrors.invalidInput('packageReferenceId must be a positive number.'));
      }
      if (!detail.carrierCode || (detail.carrierCode === 'Other' && !detail.carrierName)) {
        return errorReply(400, spErrors.invalidInput('carrierCode is required; carrierName too when it is Other.'));
      }
      if (!detail.trackingNumber || Number.isNaN(Date.parse(detail.shipDate ?? ''))) {
        return errorReply(400, spErrors.invalidInput('trackingNumber and an ISO 8601 shipDate are required.'));
      }
      if (!['Unshipped', 'PartiallyShipped', 'Shipped'].includes(entry.order.OrderStatus)) {
        return errorReply(
          400,
          spErrors.invalidInput(`Order ${orderId} is ${entry.order.OrderStatus} and cannot be confirmed.`),
        );
      }
      if (!Array.isArray(detail.orderItems) || detail.orderItems.length === 0) {
        return errorReply(400, spErrors.invalidInput('orderItems is required.'));
      }
      for (const line of detail.orderItems) {
        const item = entry.items.find((candidate) => candidate.OrderItemId === line.orderItemId);
        if (!item || !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > item.QuantityOrdered) {
          return errorReply(400, spErrors.invalidInput(`Invalid orderItemId or quantity: ${line.orderItemId}`));
        }
      }

      confirmations.push({ orderId, body });
      for (const line of detail.orderItems) {
        const item = entry.items.find((candidate) => candidate.OrderItemId === line.orderItemId)!;
        item.QuantityShipped = Math.min(item.QuantityOrdered, (item.QuantityShipped ?? 0) + line.quantity);
      }
      const shipped = entry.items.reduce((sum, item) => sum + (item.QuantityShipped ?? 0), 0);
      const ordered = entry.items.reduce((sum, item) => sum + item.QuantityOrdered, 0);
      entry.order.NumberOfItemsShipped = shipped;
      entry.order.NumberOfItemsUnshipped = ordered - shipped;
      entry.order.OrderStatus = shipped >= ordered ? 'Shipped' : 'PartiallyShipped';
      entry.order.LastUpdateDate = new Date().toISOString();
      return { status: 204 };
    }),
  );

  const server = await startFakeHttpServer(router, {
    port: options.port,
    notFound: () => ({
      ...errorReply(404, spErrors.notFound('Resource not found.')),
      headers: { 'x-amzn-RequestId': randomUUID() },
    }),
  });

  return Object.assign(server, {
    orders,
    confirmations,
    putOrders,
    revokeTokens() {
      accessTokens.revoke();
      restrictedTokens.clear();
    },
    throttle({ times = 1, rate = 2 }: { times?: number; rate?: number } = {}) {
      server.fail(
        {
          kind: 'status',
          status: 429,
          headers: { 'x-amzn-RequestId': randomUUID(), 'x-amzn-RateLimit-Limit': String(rate) },
          body: { errors: [spErrors.quotaExceeded()] },
        },
        { times, path: /^\/(orders|sellers|tokens)\// },
      );
    },
  });
}
