import { createUpsPickups, type FakeUpsPickup } from './fake-ups-end-of-day.ts';
import { randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { createFakeTokens, hasBasicCredentials } from '../http/fake-oauth.ts';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { createUpsAddresses } from './fake-ups-addresses.ts';
import type { FakeUpsCallLimit } from './fake-ups-limit.ts';
import { rate } from './fake-ups-rates.ts';
import { createUpsShipments, type FakeUpsCharge, type FakeUpsLabel } from './fake-ups-shipments.ts';
import { createUpsTrackAlert, type FakeUpsTrackAlert } from './fake-ups-track-alert.ts';
import { createUpsTracking } from './fake-ups-tracking.ts';
import type { UpsErrorBody, UpsTokenAnswer } from './fake-ups-wire.ts';

/**
 * A loopback UPS for tests and the demo: `POST /security/v1/oauth/token` with HTTP Basic credentials, a form body and
 * the optional `x-merchant-id`; rating, shipping, void, label recovery, tracking, Track Alert and address validation
 * (fake-ups-rates.ts, fake-ups-shipments.ts, fake-ups-tracking.ts, fake-ups-track-alert.ts, fake-ups-addresses.ts); UPS's error shape; and its
 * gateway, which refuses an expired or revoked Bearer token on every API path before routing (API paths the fake does
 * not model answer 404). Packages move along their journeys on `clock`. UPS publishes no request limits, so
 * throttling is what a test queues (and the address and tracking limits, options). The product never imports it.
 */

export interface FakeUpsOptions {
  clientId: string;
  clientSecret: string;
  /**
   * Shipper numbers the application may act for. When given, a token asked for with another `x-merchant-id` is refused
   * (UPS does not document this check; the fake models the refusal so a wrong account number can be tested).
   */
  merchantIds?: string[];
  /** expires_in of the issued tokens (default 14 399 s, as UPS's four hours). */
  tokenLifetimeSeconds?: number;
  /** The account's contract discount (0.2 = 20 % off): rates and shipments asking for negotiated rates get them. */
  negotiatedDiscount?: number | null;
  /**
   * The account is enabled for paperless invoices: UPS sends the commercial invoice to customs itself and answers no
   * copy of it unless the request asks for one (InternationalForms.OverridePaperlessIndicator).
   */
  paperlessInvoices?: boolean;
  /** Address validation calls allowed per window (UPS publishes none); absent: no limit. */
  addressLimit?: FakeUpsCallLimit | null;
  /** Tracking calls allowed per window (UPS publishes none); absent: no limit. */
  trackingLimit?: FakeUpsCallLimit | null;
  /** The clock packages move by (default: a new one, real time). */
  clock?: FakeClock;
  port?: number;
}

interface RecordedUpsToken {
  accessToken: string;
  merchantId: string | null;
}

export interface FakeUps extends FakeHttpServer {
  readonly tokens: RecordedUpsToken[];
  tokensIssued(): number;
  /** Every issued token stops working (as if expired or revoked). */
  expireTokens(): void;
  /** The next `times` requests are answered 429 in UPS's words, with Retry-After when given. */
  throttleNext(options?: { times?: number; retryAfterSeconds?: number }): void;
  /** The next `times` requests on matching paths (default: every path) answer a 5xx in UPS's words. */
  failWithServerError(options?: { status?: number; times?: number; path?: RegExp }): void;
  /** Address validation calls received (fake-ups-addresses.ts), throttled ones included. */
  addressCalls(): number;
  /** Tracking calls received (fake-ups-tracking.ts), throttled ones included. */
  trackingCalls(): number;
  /** The clock packages move by: advance it to move them along their journeys. */
  readonly clock: FakeClock;
  /** Every package shipped, by tracking number. */
  readonly labels: Map<string, FakeUpsLabel>;
  /** One entry per shipment bought. */
  readonly charges: FakeUpsCharge[];
  /** The shipment identification numbers voided. */
  readonly voids: string[];
  /** The next `times` shipments are made and charged, but their answer never comes (the client times out). */
  dropNextShipAnswer(times?: number): void;
  /**
   * A pickup scan now: the package is in UPS's hands and can no longer be voided. This and the two below take the
   * package off its journey (fake-ups-tracking.ts): it then moves by hand only.
   */
  scan(trackingNumber: string): void;
  deliver(trackingNumber: string): void;
  /** A delivery exception (the receiver was not available). */
  exception(trackingNumber: string): void;
  /** The shipment is past UPS's void period. */
  expireVoidPeriod(trackingNumber: string): void;
  /** Pickups booked (fake-ups-end-of-day.ts), by PRN; cancelled ones kept, marked. */
  readonly pickups: Map<string, FakeUpsPickup>;
  /** Track Alert (fake-ups-track-alert.ts): per-package subscriptions and their pushes to the registered listener. */
  readonly trackAlert: FakeUpsTrackAlert;
}

function upsError(status: number, code: string, message: string, headers?: Record<string, string>): FakeReply {
  const body: UpsErrorBody = { response: { errors: [{ code, message }] } };
  return { status, headers, body };
}

function header(request: FakeRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function startFakeUps(options: FakeUpsOptions): Promise<FakeUps> {
  const lifetime = options.tokenLifetimeSeconds ?? 14_399;
  const tokens = createFakeTokens(lifetime, () => `ups_${randomBytes(36).toString('base64url')}`);
  const issued: RecordedUpsToken[] = [];

  function token(request: FakeRequest): FakeReply {
    if (!hasBasicCredentials(request, options.clientId, options.clientSecret)) {
      return upsError(401, '10401', 'ClientId is Invalid');
    }
    if (!(header(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return upsError(400, '10400', 'Invalid/Missing Content-Type: application/x-www-form-urlencoded is required');
    }
    if (new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
      return upsError(400, '10400', 'Invalid/Missing grant_type');
    }
    const merchantId = header(request, 'x-merchant-id') ?? null;
    if (merchantId !== null && options.merchantIds && !options.merchantIds.includes(merchantId)) {
      return upsError(401, '10401', `The merchant id ${merchantId} is not authorized for this client`);
    }
    const accessToken = tokens.issue();
    issued.push({ accessToken, merchantId });
    const answer: UpsTokenAnswer = {
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      client_id: options.clientId,
      access_token: accessToken,
      scope: '',
      expires_in: String(lifetime),
      refresh_count: '0',
      status: 'approved',
    };
    return { status: 200, body: answer };
  }

  const bearerOf = (request: FakeRequest) => /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
  const refused = () => upsError(401, '250002', 'Invalid Authentication Information.');

  /** The gateway in front of every API: the Bearer token first, then the resource. */
  function gateway(request: FakeRequest): FakeReply {
    if (!tokens.works(bearerOf(request))) return refused();
    return upsError(404, '10404', `The resource ${request.path} was not found.`);
  }

  const clock = options.clock ?? new FakeClock();
  const shipments = createUpsShipments({
    negotiatedDiscount: options.negotiatedDiscount ?? null,
    paperlessInvoices: options.paperlessInvoices ?? false,
    refuse: (status, code, message) => upsError(status, code, message),
    clock,
  });
  const tracking = createUpsTracking({
    labels: shipments.labels,
    clock,
    refuse: (status, code, message) => upsError(status, code, message),
    limit: options.trackingLimit ?? null,
  });
  const addresses = createUpsAddresses(
    (status, code, message) => upsError(status, code, message),
    options.addressLimit ?? null,
  );
  const trackAlert = createUpsTrackAlert({
    labels: shipments.labels,
    clock,
    refuse: (status, code, message) => upsError(status, code, message),
  });
  const pickups = createUpsPickups({ refuse: (status, code, message) => upsError(status, code, message), clock });
  const behindGateway =
    (handler: (request: FakeRequest, merchantId: string | null) => FakeReply | Promise<FakeReply>) =>
    (request: FakeRequest) => {
      const bearer = bearerOf(request);
      if (!tokens.works(bearer)) return refused();
      return handler(request, issued.find((t) => t.accessToken === bearer)?.merchantId ?? null);
    };

  const router = new FakeRouter()
    .on('POST', '/security/v1/oauth/token', token)
    .on(
      'POST',
      '/api/rating/:version/:requestoption',
      behindGateway((request) =>
        rate(request, options.negotiatedDiscount ?? null, (status, code, message) => upsError(status, code, message)),
      ),
    )
    .on('POST', '/api/shipments/:version/ship', behindGateway(shipments.ship))
    .on('DELETE', '/api/shipments/:version/void/cancel/:shipmentidentificationnumber', behindGateway(shipments.void))
    .on('POST', '/api/labels/:version/recovery', behindGateway(shipments.recover))
    .on('POST', '/api/addressvalidation/:version/:requestoption', behindGateway(addresses.validate))
    .on('GET', '/api/track/v1/details/:inquiryNumber', behindGateway(tracking.details))
    .on('GET', '/api/track/v1/reference/details/:referenceNumber', behindGateway(tracking.byReference))
    .on('POST', '/api/track/:version/subscription/:type/package', behindGateway(trackAlert.subscribe))
    .on('POST', '/api/pickupcreation/:version/pickup', behindGateway(pickups.create))
    .on('DELETE', '/api/shipments/:version/pickup/:cancelBy', behindGateway(pickups.cancel));
  const server = await startFakeHttpServer(router, { port: options.port, notFound: gateway });

  return {
    ...server,
    tokens: issued,
    tokensIssued: () => tokens.issued,
    expireTokens: () => tokens.revoke(),
    throttleNext({ times = 1, retryAfterSeconds } = {}) {
      const headers = retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) };
      const reply = upsError(429, '10429', 'Too Many Requests', headers);
      server.fail({ kind: 'status', status: 429, headers: reply.headers, body: reply.body }, { times });
    },
    failWithServerError({ status = 503, times = 1, path } = {}) {
      // The fake's codes: UPS's gateway answers its outages in the same { response: { errors } } shape.
      const reply = upsError(
        status,
        String(10_000 + status),
        status === 503 ? 'Service Unavailable' : 'Internal Error',
      );
      server.fail({ kind: 'status', status, body: reply.body }, { times, path });
    },
    addressCalls: () => addresses.calls,
    trackingCalls: () => tracking.calls,
    clock,
    labels: shipments.labels,
    charges: shipments.charges,
    voids: shipments.voids,
    dropNextShipAnswer(times = 1) {
      shipments.dropAnswers += times;
    },
    scan: (trackingNumber) => shipments.advance(trackingNumber, 'accepted'),
    deliver: (trackingNumber) => shipments.advance(trackingNumber, 'delivered'),
    exception: (trackingNumber) => shipments.advance(trackingNumber, 'exception'),
    pickups: pickups.pickups,
    trackAlert,
    expireVoidPeriod(trackingNumber) {
      shipments.label(trackingNumber).voidExpired = true;
    },
  };
}
