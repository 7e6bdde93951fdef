import { createHmac, randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { actualCostOf, connection, prepareOperation, project } from './fake-shopify-graphql-executor.ts';
import { GraphqlError, parseDocument, type DocumentNode } from './fake-shopify-graphql-parser.ts';
import { orderAsRest } from './fake-shopify-rest-order.ts';
import type { RecordedFulfillment } from './fake-shopify-fulfillments.ts';
import { createFakeOrderStore, type FakeOrderStore } from './fake-shopify-store.ts';
import type { FakeShopifyOrder } from './fake-shopify-wire.ts';

/**
 * A fake Shopify shop for tests and the demo (the product never imports it): the GraphQL Admin API at
 * /admin/api/{version}/graphql.json with X-Shopify-Access-Token, Shopify's 401 body, calculated query cost with the
 * 1,000-point single-query limit, an optional leaky bucket answering THROTTLED, the expiring-token refresh endpoint,
 * fulfillmentCreate recording what was pushed on the order's `fulfillments`, and fulfillmentCancel taking one back.
 * Orders are generated on demand (see fake-shopify-orders.ts).
 */

export interface FakeShopifyOptions {
  port?: number;
  accessToken?: string;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  /** Orders in the shop at start (default 300), spread over the last 60 days. */
  orders?: number;
  seed?: number;
  /** The leaky bucket; null (the default) never throttles. */
  costLimit?: { maximumAvailable: number; restoreRate: number } | null;
  /** Shopify has been seen answering THROTTLED with either. */
  throttledHttpStatus?: 200 | 429;
  shopName?: string;
  /** The access scopes the token was granted (default: read orders, fulfil merchant-managed fulfillment orders). */
  scopes?: string[];
  /** "Now" for the generated dates (ms); default the start time. */
  now?: number;
}

export interface FakeShopify extends FakeHttpServer {
  readonly shopName: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The newest access token and refresh token issued. */
  readonly accessToken: string;
  readonly refreshToken: string;
  /** How many times the refresh endpoint issued a token. */
  readonly tokenRefreshes: number;
  /** Every fulfillment created through fulfillmentCreate, oldest first; fulfillmentCancel marks one CANCELLED. */
  readonly fulfillments: RecordedFulfillment[];
  orderCount(): number;
  getOrder(id: string | number): FakeShopifyOrder | null;
  /** Changes an order the way a merchant would; its updatedAt moves to now. */
  updateOrder(id: string | number, patch: Partial<FakeShopifyOrder>): FakeShopifyOrder;
  addOrders(n: number): FakeShopifyOrder[];
  /** The REST order JSON of an orders/* webhook. */
  orderAsRestJson(id: string | number): ReturnType<typeof orderAsRest>;
  /** The X-Shopify-Hmac-Sha256 value for this body, signed with the client secret. */
  signWebhook(body: string | Buffer): string;
  /** Every access token issued so far stops working, as an expiring token does after its hour. */
  expireAccessTokens(): void;
  /** Empties the cost bucket (to `points`), as another app's burst would. */
  drainBucket(points?: number): void;
}

export const INVALID_TOKEN_MESSAGE = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const MAX_QUERY_COST = 1000;
const UNLIMITED_BUCKET = { maximumAvailable: 2000, restoreRate: 100 };
const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';

/**
 * X-Shopify-Hmac-Sha256 as Shopify documents it ("Verify webhooks"): the HMAC-SHA256 digest of the raw body bytes,
 * keyed with the app's client secret, base64-encoded. Spelled here so a receiver that verifies otherwise fails.
 */
function webhookHmac(body: string | Buffer, clientSecret: string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return createHmac('sha256', Buffer.from(clientSecret, 'utf8')).update(bytes).digest().toString('base64');
}

function header(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

type CostLimit = NonNullable<FakeShopifyOptions['costLimit']>;

/** What the shop's endpoints read and change: its app's tokens, the cost bucket, parsed documents, the GraphQL roots. */
interface ShopState {
  clientId: string;
  clientSecret: string;
  /** The newest tokens issued, and every access token that still works. */
  accessToken: string;
  refreshToken: string;
  tokenRefreshes: number;
  validTokens: Set<string>;
  costLimit: CostLimit | null;
  throttledHttpStatus: 200 | 429;
  bucket: { available: number; at: number };
  documents: Map<string, DocumentNode>;
  queryRoot: Record<string, unknown>;
  mutationRoot: Record<string, unknown>;
}

/** The bucket leaked back up to now; what it holds. */
function refill(shop: ShopState): number {
  const { costLimit, bucket } = shop;
  if (!costLimit) return UNLIMITED_BUCKET.maximumAvailable;
  const now = Date.now();
  bucket.available = Math.min(
    costLimit.maximumAvailable,
    bucket.available + ((now - bucket.at) / 1000) * costLimit.restoreRate,
  );
  bucket.at = now;
  return bucket.available;
}

const throttleStatus = (costLimit: CostLimit | null, available: number) => ({
  maximumAvailable: costLimit?.maximumAvailable ?? UNLIMITED_BUCKET.maximumAvailable,
  currentlyAvailable: Math.floor(available),
  restoreRate: costLimit?.restoreRate ?? UNLIMITED_BUCKET.restoreRate,
});

/** A query's parsed document, kept for the next time the same text comes (the adapter sends a few). */
function documentOf(documents: Map<string, DocumentNode>, text: string): DocumentNode {
  let document = documents.get(text);
  if (!document) {
    document = parseDocument(text);
    if (documents.size > 50) documents.clear();
    documents.set(text, document);
  }
  return document;
}

/** Shopify's field-level refusal; write_x grants read_x. */
function requireScope(scopes: readonly string[], field: string, scope: string): void {
  if (scopes.includes(scope) || scopes.includes(scope.replace(/^read_/, 'write_'))) return;
  throw new GraphqlError(
    `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
    'ACCESS_DENIED',
    {
      documentation: 'https://shopify.dev/api/usage/access-scopes',
    },
  );
}

/** The GraphQL roots a query and a mutation start from: the shop, its app's scopes, its orders and fulfillments. */
function graphqlRoots(store: FakeOrderStore, shopName: string, scopes: readonly string[]) {
  const shop = {
    __typename: 'Shop',
    id: 'gid://shopify/Shop/68817551488',
    name: shopName,
    email: 'orders@northloop.example.com',
    myshopifyDomain: 'northloop-supply.myshopify.com',
    currencyCode: 'USD',
    ianaTimezone: 'America/New_York',
  };
  const queryRoot = {
    __typename: 'QueryRoot',
    shop,
    currentAppInstallation: {
      __typename: 'AppInstallation',
      accessScopes: scopes.map((handle) => ({ __typename: 'AccessScope', handle })),
    },
    orders: (args: Record<string, unknown>) => {
      requireScope(scopes, 'orders', 'read_orders');
      const page = store.list(args);
      return connection(page.orders, page.cursors, page.hasNextPage, page.hasPreviousPage);
    },
    order: (args: Record<string, unknown>) => {
      requireScope(scopes, 'order', 'read_orders');
      const id = String(args.id ?? '');
      if (!/^gid:\/\/shopify\/Order\/\d+$/.test(id)) {
        throw new GraphqlError(`Invalid global id '${id}'`, 'argumentLiteralsIncompatible');
      }
      return store.find(id);
    },
  };
  const mutationRoot = {
    __typename: 'Mutation',
    fulfillmentCreate: (args: Record<string, unknown>) => {
      requireScope(scopes, 'fulfillmentCreate', 'write_merchant_managed_fulfillment_orders');
      return { __typename: 'FulfillmentCreatePayload', ...store.fulfill(args.fulfillment) };
    },
    fulfillmentCancel: (args: Record<string, unknown>) => {
      requireScope(scopes, 'fulfillmentCancel', 'write_merchant_managed_fulfillment_orders');
      return { __typename: 'FulfillmentCancelPayload', ...store.cancelFulfillment(args.id) };
    },
  };
  return { queryRoot, mutationRoot };
}

function graphqlErrorReply(error: GraphqlError): FakeReply {
  return {
    status: 200,
    body: { errors: [{ message: error.message, extensions: { code: error.code, ...error.extra } }] },
  };
}

/** A GraphQL request answered: its cost checked and taken from the bucket, the data, or Shopify's errors. */
function answer(shop: ShopState, body: unknown): FakeReply {
  const { costLimit, bucket } = shop;
  const request = (body ?? {}) as { query?: unknown; operationName?: unknown; variables?: unknown };
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
  }
  try {
    const prepared = prepareOperation(
      documentOf(shop.documents, request.query),
      typeof request.operationName === 'string' ? request.operationName : null,
      (request.variables ?? {}) as Record<string, unknown>,
    );
    const requested = prepared.requestedCost;
    if (requested > MAX_QUERY_COST) {
      throw new GraphqlError(
        `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\n` +
          'To query larger amounts of data with fewer limits, bulk operations should be used instead.',
        'MAX_COST_EXCEEDED',
        { cost: requested, maxCost: MAX_QUERY_COST, documentation: RATE_LIMIT_DOCS },
      );
    }
    const available = refill(shop);
    if (costLimit && requested > available) {
      return {
        status: shop.throttledHttpStatus,
        body: {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
          extensions: {
            cost: {
              requestedQueryCost: requested,
              actualQueryCost: null,
              throttleStatus: throttleStatus(costLimit, available),
            },
          },
        },
      };
    }
    if (costLimit) bucket.available -= requested;
    const root = prepared.type === 'mutation' ? shop.mutationRoot : shop.queryRoot;
    const data = project(prepared.fields, root, prepared);
    const actual = actualCostOf(prepared, data);
    if (costLimit) bucket.available += requested - actual;
    return {
      status: 200,
      body: {
        data,
        extensions: {
          cost: {
            requestedQueryCost: requested,
            actualQueryCost: actual,
            throttleStatus: throttleStatus(
              costLimit,
              costLimit ? bucket.available : UNLIMITED_BUCKET.maximumAvailable - actual,
            ),
          },
        },
      },
    };
  } catch (error) {
    if (error instanceof GraphqlError) return graphqlErrorReply(error);
    throw error;
  }
}

function parseBody(text: string, contentType: string): Record<string, unknown> | null {
  try {
    if (contentType.includes('json')) return JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return null;
  }
}

/** `POST /admin/api/{version}/graphql.json`: a known version and a working token, then the query. */
function graphqlEndpoint(shop: ShopState, request: FakeRequest): FakeReply {
  if (!/^(\d{4}-(01|04|07|10)|unstable)$/.test(request.params.version ?? '')) {
    return { status: 404, body: { errors: 'Not Found' } };
  }
  if (!shop.validTokens.has(header(request.headers['x-shopify-access-token']))) {
    return { status: 401, body: { errors: INVALID_TOKEN_MESSAGE } };
  }
  const body = parseBody(request.body, 'json');
  if (!body) return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
  return answer(shop, body);
}

/** `POST /admin/oauth/access_token`: the refresh of an expiring token, which rotates the refresh token too. */
function refreshAccessToken(shop: ShopState, request: FakeRequest): FakeReply {
  const body = parseBody(request.body, header(request.headers['content-type'])) ?? {};
  if (body.client_id !== shop.clientId || body.client_secret !== shop.clientSecret) {
    return {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client.' },
    };
  }
  if (body.grant_type !== 'refresh_token') {
    return {
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'Only refresh_token here.' },
    };
  }
  if (body.refresh_token !== shop.refreshToken) {
    return {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The refresh token is invalid or has expired.' },
    };
  }
  shop.tokenRefreshes += 1;
  shop.accessToken = `shpat_${randomBytes(16).toString('hex')}`;
  shop.refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
  shop.validTokens.add(shop.accessToken);
  return {
    status: 200,
    body: {
      access_token: shop.accessToken,
      scope: 'read_orders,read_all_orders,write_merchant_managed_fulfillment_orders',
      expires_in: 3600,
      refresh_token: shop.refreshToken,
      refresh_token_expires_in: 7_776_000,
    },
  };
}

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const shopName = options.shopName ?? 'Northloop Supply Co.';
  const accessToken = options.accessToken ?? 'shpat_fake_admin_token';
  const costLimit = options.costLimit ?? null;
  const store = createFakeOrderStore({ seed: options.seed ?? 1, orders: options.orders ?? 300, now: options.now });
  const scopes = options.scopes ?? [
    'read_orders',
    'read_all_orders',
    'read_merchant_managed_fulfillment_orders',
    'write_merchant_managed_fulfillment_orders',
  ];
  const shop: ShopState = {
    clientId: options.clientId ?? 'fake-shopify-client-id',
    clientSecret: options.clientSecret ?? 'fake-shopify-client-secret',
    accessToken,
    refreshToken: options.refreshToken ?? 'shprt_fake_refresh_token',
    tokenRefreshes: 0,
    validTokens: new Set([accessToken]),
    costLimit,
    throttledHttpStatus: options.throttledHttpStatus ?? 200,
    bucket: { available: costLimit?.maximumAvailable ?? 0, at: Date.now() },
    documents: new Map(),
    ...graphqlRoots(store, shopName, scopes),
  };

  const router = new FakeRouter()
    .on('POST', '/admin/api/:version/graphql.json', (request) => graphqlEndpoint(shop, request))
    .on('POST', '/admin/oauth/access_token', (request) => refreshAccessToken(shop, request));

  const server = await startFakeHttpServer(router, {
    port: options.port,
    notFound: () => ({ status: 404, body: { errors: 'Not Found' } }),
  });

  function mustFind(id: string | number): FakeShopifyOrder {
    const order = store.find(id);
    if (!order) throw new Error(`The fake Shopify has no order ${id}`);
    return order;
  }

  return {
    ...server,
    shopName,
    clientId: shop.clientId,
    clientSecret: shop.clientSecret,
    get accessToken() {
      return shop.accessToken;
    },
    get refreshToken() {
      return shop.refreshToken;
    },
    get tokenRefreshes() {
      return shop.tokenRefreshes;
    },
    fulfillments: store.fulfillments,
    orderCount: () => store.count(),
    getOrder: (id) => store.find(id),
    updateOrder: (id, patch) => store.update(id, patch),
    addOrders: (n) => store.add(n),
    orderAsRestJson: (id) => orderAsRest(mustFind(id)),
    signWebhook: (body) => webhookHmac(body, shop.clientSecret),
    expireAccessTokens: () => shop.validTokens.clear(),
    drainBucket(points = 0) {
      shop.bucket.available = points;
      shop.bucket.at = Date.now();
    },
  };
}
