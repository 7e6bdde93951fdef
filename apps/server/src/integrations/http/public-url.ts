import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../domain/public-address.ts';
import { serviceUnavailable } from '../../lib/http-errors.ts';

/** Every address a host name resolves to. */
export type HostLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

const LOOKUP_TIMEOUT_MS = 5_000;
// Answers that say the name has no address; anything else (SERVFAIL, timeouts) is a failure to check, not a "no".
const NO_SUCH_HOST = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Why `raw` may not be saved as the address `field` (cq_url, a carrier's API base URL), or null when it may: an
 * absolute http(s) URL without credentials whose host, a literal address or every address its name resolves to, is
 * public, unless `allowed` admits it (the operator's OUTBOUND_ALLOW_HOSTS). Refusing private targets keeps a setting
 * a person types from aiming the server at itself or the network behind it. Throws a 503 when DNS cannot answer now.
 */
export async function publicUrlProblem(
  raw: string,
  field: string,
  options: {
    resolve?: HostLookup;
    timeoutMs?: number;
    allowed?: (url: URL) => boolean;
    /**
     * A name that does not resolve, or that DNS cannot answer for now, is let through instead of refused: for
     * addresses saved ahead of time (a new shop's domain), which the egress guard still checks at every call.
     */
    lenient?: boolean;
  } = {},
): Promise<string | null> {
  const resolve = options.resolve ?? systemLookup;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${field} must be an absolute URL, e.g. https://connect.example.com/`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${field} must use https or http`;
  if (url.username || url.password) return `${field} must not contain a user name or password`;
  // The URL parser has already turned 2130706433, 0x7f.1 and friends into dotted quads; IPv6 keeps its brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) return `${field} must name a host`;
  if (options.allowed?.(url)) return null;
  const refused = (address: string) =>
    `${field} must point at a public address; ${host} is (or resolves to) ${address}, a loopback, private or link-local address`;

  if (isIP(host)) return isPublicAddress(host) ? null : refused(host);

  let addresses: string[];
  try {
    addresses = await withTimeout(resolve(host), options.timeoutMs ?? LOOKUP_TIMEOUT_MS);
  } catch (error) {
    if (options.lenient) return null;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && NO_SUCH_HOST.has(code)) return `${field} host name "${host}" does not resolve`;
    throw serviceUnavailable(`The host name of ${field} cannot be checked right now (DNS did not answer); try again`);
  }
  if (addresses.length === 0) return options.lenient ? null : `${field} host name "${host}" does not resolve`;
  const inner = addresses.find((address) => !isPublicAddress(address));
  return inner ? refused(inner) : null;
}

/** cq_url's check: the same rule, for that setting. */
export function cqUrlProblem(raw: string, resolve: HostLookup = systemLookup, timeoutMs = LOOKUP_TIMEOUT_MS) {
  return publicUrlProblem(raw, 'cq_url', { resolve, timeoutMs });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'ETIMEOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
