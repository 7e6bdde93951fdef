import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * AWS Signature Version 4 as the fake SQS checks it and as the fakes (the fake Amazon delivering notifications, the
 * tests) sign their own calls, spelled from AWS's "Create a signed AWS API request" guide rather than from any client:
 * canonical request (method, URI, sorted query, the signed headers lowercased and trimmed, SHA-256 of the payload),
 * string to sign over the credential scope `<yyyymmdd>/<region>/<service>/aws4_request`, and the HMAC-SHA256 key chain
 * from `AWS4<secret>`.
 */

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Why a signature was refused, in the words of AWS's JSON-protocol auth errors. */
type SigV4Refusal =
  | { kind: 'missing'; message: string }
  | { kind: 'incomplete'; message: string }
  | { kind: 'unknownKey'; message: string }
  | { kind: 'mismatch'; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** AWS refuses a request signed more than 15 minutes from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 unreserved characters stay; everything else is %XX (upper case), as SigV4 asks. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(query: URLSearchParams): string {
  return [...query.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function canonicalRequest(
  method: string,
  path: string,
  query: URLSearchParams,
  headers: Record<string, string>,
  signedHeaders: string[],
  body: string,
): string {
  const uri =
    path
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/') || '/';
  const headerLines = signedHeaders.map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`);
  return [method, uri, canonicalQuery(query), headerLines.join(''), signedHeaders.join(';'), sha256Hex(body)].join(
    '\n',
  );
}

function signature(secret: string, amzDate: string, scope: string, request: string): string {
  const [date, region, service] = scope.split('/') as [string, string, string];
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const toSign = [ALGORITHM, amzDate, scope, sha256Hex(request)].join('\n');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** `20261203T120000Z` for a time. */
const amzDateOf = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The headers that sign a request: X-Amz-Date and Authorization, over host, x-amz-date and every header given. Pass the
 * exact body that will be sent.
 */
export function signAwsRequest(input: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  credentials: AwsCredentials;
  /** Signing time (ms); default now. */
  now?: number;
}): Record<string, string> {
  const url = new URL(input.url);
  const amzDate = amzDateOf(input.now ?? Date.now());
  const headers: Record<string, string> = { host: url.host, 'x-amz-date': amzDate };
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  const signed = Object.keys(headers).sort();
  const scope = `${amzDate.slice(0, 8)}/${input.region}/${input.service}/aws4_request`;
  const request = canonicalRequest(input.method, url.pathname, url.searchParams, headers, signed, input.body);
  const proof = signature(input.credentials.secretAccessKey, amzDate, scope, request);
  return {
    ...input.headers,
    'X-Amz-Date': amzDate,
    Authorization: `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signed.join(';')}, Signature=${proof}`,
  };
}

/**
 * Checks a received request's SigV4 signature for `service` in `region`: the access key it names (looked up with
 * `secretOf`) or why it is refused.
 */
export function verifyAwsSignature(input: {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  region: string;
  service: string;
  secretOf: (accessKeyId: string) => string | undefined;
  now?: number;
}): { accessKeyId: string } | SigV4Refusal {
  const authorization = input.headers.authorization;
  if (!authorization) return { kind: 'missing', message: 'Request is missing Authentication Token' };
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    authorization.trim(),
  );
  if (!parsed) {
    return {
      kind: 'incomplete',
      message: `Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters, and the ${ALGORITHM} algorithm.`,
    };
  }
  const [, credential, signedList, given] = parsed as unknown as [string, string, string, string];
  const [accessKeyId, ...scopeParts] = credential.split('/');
  const scope = scopeParts.join('/');
  if (!accessKeyId || scopeParts.length !== 4 || scopeParts[3] !== 'aws4_request') {
    return { kind: 'incomplete', message: `Credential must have exactly 5 slash-delimited elements: ${credential}` };
  }
  const amzDate = input.headers['x-amz-date'];
  if (typeof amzDate !== 'string' || !/^\d{8}T\d{6}Z$/.test(amzDate)) {
    return { kind: 'incomplete', message: "Date must be in ISO-8601 'basic format' (X-Amz-Date)." };
  }
  const secret = input.secretOf(accessKeyId);
  if (secret === undefined) {
    return { kind: 'unknownKey', message: 'The security token included in the request is invalid.' };
  }
  const [date, region, service] = scopeParts as [string, string, string];
  if (service !== input.service) {
    return { kind: 'mismatch', message: `Credential should be scoped to correct service: '${input.service}'.` };
  }
  if (region !== input.region) {
    return { kind: 'mismatch', message: `Credential should be scoped to a valid region, not '${region}'.` };
  }
  if (date !== amzDate.slice(0, 8)) {
    return { kind: 'mismatch', message: `Credential should be scoped to a valid date: '${amzDate.slice(0, 8)}'.` };
  }
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const now = input.now ?? Date.now();
  if (Number.isNaN(signedAt) || Math.abs(now - signedAt) > MAX_SKEW_MS) {
    return {
      kind: 'mismatch',
      message: `Signature expired: ${amzDate} is now earlier than ${amzDateOf(now - MAX_SKEW_MS)} (${amzDateOf(now)} - 15 min.)`,
    };
  }
  const signed = signedList.split(';');
  if (!signed.includes('host'))
    return { kind: 'mismatch', message: "'Host' must be a 'SignedHeader' in the AWS Authorization." };
  const headers: Record<string, string> = {};
  for (const name of signed) {
    const value = input.headers[name];
    headers[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
  }
  const url = new URL(input.url, 'http://fake.local');
  const request = canonicalRequest(input.method, url.pathname, url.searchParams, headers, signed, input.body);
  const expected = Buffer.from(signature(secret, amzDate, scope, request));
  if (!timingSafeEqual(expected, Buffer.from(given))) {
    return {
      kind: 'mismatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    };
  }
  return { accessKeyId };
}
