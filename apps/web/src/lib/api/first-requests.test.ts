import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptFirstRequests,
  firstRequestsFetch,
  forgetFirstRequests,
  recordFirstRequests,
  resetFirstRequests,
} from './first-requests.ts';
// The frame's boot file, as the page's HTML loads it.
import BOOT from '../../../public/frame-boot.js?raw';

const origin = window.location.origin;
const LIST = '/api/v1/orders?size=10&page=1&hide=0&order=id+desc';
const get = (path: string, token = 'tok') =>
  new Request(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const kept = () =>
  JSON.parse(localStorage.getItem('firstRequests') ?? '{}') as Record<string, { address?: string; urls: string[] }>;

/** A signed-in token (only its expiry is read before the server sees it). */
function token(expiresInS = 3600): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expiresInS, email: 'a@b.c' }));
  return `h.${payload.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
}

/** Stores a sign-in and a set-up workspace, as a page that hydrates has. */
function signIn(value = token(), setUp = true) {
  localStorage.setItem('authData', JSON.stringify({ token: value, lastActivity: 1 }));
  localStorage.setItem('persist:root', JSON.stringify({ setupGuide: JSON.stringify({ isSetupApiDone: setUp }) }));
  return value;
}

/** What the boot file added to the document's head (the worker's jsdom serves other test files after this one). */
const added: Element[] = [];

/** Runs the boot file on the jsdom address (a hidden tab: it starts at once rather than after the first paint). */
function boot() {
  const before = new Set(document.head.children);
  const script = document.createElement('script');
  script.setAttribute('data-entry', '/assets/index.js');
  script.setAttribute('data-preload', '');
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  new Function(BOOT)();
  vi.restoreAllMocks();
  added.push(...[...document.head.children].filter((element) => !before.has(element)));
}

/** Records what the page at the jsdom address asks for until `settle` is called. */
function recordUntilSettled() {
  let settle!: () => void;
  recordFirstRequests(new Promise<void>((resolve) => (settle = resolve)));
  return async () => {
    settle();
    await Promise.resolve();
    await Promise.resolve();
  };
}

describe("a hydrated page's first requests", () => {
  const network = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  const asked = () => network.mock.calls.map(([url]) => String(url).slice(origin.length));
  beforeEach(() => {
    window.history.replaceState(null, '', '/orders');
    network.mockReset();
    network.mockImplementation(() => Promise.resolve(json({ from: 'network' })));
    vi.stubGlobal('fetch', network);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetFirstRequests();
    localStorage.clear();
    delete window.shipdeskFirstRequests;
    for (const element of added.splice(0)) element.remove();
  });

  it("are kept per address as the page's GETs until its data has come, its API's only", async () => {
    const settled = recordUntilSettled();
    await firstRequestsFetch(get(LIST));
    await firstRequestsFetch(get('/call/setupGuide'));
    await firstRequestsFetch(new Request(`${origin}/api/v1/orders/o1/notes`, { method: 'POST', body: '{}' }));
    await firstRequestsFetch(get('/assets/not-api.json'));
    await settled();
    await firstRequestsFetch(get('/call/later'));
    expect(kept()['/orders']).toMatchObject({ address: '/orders', urls: [LIST, '/call/setupGuide'] });
  });

  it('start from the boot file on the next load, and the page takes the answer instead of asking again', async () => {
    const signedIn = signIn();
    localStorage.setItem('firstRequests', JSON.stringify({ '/orders': { at: 1, urls: [LIST] } }));
    network.mockImplementationOnce(() => Promise.resolve(json({ from: 'early' })));
    boot();
    expect(asked()).toEqual([LIST]);
    expect(new Headers(network.mock.calls[0]![1]?.headers).get('Authorization')).toBe(`Bearer ${signedIn}`);
    // The app's scripts were started first.
    expect(document.head.querySelector('script[type="module"]')).toHaveAttribute('src', '/assets/index.js');
    adoptFirstRequests(signedIn);
    const response = await firstRequestsFetch(get(LIST, signedIn));
    expect(await response.json()).toEqual({ from: 'early' });
    expect(network).toHaveBeenCalledTimes(1);
    // Once: the same URL asked again goes to the network.
    expect(await (await firstRequestsFetch(get(LIST, signedIn))).json()).toEqual({ from: 'network' });
  });

  it("of one order's page start on every order's page with its number, not another record's URLs", async () => {
    window.history.replaceState(null, '', '/orders/view/1');
    const settled = recordUntilSettled();
    for (const path of [
      '/api/v1/orders/1',
      '/api/v1/deliveries?orderId=1',
      '/api/v1/orders/1/events?limit=1',
      '/call/orders/1/approve/fsmFlow',
      '/api/v1/orderBoxSizes?archived=true',
      '/api/v1/labels/55/tracking',
    ])
      await firstRequestsFetch(get(path));
    await settled();
    expect(kept()['/orders/view/{0}']).toEqual({
      at: expect.any(Number),
      address: '/orders/view/1',
      urls: [
        '/api/v1/orders/{0}',
        '/api/v1/deliveries?orderId={0}',
        '/api/v1/orders/{0}/events?limit=1',
        '/call/orders/{0}/approve/fsmFlow',
        '/api/v1/orderBoxSizes?archived=true',
        '/api/v1/labels/55/tracking',
      ],
    });

    signIn();
    network.mockClear();
    window.history.replaceState(null, '', '/orders/view/27');
    boot();
    expect(asked()).toEqual([
      '/api/v1/orders/27',
      '/api/v1/deliveries?orderId=27',
      '/api/v1/orders/27/events?limit=1',
      '/call/orders/27/approve/fsmFlow',
      '/api/v1/orderBoxSizes?archived=true',
    ]);

    network.mockClear();
    window.history.replaceState(null, '', '/orders/view/1');
    boot();
    expect(asked()).toContain('/api/v1/labels/55/tracking');
    expect(asked()).toContain('/api/v1/orders/1');
  });

  it('start nothing without a good sign-in or before the workspace is set up: that page does not hydrate', () => {
    localStorage.setItem('firstRequests', JSON.stringify({ '/orders': { at: 1, urls: [LIST] } }));
    boot();
    signIn(token(10));
    boot();
    signIn('not-a-token');
    boot();
    signIn(token(), false);
    boot();
    expect(network).not.toHaveBeenCalled();
    expect(window.shipdeskFirstRequests).toBeUndefined();
  });

  it('are not used for another sign-in, when old, or when they failed: the page asks the network', async () => {
    const signedIn = signIn();
    localStorage.setItem('firstRequests', JSON.stringify({ '/orders': { at: 1, urls: [LIST, '/call/setupGuide'] } }));
    network.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    network.mockImplementationOnce(() => Promise.resolve(json({ from: 'early' })));
    boot();
    adoptFirstRequests(signedIn);
    expect(await (await firstRequestsFetch(get(LIST, signedIn))).json()).toEqual({ from: 'network' });
    expect(await (await firstRequestsFetch(get('/call/setupGuide', 'other'))).json()).toEqual({ from: 'network' });

    resetFirstRequests();
    boot();
    adoptFirstRequests('another sign-in');
    expect(await (await firstRequestsFetch(get(LIST, signedIn))).json()).toEqual({ from: 'network' });

    resetFirstRequests();
    boot();
    adoptFirstRequests(signedIn, Date.now() + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await (await firstRequestsFetch(get(LIST, signedIn))).json()).toEqual({ from: 'network' });
  });

  it('are forgotten, the one being recorded too, when the user changes what the page asks for', async () => {
    localStorage.setItem('firstRequests', JSON.stringify({ '/dashboard': { at: 1, urls: ['/call/setupGuide'] } }));
    const settled = recordUntilSettled();
    await firstRequestsFetch(get(LIST));
    forgetFirstRequests();
    await firstRequestsFetch(get(LIST.replace('size=10', 'size=25')));
    await settled();
    expect(kept()).toEqual({});
    network.mockClear();
    signIn();
    boot();
    expect(network).not.toHaveBeenCalled();
  });

  it('start nothing for a page never recorded, and keep the latest twenty pages', async () => {
    signIn();
    boot();
    expect(network).not.toHaveBeenCalled();
    const many = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`/settings/p${i}`, { at: i + 1, urls: ['/api/v1/x'] }]),
    );
    localStorage.setItem('firstRequests', JSON.stringify(many));
    const settled = recordUntilSettled();
    await firstRequestsFetch(get(LIST));
    await settled();
    const pages = Object.keys(kept());
    expect(pages).toHaveLength(20);
    expect(pages).toContain('/orders');
    expect(pages).toContain('/settings/p24');
    expect(pages).not.toContain('/settings/p5');
  });
});
