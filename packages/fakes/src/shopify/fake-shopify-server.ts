import { createHmac, randomBytes } from 'node:crypto';
import { FakeRouter, startFakeHttpServer, type FakeHttpServer, type FakeReply } from '../http/fake-http.ts';
import { actualCostOf, connection, prepareOperation, project } from './fake-shopify-graphql-executor.ts';
import { GraphqlError, parseDocument, type DocumentNode } from './fake-shopify-graphql-parser.ts';
import { orderAsRest } from './fake-shopify-rest-order.ts';
import type { RecordedFulfillment } from './fake-shopify-fulfillments.ts';
import { createFakeOrderStore } from './fake-shopify-store.ts';
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

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  const seed = options.seed ?? 1;
  const shopName = options.shopName ?? 'Northloop Supply Co.';
  const clientId = options.clientId ?? 'fake-shopify-client-id';
  const clientSecret = options.clientSecret ?? 'fake-shopify-client-secret';
  let accessToken = options.accessToken ?? 'shpat_fake_admin_token';
  let refreshToken = options.refreshToken ?? 'shprt_fake_refresh_token';
  let tokenRefreshes = 0;
  const validTokens = new Set([accessToken]);
  const costLimit = options.costLimit ?? null;
  const store = createFakeOrderStore({ seed, orders: options.orders ?? 300, now: options.now });

  const bucket = { available: costLimit?.maximumAvailable ?? 0, at: Date.now() };
  function refill(): number {
    if (!costLimit) return UNLIMITED_BUCKET.maximumAvailable;
    const now = Date.now();
    bucket.available = Math.min(
      costLimit.maximumAvailable,
      bucket.available + ((now - bucket.at) / 1000) * costLimit.restoreRate,
    );
    bucket.at = now;
    return bucket.available;
  }
  const throttleStatus = (available: number) => ({
    maximumAvailable: costLimit?.maximumAvailable ?? UNLIMITED_BUCKET.maximumAvailable,
    currentlyAvailable: Math.floor(available),
    restoreRate: costLimit?.restoreRate ?? UNLIMITED_BUCKET.restoreRate,
  });

  const documents = new Map<string, DocumentNode>();
  function documentOf(text: string): DocumentNode {
    let document = documents.get(text);
    if (!document) {
      document = parseDocument(text);
      if (documents.size > 50) documents.clear();
      documents.set(text, document);
    }
    return document;
  }

  const shop = {
    __typename: 'Shop',
    id: 'gid://shopify/Shop/68817551488',
    name: shopName,
    email: 'orders@northloop.example.com',
    myshopifyDomain: 'northloop-supply.myshopify.com',
    currencyCode: 'USD',
    ianaTimezone: 'America/New_York',
  };
  const scopes = options.scopes ?? [
    'read_orders',
    'read_all_orders',
    'read_merchant_managed_fulfillment_orders',
    'write_merchant_managed_fulfillment_orders',
  ];
  /** Shopify's field-level refusal; write_x grants read_x. */
  function requireScope(field: string, scope: string): void {
    if (scopes.includes(scope) || scopes.includes(scope.replace(/^read_/, 'write_'))) return;
    throw new GraphqlError(
      `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
      'ACCESS_DENIED',
      {
        documentation: 'https://shopify.dev/api/usage/access-scopes',
      },
    );
  }

  const queryRoot = {
    __typename: 'QueryRoot',
    shop,
    currentAppInstallation: {
      __typename: 'AppInstallation',
      accessScopes: scopes.map((handle) => ({ __typename: 'AccessScope', handle })),
    },
    orders: (args: Record<string, unknown>) => {
      requireScope('orders', 'read_orders');
      const page = store.list(args);
      return connection(page.orders, page.cursors, page.hasNextPage, page.hasPreviousPage);
    },
    order: (args: Record<string, unknown>) => {
      requireScope('order', 'read_orders');
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
      requireScope('fulfillmentCreate', 'write_merchant_managed_fulfillment_orders');
      return { __typename: 'FulfillmentCreatePayload', ...store.fulfill(args.fulfillment) };
    },
    fulfillmentCancel: (args: Record<string, unknown>) => {
      requireScope('fulfillmentCancel', 'write_merchant_managed_fulfillment_orders');
      return { __typename: 'FulfillmentCancelPayload', ...store.cancelFulfillment(args.id) };
    },
  };

  function graphqlErrorReply(error: GraphqlError): FakeReply {
    return {
      status: 200,
      body: { errors: [{ message: error.message, extensions: { code: error.code, ...error.extra } }] },
    };
  }

  function answer(body: unknown): FakeReply {
    const request = (body ?? {}) as { query?: unknown; operationName?: unknown; variables?: unknown };
    if (typeof request.query !== 'string' || request.query.trim() === '') {
      return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
    }
    try {
      const prepared = prepareOperation(
        documentOf(request.query),
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
      const available = refill();
      if (costLimit && requested > available) {
        return {
          status: options.throttledHttpStatus ?? 200,
          body: {
            errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
            extensions: {
              cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(available) },
            },
          },
        };
      }
      if (costLimit) bucket.available -= requested;
      const root = prepared.type === 'mutation' ? mutationRoot : queryRoot;
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
              throttleStatus: throttleStatus(costLimit ? bucket.available : UNLIMITED_BUCKET.maximumAvailable - actual),
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

  const router = new FakeRouter()
    .on('POST', '/admin/api/:version/graphql.json', (request) => {
      if (!/^(\d{4}-(01|04|07|10)|unstable)$/.test(request.params.version ?? '')) {
        return { status: 404, body: { errors: 'Not Found' } };
      }
      if (!validTokens.has(header(request.headers['x-shopify-access-token']))) {
        return { status: 401, body: { errors: INVALID_TOKEN_MESSAGE } };
      }
      const body = parseBody(request.body, 'json');
      if (!body) return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
      return answer(body);
    })
    .on('POST', '/admin/oauth/access_token', (request) => {
      const body = parseBody(request.body, header(request.headers['content-type'])) ?? {};
      if (body.client_id !== clientId || body.client_secret !== clientSecret) {
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
      if (body.refresh_token !== refreshToken) {
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'The refresh token is invalid or has expired.' },
        };
      }
      tokenRefreshes += 1;
      accessToken = `shpat_${randomBytes(16).toString('hex')}`;
      refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
      validTokens.add(accessToken);
      return {
        status: 200,
        body: {
          access_token: accessToken,
          scope: 'read_orders,read_all_orders,write_merchant_managed_fulfillment_orders',
          expires_in: 3600,
          refresh_token: refreshToken,
          refresh_token_expires_in: 7_776_000,
        },
      };
    });

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
    clientId,
    clientSecret,
    get accessToken() {
      return accessToken;
    },
    get refreshToken() {
      return refreshToken;
    },
    get tokenRefreshes() {
      return tokenRefreshes;
    },
    fulfillments: store.fulfillments,
    orderCount: () => store.count(),
    getOrder: (id) => store.find(id),
    updateOrder: (id, patch) => store.update(id, patch),
    addOrders: (n) => store.add(n),
    orderAsRestJson: (id) => orderAsRest(mustFind(id)),
    signWebhook: (body) => webhookHmac(body, clientSecret),
    expireAccessTokens: () => validTokens.clear(),
    drainBucket(points = 0) {
      bucket.available = points;
      bucket.at = Date.now();
    },
  };
}
