import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstRequestsFetch,
  forgetFirstRequests,
  recordFirstRequests,
  resetFirstRequests,
  startFirstRequests,
} from './first-requests.ts';

const origin = window.location.origin;
const LIST = '/api/v1/orders?size=10&page=1&hide=0&order=id+desc';
const get = (path: string, token = 'tok') =>
  new Request(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const kept = () => JSON.parse(localStorage.getItem('firstRequests') ?? '{}') as Record<string, { urls: string[] }>;

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
  });

  it("are kept per address as the page's GETs until its data has come, its API's only", async () => {
    const settled = recordUntilSettled();
    await firstRequestsFetch(get(LIST));
    await firstRequestsFetch(get('/call/setupGuide'));
    await firstRequestsFetch(new Request(`${origin}/api/v1/orders/o1/notes`, { method: 'POST', body: '{}' }));
    await firstRequestsFetch(get('/assets/not-api.json'));
    await settled();
    await firstRequestsFetch(get('/call/later'));
    expect(kept()['/orders']?.urls).toEqual([LIST, '/call/setupGuide']);
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
    startFirstRequests('tok');
    expect(network).not.toHaveBeenCalled();
  });

  it('start on the next load before the page asks, and the page takes the answer instead of asking again', async () => {
    localStorage.setItem('firstRequests', JSON.stringify({ '/orders': { at: 1, urls: [LIST] } }));
    network.mockImplementationOnce(() => Promise.resolve(json({ from: 'early' })));
    startFirstRequests('tok');
    expect(network).toHaveBeenCalledTimes(1);
    const [url, init] = network.mock.calls[0]!;
    expect(url).toBe(`${origin}${LIST}`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
    const response = await firstRequestsFetch(get(LIST));
    expect(await response.json()).toEqual({ from: 'early' });
    expect(network).toHaveBeenCalledTimes(1);
    // Once: the same URL asked again goes to the network.
    expect(await (await firstRequestsFetch(get(LIST))).json()).toEqual({ from: 'network' });
  });

  it('are not used for another sign-in, when old, or when they failed: the page asks the network', async () => {
    localStorage.setItem('firstRequests', JSON.stringify({ '/orders': { at: 1, urls: [LIST, '/call/setupGuide'] } }));
    network.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    network.mockImplementationOnce(() => Promise.resolve(json({ from: 'early' })));
    startFirstRequests('tok');
    expect(await (await firstRequestsFetch(get(LIST))).json()).toEqual({ from: 'network' });
    expect(await (await firstRequestsFetch(get('/call/setupGuide', 'other'))).json()).toEqual({ from: 'network' });

    resetFirstRequests();
    startFirstRequests('tok', window.location, Date.now() - 60_000);
    expect(await (await firstRequestsFetch(get(LIST))).json()).toEqual({ from: 'network' });
  });

  it('start nothing for an address never recorded, and keep the latest twenty addresses', async () => {
    startFirstRequests('tok');
    expect(network).not.toHaveBeenCalled();
    const many = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`/orders/view/o${i}`, { at: i + 1, urls: ['/api/v1/x'] }]),
    );
    localStorage.setItem('firstRequests', JSON.stringify(many));
    const settled = recordUntilSettled();
    await firstRequestsFetch(get(LIST));
    await settled();
    const pages = Object.keys(kept());
    expect(pages).toHaveLength(20);
    expect(pages).toContain('/orders');
    expect(pages).toContain('/orders/view/o24');
    expect(pages).not.toContain('/orders/view/o5');
  });
});
