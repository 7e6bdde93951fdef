import { readJson, STORAGE_KEYS, writeItem } from '@/lib/storage/local-storage';

/**
 * A hydrated page's first API requests, started before it hydrates (docs/decisions.md, "The signed-in frame as
 * HTML"): RTK Query asks for the page's data in effects, after the hydrating render, so its requests would wait for
 * it (600 ms of a phone's CPU on the order list). What a page asked for on its last first load, read GETs only, is
 * kept in local storage per address; the next cold load of that address starts those requests at once, and the API
 * client takes each answer when the page asks for the same URL with the same sign-in. An address the page no longer
 * asks for (other list preferences since) is a request whose answer is dropped; what it asks for instead is kept for
 * the next load.
 */

/**
 * The GETs of at most this many addresses are kept (the latest); at most this many per address (an order's page asks
 * for 19: the tenant's settings, the setup guide, its order, deliveries, boxes, notes, history, rules, returns, address
 * check and an fsmFlow per action).
 */
const MAX_PAGES = 20;
const MAX_URLS = 24;
/** An answer started longer ago than this is not used: the page asks anew. */
const FRESH_MS = 15_000;

type Kept = Record<string, { at: number; urls: string[] }>;

interface Started {
  at: number;
  authorization: string;
  response: Promise<Response>;
}

const started = new Map<string, Started>();
let recording: { page: string; urls: Set<string>; forgotten: boolean } | null = null;

const pageOf = (location: Pick<Location, 'pathname' | 'search'>) => `${location.pathname}${location.search}`;

/** The app's own API paths only: nothing else is kept or started early. */
function apiPath(url: URL): string | null {
  if (url.origin !== globalThis.location?.origin) return null;
  return /^\/(api|call)\//.test(url.pathname) ? `${url.pathname}${url.search}` : null;
}

function readKept(): Kept {
  const kept = readJson<Kept>(STORAGE_KEYS.firstRequests);
  return kept && typeof kept === 'object' ? kept : {};
}

/**
 * Starts the GETs this address asked for on its last first load, with the stored sign-in's token. Call it when the
 * page's HTML is about to be hydrated.
 */
export function startFirstRequests(token: string, location: Location = window.location, now = Date.now()): void {
  const urls = readKept()[pageOf(location)]?.urls ?? [];
  const authorization = `Bearer ${token}`;
  for (const path of urls.slice(0, MAX_URLS)) {
    if (typeof path !== 'string' || !/^\/(api|call)\//.test(path)) continue;
    const url = new URL(path, location.origin).toString();
    const response = fetch(url, { headers: { Authorization: authorization }, credentials: 'same-origin' });
    // Unused, a failure is nobody's: the page's own request (made anew then) reports its own.
    response.catch(() => undefined);
    const early = { at: now, authorization, response };
    started.set(url, early);
    // An answer the page never asked for is let go once it could no longer be used.
    setTimeout(() => {
      if (started.get(url) === early) started.delete(url);
    }, FRESH_MS);
  }
}

/** Keeps the GETs the page asks for until `settled` (its first data drawn) as this address's first requests. */
export function recordFirstRequests(settled: Promise<void>, location: Location = window.location): void {
  const page = pageOf(location);
  const urls = new Set<string>();
  const current = { page, urls, forgotten: false };
  recording = current;
  void settled.then(() => {
    if (recording === current) recording = null;
    if (current.forgotten) return;
    const kept = readKept();
    delete kept[page];
    const latest = Object.entries(kept)
      .sort(([, a], [, b]) => (b?.at ?? 0) - (a?.at ?? 0))
      .slice(0, MAX_PAGES - 1);
    const next: Kept = Object.fromEntries(latest);
    if (urls.size > 0) next[page] = { at: Date.now(), urls: [...urls].slice(0, MAX_URLS) };
    writeItem(STORAGE_KEYS.firstRequests, JSON.stringify(next));
  });
}

/**
 * The API client's fetch: a GET that was started before hydrating (same URL, same sign-in, recent) takes that answer;
 * anything else, or a started request that failed, goes to the network.
 */
export function firstRequestsFetch(input: RequestInfo, init?: RequestInit): Promise<Response> {
  // fetchBaseQuery passes a Request; anything else is a plain call.
  if (!(input instanceof Request) || init) return fetch(input, init);
  const request = input;
  if (request.method !== 'GET') return fetch(request);
  const url = new URL(request.url);
  const path = apiPath(url);
  // Only while the first address is shown: a click elsewhere is that page's, not this one's.
  if (path && recording?.page === pageOf(window.location)) recording.urls.add(path);
  const early = started.get(url.toString());
  if (!early) return fetch(request);
  started.delete(url.toString());
  if (early.authorization !== request.headers.get('Authorization') || Date.now() - early.at > FRESH_MS) {
    return fetch(request);
  }
  return early.response.catch(() => fetch(request));
}

/**
 * Forgets every address's first requests, and the one being recorded: call it when the user changes what the pages
 * ask for (the order list's page size is in its request, not its address), so the next load does not start requests
 * whose answers it would drop.
 */
export function forgetFirstRequests(): void {
  if (recording) recording.forgotten = true;
  recording = null;
  writeItem(STORAGE_KEYS.firstRequests, '{}');
}

/** Forgets what was started and recorded (tests). */
export function resetFirstRequests(): void {
  started.clear();
  recording = null;
}
