import {
  createFedexClose,
  createFedexPickups,
  type FakeFedexClose,
  type FakeFedexPickup,
} from './fake-fedex-end-of-day.ts';
import { randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { createFakeTokens } from '../http/fake-oauth.ts';
import { createFedexAddresses } from './fake-fedex-addresses.ts';
import { fedexError } from './fake-fedex-errors.ts';
import { rateQuotes } from './fake-fedex-rates.ts';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { placeOf, scanEvent } from './fake-fedex-scans.ts';
import {
  createFakeFedexShipping,
  type FakeFedexCharge,
  type FakeFedexLabel,
  type FakeFedexShipmentFault,
} from './fake-fedex-shipments.ts';
import { DOCUMENT_PATH } from './fake-fedex-documents.ts';
import { trackByNumbers, trackByReferences } from './fake-fedex-track.ts';
import { createFedexVisibility, type FakeFedexVisibility } from './fake-fedex-visibility.ts';
import type { FedexRateRequest, FedexTokenAnswer } from './fake-fedex-wire.ts';

/**
 * A loopback FedEx REST platform (OAuth client credentials) for tests and the demo: `POST /oauth/token` with the API
 * and secret keys in a form body, FedEx's error shape with its transactionId, its per-project throttling (1,400
 * transactions per 10-second window, then 429 for the rest of the window), and its gateway, which refuses an expired
 * or revoked Bearer token on every API path before routing (API paths the fake does not model answer 404). Behind it:
 * rate quotes, shipments (labels kept in memory and charged), cancels, tracking by number or reference, and address
 * validation (fake-fedex-addresses.ts). The product never imports it.
 */

interface FakeFedexThrottle {
  requests: number;
  /** Default 10 s. */
  windowMs?: number;
}

export interface FakeFedexOptions {
  /** The API key. */
  clientId: string;
  /** The secret key. */
  clientSecret: string;
  /** Token lifetime (default 3 600 s, answered as expires_in 3 599 as FedEx does). */
  tokenLifetimeSeconds?: number;
  /** Default 1,400 requests per 10 s; null turns throttling off. */
  throttle?: FakeFedexThrottle | null;
  /** The shipper's account: shipments for another are refused. Default: any account. */
  accountNumber?: string;
  /** The clock parcels move by after their label (default: real time). */
  clock?: FakeClock;
  port?: number;
}

export interface FakeFedex extends FakeHttpServer {
  tokensIssued(): number;
  /** Every issued token stops working (as if expired or revoked). */
  expireTokens(): void;
  setThrottle(throttle: FakeFedexThrottle | null): void;
  /** The next `times` requests are answered 429 in FedEx's words, with Retry-After when given. */
  throttleNext(options?: { times?: number; retryAfterSeconds?: number; path?: RegExp }): void;
  /** The next `times` requests on matching paths (default: every path) answer a 5xx in FedEx's words. */
  failWithServerError(options?: { status?: number; times?: number; path?: RegExp }): void;
  /** Address resolve calls that passed the gateway (fake-fedex-addresses.ts). */
  addressCalls(): number;
  /** Labels sold, by tracking number (cancelled ones stay, with their status). */
  readonly labels: ReadonlyMap<string, FakeFedexLabel>;
  /** One per label sold, oldest first; a cancel marks its charge refunded. */
  readonly charges: readonly FakeFedexCharge[];
  /** What the next shipment request meets instead of a plain success (queued in order). */
  failNextShipment(fault: FakeFedexShipmentFault): void;
  /** Shipment documents (the commercial invoice) answered by link from now on, as with URL_ONLY, or inline again. */
  documentsByUrl(on?: boolean): void;
  /** The clock the labels' journeys run on (fake-fedex-scans.ts): move it to move the parcels. */
  readonly clock: FakeClock;
  /**
   * FedEx scans the package (a code of FEDEX_SCAN_WORDS, default PU: picked up), now on the fake's clock: the label's
   * journey stops where it was and tracking shows this scan after it. A scanned label can no longer be cancelled.
   */
  scan(trackingNumber: string, code?: string): void;
  /** FedEx's visibility webhooks (fake-fedex-visibility.ts): set up as in its portal, pushed as the clock moves. */
  readonly visibility: FakeFedexVisibility;
  /** Pickups booked (fake-fedex-end-of-day.ts), by confirmation code; cancelled ones kept, marked. */
  readonly pickups: ReadonlyMap<string, FakeFedexPickup>;
  /** Ground End of Day Closes made (fake-fedex-end-of-day.ts), oldest first. */
  readonly closes: readonly FakeFedexClose[];
}

const SERVICE_UNAVAILABLE =
  'The service is currently unavailable and we are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.';
const TOO_MANY = 'We have received too many requests in a short duration. Please wait a while to try again.';

function parseJson<T>(request: FakeRequest): T | null {
  try {
    return JSON.parse(request.body) as T;
  } catch {
    return null;
  }
}

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startFakeFedex(options: FakeFedexOptions): Promise<FakeFedex> {
  const lifetime = options.tokenLifetimeSeconds ?? 3_600;
  // FedEx tokens are JWTs; the fake's only need to look opaque.
  const tokens = createFakeTokens(lifetime, () => `eyJ${randomBytes(60).toString('base64url')}`);
  let throttle: FakeFedexThrottle | null =
    options.throttle === undefined ? { requests: 1_400, windowMs: 10_000 } : options.throttle;
  let windowStart = Date.now();
  let spent = 0;
  const clock = options.clock ?? new FakeClock();
  const shipping = createFakeFedexShipping(options.accountNumber, clock);
  const addresses = createFedexAddresses();
  const visibility = createFedexVisibility({ clock, labels: shipping.labels });
  const pickups = createFedexPickups({ accountNumber: options.accountNumber, clock });
  const close = createFedexClose({ accountNumber: options.accountNumber, labels: shipping.labels });

  /** Counts the request in the current fixed window; the 429 once the window is spent. */
  function spendWindow(): FakeReply | null {
    if (!throttle) return null;
    const windowMs = throttle.windowMs ?? 10_000;
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now - ((now - windowStart) % windowMs);
      spent = 0;
    }
    if (spent >= throttle.requests) return fedexError(429, 'TOO.MANY.REQUESTS', TOO_MANY);
    spent += 1;
    return null;
  }

  function token(request: FakeRequest): FakeReply {
    if (!(header(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return fedexError(415, 'UNSUPPORTED.MEDIA.TYPE', 'Content-Type must be application/x-www-form-urlencoded.');
    }
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials') {
      return fedexError(400, 'BAD.REQUEST.ERROR', 'The given grant_type is not supported.');
    }
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) {
      return fedexError(
        401,
        'NOT.AUTHORIZED.ERROR',
        'The given client credentials were not valid. Please modify your request and try again.',
      );
    }
    const answer: FedexTokenAnswer = {
      access_token: tokens.issue(),
      token_type: 'bearer',
      expires_in: Math.max(1, lifetime - 1),
      scope: 'CXS',
    };
    return { status: 200, body: answer };
  }

  /** The gateway in front of every API: throttling, the Bearer token, then the resource. */
  function gateway(request: FakeRequest): FakeReply | null {
    const throttled = spendWindow();
    if (throttled) return throttled;
    const bearer = /^Bearer (.+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
    if (!tokens.works(bearer)) {
      return fedexError(401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.');
    }
    return null;
  }

  /** An API the fake models, behind the gateway. */
  const api =
    (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) =>
    (request: FakeRequest): FakeReply | Promise<FakeReply> =>
      gateway(request) ?? handler(request);
  const unknownPath = (request: FakeRequest) =>
    gateway(request) ?? fedexError(404, 'NOT.FOUND.ERROR', 'The resource you requested is not available.');

  const router = new FakeRouter()
    .on('POST', '/oauth/token', (request) => spendWindow() ?? token(request))
    .on(
      'POST',
      '/rate/v1/rates/quotes',
      api((request) => rateQuotes(parseJson<FedexRateRequest>(request) ?? {})),
    )
    .on('POST', '/ship/v1/shipments', api(shipping.ship))
    .on('POST', '/address/v1/addresses/resolve', api(addresses.resolve))
    .on('PUT', '/ship/v1/shipments/cancel', api(shipping.cancel))
    .on('POST', '/pickup/v1/pickups', api(pickups.create))
    .on('PUT', '/pickup/v1/pickups/cancel', api(pickups.cancel))
    .on('PUT', '/ship/v1/endofday/', api(close.close))
    // A document link is its own credential: no token asked, as for FedEx's 24-hour links.
    .on(
      'GET',
      `${DOCUMENT_PATH}/:name`,
      (request) => spendWindow() ?? shipping.documents.serve(request.params.name ?? ''),
    )
    .on(
      'POST',
      '/track/v1/trackingnumbers',
      api((request) => trackByNumbers(shipping.labels, request, clock.now())),
    )
    .on(
      'POST',
      '/track/v1/referencenumbers',
      api((request) => trackByReferences(shipping.labels, request, clock.now())),
    );
  const server = await startFakeHttpServer(router, { port: options.port, notFound: unknownPath });

  return {
    ...server,
    tokensIssued: () => tokens.issued,
    expireTokens: () => tokens.revoke(),
    setThrottle(next) {
      throttle = next;
      windowStart = Date.now();
      spent = 0;
    },
    throttleNext({ times = 1, retryAfterSeconds, path } = {}) {
      const headers = retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) };
      const reply = fedexError(429, 'TOO.MANY.REQUESTS', TOO_MANY, headers);
      server.fail({ kind: 'status', status: 429, headers: reply.headers, body: reply.body }, { times, path });
    },
    failWithServerError({ status = 503, times = 1, path } = {}) {
      const reply =
        status === 503
          ? fedexError(503, 'SERVICE.UNAVAILABLE.ERROR', SERVICE_UNAVAILABLE)
          : fedexError(
              status,
              'INTERNAL.SERVER.ERROR',
              'We encountered an unexpected error and are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.',
            );
      server.fail({ kind: 'status', status, body: reply.body }, { times, path });
    },
    addressCalls: () => addresses.calls,
    labels: shipping.labels,
    charges: shipping.charges,
    failNextShipment: (fault) => shipping.queue(fault),
    documentsByUrl: (on = true) => shipping.documents.byUrl(on),
    clock,
    visibility,
    pickups: pickups.pickups,
    closes: close.closes,
    scan(trackingNumber, code = 'PU') {
      const label = shipping.labels.get(trackingNumber);
      if (!label) throw new Error(`The fake FedEx sold no label ${trackingNumber}`);
      const now = clock.now();
      label.journeyStoppedAt ??= now;
      const at = code === 'DL' ? label.recipient : label.shipper;
      label.scans.unshift(scanEvent(code, placeOf(at), now));
    },
  };
}
