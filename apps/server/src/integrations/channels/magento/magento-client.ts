import { createChannelHttp, type HttpOptions, type PlatformRules } from '../../http/channel-http.ts';
import type { MagentoErrorBody } from './magento-wire.ts';
import { oauth1Authorization, type OAuth1Credentials } from './magento-oauth1.ts';

/**
 * Magento's message with its placeholders filled in: `%1` is the first of a list of parameters, `%name` the named
 * one ("The consumer isn't authorized to access %resources." -> "... access Magento_Sales::actions_view.").
 */
export function magentoErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { message, parameters } = body as MagentoErrorBody;
  if (typeof message !== 'string' || !message) return null;
  if (!parameters || typeof parameters !== 'object') return message;
  return message.replace(/%(\w+)/g, (placeholder, key: string) => {
    const value = Array.isArray(parameters)
      ? /^\d+$/.test(key)
        ? parameters[Number(key) - 1]
        : undefined
      : (parameters[key] ?? (/^\d+$/.test(key) ? Object.values(parameters)[Number(key) - 1] : undefined));
    return value === undefined || value === null ? placeholder : String(value);
  });
}

const magentoRules: PlatformRules = {
  platform: 'Magento',
  errorMessage: (_response, body) => magentoErrorMessage(body),
};

interface MagentoClientConfig {
  /** The shop's address, e.g. https://shop.example.com. */
  baseUrl: string;
  storeCode?: string;
  accessToken: string;
  /**
   * The integration's other three OAuth values. With them every request is signed with OAuth 1.0a: since 2.4.4 the
   * access token alone is a bearer token only where the store allows it.
   */
  oauth?: { consumerKey: string; consumerSecret: string; accessTokenSecret: string };
}

interface MagentoClient {
  /** `path` starts at the version, e.g. `/V1/orders`. */
  get<T>(path: string, query?: URLSearchParams, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, json: unknown, signal?: AbortSignal): Promise<T>;
}

/**
 * Signs each attempt as it goes out, so a retry carries a fresh nonce: Magento keeps every nonce it has seen, even of
 * a request it then failed, and refuses one sent again.
 */
function signEachAttempt(credentials: OAuth1Credentials, options: HttpOptions): HttpOptions {
  const send = options.fetch ?? fetch;
  return {
    ...options,
    fetch: (input, init = {}) => {
      const url = input instanceof Request ? input.url : String(input);
      const headers = new Headers(init.headers);
      headers.set('authorization', oauth1Authorization(init.method ?? 'GET', url, credentials));
      return send(input, { ...init, headers });
    },
  };
}

export function createMagentoClient(config: MagentoClientConfig, options: HttpOptions = {}): MagentoClient {
  const root = `${config.baseUrl.replace(/\/+$/, '')}/rest/${encodeURIComponent(config.storeCode || 'default')}`;
  const oauth: OAuth1Credentials | null = config.oauth
    ? {
        consumerKey: config.oauth.consumerKey,
        consumerSecret: config.oauth.consumerSecret,
        token: config.accessToken,
        tokenSecret: config.oauth.accessTokenSecret,
      }
    : null;
  const http = createChannelHttp(magentoRules, oauth ? signEachAttempt(oauth, options) : options);
  const headers: Record<string, string> = oauth ? {} : { authorization: `Bearer ${config.accessToken}` };

  return {
    async get<T>(path: string, query?: URLSearchParams, signal?: AbortSignal) {
      // PHP reads '+' as a space too, but %20 is what Magento's documentation shows for the date filters.
      const search = query && query.size > 0 ? `?${query.toString().replace(/\+/g, '%20')}` : '';
      const { body } = await http.json<T>({ url: `${root}${path}${search}`, headers }, signal);
      return body;
    },
    async post<T>(path: string, json: unknown, signal?: AbortSignal) {
      const { body } = await http.json<T>({ method: 'POST', url: `${root}${path}`, headers, json }, signal);
      return body;
    },
  };
}
