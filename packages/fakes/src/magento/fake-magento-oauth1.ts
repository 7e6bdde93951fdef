import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The server side of OAuth 1.0a (RFC 5849, section 3) as the fake Magento checks an integration's signed requests:
 * the protocol parameters read from the Authorization header, the signature base string rebuilt from what arrived,
 * and the HMAC-SHA256 that Magento 2.4.4+ requires. Written from the RFC rather than taken from the adapter's signer,
 * so an adapter that signs the wrong string is refused here.
 */

/**
 * The `oauth_*` parameters of an `Authorization: OAuth ...` header (3.5.1: comma-separated `name="value"` pairs,
 * percent-encoded), decoded; `realm` is not a parameter and is dropped. Null for another scheme or a malformed pair.
 */
export function readOAuthHeader(header: string | undefined): Map<string, string> | null {
  const credentials = /^\s*OAuth\s+([\s\S]*)$/i.exec(header ?? '')?.[1];
  if (credentials === undefined) return null;
  const params = new Map<string, string>();
  for (const pair of credentials.split(',')) {
    if (pair.trim() === '') continue;
    const found = /^\s*([^\s=]+)\s*=\s*"([^"]*)"\s*$/.exec(pair);
    if (!found) return null;
    try {
      const name = decodeURIComponent(found[1]!);
      if (name.startsWith('oauth_')) params.set(name, decodeURIComponent(found[2]!));
    } catch {
      return null;
    }
  }
  return params;
}

/** 3.6: every octet of the UTF-8 bytes escaped as %XX (upper-case hex) except ALPHA, DIGIT, '-', '.', '_' and '~'. */
function oauthEncode(text: string): string {
  let encoded = '';
  for (const octet of Buffer.from(text, 'utf8')) {
    const unreserved =
      (octet >= 0x30 && octet <= 0x39) ||
      (octet >= 0x41 && octet <= 0x5a) ||
      (octet >= 0x61 && octet <= 0x7a) ||
      octet === 0x2d ||
      octet === 0x2e ||
      octet === 0x5f ||
      octet === 0x7e;
    encoded += unreserved ? String.fromCharCode(octet) : `%${octet.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** What the fake knows of a received request: enough to rebuild the string its sender signed. */
interface ReceivedRequest {
  method: string;
  scheme: 'http' | 'https';
  /** The Host header as received, "127.0.0.1:8080". */
  host: string;
  /** The path as sent, without the query. */
  path: string;
  /** The query's name/value pairs, decoded as a form (3.4.1.3.1). */
  query: Iterable<readonly [string, string]>;
  /** The protocol parameters from the Authorization header. */
  oauth: ReadonlyMap<string, string>;
}

/** 3.4.1.2: scheme and host lower-cased, the port kept only when it is not the scheme's default, then the path. */
function baseStringUri(request: ReceivedRequest): string {
  const host = request.host.toLowerCase();
  const split = /^(.*?)(?::(\d+))?$/.exec(host)!;
  const defaultPort = request.scheme === 'https' ? '443' : '80';
  const port = split[2] !== undefined && split[2] !== defaultPort ? `:${split[2]}` : '';
  return `${request.scheme}://${split[1]}${port}${request.path}`;
}

/**
 * 3.4.1.3: the query's pairs and the protocol parameters except oauth_signature, each name and value encoded, sorted
 * by name and then by value in byte order (the encoded text is ASCII, so string order is byte order), joined as
 * `name=value` with '&'. Magento itself sorts the names with PHP's strnatcmp, which agrees with byte order until a
 * request has ten or more searchCriteria filters or sort orders (`[10]` sorts before `[2]` here, after it there); the
 * fake follows the RFC.
 */
function normalizedParameters(request: ReceivedRequest): string {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of request.query) pairs.push([oauthEncode(name), oauthEncode(value)]);
  for (const [name, value] of request.oauth) {
    if (name !== 'oauth_signature') pairs.push([oauthEncode(name), oauthEncode(value)]);
  }
  const byBytes = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);
  pairs.sort((a, b) => byBytes(a[0], b[0]) || byBytes(a[1], b[1]));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

/** 3.4.1.1: the upper-case method, the encoded base string URI and the encoded normalized parameters, joined by '&'. */
function signatureBaseString(request: ReceivedRequest): string {
  return [
    request.method.toUpperCase(),
    oauthEncode(baseStringUri(request)),
    oauthEncode(normalizedParameters(request)),
  ].join('&');
}

/**
 * Whether oauth_signature is the HMAC-SHA256 of the base string, keyed (3.4.2) with the encoded consumer secret and
 * the encoded token secret joined by '&', base64-encoded. Compared in constant time.
 */
export function signatureIsValid(request: ReceivedRequest, consumerSecret: string, tokenSecret: string): boolean {
  const key = `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`;
  const digest = createHmac('sha256', key).update(signatureBaseString(request)).digest('base64');
  // The text as sent, not its decoded bytes: lenient base64 decoding would let a mangled signature through.
  const expected = Buffer.from(digest, 'utf8');
  const given = Buffer.from(request.oauth.get('oauth_signature') ?? '', 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
