import { randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { createFakeTokens, hasBasicCredentials } from '../http/fake-oauth.ts';
import { generateWalmartOrders } from './fake-walmart-orders.ts';
import type { LineStatus, OrderLine, PurchaseOrder, ShipmentRequest, WalmartErrorEntry } from './fake-walmart-wire.ts';
import {
  fakeWalmartWebhooks,
  type FakeWalmartSignatureScheme,
  type FakeWalmartWebhooks,
} from './fake-walmart-webhooks.ts';

/**
 * A loopback Walmart Marketplace (Orders API v3, US) for tests and the demo: client-credentials tokens, the orders
 * search with its opaque `nextCursor`, acknowledge and ship, Walmart's error shape, and its token-bucket throttling.
 * The product never imports it.
 */

interface WalmartBucket {
  /** Requests the bucket holds when full. */
  size: number;
  /** One request comes back every `refillMs`. */
  refillMs: number;
}

export interface FakeWalmartOptions {
  clientId: string;
  clientSecret: string;
  /** Orders as Walmart has them, or how many to generate from `seed`. */
  orders?: PurchaseOrder[] | number;
  seed?: number;
  /** Throttling (off when absent). */
  bucket?: WalmartBucket;
  /** Access token lifetime (default 900 s, as Walmart's). */
  tokenTtlSeconds?: number;
  /** How webhook notifications are signed (default `canonical`). */
  webhookScheme?: FakeWalmartSignatureScheme;
}

interface RecordedShipment {
  purchaseOrderId: string;
  request: ShipmentRequest;
  at: number;
}

export interface FakeWalmart extends FakeHttpServer {
  /** Orders by purchaseOrderId; tests may edit them. */
  readonly orders: Map<string, PurchaseOrder>;
  readonly shipments: RecordedShipment[];
  /** purchaseOrderIds acknowledged, in order. */
  readonly acknowledgements: string[];
  /** How many access tokens were issued. */
  tokensIssued(): number;
  /** Every issued token stops working (as if expired or revoked). */
  expireTokens(): void;
  setBucket(bucket: WalmartBucket | null): void;
  addOrder(order: PurchaseOrder): void;
  /** The Notifications API: subscriptions, and signed notifications on order changes (fake-walmart-webhooks.ts). */
  readonly webhooks: FakeWalmartWebhooks;
}

const MAX_LIMIT = 200;
const DAY_MS = 86_400_000;
const SEARCH_PARAMS = [
  'createdStartDate',
  'createdEndDate',
  'lastModifiedStartDate',
  'lastModifiedEndDate',
  'status',
  'purchaseOrderId',
  'customerOrderId',
  'sku',
  'productInfo',
];

function errorReply(status: number, error: WalmartErrorEntry, headers?: Record<string, string>): FakeReply {
  return { status, headers, body: { errors: [{ severity: 'ERROR', category: 'DATA', ...error }] } };
}

const unauthorized = (message: string) =>
  errorReply(401, {
    code: 'UNAUTHORIZED.GMP_GATEWAY_API',
    field: 'UNAUTHORIZED',
    description: 'Unauthorized',
    message,
  });

const notFound = () =>
  errorReply(404, { code: 'CONTENT_NOT_FOUND.GMP_ORDER_API', field: 'data', message: 'No orders found' });

const invalid = (field: string, message: string) =>
  errorReply(400, { code: 'INVALID_REQUEST_PARAM.GMP_ORDER_API', field, message });

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function lastModified(order: PurchaseOrder): number {
  return Math.max(order.orderDate, ...order.orderLines.orderLine.map((line) => line.statusDate ?? 0));
}

function parseDate(value: string | null): number | null {
  if (!value) return null;
  const at = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(at) ? Number.NaN : at;
}

function lineStatuses(line: OrderLine) {
  return line.orderLineStatuses.orderLineStatus;
}

/** Takes `quantity` units of the line out of `from` into a new status entry (Walmart splits line statuses so). */
function moveQuantity(line: OrderLine, from: string, to: LineStatus): void {
  const quantity = Number(to.statusQuantity.amount);
  const source = lineStatuses(line).find((status) => status.status === from);
  if (!source) return;
  const left = Number(source.statusQuantity.amount) - quantity;
  if (left > 0) source.statusQuantity = { ...source.statusQuantity, amount: String(left) };
  else lineStatuses(line).splice(lineStatuses(line).indexOf(source), 1);
  lineStatuses(line).push(to);
}

function withoutProductInfo(order: PurchaseOrder): PurchaseOrder {
  return {
    ...order,
    orderLines: {
      orderLine: order.orderLines.orderLine.map((line) => ({ ...line, item: { ...line.item, weight: undefined } })),
    },
  };
}

/** `GET /v3/orders`: the search's dates and filters, newest first, a page with its `nextCursor` (kept in `cursors`). */
function searchOrders(
  orders: ReadonlyMap<string, PurchaseOrder>,
  cursors: Set<string>,
  query: URLSearchParams,
): FakeReply {
  const limit = Number(query.get('limit') ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return invalid('limit', 'limit must be 1 to 200');
  const dates: Record<string, number | null> = {};
  for (const name of ['createdStartDate', 'createdEndDate', 'lastModifiedStartDate', 'lastModifiedEndDate']) {
    const at = parseDate(query.get(name));
    if (Number.isNaN(at)) return invalid(name, `${name} is not a valid date`);
    dates[name] = at;
  }
  const now = Date.now();
  const filtered = !query.has('purchaseOrderId') && dates.lastModifiedStartDate === null;
  // Walmart reads back 180 days at most, and 7 when no start is given.
  const createdFrom = Math.max(dates.createdStartDate ?? (filtered ? now - 7 * DAY_MS : 0), now - 180 * DAY_MS);
  const matches = [...orders.values()]
    .filter((order) => order.orderDate >= createdFrom)
    .filter((order) => dates.createdEndDate === null || order.orderDate <= dates.createdEndDate!)
    .filter((order) => dates.lastModifiedStartDate === null || lastModified(order) >= dates.lastModifiedStartDate!)
    .filter((order) => dates.lastModifiedEndDate === null || lastModified(order) <= dates.lastModifiedEndDate!)
    .filter((order) => !query.has('purchaseOrderId') || order.purchaseOrderId === query.get('purchaseOrderId'))
    .filter((order) => !query.has('customerOrderId') || order.customerOrderId === query.get('customerOrderId'))
    .filter((order) => !query.has('sku') || order.orderLines.orderLine.some((l) => l.item.sku === query.get('sku')))
    .filter(
      (order) =>
        !query.has('status') ||
        order.orderLines.orderLine.some((line) => lineStatuses(line).some((s) => s.status === query.get('status'))),
    )
    // Walmart lists newest orders first and offers no other order.
    .sort((a, b) => b.orderDate - a.orderDate || a.purchaseOrderId.localeCompare(b.purchaseOrderId));
  if (matches.length === 0) return notFound();

  const offset = Number(query.get('soIndex') ?? 0);
  const page = matches.slice(offset, offset + limit);
  let nextCursor: string | null = null;
  if (offset + limit < matches.length) {
    const next = new URLSearchParams({
      limit: String(limit),
      hasMoreElements: 'true',
      soIndex: String(offset + limit),
    });
    next.set('poIndex', page.at(-1)!.purchaseOrderId);
    for (const name of SEARCH_PARAMS) if (query.has(name)) next.set(name, query.get(name)!);
    next.set('cursorMark', randomBytes(9).toString('base64'));
    cursors.add(next.toString());
    nextCursor = `?${next}`;
  }
  const productInfo = query.get('productInfo') === 'true';
  return {
    status: 200,
    body: {
      list: {
        meta: { totalCount: matches.length, limit, nextCursor },
        elements: { order: page.map((order) => (productInfo ? order : withoutProductInfo(order))) },
      },
    },
  };
}

/** `POST /v3/orders/{id}/acknowledge`: the created lines acknowledged. */
function acknowledge(
  orders: ReadonlyMap<string, PurchaseOrder>,
  acknowledgements: string[],
  request: FakeRequest,
): FakeReply {
  const order = orders.get(request.params.id!);
  if (!order) return notFound();
  const created = order.orderLines.orderLine.filter((line) => lineStatuses(line).some((s) => s.status === 'Created'));
  if (created.length === 0) {
    return invalid('purchaseOrderId', `Purchase order ${order.purchaseOrderId} is already acknowledged`);
  }
  const now = Date.now();
  for (const line of created) {
    for (const status of lineStatuses(line)) if (status.status === 'Created') status.status = 'Acknowledged';
    line.statusDate = now;
  }
  acknowledgements.push(order.purchaseOrderId);
  return { status: 200, body: { order } };
}

/** `POST /v3/orders/{id}/shipping`: acknowledged units of the lines shipped, or the whole request refused. */
function ship(
  orders: ReadonlyMap<string, PurchaseOrder>,
  shipments: RecordedShipment[],
  request: FakeRequest,
): FakeReply {
  const order = orders.get(request.params.id!);
  if (!order) return notFound();
  let body: ShipmentRequest;
  try {
    body = JSON.parse(request.body) as ShipmentRequest;
  } catch {
    return invalid('orderShipment', 'The request body is not valid JSON');
  }
  const wanted = body?.orderShipment?.orderLines?.orderLine;
  if (!Array.isArray(wanted) || wanted.length === 0) return invalid('orderLines', 'orderLines is required');
  // Validate every line before changing any, as Walmart rejects the whole request.
  for (const want of wanted) {
    const line = order.orderLines.orderLine.find((l) => l.lineNumber === want.lineNumber);
    if (!line) return invalid('lineNumber', `Order line ${want.lineNumber} not found`);
    for (const status of want.orderLineStatuses?.orderLineStatus ?? []) {
      const quantity = Number(status.statusQuantity?.amount);
      const acknowledged = lineStatuses(line)
        .filter((s) => s.status === 'Acknowledged')
        .reduce((sum, s) => sum + Number(s.statusQuantity.amount), 0);
      if (status.status !== 'Shipped') return invalid('status', `Unsupported status ${status.status}`);
      if (!status.trackingInfo?.trackingNumber) return invalid('trackingNumber', 'trackingNumber is required');
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > acknowledged) {
        return invalid(
          'statusQuantity',
          `Order line ${line.lineNumber} has ${acknowledged} acknowledged unit(s) to ship, not ${status.statusQuantity?.amount}`,
        );
      }
    }
  }
  const now = Date.now();
  for (const want of wanted) {
    const line = order.orderLines.orderLine.find((l) => l.lineNumber === want.lineNumber)!;
    for (const status of want.orderLineStatuses.orderLineStatus) {
      moveQuantity(line, 'Acknowledged', {
        status: 'Shipped',
        statusQuantity: { unitOfMeasurement: 'EACH', amount: String(status.statusQuantity.amount) },
        trackingInfo: status.trackingInfo,
      });
    }
    line.statusDate = now;
  }
  shipments.push({ purchaseOrderId: order.purchaseOrderId, request: body, at: now });
  return { status: 200, body: { order } };
}

export async function startFakeWalmart(options: FakeWalmartOptions): Promise<FakeWalmart> {
  const ttlSeconds = options.tokenTtlSeconds ?? 900;
  const tokens = createFakeTokens(ttlSeconds, () => randomBytes(24).toString('base64url'));
  const seeded =
    typeof options.orders === 'number' ? generateWalmartOrders(options.orders, options.seed ?? 1) : options.orders;
  const orders = new Map<string, PurchaseOrder>((seeded ?? []).map((order) => [order.purchaseOrderId, order]));
  const cursors = new Set<string>();
  const shipments: RecordedShipment[] = [];
  const acknowledgements: string[] = [];
  let bucket = options.bucket ?? null;
  let available = bucket?.size ?? 0;
  let refilledAt = Date.now();

  /** Spends one request from the bucket; the headers Walmart sends with the answer, or a 429. */
  function throttle(): { headers: Record<string, string>; reply: FakeReply | null } {
    if (!bucket) return { headers: {}, reply: null };
    const now = Date.now();
    const refills = Math.floor((now - refilledAt) / bucket.refillMs);
    if (refills > 0) {
      available = Math.min(bucket.size, available + refills);
      refilledAt = available === bucket.size ? now : refilledAt + refills * bucket.refillMs;
    }
    const next = String(refilledAt + bucket.refillMs);
    if (available <= 0) {
      const headers = { 'X-Current-Token-Count': '0', 'X-Next-Replenishment-Time': next };
      return {
        headers,
        reply: errorReply(
          429,
          { code: 'REQUEST_THRESHOLD_VIOLATED.GMP_ORDER_API', field: 'data', message: 'Too many requests' },
          headers,
        ),
      };
    }
    available -= 1;
    return { headers: { 'X-Current-Token-Count': String(available), 'X-Next-Replenishment-Time': next }, reply: null };
  }

  /** Wraps an API handler with Walmart's header, token and throttling checks. */
  const api =
    (handler: (request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply => {
      for (const name of ['WM_SVC.NAME', 'WM_QOS.CORRELATION_ID']) {
        if (!header(request, name)) {
          return errorReply(400, {
            code: 'INVALID_REQUEST_HEADER.GMP_GATEWAY_API',
            field: name,
            message: `${name} is required`,
          });
        }
      }
      if (!tokens.works(header(request, 'WM_SEC.ACCESS_TOKEN'))) {
        return unauthorized('Unauthorized token or token is expired.');
      }
      const limited = throttle();
      if (limited.reply) return limited.reply;
      const reply = handler(request);
      return { ...reply, headers: { ...limited.headers, ...reply.headers } };
    };

  const router = new FakeRouter()
    .on('POST', '/v3/token', (request) => {
      if (!hasBasicCredentials(request, options.clientId, options.clientSecret)) {
        return unauthorized(
          'Unauthorized token or incorrect authorization header. Please verify correct format: "Authorization: Basic Base64Encode(clientId:clientSecret)"',
        );
      }
      if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
        return invalid('grant_type', 'grant_type must be client_credentials');
      }
      return { status: 200, body: { access_token: tokens.issue(), token_type: 'Bearer', expires_in: ttlSeconds } };
    })
    .on(
      'GET',
      '/v3/orders',
      api((request) => {
        if (request.query.has('hasMoreElements') && !cursors.has(request.query.toString())) {
          return invalid('nextCursor', 'The cursor is invalid: send nextCursor exactly as received');
        }
        return searchOrders(orders, cursors, request.query);
      }),
    )
    .on(
      'GET',
      '/v3/orders/:id',
      api((request) => {
        const order = orders.get(request.params.id!);
        return order ? { status: 200, body: { order } } : notFound();
      }),
    )
    .on(
      'POST',
      '/v3/orders/:id/acknowledge',
      api((request) => acknowledge(orders, acknowledgements, request)),
    )
    .on(
      'POST',
      '/v3/orders/:id/shipping',
      api((request) => ship(orders, shipments, request)),
    );

  const webhooks = fakeWalmartWebhooks({ router, api, orders, scheme: options.webhookScheme ?? 'canonical' });
  const server = await startFakeHttpServer(router, {
    notFound: () =>
      errorReply(404, { code: 'NOT_FOUND.GMP_GATEWAY_API', field: 'path', message: 'Resource not found' }),
  });

  return {
    ...server,
    orders,
    shipments,
    acknowledgements,
    tokensIssued: () => tokens.issued,
    expireTokens: () => tokens.revoke(),
    setBucket(next) {
      bucket = next;
      available = next?.size ?? 0;
      refilledAt = Date.now();
    },
    addOrder: (order) => void orders.set(order.purchaseOrderId, order),
    webhooks,
  };
}
