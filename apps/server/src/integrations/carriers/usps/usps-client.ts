import { createAccessTokens, errorsOrTokenError } from '../../http/access-token.ts';
import { ChannelError, createChannelHttp, type HttpOptions, type PlatformRules } from '../../http/channel-http.ts';
import { createBearerClient, refusedTokenRequest, type BearerClient } from '../carrier-bearer-client.ts';
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
 * token; labels, prices and tracking are calls of the same client.
 */

export const USPS_API_BASE_URL = 'https://apis.usps.com';

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

export interface UspsClientConfig {
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
}

function describe(detail: UspsErrorDetail): string {
  if (detail.title && detail.detail) return `${detail.title}: ${detail.detail}`;
  return detail.detail || detail.title || detail.code || '';
}

/** The details of USPS's `{ apiVersion, error: { code, message, errors } }`, or an OAuth `{ error, error_description }`. */
export function uspsErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { error } = body as UspsErrorBody;
  if (error && typeof error === 'object') {
    const details = (error.errors ?? []).map(describe).filter(Boolean);
    if (details.length > 0) return details.join('; ');
    return error.message || error.code || null;
  }
  return errorsOrTokenError<UspsErrorDetail>(body, describe);
}

export const uspsRules: PlatformRules = {
  platform: 'USPS',
  errorMessage: (_response, body) => uspsErrorMessage(body),
};

export function uspsPaymentRoles(account: UspsPaymentAccount): UspsPaymentRole[] {
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

  return {
    ...client,
    async authorizePayment(signal) {
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
    },
  };
}
