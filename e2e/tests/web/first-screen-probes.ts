import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { request } from 'node:http';

/**
 * What tests/web/first-screen.spec.ts reads from a page as it loads: the scripts it fetched, the console's hydration
 * complaints, its layout shifts. Each measure is of the page's own code, not of the machine running it.
 */

export const baseURL = `http://localhost:${process.env.E2E_PORT}`;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A new browser context (its cache empty) signed in as `page`'s user, at `viewport`, whose loads hydrate the page's
 * HTML: the app hydrates it only when the stored state says the workspace is set up (app/frame/hydrate-frame.ts), and
 * `page`'s app stores that once its setup check has answered, which on a busy machine is after its list is shown.
 * Copied before, the new context's loads would render the app in place of the HTML, measuring another first load.
 */
export async function signedInContext(
  browser: Browser,
  page: Page,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('persist:root') ?? ''), {
      message: "the signed-in page's stored state says the workspace is set up",
    })
    .toContain('\\"isSetupApiDone\\":true');
  return browser.newContext({ baseURL, viewport, storageState: await page.context().storageState() });
}

/** A signed-in page is usable: its heading is shown and, on the order list, a row or the reason there is none. */
export async function waitUsable(page: Page, path: string): Promise<void> {
  const main = page.locator('main');
  if (path.startsWith('/orders/view/')) {
    await expect(main.getByRole('heading', { level: 1, name: /^Order \S/ })).toBeVisible({ timeout: 30_000 });
  } else {
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  }
  if (path.startsWith('/orders') && !path.startsWith('/orders/view/')) {
    const firstRow = main.locator('[data-order-id]').first();
    const empty = main.getByRole('heading', { name: /^No orders/ });
    await expect(firstRow.or(empty).first()).toBeVisible({ timeout: 30_000 });
  }
}

/** The size of `url` as the server sends it to a browser that accepts gzip only (the bytes on the wire). */
function gzipSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

type Marked = Window & { shipdeskUsableAt?: number };

/**
 * Runs in the page before its own scripts: notes the moment (performance.now()) the order list's first row, or the
 * words that it has none, enters the page. Taken in the page rather than when a polling assertion next looks, which
 * on a busy machine is up to a second later (scripts fetched meanwhile would count as before usable).
 */
function markListUsable(): void {
  const marked = window as Marked;
  performance.setResourceTimingBufferSize(2_000);
  const usable = () => {
    const main = document.querySelector('main');
    if (!main) return false;
    if (main.querySelector('[data-order-id]')) return true;
    return [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].some((h) => /^No orders/.test(h.textContent ?? ''));
  };
  const observer = new MutationObserver(() => {
    if (marked.shipdeskUsableAt !== undefined || !usable()) return;
    marked.shipdeskUsableAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * The scripts a cold load of `path` (an order list) had fetched when its first row, or its empty state, entered the
 * page, with their gzip sizes.
 */
export async function scriptsBeforeUsable(
  page: Page,
  path: string,
): Promise<Array<{ url: string; bytes: number; encoding: string }>> {
  await page.addInitScript(markListUsable);
  await page.goto(path);
  await waitUsable(page, path);
  const before = await page.evaluate(() => {
    const usableAt = (window as Marked).shipdeskUsableAt ?? performance.now();
    const scripts = performance
      .getEntriesByType('resource')
      .filter(
        (entry) => new URL(entry.name).origin === location.origin && new URL(entry.name).pathname.endsWith('.js'),
      );
    return [
      ...new Set(
        scripts
          .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= usableAt)
          .map((entry) => entry.name),
      ),
    ];
  });
  return Promise.all(before.map(async (url) => ({ url, ...(await gzipSize(url)) })));
}

/**
 * The page's own scripts fetched before its first contentful paint had been presented: none but the two small ones
 * the HTML names (the stored colour scheme, and frame-boot.js, which starts the rest only after that paint).
 */
export async function scriptsBeforeFirstPaint(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await waitUsable(page, path);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    if (paint === undefined) return ['no first contentful paint was recorded'];
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).origin === location.origin && entry.name.endsWith('.js'))
      .filter((entry) => !/^\/(stored-settings|frame-boot)\.js$/.test(new URL(entry.name).pathname))
      .filter((entry) => entry.startTime < paint)
      .map(
        (entry) => `${new URL(entry.name).pathname} at ${entry.startTime.toFixed(0)} ms, paint at ${paint.toFixed(0)}`,
      );
  });
}

/**
 * The stylesheets the loaded page fetched: how many before its first paint (the frame's one, which holds the app's,
 * the frame's and the page's rules), and those the HTML links as disabled (their rules are in that one) that were
 * fetched all the same, before or after the app started.
 */
export function stylesheetsFetched(page: Page): Promise<{ beforePaint: number; disabledFetched: string[] }> {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    const css = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.css'));
    const disabled = new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map((link) => link.href),
    );
    return {
      beforePaint: css.filter((entry) => entry.startTime < paint).length,
      disabledFetched: css.filter((entry) => disabled.has(entry.name)).map((entry) => new URL(entry.name).pathname),
    };
  });
}

/** React 19's words for a server HTML the browser's first render did not match (development and production). */
const HYDRATION_TROUBLE =
  /Hydration failed|did not match|hydrated but some attributes|Minified React error #(418|423|425)|react\.dev\/errors\/(418|423|425)/i;

/** Collects, from now on, what `page` says about hydration on its console or as an uncaught error. */
export function hydrationComplaints(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_TROUBLE.test(message.text())) {
      found.push(`${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (error) => {
    const text = `${error.message}\n${error.stack ?? ''}`;
    if (HYDRATION_TROUBLE.test(text)) found.push(`uncaught: ${error.message.slice(0, 300)}`);
  });
  return found;
}

interface Shift {
  value: number;
  at: number;
  sources: string[];
}

/** Records every layout shift of the context's pages from their first byte (before the app's scripts run). */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: Array<{ value: number; at: number; sources: string[] }> = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }
      >) {
        // A shift right after the person's own input is the answer to it, not an unexpected move (as CLS counts).
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((source) => describe(source.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far on `page` (recordLayoutShifts) and their sum. */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts ?? []);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

/** The page has loaded and settled: usable, the network quiet, and a moment for what that last answer drew. */
export async function settle(page: Page, path: string): Promise<void> {
  await waitUsable(page, path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
}
