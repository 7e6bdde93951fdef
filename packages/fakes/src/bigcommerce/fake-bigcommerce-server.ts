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
import { signedPayloadJwt, standardWebhookHeaders } from './fake-bigcommerce-signing.ts';
import {
  ORDER_STATUS,
  orderStatusName,
  rfc2822,
  type V2Order,
  type V2Shipment,
  type V2ShipmentRequest,
  type V2Store,
} from './fake-bigcommerce-wire.ts';

/**
 * A fake BigCommerce for tests and the demo (never the product's code paths): one store's Orders V2 API with its
 * X-Auth-Token check, V2 error bodies, the rate-limit headers and 429s of a shared quota, 204 for empty pages, the
 * shipments endpoint that marks orders shipped; plus the login service's token endpoint and helpers that sign
 * marketplace callbacks and webhooks the way BigCommerce does.
 */

export interface FakeBigcommerceOptions {
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

export interface SignedPayloadOptions {
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
  /** Shipments created through `POST /orders/{id}/shipments`, oldest first. */
  readonly shipments: V2Shipment[];
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

const v2Error = (status: number, message: string): FakeReply => ({ status, body: [{ status, message }] });

const NOT_FOUND = 'The requested resource was not found.';
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

export async function startFakeBigcommerce(options: FakeBigcommerceOptions = {}): Promise<FakeBigcommerce> {
  const storeHash = options.storeHash ?? 'fake123abc';
  const accessToken = options.accessToken ?? 'fake-bc-access-token';
  const clientId = options.clientId ?? 'fake-bc-client-id';
  const clientSecret = options.clientSecret ?? 'fake-bc-client-secret';
  const quota = options.quota === undefined ? { perWindow: 450, windowMs: 30_000 } : options.quota;

  const records = new Map<number, FakeOrderRecord>();
  for (const record of generateOrders(options.orders ?? 30, options.seed ?? 1)) records.set(record.order.id, record);
  const pushed: V2Shipment[] = [];
  let throttledCount = 0;
  let nextShipmentId = 900_000;
  let lastModified = Math.max(0, ...[...records.values()].map((r) => Date.parse(r.order.date_modified)));

  const store: V2Store = {
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

  const login = createFakeLogin({ storeHash, clientId, clientSecret, accessToken, ownerEmail: store.admin_email });

  /** Modification times only move forward, whole seconds, like the store's own clock. */
  function nextModified(): string {
    lastModified = Math.max(Math.floor(Date.now() / 1000) * 1000, lastModified + 1000);
    return rfc2822(lastModified);
  }

  function touch(order: V2Order): void {
    order.date_modified = nextModified();
  }

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

  function listOrders(request: FakeRequest): FakeReply {
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

  function createShipment(record: FakeOrderRecord, request: FakeRequest): FakeReply {
    let body: V2ShipmentRequest;
    try {
      body = JSON.parse(request.body) as V2ShipmentRequest;
    } catch {
      return v2Error(400, 'The request body is not valid JSON.');
    }
    const address = record.addresses.find((a) => a.id === body.order_address_id);
    if (!address) return v2Error(400, "The field 'order_address_id' is invalid.");
    if (!Array.isArray(body.items) || body.items.length === 0) return v2Error(400, "The field 'items' is required.");
    if ((body.tracking_number ?? '').length > 50) return v2Error(400, "The field 'tracking_number' is too long.");
    for (const item of body.items) {
      const product = record.products.find((p) => p.id === item.order_product_id);
      if (!product) return v2Error(400, `The order product ${item.order_product_id} does not belong to this order.`);
      if (!Number.isInteger(item.quantity) || item.quantity < 1) {
        return v2Error(400, "The field 'quantity' is invalid.");
      }
      if (item.quantity > product.quantity - product.quantity_shipped) {
        return v2Error(400, `The quantity of order product ${product.id} exceeds what is left to ship.`);
      }
    }

    const { order } = record;
    for (const item of body.items) {
      const product = record.products.find((p) => p.id === item.order_product_id)!;
      product.quantity_shipped += item.quantity;
      address.items_shipped += item.quantity;
      order.items_shipped += item.quantity;
    }
    const allShipped = record.products
      .filter((p) => p.type === 'physical')
      .every((p) => p.quantity_shipped >= p.quantity);
    order.status_id = allShipped ? ORDER_STATUS.shipped : ORDER_STATUS.partiallyShipped;
    order.status = orderStatusName(order.status_id)!;
    touch(order);
    order.date_shipped = order.date_modified;

    const provider = body.shipping_provider ?? '';
    const shipment: V2Shipment = {
      id: nextShipmentId++,
      order_id: order.id,
      customer_id: order.customer_id,
      order_address_id: address.id,
      date_created: order.date_modified,
      tracking_number: body.tracking_number ?? '',
      shipping_method: body.shipping_method ?? '',
      shipping_provider: provider,
      tracking_carrier: body.tracking_carrier ?? '',
      tracking_link: body.tracking_link ?? '',
      comments: body.comments ?? '',
      items: body.items.map((item) => ({
        order_product_id: item.order_product_id,
        product_id: record.products.find((p) => p.id === item.order_product_id)!.product_id,
        quantity: item.quantity,
      })),
      generated_tracking_link:
        provider === 'ups' && body.tracking_number
          ? `https://www.ups.com/track?tracknum=${encodeURIComponent(body.tracking_number)}`
          : '',
    };
    record.shipments.push(shipment);
    pushed.push(shipment);
    return { status: 201, body: shipment };
  }

  const base = '/stores/:hash/v2';
  const router = new FakeRouter()
    .on('POST', '/oauth2/token', login.tokenEndpoint)
    .on(
      'GET',
      `${base}/store`,
      api(() => ({ status: 200, body: store })),
    )
    .on('GET', `${base}/orders`, api(listOrders))
    .on('GET', `${base}/orders/:id`, api(withRecord((r) => ({ status: 200, body: r.order }))))
    .on('GET', `${base}/orders/:id/products`, api(withRecord((r, req) => pageOf(r.products, req.query))))
    .on('GET', `${base}/orders/:id/shipping_addresses`, api(withRecord((r, req) => pageOf(r.addresses, req.query))))
    .on('GET', `${base}/orders/:id/shipments`, api(withRecord((r, req) => pageOf(r.shipments, req.query))))
    .on('POST', `${base}/orders/:id/shipments`, api(withRecord(createShipment)));

  const server = await startFakeHttpServer(router, { notFound: () => v2Error(404, NOT_FOUND) });

  return {
    ...server,
    storeHash,
    accessToken,
    clientId,
    clientSecret,
    shipments: pushed,
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
      signedPayloadJwt({
        storeHash: claims.storeHash ?? storeHash,
        clientId: claims.clientId ?? clientId,
        clientSecret: claims.clientSecret ?? clientSecret,
        issuer: claims.issuer ?? 'bc',
        user: {
          id: claims.userId ?? 9876543,
          email: claims.email ?? store.admin_email,
          locale: claims.locale ?? 'en-US',
        },
        owner: { id: claims.ownerId ?? 7654321, email: claims.ownerEmail ?? store.admin_email },
        url: claims.url ?? '/',
        channelId: claims.channelId ?? null,
        issuedAt: Math.floor((claims.issuedAt ?? new Date()).getTime() / 1000),
        expiresInSeconds: claims.expiresInSeconds ?? 24 * 3600,
      }),
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
