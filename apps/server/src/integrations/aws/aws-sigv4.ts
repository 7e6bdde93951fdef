import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (AWS4-HMAC-SHA256) for a request with its whole body in hand, as AWS's General Reference
 * describes it: a canonical request (method, URI, sorted query, lower-cased sorted headers, the body's SHA-256), a
 * string to sign scoped to the day, region and service, and a key derived from the secret by that scope. No AWS SDK:
 * SQS is the only AWS service Shipdesk calls.
 */

export interface AwsKeys {
  accessKeyId: string;
  secretAccessKey: string;
}

interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign and send (Host is added from the URL). */
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  keys: AwsKeys;
  /** The signing time (tests pin it to AWS's example). */
  now?: Date;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters kept, everything else %XX in upper case. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20150830T123600Z`: ISO 8601 basic format, seconds precision. */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

function canonicalUri(url: URL): string {
  const path = url.pathname || '/';
  // Each segment encoded once (non-S3 services encode twice, but a path already percent-encoded by URL counts once).
  return path
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
}

/** The signing key for a day, region and service: HMAC chain from "AWS4" + secret. */
export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/** The headers to send: the given ones, Host and X-Amz-Date, and the Authorization that signs them all. */
export function signRequest(request: SigV4Request): Record<string, string> {
  const stamp = amzDate(request.now ?? new Date());
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { ...request.headers, host: request.url.host, 'x-amz-date': stamp };
  const canonical = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    canonical.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const names = [...canonical.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(request.url),
    canonicalQuery(request.url),
    names.map((name) => `${name}:${canonical.get(name)}\n`).join(''),
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(request.keys.secretAccessKey, day, request.region, request.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  const authorization =
    `AWS4-HMAC-SHA256 Credential=${request.keys.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  // Host is set by fetch from the URL; sending it again is refused by undici.
  const { host: _host, ...sent } = headers;
  return { ...sent, authorization };
}
