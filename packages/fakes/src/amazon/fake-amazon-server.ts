import { randomUUID } from 'node:crypto';
import { FakeRouter, startFakeHttpServer, type FakeReply, type FakeRequest } from '../http/fake-http.ts';
import {
  createFakeTokens,
  oauthError,
  refuseRefreshGrant,
  type FakeRefreshTokenOptions,
  type FakeRefreshTokenPlatform,
} from '../http/fake-oauth.ts';
import {
  confirmShipment,
  getOrder,
  getOrderItems,
  getOrders,
  type AmazonOrdersState,
  type RecordedConfirmation,
} from './fake-amazon-orders-api.ts';
import {
  fakeAmazonNotifications,
  type FakeAmazonNotifications,
  type FakeAmazonNotificationsOptions,
} from './fake-amazon-notifications.ts';
import { generateAmazonOrders, type FakeAmazonOrder } from './fake-amazon-orders.ts';
import { routeOrdersV2026 } from './fake-amazon-orders-v2026.ts';
import { createRestrictedDataTokens, spErrorReply as errorReply } from './fake-amazon-restricted-data.ts';
import {
  DEFAULT_RATE,
  MARKETPLACE_PARTICIPATIONS_PATH,
  ORDERS_V0,
  RESTRICTED_DATA_TOKEN_PATH,
  US_MARKETPLACE_ID,
  spErrors,
  type SpApiOperation,
} from './fake-amazon-wire.ts';

/**
 * A loopback SP-API for tests and the demo (never the product's code paths): Login with Amazon's token exchange
 * (same server, /auth/o2/token), Restricted Data Tokens that unlock buyer and address PII, Sellers
 * marketplaceParticipations, Orders v0 getOrders (LastUpdatedAfter/CreatedAfter, NextToken pages), getOrder,
 * getOrderItems (paged too), confirmShipment recording what was pushed, Orders v2026-01-01 searchOrders and getOrder
 * over the same orders (fake-amazon-orders-v2026.ts), x-amzn-RequestId and x-amzn-RateLimit-Limit
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
  /** The buckets' clock (a benchmark's simulated time); default Date.now. */
  now?: () => number;
  /** false: the app lacks the restricted roles, so RDT requests answer 403. */
  piiAccess?: boolean;
  storeName?: string;
  marketplaceId?: string;
  /** Page size of getOrderItems (Amazon does not document one). */
  itemsPerPage?: number;
  /** The fake SQS that ORDER_CHANGE notifications go to (fake-amazon-notifications.ts). */
  notifications?: FakeAmazonNotificationsOptions;
}

/** revokeTokens forgets the RDTs and the grantless tokens too. */
export interface FakeAmazon extends FakeRefreshTokenPlatform<FakeAmazonOrder> {
  readonly confirmations: RecordedConfirmation[];
  /** The next `times` SP-API calls answer 429 QuotaExceeded with Amazon's headers. */
  throttle(options?: { times?: number; rate?: number }): void;
  /** The Notifications API: destinations, the ORDER_CHANGE subscription, order changes, delivery chaos. */
  readonly notifications: FakeAmazonNotifications;
}

/** Sellers getMarketplaceParticipations: the one marketplace the fake seller sells on. */
function marketplaceParticipations(marketplaceId: string, storeName: string | undefined): FakeReply {
  return {
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
          storeName: storeName ?? 'Northwind Outlet',
        },
      ],
    },
  };
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
    const now = (options.now ?? Date.now)();
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
  const notifications = fakeAmazonNotifications({
    router,
    orders,
    marketplaceId,
    sellerTokenWorks: (token) => accessTokens.works(token),
    tokenLifetimeSeconds: lifetime,
    options: options.notifications,
  });

  router.on('POST', '/auth/o2/token', (request) => {
    const form = new URLSearchParams(request.body);
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    }
    // Grantless operations (the Notifications API's destinations) take an app token of the client_credentials grant.
    if (form.get('grant_type') === 'client_credentials') return notifications.grantlessToken(form);
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
    operation('getMarketplaceParticipations', () => marketplaceParticipations(marketplaceId, options.storeName)),
  );

  const seller: AmazonOrdersState = { orders, confirmations, marketplaceId, itemsPerPage };
  router.on(
    'GET',
    ORDERS_V0,
    operation('getOrders', (request, pii) => getOrders(seller, request, pii), true),
  );
  router.on(
    'GET',
    `${ORDERS_V0}/:orderId`,
    operation('getOrder', (request, pii) => getOrder(seller, request, pii), true),
  );
  router.on(
    'GET',
    `${ORDERS_V0}/:orderId/orderItems`,
    operation('getOrderItems', (request) => getOrderItems(seller, request)),
  );
  routeOrdersV2026(router, operation, seller, options.piiAccess !== false);
  router.on(
    'POST',
    `${ORDERS_V0}/:orderId/shipmentConfirmation`,
    operation('confirmShipment', (request) => {
      const reply = confirmShipment(seller, request);
      if (reply.status === 204) notifications.notify(request.params.orderId!, 'shipped');
      return reply;
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
    notifications,
    putOrders,
    revokeTokens() {
      notifications.revokeGrantlessTokens();
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
