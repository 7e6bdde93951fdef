import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isPublicAddress } from '../../domain/public-address.ts';

/**
 * Where the server may send a request on a tenant's behalf. A store's (or carrier's) base URL is typed by a person,
 * so without this an Admin, or a Manager testing a connection, could make the server call its own loopback, the
 * cloud metadata service or the network behind it and read part of the answer. Only public addresses are called;
 * an operator's allow-list admits named hosts (the tests' and the demo's fakes on loopback).
 */
export class EgressRefusedError extends Error {
  constructor(host: string, address: string) {
    super(
      host === address
        ? `${host} is a loopback, private or link-local address, which Shipdesk does not call`
        : `${host} resolves to ${address}, a loopback, private or link-local address, which Shipdesk does not call`,
    );
    this.name = 'EgressRefusedError';
  }
}

export interface EgressGuard {
  /** `fetch` that refuses non-public targets, checked at connect time (after DNS), redirects not followed. */
  fetch: typeof fetch;
  /** Admits `host` or `host:port` from now on, for every organisation (the operator's OUTBOUND_ALLOW_HOSTS). */
  allow(entry: string): void;
  /**
   * A private address (`http://127.0.0.1:4100`) made callable under a new, unguessable name, returned as the URL to
   * call it by: only the organisation whose settings the caller writes it into knows it. The address itself stays
   * refused, so the embedded demo's fake shop and carrier serve the demo organisation and nobody else.
   */
  privateName(url: string): string;
  /** Whether the operator's list (or a private name) admits this URL's host, private or not. */
  allows(url: URL): boolean;
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
// `.invalid` never resolves in DNS (RFC 6761): such a name reaches nothing but the address it was made for.
const PRIVATE_NAME_SUFFIX = '.private.shipdesk.invalid';

export function createEgressGuard(allowList: readonly string[] = []): EgressGuard {
  const allowed = new Set(allowList.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  const isAllowed = (host: string, port: string) =>
    allowed.has(bare(host)) || allowed.has(`${bare(host)}:${port}`) || allowed.has(`${host.toLowerCase()}:${port}`);
  /** Private names: name -> the address and port it stands for. */
  const named = new Map<string, { address: string; port: string }>();
  const namedTarget = (url: URL) => {
    const target = named.get(url.hostname.toLowerCase());
    return target && target.port === portOf(url) ? target : undefined;
  };

  // Every address a name resolves to is checked when the socket connects, so a name that answers a public address
  // to a first lookup and a private one to the next (DNS rebinding) is refused too.
  function guardedLookup(
    hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void {
    const target = named.get(hostname.toLowerCase());
    if (target) {
      const family = isIP(target.address);
      return options.all
        ? callback(null, [{ address: target.address, family }])
        : callback(null, target.address, family);
    }
    dnsLookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, []);
      const inner = addresses.find((answer) => !isPublicAddress(answer.address));
      if (inner)
        return callback(
          Object.assign(new EgressRefusedError(hostname, inner.address), { code: 'EREFUSED_ADDRESS' }),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  }

  const guarded = new Agent({ connect: { lookup: guardedLookup } });
  const open = new Agent();

  const guardedFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const port = portOf(url);
    const trusted = isAllowed(url.hostname, port);
    const host = bare(url.hostname);
    if (!trusted && isIP(host) && !isPublicAddress(host)) throw new EgressRefusedError(host, host);
    // A private name on another port than the one it was made for is not that name's target.
    if (host.endsWith(PRIVATE_NAME_SUFFIX) && !namedTarget(url)) throw new EgressRefusedError(host, host);
    try {
      return (await undiciFetch(url, {
        ...(init as object),
        redirect: 'manual',
        dispatcher: trusted ? open : guarded,
      })) as unknown as Response;
    } catch (error) {
      // undici wraps the lookup's refusal as the cause of "fetch failed".
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof EgressRefusedError) throw cause;
      throw error;
    }
  }) as typeof fetch;

  return {
    fetch: guardedFetch,
    allow(entry) {
      allowed.add(entry.trim().toLowerCase());
    },
    privateName(raw) {
      const url = new URL(raw);
      const name = `${randomBytes(16).toString('hex')}${PRIVATE_NAME_SUFFIX}`;
      named.set(name, { address: bare(url.hostname), port: portOf(url) });
      url.hostname = name;
      return url.href.replace(/\/$/, '');
    },
    allows(url) {
      return isAllowed(url.hostname, portOf(url)) || Boolean(namedTarget(url));
    },
  };
}
