import { request } from 'node:http';
import { createServer } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The web benchmark's browser side: signing in, and the JavaScript a cold load of a page fetched before the page was
 * usable (see web-vitals.ts).
 */

export interface JsMeasure {
  jsBrotli: number;
  jsGzip: number;
  jsFiles: number;
  usableMs: number;
  /** Orders the list showed (the user's page size, which the list remembers): the work of the page scales with it. */
  rows: number;
  jsAllBrotli: number;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The bytes of `url` as sent with `Accept-Encoding: gzip` (not decompressed). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(bytes));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Signs in at `base` through the SSO page; the session stays in the profile's local storage for that origin. */
export async function signIn(
  context: BrowserContext,
  base: string,
  user: { email: string; password: string },
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/orders`);
  await page.getByLabel(/e-?mail/i).fill(user.email);
  await page.getByLabel(/^password$/i).fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(`${base}/orders**`, { timeout: 60_000 });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  await page.close();
}

const isList = (path: string) => path.startsWith('/orders') && !path.startsWith('/orders/view/');

/** Waits until `path` is usable: its heading is shown, nothing in it is busy, and an order list has a row. */
async function waitUsable(page: Page, path: string): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  if (isList(path)) await page.locator('main [data-order-id]').first().waitFor({ timeout: 60_000 });
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 60_000 });
}

/** The browser's globals the page-side functions below use (the bench compiles against Node's, not the DOM's). */
interface InPage {
  benchUsableAt?: number;
  document: InPageNode;
  performance: {
    now(): number;
    setResourceTimingBufferSize(size: number): void;
    getEntriesByType(type: 'resource'): Array<{ name: string; responseEnd: number }>;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, unknown>): void;
    disconnect(): void;
  };
}
interface InPageNode {
  querySelector(selector: string): InPageNode | null;
}

/**
 * Runs in the page before its own scripts: notes the moment (performance.now()) the page first was usable as
 * `waitUsable` says (heading shown, nothing busy, a list's first row), which a polling wait sees later on a busy
 * machine, or not at all when the page is busy again a moment after (a refetch when live updates connect): the
 * scripts fetched meanwhile would count as before usable.
 */
function markUsable(list: boolean): void {
  const marked = globalThis as unknown as InPage;
  const { document, performance } = marked;
  performance.setResourceTimingBufferSize(2_000);
  const usable = () => {
    const main = document.querySelector('main');
    if (!main?.querySelector('h1')) return false;
    if (list && !main.querySelector('[data-order-id]')) return false;
    return !main.querySelector('[aria-busy="true"]');
  };
  const observer = new marked.MutationObserver(() => {
    if (marked.benchUsableAt !== undefined || !usable()) return;
    marked.benchUsableAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/** The JavaScript a cold load of `path` fetched before it was usable, and all of it once the network was quiet. */
export async function measureJs(context: BrowserContext, base: string, path: string): Promise<JsMeasure> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1350, height: 940 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  const arrived: Array<{ url: string; bytes: number }> = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' || /javascript/.test(event.response.mimeType)) {
      scripts.set(event.requestId, event.response.url);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (url) arrived.push({ url, bytes: event.encodedDataLength });
  });
  await page.addInitScript(markUsable, isList(path));
  await page.goto(`${base}${path}`);
  await waitUsable(page, path);
  // The page's own clock: when it was first usable, and which scripts had arrived by then.
  const seen = await page.evaluate(() => {
    const { benchUsableAt, performance } = globalThis as unknown as InPage;
    const usableAt = benchUsableAt ?? performance.now();
    const urls = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.responseEnd <= usableAt)
      .map((entry) => entry.name);
    return { usableAt, urls };
  });
  const rows = await page.locator('main [data-order-id]').count();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.close();
  const early = new Set(seen.urls);
  const before = arrived.filter((item) => early.has(item.url));
  const gzip = await Promise.all(before.map((item) => gzipBytes(item.url)));
  return {
    jsBrotli: before.reduce((sum, item) => sum + item.bytes, 0),
    jsGzip: gzip.reduce((sum, bytes) => sum + bytes, 0),
    jsFiles: before.length,
    usableMs: seen.usableAt,
    rows,
    jsAllBrotli: arrived.reduce((sum, item) => sum + item.bytes, 0),
  };
}

export async function clearCache(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}
