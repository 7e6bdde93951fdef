import { totalRatesSearch } from './fake-usps-extras.ts';
import { addressRoutes } from './fake-usps-addresses.ts';
import { uspsEndOfDayRoutes, type FakeUspsEndOfDayLists } from './fake-usps-end-of-day.ts';
import { uspsTrackingPushRoutes, type FakeUspsTrackingPushLists } from './fake-usps-subscriptions.ts';
import { randomBytes } from 'node:crypto';
import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHandler,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { createFakeTokens } from '../http/fake-oauth.ts';
import { fakeClockRoutes } from '../tracking/fake-clock-control.ts';
import { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { internationalBaseRatesSearch, internationalTotalRatesSearch } from './fake-usps-international-prices.ts';
import {
  createUspsLabels,
  soldLists,
  type FakeUspsCharge,
  type FakeUspsInternationalLabel,
  type FakeUspsLabel,
  type FakeUspsRefund,
} from './fake-usps-labels.ts';
import type { FakeUspsReturnLabel } from './fake-usps-returns.ts';
import { baseRatesSearch } from './fake-usps-prices.ts';
import { bearerOf, header, uspsError } from './fake-usps-replies.ts';
import {
  USPS_ROLE_NAMES,
  type UspsErrorDetail,
  type UspsPaymentAuthorizationAnswer,
  type UspsPaymentRole,
  type UspsTokenAnswer,
  type UspsTokenRequest,
} from './fake-usps-wire.ts';

/**
 * A loopback USPS v3 platform for tests and the demo: client-credentials tokens (`POST /oauth2/v3/token`), payment
 * authorization for a business account's CRID, MIDs and EPS account or permit (`POST /payments/v3/payment-authorization`),
 * domestic and international prices, labels bought, cancelled and tracked as they move on the fake's clock
 * (fake-usps-prices.ts, fake-usps-labels.ts, fake-usps-international.ts, fake-usps-tracking.ts, the customs forms of
 * fake-usps-customs.ts), address checks (fake-usps-addresses.ts), tracking pushes (fake-usps-subscriptions.ts), USPS's
 * error JSON, and its quota (about 60 requests an hour, token calls included) answered 429 with Retry-After.
 */

/** A payment account the business holds: what the PAYER and LABEL_OWNER roles must name. */
interface FakeUspsPaymentAccount {
  crid: string;
  mid: string;
  /** Defaults to the MID. */
  manifestMid?: string;
  accountType: 'EPS' | 'PERMIT';
  accountNumber: string;
  /** Required with a PERMIT account. */
  permitZip?: string;
}

interface FakeUspsQuota {
  requests: number;
  /** The rolling window the requests are counted in (default an hour). */
  windowMs?: number;
}

export interface FakeUspsOptions {
  clientId: string;
  clientSecret: string;
  accounts?: FakeUspsPaymentAccount[];
  /** expires_in of the issued tokens (default 28 799 s, as USPS's eight hours). */
  tokenLifetimeSeconds?: number;
  /** Default 60 requests an hour; null turns the quota off. */
  quota?: FakeUspsQuota | null;
  /** Money on the EPS account labels are paid from, in dollars (default unlimited). */
  balance?: number | null;
  /** The clock its labels' journeys are read against (default a new one at real time). */
  clock?: FakeClock;
  port?: number;
}

interface RecordedUspsPaymentAuthorization {
  roles: UspsPaymentRole[];
  paymentAuthorizationToken: string;
}

export interface FakeUsps extends FakeHttpServer, FakeUspsEndOfDayLists, FakeUspsTrackingPushLists {
  /** Move it on (`advanceHours`, or `POST /_fake/clock`: fake-clock-control.ts) and every label's parcel moves on. */
  readonly clock: FakeClock;
  readonly paymentAuthorizations: RecordedUspsPaymentAuthorization[];
  tokensIssued(): number;
  /** Every issued token stops working (as if expired or revoked). */
  expireTokens(): void;
  setQuota(quota: FakeUspsQuota | null): void;
  /** The next `times` requests are answered 429 in USPS's words, with Retry-After when given. */
  throttleNext(options?: { times?: number; retryAfterSeconds?: number }): void;
  /** The next `times` requests on matching paths (default: every path) answer a 5xx in USPS's words (an outage). */
  failWithServerError(options?: { status?: number; times?: number; path?: RegExp }): void;
  /** Every domestic label sold, by tracking number. */
  readonly labels: Map<string, FakeUspsLabel>;
  /** Every international label sold, by its S10 tracking number (LX123456785US). */
  readonly internationalLabels: Map<string, FakeUspsInternationalLabel>;
  /** One entry per label bought (a replay of an idempotency key adds none). */
  readonly charges: FakeUspsCharge[];
  /** One entry per label cancelled (CANCELED) or put up for refund (DISPUTED). */
  readonly refunds: FakeUspsRefund[];
  /** Every return label sold (pay-on-use: no charge), by tracking number; cancelled and tracked as domestic labels. */
  readonly returnLabels: Map<string, FakeUspsReturnLabel>;
  /** Money left on the EPS account in dollars, null = unlimited; a label costing more is declined. */
  setBalance(amount: number | null): void;
  /** The next `times` purchases are made and charged, but their answer never comes (the client times out). */
  dropNextLabelAnswer(times?: number): void;
  /** An acceptance scan (no cancel after it). It, `deliver` and `alert` end the label's journey: it moves by hand. */
  scan(trackingNumber: string): void;
  deliver(trackingNumber: string): void;
  /** A delivery exception (an attempted delivery by default). */
  alert(trackingNumber: string, eventType?: string): void;
  /** The day's shipping-services file went out: cancelling these labels (all unscanned ones by default) is a refund request. */
  fileShippingServices(trackingNumber?: string): void;
  /** Every payment authorization token stops working. */
  expirePaymentTokens(): void;
}

const HOUR_MS = 3_600_000;
const TOKEN_API = '/oauth2/v3';
const PAYMENTS_API = '/payments/v3';
const SCOPE = 'addresses prices labels tracking payments scan-forms service-delivery-standards locations';

function tooManyRequests(apiVersion: string, retryAfterSeconds: number | undefined, limit: string): FakeReply {
  const reply = uspsError(429, apiVersion, 'Too Many Requests', [
    { code: 'TOO_MANY_REQUESTS', title: 'Quota exceeded', detail: `The application exceeded its quota of ${limit}.` },
  ]);
  return retryAfterSeconds === undefined ? reply : { ...reply, headers: { 'Retry-After': String(retryAfterSeconds) } };
}

/** An outage in USPS's words (a 503 by default), answered to the next `times` requests on matching paths. */
function failWithServerError(
  server: FakeHttpServer,
  { status = 503, times = 1, path }: { status?: number; times?: number; path?: RegExp } = {},
): void {
  const reply = uspsError(status, '/', status === 503 ? 'Service Unavailable' : 'Internal Server Error', []);
  server.fail({ kind: 'status', status, body: reply.body }, { times, path });
}

function parseTokenRequest(request: FakeRequest): UspsTokenRequest | null {
  const type = header(request, 'content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(request.body)) as UspsTokenRequest;
  }
  try {
    const parsed: unknown = JSON.parse(request.body);
    return parsed && typeof parsed === 'object' ? (parsed as UspsTokenRequest) : null;
  } catch {
    return null;
  }
}

const REQUIRED_ROLE_FIELDS = ['CRID', 'MID', 'manifestMID', 'accountType', 'accountNumber'] as const;

/** Why USPS refuses this role, or null when the business holds the account it names. */
function refuseRole(role: UspsPaymentRole, index: number, accounts: FakeUspsPaymentAccount[]): UspsErrorDetail | null {
  const at = (field: string) => ({ parameter: `roles[${index}].${field}` });
  if (!(USPS_ROLE_NAMES as readonly string[]).includes(role.roleName)) {
    return { code: 'INVALID_ROLE', title: 'Invalid roleName', detail: `${role.roleName} is not a role name.` };
  }
  for (const field of REQUIRED_ROLE_FIELDS) {
    if (typeof role[field] !== 'string' || role[field] === '') {
      return { code: 'MISSING_FIELD', title: 'Missing field', detail: `${field} is required.`, source: at(field) };
    }
  }
  if (role.accountType !== 'EPS' && role.accountType !== 'PERMIT') {
    return {
      code: 'INVALID_ACCOUNT_TYPE',
      title: 'Invalid accountType',
      detail: 'accountType must be EPS or PERMIT.',
      source: at('accountType'),
    };
  }
  const enrolled = accounts.filter((account) => account.crid === role.CRID);
  if (enrolled.length === 0) {
    return {
      code: 'CRID_NOT_ENROLLED',
      title: 'Invalid CRID',
      detail: `CRID ${role.CRID} isn't enrolled in USPS Ship Outbound.`,
      source: at('CRID'),
    };
  }
  const byMid = enrolled.filter((account) => account.mid === role.MID);
  if (byMid.length === 0) {
    return {
      code: 'MID_NOT_ASSOCIATED',
      title: 'Invalid MID',
      detail: `MID ${role.MID} is not associated with CRID ${role.CRID}.`,
      source: at('MID'),
    };
  }
  if (!byMid.some((account) => (account.manifestMid ?? account.mid) === role.manifestMID)) {
    return {
      code: 'MANIFEST_MID_NOT_ASSOCIATED',
      title: 'Invalid manifestMID',
      detail: `Manifest MID ${role.manifestMID} is not associated with CRID ${role.CRID}.`,
      source: at('manifestMID'),
    };
  }
  const account = byMid.find((a) => a.accountType === role.accountType && a.accountNumber === role.accountNumber);
  if (!account) {
    return {
      code: 'INVALID_PAYMENT_ACCOUNT',
      title: 'Invalid payment account',
      detail: `${role.accountType} account ${role.accountNumber} is not a payment account of CRID ${role.CRID}.`,
      source: at('accountNumber'),
    };
  }
  if (account.accountType === 'PERMIT' && role.permitZIP !== account.permitZip) {
    return {
      code: 'INVALID_PERMIT_ZIP',
      title: 'Invalid permitZIP',
      detail: `Permit ${role.accountNumber} is not held at ZIP Code ${role.permitZIP ?? '(none)'}.`,
      source: at('permitZIP'),
    };
  }
  return null;
}

type Limit = (apiVersion: string, handler: FakeHandler) => FakeHandler;

/** International prices and labels (fake-usps-international.ts), SCAN forms and pickups (fake-usps-end-of-day.ts). */
function internationalRoutes(
  router: FakeRouter,
  limited: Limit,
  labels: ReturnType<typeof createUspsLabels>,
  bearerWorks: (token: string | undefined) => boolean,
): FakeRouter {
  const prices = '/international-prices/v3';
  const api = '/international-labels/v3';
  return uspsEndOfDayRoutes(router, limited, labels.endOfDay)
    .on('POST', `${prices}/base-rates/search`, limited(prices, internationalBaseRatesSearch(bearerWorks)))
    .on('POST', `${prices}/total-rates/search`, limited(prices, internationalTotalRatesSearch(bearerWorks)))
    .on('POST', `${api}/international-label`, limited(api, labels.createInternationalLabel))
    .on('DELETE', `${api}/international-label/:trackingNumber`, limited(api, labels.cancelInternationalLabel));
}

export async function startFakeUsps(options: FakeUspsOptions): Promise<FakeUsps> {
  const lifetime = options.tokenLifetimeSeconds ?? 28_799;
  const tokens = createFakeTokens(lifetime, () => `usps_${randomBytes(24).toString('base64url')}`);
  const accounts = options.accounts ?? [];
  const paymentAuthorizations: RecordedUspsPaymentAuthorization[] = [];
  /** The payment tokens that still work and the roles each was issued for. */
  const paymentTokens = new Map<string, UspsPaymentRole[]>();
  const clock = options.clock ?? new FakeClock();
  const paymentRoles = (token: string | undefined) => (token ? paymentTokens.get(token) : undefined);
  const labels = createUspsLabels({ bearerWorks: (token) => tokens.works(token), paymentRoles }, clock);
  labels.balance = options.balance ?? null;
  let quota: FakeUspsQuota | null = options.quota === undefined ? { requests: 60 } : options.quota;
  /** When each request inside the rolling window came, oldest first. */
  const counted: number[] = [];

  /** Counts the request against the quota; the 429 when the window is full. */
  function spendQuota(apiVersion: string): FakeReply | null {
    if (!quota) return null;
    const windowMs = quota.windowMs ?? HOUR_MS;
    const now = Date.now();
    while (counted.length > 0 && counted[0]! <= now - windowMs) counted.shift();
    if (counted.length >= quota.requests) {
      const wait = Math.max(1, Math.ceil((counted[0]! + windowMs - now) / 1000));
      return tooManyRequests(apiVersion, wait, `${quota.requests} requests per ${Math.round(windowMs / 1000)} seconds`);
    }
    counted.push(now);
    return null;
  }

  const limited =
    (apiVersion: string, handler: FakeHandler) =>
    (request: FakeRequest): FakeReply | Promise<FakeReply> =>
      spendQuota(apiVersion) ?? handler(request);

  function token(request: FakeRequest): FakeReply {
    const body = parseTokenRequest(request);
    if (!body) {
      return uspsError(400, TOKEN_API, 'Bad Request', [
        { code: 'invalid_request', title: 'Invalid request', detail: 'The request body is not valid JSON.' },
      ]);
    }
    if (body.grant_type !== 'client_credentials') {
      return uspsError(400, TOKEN_API, 'Bad Request', [
        {
          code: 'unsupported_grant_type',
          title: 'Unsupported grant type',
          detail: `grant_type ${body.grant_type ?? '(none)'} is not supported.`,
        },
      ]);
    }
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret) {
      return uspsError(401, TOKEN_API, 'Unauthorized', [
        {
          code: 'invalid_client',
          title: 'Client authentication failed',
          detail: 'Invalid client_id or client_secret.',
        },
      ]);
    }
    const answer: UspsTokenAnswer = {
      access_token: tokens.issue(),
      token_type: 'Bearer',
      issued_at: Date.now(),
      expires_in: lifetime,
      status: 'approved',
      scope: SCOPE,
      issuer: 'api.usps.com',
      client_id: options.clientId,
      application_name: 'Shipdesk',
      api_products: '[Public Access]',
    };
    return { status: 200, body: answer };
  }

  function paymentAuthorization(request: FakeRequest): FakeReply {
    if (!tokens.works(bearerOf(request))) {
      return uspsError(401, PAYMENTS_API, 'Unauthorized', [
        { code: 'invalid_token', title: 'Unauthorized', detail: 'The access token is missing, invalid or expired.' },
      ]);
    }
    let roles: UspsPaymentRole[];
    try {
      roles = (JSON.parse(request.body) as { roles?: UspsPaymentRole[] }).roles ?? [];
    } catch {
      return uspsError(400, PAYMENTS_API, 'Bad Request', [
        { code: 'INVALID_BODY', title: 'Invalid request', detail: 'The request body is not valid JSON.' },
      ]);
    }
    const refusals = Array.isArray(roles)
      ? roles.map((role, index) => refuseRole(role, index, accounts)).filter((r): r is UspsErrorDetail => r !== null)
      : [{ code: 'INVALID_BODY', title: 'Invalid request', detail: 'roles must be an array.' }];
    for (const needed of ['PAYER', 'LABEL_OWNER']) {
      if (Array.isArray(roles) && !roles.some((role) => role.roleName === needed)) {
        refusals.push({ code: 'MISSING_ROLE', title: 'Missing role', detail: `A ${needed} role is required.` });
      }
    }
    if (refusals.length > 0) return uspsError(400, PAYMENTS_API, 'Bad Request', refusals);
    const answer: UspsPaymentAuthorizationAnswer = {
      paymentAuthorizationToken: `eyJ${randomBytes(48).toString('base64url')}`,
      roles,
    };
    paymentAuthorizations.push({ roles, paymentAuthorizationToken: answer.paymentAuthorizationToken });
    paymentTokens.set(answer.paymentAuthorizationToken, roles);
    return { status: 200, body: answer };
  }

  const router = addressRoutes(internationalRoutes(new FakeRouter(), limited, labels, tokens.works), limited, tokens)
    .on('POST', '/oauth2/v3/token', limited(TOKEN_API, token))
    .on('POST', '/payments/v3/payment-authorization', limited(PAYMENTS_API, paymentAuthorization))
    .on('POST', '/prices/v3/base-rates/search', limited('/prices/v3', baseRatesSearch(tokens.works)))
    .on('POST', '/prices/v3/total-rates/search', limited('/prices/v3', totalRatesSearch(tokens.works)))
    .on('POST', '/labels/v3/label', limited('/labels/v3', labels.createLabel))
    .on('POST', '/labels/v3/return-label', limited('/labels/v3', labels.createReturnLabel))
    .on('DELETE', '/labels/v3/label/:trackingNumber', limited('/labels/v3', labels.cancelLabel))
    .on('POST', '/tracking/v3r2/tracking', limited('/tracking/v3r2', labels.track));
  const pushes = uspsTrackingPushRoutes(fakeClockRoutes(router, clock), { bearerWorks: tokens.works, labels, clock });
  const server = await startFakeHttpServer(router, {
    port: options.port,
    notFound: (request) =>
      uspsError(404, '/', 'Not Found', [
        { code: 'NOT_FOUND', title: 'Not Found', detail: `${request.method} ${request.path} is not a USPS API.` },
      ]),
  });

  return {
    ...server,
    clock,
    paymentAuthorizations,
    tokensIssued: () => tokens.issued,
    expireTokens: () => tokens.revoke(),
    setQuota(next) {
      quota = next;
      counted.length = 0;
    },
    throttleNext({ times = 1, retryAfterSeconds } = {}) {
      const reply = tooManyRequests(PAYMENTS_API, retryAfterSeconds, 'its requests per hour');
      server.fail({ kind: 'status', status: 429, headers: reply.headers, body: reply.body }, { times });
    },
    failWithServerError: (outage) => failWithServerError(server, outage),
    ...soldLists(labels),
    setBalance(amount) {
      labels.balance = amount;
    },
    dropNextLabelAnswer(times = 1) {
      labels.dropAnswers += times;
    },
    scan: (trackingNumber) => labels.advance(trackingNumber, 'accepted'),
    deliver: (trackingNumber) => labels.advance(trackingNumber, 'delivered'),
    alert: (trackingNumber, eventType) => labels.advance(trackingNumber, 'alert', eventType),
    fileShippingServices(trackingNumber) {
      const chosen = trackingNumber
        ? [labels.label(trackingNumber)]
        : [...labels.labels.values(), ...labels.internationalLabels.values()];
      for (const label of chosen) label.filed = true;
    },
    expirePaymentTokens: () => paymentTokens.clear(),
    ...pushes,
  };
}
