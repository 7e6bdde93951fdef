import { randomBytes, randomUUID } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHandler,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { generateOrders, type FakeOrderRecord } from './fake-bigcommerce-data.ts';
import { createFakeLogin } from './fake-bigcommerce-login.ts';
import { createFakeShipments, NOT_FOUND, v2Error } from './fake-bigcommerce-shipments.ts';
import { signedPayloadJwt, standardWebhookHeaders } from './fake-bigcommerce-signing.ts';
import { orderStatusName, rfc2822, type V2Order, type V2Shipment, type V2Store } from './fake-bigcommerce-wire.ts';

/**
 * A fake BigCommerce for tests and the demo (never the product's code paths): one store's Orders V2 API with its
 * X-Auth-Token check, V2 error bodies, the rate-limit headers and 429s of a shared quota, 204 for empty pages, the
 * shipments endpoints that mark orders shipped and take a shipment back (fake-bigcommerce-shipments.ts); plus the
 * login service's token endpoint and helpers that sign marketplace callbacks and webhooks the way BigCommerce does.
 */

interface FakeBigcommerceOptions {
  storeHash?: string;
  accessToken?: string;
  clientId?: string;
  clientSecret?: string;
  /** Generated orders (default 30). */
  orders?: number;
  seed?: number;
  /** Requests per window shared by every caller; null = no limit. Default: BigCommerce Pro, 450 per 30 s. */
  quota?: { perWindow: number; windowMs: number } | null;
  storeName?: string;
  /** The store profile's `weight_units` ("LBS", "KGS", "Ounces", "Grams"). */
  weightUnits?: string;
}

interface SignedPayloadOptions {
  storeHash?: string;
  email?: string;
  userId?: number;
  locale?: string;
  ownerId?: number;
  ownerEmail?: string;
  url?: string;
  channelId?: number | null;
  /** Default now. */
  issuedAt?: Date;
  /** Default 24 hours, like BigCommerce. */
  expiresInSeconds?: number;
  /** Overrides to forge bad tokens in tests. */
  clientId?: string;
  clientSecret?: string;
  issuer?: string;
}

export interface FakeBigcommerce extends FakeHttpServer {
  readonly storeHash: string;
  readonly accessToken: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Shipments created through `POST /orders/{id}/shipments`, oldest first (deleted ones included). */
  readonly shipments: V2Shipment[];
  /** Shipments deleted through `DELETE /orders/{id}/shipments/{shipment_id}`, oldest first. */
  readonly deletedShipments: V2Shipment[];
  /** How many requests were answered 429 for being over the quota. */
  readonly throttledCount: number;
  /** The store's copy of one order (live objects: read, do not edit; use updateOrder). */
  order(id: number): FakeOrderRecord | undefined;
  orderIds(): number[];
  /** Changes an order the way the merchant would; its date_modified moves to now. */
  updateOrder(id: number, patch: Partial<V2Order>): V2Order;
  /** A bulk action of the control panel: every order gets the patch and one same date_modified. */
  updateOrders(ids: readonly number[], patch: Partial<V2Order>): string;
  /** A code the login service will exchange once, as the auth callback would carry it. */
  issueAuthCode(options?: { context?: string; scope?: string; redirectUri?: string }): string;
  /** A `signed_payload_jwt` for the load / uninstall / remove_user callbacks. */
  signedPayloadJwt(options?: SignedPayloadOptions): Promise<string>;
  /** The three Standard Webhooks headers BigCommerce sends with `body`. */
  signWebhook(body: string, options?: { id?: string; timestamp?: number; secret?: string }): Record<string, string>;
  /** A "light" order webhook payload, as BigCommerce sends it. */
  orderWebhookBody(orderId: number, scope?: string): string;
}

const MAX_LIMIT = 250;
const DEFAULT_LIMIT = 50;

function pageOf<T>(rows: readonly T[], query: URLSearchParams): FakeReply {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const limit = Math.min(MAX_LIMIT, Math.max(1, Number.parseInt(query.get('limit') ?? '', 10) || DEFAULT_LIMIT));
  const slice = rows.slice((page - 1) * limit, page * limit);
  // BigCommerce answers an empty collection with 204 and no body.
  return slice.length === 0 ? { status: 204 } : { status: 200, body: slice };
}

const DATE_FILTERS: ReadonlyArray<{ param: string; field: 'date_modified' | 'date_created'; min: boolean }> = [
  { param: 'min_date_modified', field: 'date_modified', min: true },
  { param: 'max_date_modified', field: 'date_modified', min: false },
  { param: 'min_date_created', field: 'date_created', min: true },
  { param: 'max_date_created', field: 'date_created', min: false },
];

const SORTABLE = new Set(['id', 'date_created', 'date_modified', 'status_id', 'customer_id']);

function sortValue(order: V2Order, field: string): number {
  if (field === 'date_created' || field === 'date_modified') return Date.parse(order[field]);
  return Number(order[field as keyof V2Order]);
}

/** `GET /store`: the store's profile. */
function storeProfile(storeHash: string, options: FakeBigcommerceOptions): V2Store {
  return {
    id: '1001234',
    domain: `${storeHash}.mybigcommerce.com`,
    secure_url: `https://${storeHash}.mybigcommerce.com`,
    name: options.storeName ?? 'Trailhead Outfitters',
    admin_email: 'owner@trailhead.example',
    order_email: 'orders@trailhead.example',
    country_code: 'US',
    currency: 'USD',
    weight_units: options.weightUnits ?? 'LBS',
    dimension_units: 'Inches',
    plan_name: 'Pro',
  };
}

/** `GET /orders`: the date, id and status filters, deleted orders apart, sorted, one page. */
function listOrders(records: ReadonlyMap<number, FakeOrderRecord>, request: FakeRequest): FakeReply {
  const { query } = request;
  let rows = [...records.values()].map((r) => r.order);
  for (const { param, field, min } of DATE_FILTERS) {
    const raw = query.get(param);
    if (raw === null) continue;
    const bound = Date.parse(raw);
    if (Number.isNaN(bound)) return v2Error(400, `The filter '${param}' is invalid.`);
    rows = rows.filter((o) => (min ? Date.parse(o[field]) >= bound : Date.parse(o[field]) <= bound));
  }
  const minId = query.get('min_id');
  const maxId = query.get('max_id');
  const statusId = query.get('status_id');
  if (minId !== null) rows = rows.filter((o) => o.id >= Number(minId));
  if (maxId !== null) rows = rows.filter((o) => o.id <= Number(maxId));
  if (statusId !== null) rows = rows.filter((o) => o.status_id === Number(statusId));
  const deleted = query.get('is_deleted') === 'true';
  rows = rows.filter((o) => o.is_deleted === deleted);

  const [field = 'id', direction = 'asc'] = (query.get('sort') ?? 'id:asc').split(':');
  if (!SORTABLE.has(field) || (direction !== 'asc' && direction !== 'desc')) {
    return v2Error(400, `The sort '${query.get('sort')}' is invalid.`);
  }
  const sign = direction === 'asc' ? 1 : -1;
  rows.sort((a, b) => sign * (sortValue(a, field) - sortValue(b, field)) || a.id - b.id);
  return pageOf(rows, query);
}

/** A `signed_payload_jwt` of the store's app, with the store's values where `claims` leaves them out. */
function signedPayload(
  app: { storeHash: string; clientId: string; clientSecret: string; email: string },
  claims: SignedPayloadOptions,
): Promise<string> {
  return signedPayloadJwt({
    storeHash: claims.storeHash ?? app.storeHash,
    clientId: claims.clientId ?? app.clientId,
    clientSecret: claims.clientSecret ?? app.clientSecret,
    issuer: claims.issuer ?? 'bc',
    user: {
      id: claims.userId ?? 9876543,
      email: claims.email ?? app.email,
      locale: claims.locale ?? 'en-US',
    },
    owner: { id: claims.ownerId ?? 7654321, email: claims.ownerEmail ?? app.email },
    url: claims.url ?? '/',
    channelId: claims.channelId ?? null,
    issuedAt: Math.floor((claims.issuedAt ?? new Date()).getTime() / 1000),
    expiresInSeconds: claims.expiresInSeconds ?? 24 * 3600,
  });
}

export async function startFakeBigcommerce(options: FakeBigcommerceOptions = {}): Promise<FakeBigcommerce> {
  const storeHash = options.storeHash ?? 'fake123abc';
  const accessToken = options.accessToken ?? 'fake-bc-access-token';
  const clientId = options.clientId ?? 'fake-bc-client-id';
  const clientSecret = options.clientSecret ?? 'fake-bc-client-secret';
  const quota = options.quota === undefined ? { perWindow: 450, windowMs: 30_000 } : options.quota;

  const records = new Map<number, FakeOrderRecord>();
  for (const record of generateOrders(options.orders ?? 30, options.seed ?? 1)) records.set(record.order.id, record);
  let throttledCount = 0;
  let lastModified = Math.max(0, ...[...records.values()].map((r) => Date.parse(r.order.date_modified)));

  const store = storeProfile(storeHash, options);

  const login = createFakeLogin({ storeHash, clientId, clientSecret, accessToken, ownerEmail: store.admin_email });

  /** Modification times only move forward, whole seconds, like the store's own clock. */
  function nextModified(): string {
    lastModified = Math.max(Math.floor(Date.now() / 1000) * 1000, lastModified + 1000);
    return rfc2822(lastModified);
  }

  function touch(order: V2Order): void {
    order.date_modified = nextModified();
  }
  const shipments = createFakeShipments(touch);

  function patchRecord(id: number, patch: Partial<V2Order>): V2Order {
    const record = records.get(id);
    if (!record) throw new Error(`Fake BigCommerce has no order ${id}`);
    Object.assign(record.order, patch);
    if (patch.status_id !== undefined) record.order.status = orderStatusName(patch.status_id) ?? 'Custom';
    return record.order;
  }

  // The quota is one fixed window shared by every caller of the store, as BigCommerce's is.
  let windowStart = 0;
  let used = 0;
  function rateHeaders(now: number): Record<string, string> {
    if (!quota) return {};
    return {
      'X-Rate-Limit-Time-Window-Ms': String(quota.windowMs),
      'X-Rate-Limit-Time-Reset-Ms': String(Math.max(0, windowStart + quota.windowMs - now)),
      'X-Rate-Limit-Requests-Quota': String(quota.perWindow),
      'X-Rate-Limit-Requests-Left': String(Math.max(0, quota.perWindow - used)),
    };
  }

  /** Auth, store and quota checks in front of every store API route. */
  function api(handler: FakeHandler): FakeHandler {
    return async (request) => {
      if (request.params.hash !== storeHash) return v2Error(404, NOT_FOUND);
      if (request.headers['x-auth-token'] !== accessToken) {
        return v2Error(401, 'You are not authorized to access this resource. Please check your X-Auth-Token.');
      }
      const now = Date.now();
      if (quota) {
        if (now >= windowStart + quota.windowMs) {
          windowStart = now;
          used = 0;
        }
        if (used >= quota.perWindow) {
          throttledCount += 1;
          return {
            ...v2Error(429, 'You have exceeded your rate limit. Please wait and try again.'),
            headers: rateHeaders(now),
          };
        }
        used += 1;
      }
      const reply = await handler(request);
      return { ...reply, headers: { ...reply.headers, ...rateHeaders(now) } };
    };
  }

  function withRecord(handler: (record: FakeOrderRecord, request: FakeRequest) => FakeReply): FakeHandler {
    return (request) => {
      const record = records.get(Number(request.params.id));
      return record ? handler(record, request) : v2Error(404, NOT_FOUND);
    };
  }

  const base = '/stores/:hash/v2';
  const router = new FakeRouter()
    .on('POST', '/oauth2/token', login.tokenEndpoint)
    .on(
      'GET',
      `${base}/store`,
      api(() => ({ status: 200, body: store })),
    )
    .on(
      'GET',
      `${base}/orders`,
      api((request) => listOrders(records, request)),
    )
    .on('GET', `${base}/orders/:id`, api(withRecord((r) => ({ status: 200, body: r.order }))))
    .on('GET', `${base}/orders/:id/products`, api(withRecord((r, req) => pageOf(r.products, req.query))))
    .on('GET', `${base}/orders/:id/shipping_addresses`, api(withRecord((r, req) => pageOf(r.addresses, req.query))))
    .on('GET', `${base}/orders/:id/shipments`, api(withRecord((r, req) => pageOf(r.shipments, req.query))))
    .on('POST', `${base}/orders/:id/shipments`, api(withRecord(shipments.create)))
    .on('DELETE', `${base}/orders/:id/shipments/:shipmentId`, api(withRecord(shipments.remove)));

  const server = await startFakeHttpServer(router, { notFound: () => v2Error(404, NOT_FOUND) });

  return {
    ...server,
    storeHash,
    accessToken,
    clientId,
    clientSecret,
    shipments: shipments.created,
    deletedShipments: shipments.deleted,
    get throttledCount() {
      return throttledCount;
    },
    order: (id) => records.get(id),
    orderIds: () => [...records.keys()],
    updateOrder(id, patch) {
      const order = patchRecord(id, patch);
      touch(order);
      return order;
    },
    updateOrders(ids, patch) {
      const modified = nextModified();
      for (const id of ids) patchRecord(id, patch).date_modified = modified;
      return modified;
    },
    issueAuthCode: login.issueAuthCode,
    signedPayloadJwt: (claims = {}) =>
      signedPayload({ storeHash, clientId, clientSecret, email: store.admin_email }, claims),
    signWebhook: (body, { id = randomUUID(), timestamp = Math.floor(Date.now() / 1000), secret = clientSecret } = {}) =>
      standardWebhookHeaders(body, secret, id, timestamp),
    orderWebhookBody(orderId, scope = 'store/order/updated') {
      return JSON.stringify({
        created_at: Math.floor(Date.now() / 1000),
        store_id: store.id,
        producer: `stores/${storeHash}`,
        scope,
        hash: randomBytes(20).toString('hex'),
        data: { type: 'order', id: orderId },
      });
    },
  };
}
