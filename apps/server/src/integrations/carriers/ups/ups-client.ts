import { randomUUID } from 'node:crypto';
import { createAccessTokens, errorsOrTokenError } from '../../http/access-token.ts';
import { createChannelHttp, type HttpOptions, type PlatformRules } from '../../http/channel-http.ts';
import { createBearerClient, refusedTokenRequest, type BearerClient } from '../carrier-bearer-client.ts';
import { CARRIER_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { carrierBaseUrl } from '../carrier-connection-fields.ts';
import { withCode } from '../carrier-error-text.ts';
import { keptAccessTokens } from '../carrier-token-cache.ts';
import type { UpsErrorBody, UpsErrorEntry, UpsTokenAnswer } from './ups-wire.ts';

/**
 * UPS's client: a client-credentials token (HTTP Basic, form body, `x-merchant-id` naming the shipper account) kept
 * per account, Bearer calls renewed once on a 401 and carrying UPS's transaction headers, and UPS's
 * `{ response: { errors } }` turned into its own words. Shipping, void and tracking are calls of this client.
 */

const UPS_API_BASE_URL = 'https://onlinetools.ups.com';

interface UpsClientConfig {
  /** Stable per account: what its tokens are kept under. */
  accountKey: string;
  clientId: string;
  clientSecret: string;
  /** The shipper number the tokens act for (sent as x-merchant-id). */
  accountNumber: string;
  apiBaseUrl?: string;
}

export type UpsClient = BearerClient;

/**
 * Calls a minute an account may make to one UPS API: its setting `key` when that is a positive whole number, else
 * `fallback`. UPS publishes no limits (they are per application and raised on request), so the fallbacks are ours.
 */
export function upsCallsPerMinute(settings: Record<string, string>, key: string, fallback: number): number {
  const asked = Number(settings[key]);
  return Number.isInteger(asked) && asked > 0 ? asked : fallback;
}

const describe = (error: UpsErrorEntry) => withCode(error.message, error.code);

/** "ClientId is Invalid (10401)" per error of `{ response: { errors: [{ code, message }] } }`. */
function upsErrorMessage(body: unknown): string | null {
  const errors = (body as UpsErrorBody | null)?.response?.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(describe).join('; ');
  return errorsOrTokenError<UpsErrorEntry>(body, describe);
}

const upsRules: PlatformRules = {
  platform: 'UPS',
  answerLimit: CARRIER_ANSWER_LIMIT,
  errorMessage: (_response, body) => upsErrorMessage(body),
};

export function createUpsClient(config: UpsClientConfig, options: HttpOptions = {}): UpsClient {
  const baseUrl = carrierBaseUrl(config.apiBaseUrl, UPS_API_BASE_URL);
  const http = createChannelHttp(upsRules, options);
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

  const issuedFor = [baseUrl, config.clientId, config.clientSecret, config.accountNumber];
  const tokens = keptAccessTokens(`ups:${config.accountKey}`, issuedFor, () =>
    createAccessTokens<UpsTokenAnswer>({
      platform: 'UPS',
      request: async (signal) => {
        const { body } = await http
          .json<UpsTokenAnswer>(
            {
              method: 'POST',
              idempotent: true,
              url: `${baseUrl}/security/v1/oauth/token`,
              headers: { authorization: `Basic ${basic}`, 'x-merchant-id': config.accountNumber },
              form: { grant_type: 'client_credentials' },
            },
            signal,
          )
          .catch(refusedTokenRequest('UPS'));
        return body;
      },
    }),
  );

  return createBearerClient({
    http,
    baseUrl,
    tokens,
    // transId (at most 32 characters) ties a call to UPS's logs when support is asked about it.
    headers: () => ({ transId: randomUUID().replaceAll('-', ''), transactionSrc: 'shipdesk' }),
  });
}
