import { randomUUID } from 'node:crypto';
import { createAccessTokens, errorsOrTokenError } from '../../http/access-token.ts';
import { ChannelError, createChannelHttp, type HttpOptions, type PlatformRules } from '../../http/channel-http.ts';
import { createBearerClient, refusedTokenRequest, type BearerClient } from '../carrier-bearer-client.ts';
import { CARRIER_ANSWER_LIMIT, LABEL_FILE_LIMIT } from '../../http/answer-limits.ts';
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

export interface FedexClient extends BearerClient {
  /**
   * A document FedEx answered by link instead of inline (a shipment document's `url`), as its bytes, at most
   * LABEL_FILE_LIMIT, through the same HTTP client (timeout, retries, egress guard). The Bearer token goes with it
   * only to FedEx's API host itself: a link elsewhere is its own credential.
   */
  document(url: string, signal?: AbortSignal): Promise<Buffer>;
}

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

  const client = createBearerClient({
    http,
    baseUrl,
    tokens,
    // The transaction id comes back in FedEx's answer and errors: it names the call to FedEx support.
    headers: () => ({ 'x-locale': 'en_US', 'x-customer-transaction-id': randomUUID() }),
  });

  async function document(url: string, signal?: AbortSignal): Promise<Buffer> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ChannelError('malformed', `FedEx answered a document link that is not a URL: ${url}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new ChannelError('malformed', `FedEx answered a document link that is not a web address: ${url}`);
    }
    const ownHost = parsed.origin === new URL(baseUrl).origin;
    const authorization: Record<string, string> = ownHost
      ? { authorization: `Bearer ${await client.accessToken(signal)}` }
      : {};
    const file = await http.download(
      {
        method: 'GET',
        url: parsed.href,
        headers: { accept: 'application/pdf, */*', ...authorization },
        idempotent: true,
        answerLimit: LABEL_FILE_LIMIT,
      },
      signal,
    );
    return file.bytes;
  }

  return { ...client, document };
}
