import { randomUUID } from 'node:crypto';
import { createAccessTokens, errorsOrTokenError } from '../../http/access-token.ts';
import { createChannelHttp, type HttpOptions, type PlatformRules } from '../../http/channel-http.ts';
import { createBearerClient, refusedTokenRequest, type BearerClient } from '../carrier-bearer-client.ts';
import { CARRIER_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { carrierBaseUrl } from '../carrier-connection-fields.ts';
import { withCode } from '../carrier-error-text.ts';
import { keptAccessTokens } from '../carrier-token-cache.ts';
import type { FedexErrorBody, FedexErrorEntry, FedexTokenAnswer } from './fedex-wire.ts';

/**
 * FedEx's REST client: a client-credentials token (API key and secret key in the form body) kept per account for its
 * hour, Bearer calls renewed once on a 401 and carrying FedEx's locale and transaction id, and FedEx's
 * `{ transactionId, errors }` turned into its own words. Ship, cancel and tracking are calls of this client.
 */

const FEDEX_API_BASE_URL = 'https://apis.fedex.com';

interface FedexClientConfig {
  /** Stable per account: what its tokens are kept under. */
  accountKey: string;
  /** The API key. */
  clientId: string;
  /** The secret key. */
  clientSecret: string;
  apiBaseUrl?: string;
}

export type FedexClient = BearerClient;

const describe = (error: FedexErrorEntry) => withCode(error.message, error.code);

/** "The given client credentials were not valid. … (NOT.AUTHORIZED.ERROR)" per error of `{ errors: [...] }`. */
function fedexErrorMessage(body: unknown): string | null {
  return errorsOrTokenError<FedexErrorEntry>(body as FedexErrorBody | null, describe);
}

const fedexRules: PlatformRules = {
  platform: 'FedEx',
  answerLimit: CARRIER_ANSWER_LIMIT,
  errorMessage: (_response, body) => fedexErrorMessage(body),
};

export function createFedexClient(config: FedexClientConfig, options: HttpOptions = {}): FedexClient {
  const baseUrl = carrierBaseUrl(config.apiBaseUrl, FEDEX_API_BASE_URL);
  const http = createChannelHttp(fedexRules, options);

  const tokens = keptAccessTokens(`fedex:${config.accountKey}`, [baseUrl, config.clientId, config.clientSecret], () =>
    createAccessTokens<FedexTokenAnswer>({
      platform: 'FedEx',
      request: async (signal) => {
        const { body } = await http
          .json<FedexTokenAnswer>(
            {
              method: 'POST',
              idempotent: true,
              url: `${baseUrl}/oauth/token`,
              form: {
                grant_type: 'client_credentials',
                client_id: config.clientId,
                client_secret: config.clientSecret,
              },
            },
            signal,
          )
          .catch(refusedTokenRequest('FedEx'));
        return body;
      },
    }),
  );

  return createBearerClient({
    http,
    baseUrl,
    tokens,
    // The transaction id comes back in FedEx's answer and errors: it names the call to FedEx support.
    headers: () => ({ 'x-locale': 'en_US', 'x-customer-transaction-id': randomUUID() }),
  });
}
