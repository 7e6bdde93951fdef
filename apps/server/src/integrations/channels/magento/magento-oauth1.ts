import { createHmac, randomBytes } from 'node:crypto';

/**
 * OAuth 1.0a request signing (RFC 5849, section 3) as Magento checks it for an integration's access token. Only the
 * query string and the protocol parameters are signed: JSON bodies are not part of the signature.
 */

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token: string;
  tokenSecret: string;
}

/** Magento 2.4.4 and later accept HMAC-SHA256 only; HMAC-SHA1 is here for the RFC's own examples. */
type OAuth1SignatureMethod = 'HMAC-SHA256' | 'HMAC-SHA1';

interface OAuth1SignOptions {
  signatureMethod?: OAuth1SignatureMethod;
  /** Fixed values for tests; a random nonce and the current second otherwise. */
  nonce?: string;
  timestamp?: number;
}

/** RFC 3986 percent-encoding (RFC 5849, 3.6): everything but letters, digits, '-', '.', '_' and '~'. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 3.4.1.2: scheme and host in lower case, the default port dropped, the path as sent, no query. */
function baseStringUri(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** 3.4.1.3.2: names and values encoded, sorted by name then value (byte order), joined with '=' and '&'. */
function normalizeParameters(params: Iterable<readonly [string, string]>): string {
  const byte = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...params]
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => byte(an, bn) || byte(av, bv))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** 3.4.1.1: method, base string URI and normalized parameters, each encoded, joined with '&'. */
export function signatureBaseString(method: string, uri: string, params: Iterable<readonly [string, string]>): string {
  return [method.toUpperCase(), percentEncode(uri), percentEncode(normalizeParameters(params))].join('&');
}

/** 3.4.2: base64 HMAC of the base string, keyed with the encoded consumer secret and token secret. */
export function hmacSignature(
  baseString: string,
  consumerSecret: string,
  tokenSecret: string,
  signatureMethod: OAuth1SignatureMethod = 'HMAC-SHA256',
): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac(signatureMethod === 'HMAC-SHA1' ? 'sha1' : 'sha256', key)
    .update(baseString)
    .digest('base64');
}

/**
 * The `Authorization: OAuth ...` value for one request. `url` is exactly what is sent: its query is read back the
 * way the server decodes it, so whatever encoding built it ('%20' or '+' for a space), the signature matches.
 */
export function oauth1Authorization(
  method: string,
  url: string,
  credentials: OAuth1Credentials,
  options: OAuth1SignOptions = {},
): string {
  const signatureMethod = options.signatureMethod ?? 'HMAC-SHA256';
  const target = new URL(url);
  const protocol: Array<[string, string]> = [
    ['oauth_consumer_key', credentials.consumerKey],
    ['oauth_nonce', options.nonce ?? randomBytes(16).toString('hex')],
    ['oauth_signature_method', signatureMethod],
    ['oauth_timestamp', String(options.timestamp ?? Math.floor(Date.now() / 1000))],
    ['oauth_token', credentials.token],
    ['oauth_version', '1.0'],
  ];
  const base = signatureBaseString(method, baseStringUri(target), [...target.searchParams, ...protocol]);
  const signature = hmacSignature(base, credentials.consumerSecret, credentials.tokenSecret, signatureMethod);
  const fields = [...protocol, ['oauth_signature', signature]].map(
    ([name, value]) => `${percentEncode(name!)}="${percentEncode(value!)}"`,
  );
  return `OAuth ${fields.join(', ')}`;
}
