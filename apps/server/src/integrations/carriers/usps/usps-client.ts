import { createAccessTokens, errorsOrTokenError } from '../../http/access-token.ts';
import {
  ChannelError,
  createChannelHttp,
  type ChannelResponse,
  type HttpOptions,
  type PlatformRules,
} from '../../http/channel-http.ts';
import {
  createBearerClient,
  refusedTokenRequest,
  type BearerClient,
  type CarrierCall,
} from '../carrier-bearer-client.ts';
import { CARRIER_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { carrierBaseUrl } from '../carrier-connection-fields.ts';
import { keptAccessTokens } from '../carrier-token-cache.ts';
import type {
  UspsAccountType,
  UspsErrorBody,
  UspsErrorDetail,
  UspsPaymentAuthorizationAnswer,
  UspsPaymentRole,
  UspsTokenAnswer,
  UspsTokenRequest,
} from './usps-wire.ts';

/**
 * The USPS v3 platform's client: a client-credentials token kept per account (USPS counts token calls against the
 * application's hourly quota, so it is asked for as seldom as possible), Bearer calls renewed once on a 401, and
 * USPS's error JSON turned into its own words. Payment authorization is here because every label call needs its
 * token, which is kept per account too and renewed when USPS refuses it; prices and tracking are plain calls.
 */

const USPS_API_BASE_URL = 'https://apis.usps.com';

/** The business account that pays for labels and owns them. */
export interface UspsPaymentAccount {
  crid: string;
  mid: string;
  manifestMid: string;
  accountType: UspsAccountType;
  accountNumber: string;
  /** Only for a PERMIT account. */
  permitZip?: string;
}

interface UspsClientConfig {
  /** Stable per account: what its tokens are kept under. */
  accountKey: string;
  clientId: string;
  clientSecret: string;
  apiBaseUrl?: string;
  payment: UspsPaymentAccount;
}

export interface UspsClient extends BearerClient {
  /** A payment authorization for the account's PAYER and LABEL_OWNER roles (safe to ask again). */
  authorizePayment(signal?: AbortSignal): Promise<UspsPaymentAuthorizationAnswer>;
  /**
   * A call of the label API: it carries the account's kept payment authorization token (asked for when there is
   * none), and is sent once more with a new one when USPS refuses a kept one. A refusal is an answer, so sending
   * again is safe even for a purchase.
   */
  paymentCall<T>(call: CarrierCall, signal?: AbortSignal): Promise<T>;
  /**
   * The same for an answer that is not JSON (International Labels answers multipart): its content type and text.
   * A refusal is still USPS's error JSON, turned into a ChannelError.
   */
  paymentText(call: CarrierCall, signal?: AbortSignal): Promise<{ contentType: string; text: string }>;
  /** A call without the payment token whose whole answer is wanted (Carrier Pickup's ETag header); empty bodies too. */
  plainCall(call: CarrierCall, signal?: AbortSignal): Promise<ChannelResponse>;
}

/**
 * Payment authorization tokens by account, kept like the access tokens (carrier-token-cache.ts): the server builds a
 * client per use. USPS does not publish their lifetime, so one is used for an hour at most, and forgotten earlier when
 * USPS refuses it. The entry holds the request in flight, so concurrent purchases of an account ask once.
 */
const PAYMENT_TOKEN_MAX_AGE_MS = 3_600_000;
const MAX_KEPT_PAYMENTS = 10_000;
const keptPayments = new Map<string, { fingerprint: string; token: Promise<string>; at: number }>();

/** A refusal of the payment authorization token (expired, revoked), as opposed to the access token or the request. */
function refusedPaymentToken(error: unknown): boolean {
  return (
    error instanceof ChannelError &&
    (error.kind === 'auth' || error.kind === 'forbidden') &&
    /payment/i.test(error.platformMessage ?? '')
  );
}

/** A refusal of the roles is about the CRID, MIDs or payment account the seller typed, not the app's credentials. */
export function refusedPaymentAccount(error: unknown): never {
  if (error instanceof ChannelError && (error.kind === 'invalid' || error.kind === 'forbidden')) {
    throw new ChannelError(
      error.kind,
      `USPS refused the payment account (HTTP ${error.status})`,
      error.status,
      error.platformMessage,
    );
  }
  throw error;
}

function describe(detail: UspsErrorDetail): string {
  if (detail.title && detail.detail) return `${detail.title}: ${detail.detail}`;
  return detail.detail || detail.title || detail.code || '';
}

/** The details of USPS's `{ apiVersion, error: { code, message, errors } }`, or an OAuth `{ error, error_description }`. */
function uspsErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { error } = body as UspsErrorBody;
  if (error && typeof error === 'object') {
    const details = (error.errors ?? []).map(describe).filter(Boolean);
    if (details.length > 0) return details.join('; ');
    return error.message || error.code || null;
  }
  return errorsOrTokenError<UspsErrorDetail>(body, describe);
}

const uspsRules: PlatformRules = {
  platform: 'USPS',
  answerLimit: CARRIER_ANSWER_LIMIT,
  errorMessage: (_response, body) => uspsErrorMessage(body),
};

function uspsPaymentRoles(account: UspsPaymentAccount): UspsPaymentRole[] {
  const role = (roleName: UspsPaymentRole['roleName']): UspsPaymentRole => ({
    roleName,
    CRID: account.crid,
    MID: account.mid,
    manifestMID: account.manifestMid,
    accountType: account.accountType,
    accountNumber: account.accountNumber,
    ...(account.accountType === 'PERMIT' ? { permitZIP: account.permitZip } : {}),
  });
  return [role('PAYER'), role('LABEL_OWNER')];
}

export function createUspsClient(config: UspsClientConfig, options: HttpOptions = {}): UspsClient {
  const baseUrl = carrierBaseUrl(config.apiBaseUrl, USPS_API_BASE_URL);
  const http = createChannelHttp(uspsRules, options);

  const tokens = keptAccessTokens(`usps:${config.accountKey}`, [baseUrl, config.clientId, config.clientSecret], () =>
    createAccessTokens<UspsTokenAnswer>({
      platform: 'USPS',
      request: async (signal) => {
        const json: UspsTokenRequest = {
          grant_type: 'client_credentials',
          client_id: config.clientId,
          client_secret: config.clientSecret,
        };
        const { body } = await http
          .json<UspsTokenAnswer>({ method: 'POST', idempotent: true, url: `${baseUrl}/oauth2/v3/token`, json }, signal)
          .catch(refusedTokenRequest('USPS'));
        return body;
      },
    }),
  );
  const client = createBearerClient({ http, baseUrl, tokens });
  const account = `usps:${config.accountKey}`;
  const fingerprint = JSON.stringify([baseUrl, config.clientId, config.payment]);

  async function paymentToken(signal?: AbortSignal): Promise<{ value: string; fresh: boolean }> {
    const found = keptPayments.get(account);
    if (found?.fingerprint === fingerprint && Date.now() - found.at < PAYMENT_TOKEN_MAX_AGE_MS) {
      return { value: await found.token, fresh: false };
    }
    const token = authorizePayment(signal).then((answer) => answer.paymentAuthorizationToken!, refusedPaymentAccount);
    keptPayments.delete(account);
    keptPayments.set(account, { fingerprint, token, at: Date.now() });
    if (keptPayments.size > MAX_KEPT_PAYMENTS) keptPayments.delete(keptPayments.keys().next().value!);
    token.catch(() => {
      if (keptPayments.get(account)?.token === token) keptPayments.delete(account);
    });
    return { value: await token, fresh: true };
  }

  async function authorizePayment(signal?: AbortSignal): Promise<UspsPaymentAuthorizationAnswer> {
    const answer = await client.call<UspsPaymentAuthorizationAnswer>(
      {
        method: 'POST',
        path: '/payments/v3/payment-authorization',
        json: { roles: uspsPaymentRoles(config.payment) },
        // Authorizing again only issues another token: nothing is charged or created.
        idempotent: true,
      },
      signal,
    );
    if (!answer?.paymentAuthorizationToken) {
      throw new ChannelError('malformed', 'USPS answered the payment authorization without a token', 200);
    }
    return answer;
  }

  /** A call with the kept payment token, sent once more with a new one when USPS refuses the kept one. */
  async function withPaymentToken<T>(send: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const token = await paymentToken(signal);
    try {
      return await send(token.value);
    } catch (error) {
      if (token.fresh || !refusedPaymentToken(error)) throw error;
      const kept = keptPayments.get(account);
      if (kept && (await kept.token.catch(() => null)) === token.value) keptPayments.delete(account);
      return send((await paymentToken(signal)).value);
    }
  }

  /**
   * The bearer client's call for an answer kept as text (the bearer client parses JSON): the same renewal of a kept
   * access token USPS refuses with 401.
   */
  async function textCall(call: CarrierCall, signal?: AbortSignal) {
    const send = (token: string) =>
      http.request(
        {
          method: call.method ?? 'GET',
          url: `${baseUrl}${call.path}`,
          headers: { ...call.headers, authorization: `Bearer ${token}` },
          json: call.json,
          idempotent: call.idempotent,
          answerLimit: call.answerLimit,
        },
        signal,
      );
    const token = await tokens.get(signal);
    try {
      return await send(token.value);
    } catch (error) {
      if (token.fresh || !(error instanceof ChannelError) || error.kind !== 'auth') throw error;
      tokens.forget(token.value);
      return send((await tokens.get(signal)).value);
    }
  }

  return {
    ...client,
    authorizePayment,
    paymentCall<T>(call: CarrierCall, signal?: AbortSignal) {
      return withPaymentToken(
        (token) =>
          client.call<T>({ ...call, headers: { ...call.headers, 'X-Payment-Authorization-Token': token } }, signal),
        signal,
      );
    },
    plainCall: textCall,
    async paymentText(call: CarrierCall, signal?: AbortSignal) {
      const response = await withPaymentToken(
        (token) => textCall({ ...call, headers: { ...call.headers, 'X-Payment-Authorization-Token': token } }, signal),
        signal,
      );
      return { contentType: response.headers.get('content-type') ?? '', text: response.text };
    },
  };
}
