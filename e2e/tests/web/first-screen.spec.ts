import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { OrderSummary } from '@shipdesk/contract';
import { apiGet, signInAt } from '../../support.ts';
import {
  baseURL,
  DESKTOP,
  hydrationComplaints,
  layoutShifts,
  PHONE,
  recordLayoutShifts,
  scriptsBeforeFirstPaint,
  scriptsBeforeUsable,
  settle,
  signedInContext,
  stylesheetsFetched,
  waitUsable,
} from './first-screen-probes.ts';

/**
 * The first screen (issue 31): what of a page's first load does not depend on the machine. The page's HTML is its
 * signed-in frame (app bar, navigation, page header, skeleton list), drawn before any JavaScript and hydrated by it;
 * the JavaScript fetched before the order list is usable stays within a phone's budget; nothing moves as the data
 * arrives. Lighthouse's scores, which do depend on the machine, are bench:web's (bench/src/web-vitals.ts).
 */

/**
 * At most this much JavaScript, gzip-compressed, before /orders shows its first row: issue 31's target (docs/
 * PERFORMANCE.md, "First screen"); it weighs 248 kB today (the frame's chunks; the live updates' client, the toasts,
 * the sign-in library and the controls' code wait until the list's data has come and is drawn). A label batch's banner
 * above the list brings its own code and a small chunk of MUI (the build keeps other pages' MUI out of it): data,
 * closed here.
 */
const JS_BUDGET_GZIP_BYTES = 250_000;
/**
 * Cumulative layout shift from the first byte to the settled page (web.dev's "good" is 0.1; the frame aims at none).
 * Issue 31's target is 0.01; what is left above it is Roboto replacing the fallback font after the first paint
 * (0.016-0.018 on /orders), whose timing depends on the machine, and what the data adds once it comes (an order's
 * cards after the suite's other tests changed it: up to 0.03): this guards against the shifts the code makes (the
 * filters' row growing moved the list by 0.3).
 */
const CLS_LIMIT = 0.05;

/** The label batch the suite's other tests left finished, closed for the session as a seller closes it. */
async function closeFinishedBatch(page: Page, context: BrowserContext): Promise<void> {
  const [latest] = await apiGet<Array<{ id: string; status: string }>>(page, '/call/labelBatches');
  if (latest?.status !== 'done') return;
  await context.addInitScript((id) => sessionStorage.setItem('shipdesk.labelBatch.dismissed', id), latest.id);
}

// Each test loads several pages cold, in new contexts, on a machine the rest of the suite shares.
test.describe.configure({ timeout: 180_000 });

const sizeName = (viewport: { width: number; height: number }) => `${viewport.width}x${viewport.height}`;

async function orderViewPath(page: Page): Promise<string> {
  const order = (await apiGet<{ rows: OrderSummary[] }>(page, '/api/v1/orders?size=1')).rows[0]!;
  return `/orders/view/${order.id}`;
}

/** The app bar's background colour as the running app draws it (light scheme), to compare the HTML's with. */
async function appBarColour(page: Page): Promise<string> {
  await page.goto('/orders');
  // The app's own rows: until then the banner may still be the HTML's, which the app replaces when it cannot hydrate
  // it (a stored state not yet saved, within 5 s of the sign-in), and a replaced element has no computed style.
  await waitUsable(page, '/orders');
  return page.getByRole('banner').evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** A page of a new context without JavaScript: what the server's HTML and its stylesheets draw alone. */
async function withoutJavaScript(browser: Browser, viewport: { width: number; height: number }, path: string) {
  const context = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

test('/orders is usable within its JavaScript budget, on a phone and a desktop', async ({ browser, page }) => {
  await signInAt(page, '/orders');
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await signedInContext(browser, page, viewport);
    try {
      // The banner of a batch the suite's other tests left (data, with its own code): closed, as for CLS below.
      await closeFinishedBatch(page, context);
      const scripts = await scriptsBeforeUsable(await context.newPage(), '/orders');
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const list = scripts
        .sort((a, b) => b.bytes - a.bytes)
        .map((s) => `  ${new URL(s.url).pathname} ${(s.bytes / 1000).toFixed(1)} kB (${s.encoding})`)
        .join('\n');
      expect
        .soft(
          total,
          `JavaScript fetched before /orders was usable at ${sizeName(viewport)}: ${(total / 1000).toFixed(1)} kB gzip ` +
            `in ${scripts.length} files\n${list}`,
        )
        .toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
    } finally {
      await context.close();
    }
  }
});

test("/orders, /dashboard and an order paint with one stylesheet, and start the app's scripts only once that paint is shown", async ({
  browser,
  page,
}) => {
  await signInAt(page, '/orders');
  const paths = ['/orders', '/dashboard', await orderViewPath(page)];
  for (const path of paths) {
    const context = await signedInContext(browser, page, PHONE);
    try {
      const loaded = await context.newPage();
      expect.soft(await scriptsBeforeFirstPaint(loaded, path), `scripts before ${path}'s first paint`).toEqual([]);
      expect
        .soft(await stylesheetsFetched(loaded), `stylesheets of ${path}`)
        .toEqual({ beforePaint: 1, disabledFetched: [] });
    } finally {
      await context.close();
    }
  }
});

test('without JavaScript, /orders already shows the signed-in frame, styled: app bar, heading, status navigation, skeleton rows', async ({
  browser,
  page,
}) => {
  await signInAt(page, '/orders');
  const colour = await appBarColour(page);
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page: bare } = await withoutJavaScript(browser, viewport, '/orders');
    try {
      const at = `at ${sizeName(viewport)}`;
      await expect(bare.getByRole('banner'), `the app bar ${at}`).toBeVisible();
      // Its stylesheet applied: the colour is the running app's, not a bare <header>'s transparent one.
      await expect(bare.getByRole('banner'), `the app bar's colour ${at}`).toHaveCSS('background-color', colour);
      await expect(bare.getByRole('heading', { level: 1, name: 'Orders' }), `the heading ${at}`).toBeVisible();
      // Plain links in a <nav> (order-status-tabs.tsx), or MUI's tabs before them: either is the status navigation.
      const statuses = bare
        .getByRole('navigation', { name: 'Order status' })
        .or(bare.getByRole('tablist', { name: 'Order status' }));
      await expect(statuses, `the order status navigation ${at}`).toBeVisible();
      const all = statuses.getByRole('link', { name: /^All/ }).or(statuses.getByRole('tab', { name: /^All/ }));
      await expect(all, `the status "All" ${at}`).toBeVisible();
      // Skeleton rows (hidden from assistive technology, so found by their class: the list's own, or MUI's) take
      // room only when styled.
      const skeletons = bare.locator('main .sd-orders-skeleton, main .MuiSkeleton-root').filter({ visible: true });
      await expect(skeletons.first(), `skeleton rows ${at}`).toBeVisible();
      expect(await skeletons.count(), `skeleton rows ${at}`).toBeGreaterThanOrEqual(3);
    } finally {
      await context.close();
    }
  }
});

test('without JavaScript, /dashboard and an order show the app bar, styled', async ({ browser, page }) => {
  await signInAt(page, '/orders');
  const colour = await appBarColour(page);
  for (const path of ['/dashboard', await orderViewPath(page)]) {
    const { context, page: bare } = await withoutJavaScript(browser, DESKTOP, path);
    try {
      await expect(bare.getByRole('banner'), `the app bar of ${path}`).toBeVisible();
      await expect(bare.getByRole('banner'), `the app bar's colour on ${path}`).toHaveCSS('background-color', colour);
    } finally {
      await context.close();
    }
  }
});

test('/orders, /dashboard and an order hydrate the HTML frame without a mismatch, on a phone and a desktop', async ({
  browser,
  page,
}) => {
  await signInAt(page, '/orders');
  const paths = ['/orders', '/dashboard', await orderViewPath(page)];
  // Without a frame in the HTML there is nothing to hydrate, and no complaint would prove nothing.
  for (const path of paths) {
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    expect.soft(html, `the server's HTML of ${path} holds the signed-in frame (its app bar)`).toMatch(/<header[\s>]/);
  }
  for (const viewport of [DESKTOP, PHONE]) {
    for (const path of paths) {
      const context = await signedInContext(browser, page, viewport);
      try {
        const tab = await context.newPage();
        const complaints = hydrationComplaints(tab);
        await tab.goto(path);
        await settle(tab, path);
        expect.soft(complaints, `hydration complaints on ${path} at ${sizeName(viewport)}`).toEqual([]);
        // The global styles (MUI's variables, CssBaseline) are in the frame's stylesheet: hydrating adopts the HTML's
        // empty tags for them rather than inserting their rules a second time.
        const globals = await tab.evaluate(() =>
          [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global"]')].map((tag) => ({
            rules: [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join(''),
          })),
        );
        expect.soft(globals.length, `global style tags on ${path}`).toBeGreaterThanOrEqual(3);
        expect
          .soft(
            globals.filter((tag) => /--mui-palette-primary-main:|box-sizing/.test(tag.rules)).length,
            `global styles inserted again on ${path}`,
          )
          .toBe(0);
      } finally {
        await context.close();
      }
    }
  }
});

test('/orders, /dashboard and an order do not move from the first paint to settled', async ({ browser, page }) => {
  await signInAt(page, '/orders');
  const paths = ['/orders', '/dashboard', await orderViewPath(page)];
  for (const viewport of [DESKTOP, PHONE]) {
    for (const path of paths) {
      const context = await signedInContext(browser, page, viewport);
      try {
        // A banner of the batch above the list would move it as it comes: it is data, not the frame.
        await closeFinishedBatch(page, context);
        await recordLayoutShifts(context);
        const tab = await context.newPage();
        await tab.goto(path);
        await settle(tab, path);
        const { total, shifts } = await layoutShifts(tab);
        const detail = shifts.map((s) => `  ${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`).join('\n');
        expect
          .soft(total, `layout shift of ${path} at ${sizeName(viewport)}, load to settled:\n${detail}`)
          .toBeLessThanOrEqual(CLS_LIMIT);
      } finally {
        await context.close();
      }
    }
  }
});

test('the sidebar is drawn as the seller left it from the first paint, and a phone-sized visit does not change it', async ({
  browser,
  page,
}) => {
  await signInAt(page, '/orders');
  const context = await signedInContext(browser, page, DESKTOP);
  try {
    const tab = await context.newPage();
    // The narrow layouts (a drawer over the page, the icons only) are the shell's own, not the seller's setting.
    await tab.setViewportSize(PHONE);
    await tab.goto('/orders');
    await settle(tab, '/orders');
    await tab.setViewportSize(DESKTOP);
    await tab.goto('/orders');
    await settle(tab, '/orders');
    const navigation = tab.getByRole('complementary', { name: 'Main navigation' });
    await expect.poll(async () => (await navigation.boundingBox())?.width).toBe(240);

    // Collapsed by the seller: the next load draws it collapsed before the app's code runs, so nothing moves.
    await tab.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(async () => (await navigation.boundingBox())?.width).toBe(64);
    await expect
      .poll(() => tab.evaluate(() => localStorage.getItem('persist:root') ?? ''))
      .toContain('\\"isMenuExpanded\\":false');
    await closeFinishedBatch(page, context);
    await recordLayoutShifts(context);
    const next = await context.newPage();
    await next.goto('/orders');
    await settle(next, '/orders');
    await expect(next.locator('html')).toHaveAttribute('data-sidebar', 'collapsed');
    await expect
      .poll(async () => (await next.getByRole('complementary', { name: 'Main navigation' }).boundingBox())?.width)
      .toBe(64);
    const { total, shifts } = await layoutShifts(next);
    const detail = shifts.map((s) => `  ${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`).join('\n');
    expect(total, `layout shift of /orders with the sidebar collapsed:\n${detail}`).toBeLessThanOrEqual(CLS_LIMIT);
  } finally {
    await context.close();
  }
});

test("a second load of /orders takes its first requests' answers, started before hydrating, without asking twice", async ({
  browser,
  page,
}) => {
  await signInAt(page, '/orders');
  const context = await signedInContext(browser, page, DESKTOP);
  try {
    // A hydrated load keeps what it asked for once its data has come (lib/api/first-requests.ts).
    const first = await context.newPage();
    await first.goto('/orders');
    await waitUsable(first, '/orders');
    const keptFor = async () =>
      JSON.parse((await first.evaluate(() => localStorage.getItem('firstRequests'))) ?? '{}') as Record<
        string,
        { urls: string[] } | undefined
      >;
    await expect
      .poll(async () => (await keptFor())['/orders']?.urls ?? [])
      .toContainEqual(expect.stringMatching(/^\/api\/v1\/orders\?/));
    const kept = (await keptFor())['/orders']!.urls;
    await first.close();

    const next = await context.newPage();
    const asked: string[] = [];
    next.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && /^\/(api|call)\//.test(url.pathname))
        asked.push(`${url.pathname}${url.search}`);
    });
    await next.goto('/orders');
    await waitUsable(next, '/orders');
    // Each asked once by the time the page is usable: the page took the early answers instead of asking again.
    const notOnce = kept.filter((url) => asked.filter((one) => one === url).length !== 1);
    expect(notOnce, `the second load asked for ${asked.join(', ')}`).toEqual([]);
  } finally {
    await context.close();
  }
});
