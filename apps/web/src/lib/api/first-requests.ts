import { readJson, STORAGE_KEYS, writeItem } from '@/lib/storage/local-storage';

/**
 * A hydrated page's first API requests, started before it hydrates (docs/decisions.md, "The signed-in frame as
 * HTML"): RTK Query asks for the page's data in effects, after the hydrating render, so its requests would wait for
 * it (600 ms of a phone's CPU on the order list). What a page asked for on its last first load, read GETs only, is
 * kept in local storage per kind of page: its address with each number in its path as `{0}`, `{1}`, and that number
 * in the URLs likewise (every order's page shares one list). The next cold load of that kind of page starts those
 * requests with its scripts, from the frame's boot file (public/frame-boot.js), and the API client takes each answer
 * when the page asks for the same URL with the same sign-in. An address the page no longer asks for (other list
 * preferences since) is a request whose answer is dropped; what it asks for instead is kept for the next load.
 */

/**
 * The GETs of at most this many kinds of page are kept (the latest); at most this many per page (an order's page asks
 * for 19: the tenant's settings, the setup guide, its order, deliveries, boxes, notes, history, rules, returns, address
 * check and an fsmFlow per action). public/frame-boot.js starts at most MAX_URLS too.
 */
const MAX_PAGES = 20;
const MAX_URLS = 24;
/** An answer started longer ago than this is not used: the page asks anew. */
const FRESH_MS = 15_000;

type Kept = Record<string, { at: number; address?: string; urls: string[] }>;

interface Started {
  at: number;
  authorization: string;
  response: Promise<Response>;
}

/** What the frame's boot file started (public/frame-boot.js), full URL to answer. */
interface BootStarted {
  at: number;
  authorization: string;
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    shipdeskFirstRequests?: BootStarted;
  }
}

const started = new Map<string, Started>();
let recording: { page: Page; urls: Set<string>; forgotten: boolean } | null = null;

interface Page {
  address: string;
  /** The address with each number of its path as `{0}`, `{1}`: the key of its kind of page. */
  key: string;
  ids: string[];
}

function pageOf(location: Pick<Location, 'pathname' | 'search'>): Page {
  const ids: string[] = [];
  const path = location.pathname
    .split('/')
    .map((segment) => {
      if (!/^[0-9]+$/.test(segment)) return segment;
      ids.push(segment);
      return `{${ids.length - 1}}`;
    })
    .join('/');
  return { address: `${location.pathname}${location.search}`, key: `${path}${location.search}`, ids };
}

/** `path` with the page's numbers as `{0}`, `{1}`: as a segment of its path, or as the value of an `…id` parameter. */
function templated(path: string, ids: readonly string[]): string {
  if (ids.length === 0) return path;
  const [pathname = '', search] = path.split('?', 2);
  const at = (value: string) => {
    const index = ids.indexOf(value);
    return index < 0 ? value : `{${index}}`;
  };
  const segments = pathname.split('/').map(at).join('/');
  if (search === undefined) return segments;
  const params = search
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=', 2);
      return value !== undefined && /id$/i.test(name) ? `${name}=${at(value)}` : pair;
    })
    .join('&');
  return `${segments}?${params}`;
}

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
 * Takes the requests the frame's boot file started with the stored sign-in's `token` (another sign-in's are let go).
 * Call it when the page's HTML is about to be hydrated.
 */
export function adoptFirstRequests(token: string, now = Date.now()): void {
  const boot = window.shipdeskFirstRequests;
  delete window.shipdeskFirstRequests;
  const authorization = `Bearer ${token}`;
  if (!boot || boot.authorization !== authorization || typeof boot.responses !== 'object') return;
  for (const [url, response] of Object.entries(boot.responses)) {
    if (!(response instanceof Promise)) continue;
    const early = { at: boot.at, authorization, response };
    started.set(url, early);
    // An answer the page never asked for is let go once it could no longer be used.
    setTimeout(
      () => {
        if (started.get(url) === early) started.delete(url);
      },
      Math.max(0, FRESH_MS - (now - boot.at)),
    );
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
    delete kept[page.key];
    const latest = Object.entries(kept)
      .sort(([, a], [, b]) => (b?.at ?? 0) - (a?.at ?? 0))
      .slice(0, MAX_PAGES - 1);
    const next: Kept = Object.fromEntries(latest);
    if (urls.size > 0) {
      const list = [...urls].slice(0, MAX_URLS).map((path) => templated(path, page.ids));
      next[page.key] = { at: Date.now(), address: page.address, urls: list };
    }
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
  if (path && recording?.page.address === pageOf(window.location).address) recording.urls.add(path);
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
