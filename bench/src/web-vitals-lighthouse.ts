import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { retimeOnCpu, type CpuRetiming } from './web-vitals-cpu-trace.ts';

/**
 * One Lighthouse run (performance only) scored twice: as measured, and on the main thread's CPU time.
 *
 * Lighthouse gathers once (`gatherMode`: the page loaded, its trace and DevTools log saved to a temporary folder), then
 * audits the saved artifacts twice (`auditMode`, no browser): as saved ("raw"), and from a copy whose trace gives each
 * main-thread task its CPU time instead of its wall time ("CPU time", web-vitals-cpu-trace.ts). Both audits read the
 * same network log and the same CPU benchmark index; only what other processes took from the page's thread differs.
 */

export type FormFactor = 'mobile' | 'desktop';

export interface Scores {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseRun {
  raw: Scores;
  cpu: Scores;
  /** Lighthouse's measure of the host CPU at this run (its docs: 1000-1500 a low-end desktop). */
  benchmarkIndex: number;
  retiming: CpuRetiming;
}

type Result = Awaited<ReturnType<typeof lighthouse>>;

function scores(result: Result, url: string): Scores & { benchmarkIndex: number } {
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // A run that ended on the sign-in page measured the wrong page.
  if (!lhr.finalDisplayedUrl.startsWith(url)) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const TRACE_FILE = 'defaultPass.trace.json';

/** A copy of the artifacts in `dir` whose trace is re-timed on CPU time; its folder (the caller removes it). */
function cpuTimeCopy(dir: string): { dir: string; retiming: CpuRetiming } {
  const copy = mkdtempSync(join(os.tmpdir(), 'shipdesk-web-vitals-cpu-'));
  for (const name of readdirSync(dir)) {
    if (name !== TRACE_FILE && name.endsWith('.json')) copyFileSync(join(dir, name), join(copy, name));
  }
  const trace = JSON.parse(readFileSync(join(dir, TRACE_FILE), 'utf8')) as {
    traceEvents: Parameters<typeof retimeOnCpu>[0];
  };
  const retiming = retimeOnCpu(trace.traceEvents);
  writeFileSync(join(copy, TRACE_FILE), JSON.stringify(trace));
  return { dir: copy, retiming };
}

export async function runLighthouse(port: number, url: string, formFactor: FormFactor): Promise<LighthouseRun> {
  const config = formFactor === 'desktop' ? desktopConfig : undefined;
  // The same flags for gathering and both audits: Lighthouse refuses to audit under other settings than it gathered.
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    disableStorageReset: true,
  };
  const gathered = mkdtempSync(join(os.tmpdir(), 'shipdesk-web-vitals-gather-'));
  let copy: string | null = null;
  try {
    await lighthouse(url, { ...flags, gatherMode: gathered }, config);
    const raw = scores(await lighthouse(undefined, { ...flags, auditMode: gathered }, config), url);
    const retimed = cpuTimeCopy(gathered);
    copy = retimed.dir;
    const { benchmarkIndex, ...cpu } = scores(await lighthouse(undefined, { ...flags, auditMode: copy }, config), url);
    const { benchmarkIndex: _same, ...rawScores } = raw;
    return { raw: rawScores, cpu, benchmarkIndex, retiming: retimed.retiming };
  } finally {
    rmSync(gathered, { recursive: true, force: true });
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}
