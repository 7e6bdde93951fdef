import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { clearCache, freePort, measureJs, signIn } from './web-vitals-browser.ts';
import { runLighthouse, type FormFactor } from './web-vitals-lighthouse.ts';
import { report, type Run, type Variant } from './web-vitals-report.ts';

/**
 * The web benchmark: how much JavaScript the signed-in pages load before they are usable, and Lighthouse's
 * performance score for them, mobile and desktop, against one or more running products (it builds and starts nothing).
 *
 * Chromium (Debian's, /usr/bin/chromium) is started by Playwright with a persistent profile and a remote-debugging
 * port; the run signs in through the SSO page of each variant's origin in that profile (the session is kept in
 * localStorage, which every tab of the profile shares), then runs rounds. Each round runs every (variant, page, form
 * factor) once, the variants interleaved and the order rotated from round to round, so that a busy spell of this
 * shared machine falls on every variant alike:
 * - desktop: a cold load in a new tab with the cache disabled sums the compressed bytes of the JavaScript that arrived
 *   before the page was usable (its heading shown, nothing in it busy, for /orders a row of the list), as the browser
 *   fetched it (brotli) and as gzip would send the same files (fetched again with `Accept-Encoding: gzip`);
 * - then Lighthouse (performance only) on the same port, mobile (its default: simulated slow 4G and a 4x slower CPU)
 *   or desktop, with `disableStorageReset` so the signed-in session stays, after clearing the browser cache; each run
 *   is scored as measured and re-scored on the main thread's CPU time (web-vitals-lighthouse.ts).
 * The load average and Lighthouse's CPU benchmark index are kept for each run. Writes
 * bench/results/web-<YYYY-MM-DD>-<HHMM>.md and the tables between `<!-- bench:current web -->` and
 * `<!-- /bench:current web -->` in docs/PERFORMANCE.md (`--doc none`: printed instead).
 *
 *   npm run bench:web -w bench -- --url http://localhost:3000 --credentials data/demo-credentials.json --runs 3
 *   npm run bench:web -w bench -- --variant before=http://localhost:3000 --variant after=http://localhost:3100
 */

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    variant: { type: 'string', multiple: true },
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
const log = (message: string) => console.log(`[web] ${message}`);
const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];

function credentials(): { email: string; password: string } {
  if (args.email && args.password) return { email: args.email, password: args.password };
  const file = args.credentials ?? join(repoRoot, 'data', 'demo-credentials.json');
  const parsed = JSON.parse(readFileSync(resolve(repoRoot, file), 'utf8')) as { email: string; password: string };
  return { email: args.email ?? parsed.email, password: args.password ?? parsed.password };
}

function variants(): Variant[] {
  const given = args.variant ?? [`product=${args.url}`];
  const list = given.map((text) => {
    const at = text.indexOf('=');
    if (at < 1) throw new Error(`--variant takes name=url, got "${text}"`);
    return { name: text.slice(0, at), base: text.slice(at + 1).replace(/\/$/, '') };
  });
  if (new Set(list.map((v) => v.name)).size !== list.length) throw new Error('two variants have the same name');
  return list;
}

interface Unit {
  variant: Variant;
  page: string;
  formFactor: FormFactor;
}

/**
 * Round `round`'s order (0-based): the variants vary fastest, so neighbours in time are different variants, and the
 * order starts `round / rounds` of the way along, so each part of a round (its first runs, its last) falls to
 * different units from round to round.
 */
function roundOrder(units: Unit[], round: number, rounds: number): Unit[] {
  const shift = Math.round((round * units.length) / rounds) % units.length;
  return [...units.slice(shift), ...units.slice(0, shift)];
}

async function main(): Promise<void> {
  const list = variants();
  const pages = args.pages.split(',').map((p) => p.trim());
  const rounds = Number(args.runs);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--runs must be a positive integer, got "${args.runs}"`);
  const units = pages.flatMap((page) =>
    FORM_FACTORS.flatMap((formFactor) => list.map((variant) => ({ variant, page, formFactor }))),
  );
  const port = await freePort();
  const profile = mkdtempSync(join(os.tmpdir(), 'shipdesk-web-vitals-'));
  const started = new Date();
  const runs: Run[] = [];
  log(
    `${list.map((v) => `${v.name}=${v.base}`).join(' ')}, pages ${pages.join(' ')}, ${rounds} rounds, ` +
      `Chromium ${args.chromium}, debugging port ${port}`,
  );
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
    const user = credentials();
    for (const origin of new Set(list.map((v) => new URL(v.base).origin))) {
      await signIn(context, list.find((v) => new URL(v.base).origin === origin)!.base, user);
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, { variant, page, formFactor }] of roundOrder(units, round, rounds).entries()) {
        const startedAt = new Date();
        const load = os.loadavg();
        const js = formFactor === 'desktop' ? await measureJs(context, variant.base, page) : null;
        await clearCache(context);
        const lighthouse = await runLighthouse(port, `${variant.base}${page}`, formFactor);
        runs.push({
          round: round + 1,
          position: index + 1,
          variant: variant.name,
          page,
          formFactor,
          startedAt,
          load,
          lighthouse,
          js,
        });
        const { raw, cpu, retiming } = lighthouse;
        log(
          `round ${round + 1}.${index + 1} ${variant.name} ${page} ${formFactor}: Lighthouse ${raw.score} ` +
            `(CPU time ${cpu.score}), TBT ${Math.round(raw.tbtMs)} / ${Math.round(cpu.tbtMs)} ms, ` +
            `LCP ${Math.round(raw.lcpMs)} / ${Math.round(cpu.lcpMs)} ms, main-thread tasks ` +
            `${Math.round(retiming.wallMs)} ms wall / ${Math.round(retiming.cpuMs)} ms CPU; load ${load[0]?.toFixed(2)}, ` +
            `CPU benchmark index ${Math.round(lighthouse.benchmarkIndex)}` +
            (js
              ? `; JS before usable ${(js.jsGzip / 1000).toFixed(1)} kB gzip (${js.jsFiles} files, ${js.rows} rows)`
              : ''),
        );
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  await report({
    repoRoot,
    started,
    rounds,
    variants: list,
    pages,
    chromium: args.chromium,
    runs,
    resultsDir: args.results,
    doc: args.doc,
    log,
  });
}

await main();
