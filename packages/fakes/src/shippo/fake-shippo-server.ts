import { randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { validateAddress } from './fake-shippo-addresses.ts';
import { createFakeShippoCustoms } from './fake-shippo-customs.ts';
import { createFakeShippoEndOfDay, type FakeShippoManifest } from './fake-shippo-end-of-day.ts';
import { startFakeLabelFiles, type FakeLabelFiles } from './fake-shippo-label-files.ts';
import {
  createFakeShippoLabels,
  hex,
  trackingEvent,
  type FakeShippoCharge,
  type FakeShippoLabel,
  type FakeShippoPurchaseFault,
} from './fake-shippo-labels.ts';
import { createFakeShippoRecords, type FakeShippoRefundOutcome } from './fake-shippo-records.ts';
import { createFakeShippoTracks } from './fake-shippo-tracks.ts';
import { createFakeShippoWebhooks, type FakeShippoWebhooks } from './fake-shippo-webhooks.ts';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import type {
  ShippoCarrierAccount,
  ShippoCustomsDeclaration,
  ShippoDetailError,
  ShippoPage,
  ShippoTrackingStatus,
  ShippoTransaction,
} from './fake-shippo-wire.ts';

/**
 * A loopback Shippo for tests and the demo: API tokens sent as `Authorization: ShippoToken <token>` (live
 * `shippo_live_…`, test `shippo_test_…`), the carrier accounts list and object, Django REST framework's `{ detail }`
 * errors, and Shippo's per-minute rate limits by kind of request (test tokens get a tenth of live ones), answered 429
 * with the X-RateLimit headers. Labels: shipments and their rates, transactions (labels bought, kept in memory and
 * charged, their files behind label_url on a store of their own), customs declarations (a purchase between two
 * countries needs one; a courier's comes with a commercial invoice), refunds and tracking. The product never imports it.
 */

interface FakeShippoRateLimits {
  /** GET of a list, per window (default 50 live, 10 test). */
  list?: number;
  /** GET of one object, per window (default 4 000 live, 400 test). */
  single?: number;
  /** POST of a shipment, transaction or refund, per window (default 500 live, 50 test). */
  create?: number;
  /** Address validations (`GET /v2/addresses/validate`), per window (default 100 live, 10 test; Shippo publishes none). */
  address?: number;
  /** Default a minute. */
  windowMs?: number;
}

export interface FakeShippoOptions {
  /** The API tokens Shippo knows. */
  tokens: string[];
  /** Owner of every object: the Shippo user's email (default seller@example.com). */
  owner?: string;
  /** Default: a Shippo-managed USPS account and a seller's own UPS account. */
  carrierAccounts?: Array<Pick<ShippoCarrierAccount, 'carrier'> & Partial<ShippoCarrierAccount>>;
  /** Defaults as above; null turns rate limiting off. */
  rateLimits?: FakeShippoRateLimits | null;
  /** The clock parcels move by after their label (default: real time). */
  clock?: FakeClock;
  /** The HMAC secret Shippo's support provisions for signed webhooks (none: the URL's `?token=` only). */
  webhookHmacSecret?: string;
  port?: number;
}

export interface FakeShippo extends FakeHttpServer {
  readonly carrierAccounts: ShippoCarrierAccount[];
  /** The token stops working, as when it is deleted in Shippo's portal. */
  revokeToken(token: string): void;
  setRateLimits(limits: FakeShippoRateLimits | null): void;
  /** The next `times` requests are answered 429 as Shippo does, with X-RateLimit-Reset `resetInSeconds` from now. */
  throttleNext(options?: { times?: number; resetInSeconds?: number; path?: RegExp }): void;
  /** The next `times` requests on matching paths (default: every path) answer a 5xx. */
  failWithServerError(options?: { status?: number; times?: number; path?: RegExp }): void;
  /** Customs declarations, created on their own or inline with a shipment, by object id. */
  readonly customsDeclarations: ReadonlyMap<string, ShippoCustomsDeclaration>;
  /** Labels bought, by tracking number. */
  readonly labels: ReadonlyMap<string, FakeShippoLabel>;
  /** Every transaction, failed ones included, by object id. */
  readonly transactions: ReadonlyMap<string, ShippoTransaction>;
  /** One per label bought, oldest first; a successful refund marks its charge refunded. */
  readonly charges: readonly FakeShippoCharge[];
  /** What the next purchase meets instead of a plain success (queued in order). */
  failNextPurchase(fault: FakeShippoPurchaseFault): void;
  /** The clock the labels' journeys run on (fake-shippo-tracks.ts): move it to move the parcels. */
  readonly clock: FakeClock;
  /** Its webhooks and the track_updated pushes sent (fake-shippo-webhooks.ts). */
  readonly webhooks: Pick<FakeShippoWebhooks, 'webhooks' | 'sender' | 'push'>;
  /**
   * The carrier scans the label (default TRANSIT), now on the fake's clock: its journey stops where it was and tracking
   * shows this event after it; Shippo no longer refunds it.
   */
  scan(trackingNumber: string, status?: ShippoTrackingStatus, details?: string): void;
  /** The status refunds answer from now on (default SUCCESS). */
  setRefundOutcome(outcome: FakeShippoRefundOutcome): void;
  /** The file store behind label_url: its log, and downloads failed on demand. */
  readonly labelFiles: Pick<FakeLabelFiles, 'url' | 'requests' | 'fail'>;
  /** Manifests asked for (fake-shippo-end-of-day.ts), by object id. */
  readonly manifests: ReadonlyMap<string, FakeShippoManifest>;
}

const SCAN_WORDS: Record<ShippoTrackingStatus, string> = {
  UNKNOWN: 'The carrier has not provided any information.',
  PRE_TRANSIT: 'The carrier has been notified of the shipment.',
  TRANSIT: 'Your shipment has been accepted and is in transit.',
  DELIVERED: 'Your shipment has been delivered.',
  RETURNED: 'Your shipment is being returned to the sender.',
  FAILURE: 'The carrier could not deliver the shipment.',
};
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/** Requests per window by kind of request, for live and test tokens (Shippo's published per-minute limits). */
const DEFAULT_LIMITS = {
  list: { live: 50, test: 10 },
  single: { live: 4_000, test: 400 },
  create: { live: 500, test: 50 },
  address: { live: 100, test: 10 },
};
const CARRIER_NAMES: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl_express: 'DHL Express' };

type RateLimitKind = keyof typeof DEFAULT_LIMITS;

const notFound = () => detail(404, 'Not found.');

function detail(status: number, text: string, headers?: Record<string, string>): FakeReply {
  return { status, headers, body: { detail: text } satisfies ShippoDetailError };
}

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function throttled(limit: number, resetAt: number): FakeReply {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return detail(429, `Request was throttled. Expected available in ${seconds} seconds.`, {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
  });
}

export async function startFakeShippo(options: FakeShippoOptions): Promise<FakeShippo> {
  const known = new Set(options.tokens);
  const owner = options.owner ?? 'seller@example.com';
  const seeds = options.carrierAccounts ?? [
    { carrier: 'usps', is_shippo_account: true },
    { carrier: 'ups', account_id: '1A2B3C' },
  ];
  const carrierAccounts: ShippoCarrierAccount[] = seeds.map((seed) => ({
    object_id: randomBytes(16).toString('hex'),
    object_owner: owner,
    carrier_name: CARRIER_NAMES[seed.carrier] ?? seed.carrier.toUpperCase(),
    account_id: randomBytes(4).toString('hex'),
    parameters: {},
    test: false,
    active: true,
    is_shippo_account: false,
    metadata: '',
    ...seed,
  }));
  let limits: FakeShippoRateLimits | null = options.rateLimits === undefined ? {} : options.rateLimits;
  /** Requests counted per token and kind of request in the current window. */
  const windows = new Map<string, { start: number; spent: number }>();

  function spend(token: string, kind: RateLimitKind): { reply: FakeReply | null; headers: Record<string, string> } {
    if (!limits) return { reply: null, headers: {} };
    const limit = limits[kind] ?? DEFAULT_LIMITS[kind][token.startsWith('shippo_test_') ? 'test' : 'live'];
    const windowMs = limits.windowMs ?? 60_000;
    const now = Date.now();
    const key = `${token}:${kind}`;
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) windows.set(key, (window = { start: now, spent: 0 }));
    const resetAt = window.start + windowMs;
    if (window.spent >= limit) return { reply: throttled(limit, resetAt), headers: {} };
    window.spent += 1;
    return {
      reply: null,
      headers: {
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': String(limit - window.spent),
        'X-RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
      },
    };
  }

  /** Wraps a handler with Shippo's token check and rate limit. */
  const api =
    (kind: RateLimitKind, handler: (request: FakeRequest, token: string) => FakeReply | Promise<FakeReply>) =>
    async (request: FakeRequest): Promise<FakeReply> => {
      const authorization = header(request, 'authorization');
      if (!authorization) return detail(401, 'Authentication credentials were not provided.');
      const token = /^ShippoToken (.+)$/.exec(authorization)?.[1];
      if (!token || !known.has(token)) return detail(401, 'Invalid token.');
      const limited = spend(token, kind);
      if (limited.reply) return limited.reply;
      const reply = await handler(request, token);
      return { ...reply, headers: { ...limited.headers, ...reply.headers } };
    };

  function list(request: FakeRequest, token: string): FakeReply {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('results') ?? DEFAULT_PAGE_SIZE);
    if (!Number.isInteger(page) || page < 1) return detail(404, 'Invalid page.');
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
      return { status: 400, body: { results: [`Ensure this value is between 1 and ${MAX_PAGE_SIZE}.`] } };
    }
    const carrier = request.query.get('carrier');
    const matching = carrierAccounts
      .filter((account) => !carrier || account.carrier === carrier)
      .map((account) => ({ ...account, test: token.startsWith('shippo_test_') }));
    const from = (page - 1) * size;
    if (from > 0 && from >= matching.length) return detail(404, 'Invalid page.');
    const link = (n: number) => {
      const query = new URLSearchParams(request.query);
      query.set('page', String(n));
      query.set('results', String(size));
      return `${server.url}${request.path}?${query}`;
    };
    const body: ShippoPage<ShippoCarrierAccount> = {
      next: from + size < matching.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: matching.slice(from, from + size),
    };
    return { status: 200, body };
  }

  function single(request: FakeRequest, token: string): FakeReply {
    const account = carrierAccounts.find((a) => a.object_id === request.params.id);
    return account ? { status: 200, body: { ...account, test: token.startsWith('shippo_test_') } } : notFound();
  }

  const files = await startFakeLabelFiles();
  const customs = createFakeShippoCustoms({ owner, hex });
  const clock = options.clock ?? new FakeClock();
  const labels = createFakeShippoLabels({ owner, carrierAccounts, files, customs, clock });
  const records = createFakeShippoRecords(labels, owner, () => server.url, clock);
  const tracks = createFakeShippoTracks(labels.labels, clock);
  const webhooks = createFakeShippoWebhooks(clock, labels.labels, tracks, options.webhookHmacSecret);
  const endOfDay = createFakeShippoEndOfDay({ owner, labels, files, carrierAccounts });

  const router = new FakeRouter()
    .on('GET', '/carrier_accounts/', api('list', list))
    .on('GET', '/carrier_accounts/:id', api('single', single))
    .on('POST', '/customs/declarations/', api('create', customs.createDeclaration))
    .on('GET', '/customs/declarations/:id', api('single', customs.getDeclaration))
    .on('POST', '/shipments/', api('create', labels.createShipment))
    .on('POST', '/transactions/', api('create', labels.createTransaction))
    .on('GET', '/transactions/', api('list', records.listTransactions))
    .on('GET', '/transactions/:id', api('single', records.getTransaction))
    .on('GET', '/rates/:id', api('single', records.getRate))
    .on('POST', '/refunds/', api('create', records.createRefund))
    .on('GET', '/tracks/:carrier/:number', api('single', tracks.getTrack))
    .on('POST', '/webhooks', api('create', webhooks.create))
    .on('GET', '/webhooks', api('list', webhooks.list))
    .on('GET', '/webhooks/:id', api('single', webhooks.get))
    .on('DELETE', '/webhooks/:id', api('single', webhooks.remove))
    .on('GET', '/v2/addresses/validate', api('address', validateAddress));
  endOfDay.route(router, api);
  const server = await startFakeHttpServer(router, { port: options.port, notFound });

  return {
    ...server,
    carrierAccounts,
    revokeToken: (token) => void known.delete(token),
    setRateLimits(next) {
      limits = next;
      windows.clear();
    },
    throttleNext({ times = 1, resetInSeconds = 60, path } = {}) {
      const reply = throttled(50, Date.now() + resetInSeconds * 1000);
      server.fail({ kind: 'status', status: 429, headers: reply.headers, body: reply.body }, { times, path });
    },
    failWithServerError({ status = 503, times = 1, path } = {}) {
      const text = status === 503 ? 'Service Unavailable' : 'Internal Server Error';
      server.fail({ kind: 'status', status, body: `<h1>${text}</h1>` }, { times, path });
    },
    customsDeclarations: customs.declarations,
    labels: labels.labels,
    transactions: labels.transactions,
    charges: labels.charges,
    failNextPurchase: labels.queue,
    clock,
    webhooks,
    scan(trackingNumber, status = 'TRANSIT', details) {
      const label = labels.labels.get(trackingNumber);
      if (!label) throw new Error(`The fake Shippo sold no label ${trackingNumber}`);
      const now = clock.now();
      label.journeyStoppedAt ??= now;
      const words = details ?? SCAN_WORDS[status];
      label.scans.push(trackingEvent(status, words, status === 'DELIVERED' ? label.to : label.from, now));
      label.transaction.tracking_status = status;
    },
    setRefundOutcome: records.setRefundOutcome,
    labelFiles: files,
    manifests: endOfDay.manifests,
    async close() {
      await Promise.all([server.close(), files.close()]);
    },
  };
}
