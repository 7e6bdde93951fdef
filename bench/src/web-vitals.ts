import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { codeState } from './bench-results.ts';
import { describeMachine } from './machine.ts';

/**
 * The web benchmark: how much JavaScript the signed-in pages load before they are usable, and Lighthouse's
 * performance score for them, mobile and desktop, against a running product (it builds and starts nothing).
 *
 * Chromium (Debian's, /usr/bin/chromium) is started by Playwright with a persistent profile and a remote-debugging
 * port; the run signs in through the SSO page in that profile (the session is kept in localStorage, which every tab of
 * the profile shares), then for each page and run:
 * - opens it in a new tab with the cache disabled and sums the compressed bytes of the JavaScript that arrived before
 *   the page was usable (its heading shown, nothing in it busy, for /orders a row of the list), as the browser
 *   fetched it (brotli) and as gzip would send the same files (fetched again with `Accept-Encoding: gzip`);
 * - runs Lighthouse (performance only) on the same port, mobile (its default: simulated slow 4G and a 4x slower CPU)
 *   and desktop, with `disableStorageReset` so the signed-in session stays, after clearing the browser cache.
 * Writes bench/results/web-<YYYY-MM-DD>-<HHMM>.md and the table between `<!-- bench:current web -->` and
 * `<!-- /bench:current web -->` in docs/PERFORMANCE.md.
 *
 *   npm run bench:web -w bench -- --url http://localhost:3000 --credentials data/demo-credentials.json --runs 3
 */

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    credentials: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    pages: { type: 'string', default: '/orders,/dashboard' },
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    results: { type: 'string' },
    doc: { type: 'string' },
  },
});

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const JS_TARGET_KB_GZIP = 200;
const LIGHTHOUSE_TARGET = 90;
const log = (message: string) => console.log(`[web] ${message}`);

interface PageRun {
  jsBrotli: number;
  jsGzip: number;
  jsFiles: number;
  usableMs: number;
  /** Orders the list showed (the user's page size, which the list remembers): the work of the page scales with it. */
  rows: number;
  jsAllBrotli: number;
  mobile: number;
  desktop: number;
  mobileTbtMs: number;
  mobileLcpMs: number;
  /** Lighthouse's measure of the host CPU for the mobile run (its docs: 1000-1500 a low-end desktop). */
  benchmarkIndex: number;
}

function credentials(): { email: string; password: string } {
  if (args.email && args.password) return { email: args.email, password: args.password };
  const file = args.credentials ?? join(repoRoot, 'data', 'demo-credentials.json');
  const parsed = JSON.parse(readFileSync(resolve(repoRoot, file), 'utf8')) as { email: string; password: string };
  return { email: args.email ?? parsed.email, password: args.password ?? parsed.password };
}

function freePort(): Promise<number> {
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

async function signIn(context: BrowserContext, base: string): Promise<void> {
  const { email, password } = credentials();
  const page = await context.newPage();
  await page.goto(`${base}/orders`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(`${base}/orders**`, { timeout: 60_000 });
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
  await page.close();
}

/** Waits until `path` is usable: its heading is shown, nothing in it is busy, and the order list has a row. */
async function waitUsable(page: Page, path: string): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  if (path.startsWith('/orders')) await page.locator('main [data-order-id]').first().waitFor({ timeout: 60_000 });
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 60_000 });
}

/** The JavaScript a cold load of `path` fetched before it was usable, and all of it once the network was quiet. */
async function measureJs(context: BrowserContext, base: string, path: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1350, height: 940 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, string>();
  const arrived: Array<{ url: string; bytes: number; at: number }> = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' || /javascript/.test(event.response.mimeType)) {
      scripts.set(event.requestId, event.response.url);
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (url) arrived.push({ url, bytes: event.encodedDataLength, at: performance.now() });
  });
  const start = performance.now();
  await page.goto(`${base}${path}`);
  await waitUsable(page, path);
  const usableAt = performance.now();
  const rows = await page.locator('main [data-order-id]').count();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.close();
  const before = arrived.filter((item) => item.at <= usableAt);
  const gzip = await Promise.all(before.map((item) => gzipBytes(item.url)));
  return {
    jsBrotli: before.reduce((sum, item) => sum + item.bytes, 0),
    jsGzip: gzip.reduce((sum, bytes) => sum + bytes, 0),
    jsFiles: before.length,
    usableMs: usableAt - start,
    rows,
    jsAllBrotli: arrived.reduce((sum, item) => sum + item.bytes, 0),
  };
}

async function clearCache(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

async function runLighthouse(port: number, url: string, desktop: boolean) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    desktop ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // A run that ended on the sign-in page measured the wrong page.
  if (!lhr.finalDisplayedUrl.startsWith(url)) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** `text` as the repository's Prettier formats a file at `path` (unchanged when Prettier cannot be loaded). */
async function formatted(path: string, text: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    return await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
  } catch {
    log(`could not format ${relative(repoRoot, path)} with Prettier: \`npx prettier --write\` it`);
    return text;
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

async function main(): Promise<void> {
  const base = args.url.replace(/\/$/, '');
  const pages = args.pages.split(',').map((p) => p.trim());
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got "${args.runs}"`);
  const port = await freePort();
  const profile = mkdtempSync(join(os.tmpdir(), 'shipdesk-web-vitals-'));
  const loads: number[][] = [os.loadavg()];
  const started = new Date();
  const results = new Map<string, PageRun[]>(pages.map((p) => [p, []]));
  log(`${base}, pages ${pages.join(' ')}, ${runs} runs, Chromium ${args.chromium}, debugging port ${port}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: args.chromium,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await signIn(context, base);
    for (let run = 1; run <= runs; run += 1) {
      for (const path of pages) {
        const js = await measureJs(context, base, path);
        await clearCache(context);
        const mobile = await runLighthouse(port, `${base}${path}`, false);
        await clearCache(context);
        const desktop = await runLighthouse(port, `${base}${path}`, true);
        loads.push(os.loadavg());
        results.get(path)?.push({
          ...js,
          mobile: mobile.score,
          desktop: desktop.score,
          mobileTbtMs: mobile.tbtMs,
          mobileLcpMs: mobile.lcpMs,
          benchmarkIndex: mobile.benchmarkIndex,
        });
        log(
          `run ${run} ${path}: JS before usable ${kb(js.jsGzip)} kB gzip (${kb(js.jsBrotli)} kB brotli, ` +
            `${js.jsFiles} files${path.startsWith('/orders') ? `, ${js.rows} rows` : ''}), Lighthouse mobile ${mobile.score} (TBT ${Math.round(mobile.tbtMs)} ms, ` +
            `LCP ${Math.round(mobile.lcpMs)} ms), desktop ${desktop.score}; load ${os.loadavg()[0]?.toFixed(2)}, ` +
            `CPU benchmark index ${Math.round(mobile.benchmarkIndex)}`,
        );
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  await report(started, base, runs, results, loads);
}

async function report(
  started: Date,
  base: string,
  runs: number,
  results: Map<string, PageRun[]>,
  loads: number[][],
): Promise<void> {
  const machine = describeMachine();
  const code = codeState();
  const oneMinute = loads.map((l) => l[0] ?? 0);
  const load = `${Math.min(...oneMinute).toFixed(1)}-${Math.max(...oneMinute).toFixed(1)}`;
  const indexes = [...results.values()].flat().map((r) => Math.round(r.benchmarkIndex));
  const benchmarkIndex = `${Math.min(...indexes)}-${Math.max(...indexes)}`;
  const stamp = started.toISOString();
  const fileName = `web-${stamp.slice(0, 10)}-${stamp.slice(11, 16).replace(':', '')}.md`;
  const resultsDir = resolve(repoRoot, args.results ?? 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  let path = join(resultsDir, fileName);
  for (let n = 2; existsSync(path); n += 1) path = join(resultsDir, fileName.replace(/\.md$/, `-${n}.md`));

  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const rows = [...results].map(([page, list]) => {
    const js = median(list.map((r) => r.jsGzip));
    const mobile = median(list.map((r) => r.mobile));
    return {
      page,
      cells: [
        `\`${page}\``,
        `${kb(js)} (${kb(median(list.map((r) => r.jsBrotli)))})`,
        `${list.map((r) => r.mobile).join(', ')}`,
        `${list.map((r) => r.desktop).join(', ')}`,
        `${Math.round(median(list.map((r) => r.mobileTbtMs)))} / ${Math.round(median(list.map((r) => r.mobileLcpMs)))}`,
        page.startsWith('/orders') ? verdict(js <= JS_TARGET_KB_GZIP * 1000) : 'not a target',
        verdict(mobile >= LIGHTHOUSE_TARGET),
      ],
    };
  });
  const header = [
    'page',
    'JS before usable, kB gzip (brotli), median',
    'Lighthouse mobile, each run',
    'Lighthouse desktop, each run',
    'mobile TBT / LCP, ms, median',
    `JS <= ${JS_TARGET_KB_GZIP} kB gzip`,
    `mobile >= ${LIGHTHOUSE_TARGET}`,
  ];
  const table = [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.cells.join(' | ')} |`),
  ].join('\n');
  const measured = `${stamp.slice(0, 16).replace('T', ' ')} UTC, commit ${code.commit}`;
  const machineText =
    `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; load average ${load}; ` +
    `Lighthouse CPU benchmark index ${benchmarkIndex}`;

  const detail = [
    `# Web benchmark, ${measured}`,
    '',
    `- product: ${base} (the built web app as the server sends it, precompressed brotli and gzip)`,
    `- machine: ${machineText} (1-minute load average before the run and after each page)`,
    `- software: ${machine.os}; Node ${machine.node}; Chromium at ${args.chromium}; Lighthouse 12, performance only`,
    `- runs: ${runs} per page; uncommitted files at the time: ${code.uncommitted.length}`,
    '',
    '## Summary',
    '',
    table,
    '',
    '## Every run',
    '',
    '| page | run | JS before usable, gzip / brotli, kB | files | rows | usable after, ms | all JS, brotli, kB | mobile | desktop | mobile TBT, ms | mobile LCP, ms | CPU benchmark index |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...results].flatMap(([page, list]) =>
      list.map(
        (r, i) =>
          `| \`${page}\` | ${i + 1} | ${kb(r.jsGzip)} / ${kb(r.jsBrotli)} | ${r.jsFiles} | ${r.rows} | ${Math.round(r.usableMs)} | ` +
          `${kb(r.jsAllBrotli)} | ${r.mobile} | ${r.desktop} | ${Math.round(r.mobileTbtMs)} | ${Math.round(r.mobileLcpMs)} | ` +
          `${Math.round(r.benchmarkIndex)} |`,
      ),
    ),
    '',
    'Usable: the page heading shown, nothing in the page marked busy, and for the order list a row. "All JS" is what',
    'the page had fetched once the network was quiet (the realtime client, fetched after the first paint, among it).',
    'Rows: the orders the list showed, at the page size the signed-in user last chose (the demo default is 10).',
    "CPU benchmark index: Lighthouse's measure of this machine's CPU at the mobile run; its mobile score slows the",
    'CPU four times whatever the index, which its documentation calibrates for a high-end desktop (1500-2000).',
    '',
  ].join('\n');
  writeFileSync(path, await formatted(path, detail), { flag: 'wx' });
  log(`wrote ${relative(repoRoot, path)}`);

  const docPath = args.doc === 'none' ? null : resolve(repoRoot, args.doc ?? 'docs/PERFORMANCE.md');
  const section = [
    '<!-- bench:current web -->',
    '',
    `[${measured}](${relative(resolve(docPath ?? repoRoot, '..'), path)}), ${machineText}, ${runs} runs:`,
    '',
    table,
    '',
    '<!-- /bench:current web -->',
  ].join('\n');
  if (!docPath) {
    console.log(section);
    return;
  }
  const doc = readFileSync(docPath, 'utf8');
  const marked = /<!-- bench:current web -->[\s\S]*?<!-- \/bench:current web -->/;
  if (!marked.test(doc)) {
    log(`${relative(repoRoot, docPath)} has no web table; paste this:`);
    console.log(section);
    return;
  }
  writeFileSync(docPath, await formatted(docPath, doc.replace(marked, section)));
  log(`updated the web table of ${relative(repoRoot, docPath)}`);
}

await main();
