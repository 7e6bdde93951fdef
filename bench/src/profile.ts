import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { CLAIM_ORG_ID, CLAIM_ROLE_ID, Role } from '@shipdesk/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { ms, summarise, type Stats } from './stats.ts';

/**
 * For profiling, not part of the report: times one API path against a database the benchmark kept (`--keep`), with
 * the phases of each request from Fastify's hooks. Run it under `node --cpu-prof` to see where the time goes, or
 * with `--ab NAME` to compare a switch the code reads from `process.env.NAME` at run time, alternating request by
 * request so that other work on the machine lands on both sides alike. See bench/README.md.
 */

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    path: { type: 'string', default: '/api/v1/orders?size=10&page=1&hide=0&order=id+desc' },
    rounds: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '300' },
    ab: { type: 'string' },
    interleave: { type: 'string', default: '0' },
  },
});

const ISSUER = 'https://sso.bench.shipdesk.local';
const AUDIENCE = 'https://api.shipdesk.local';
const KID = 'bench-key-1';

const line = (label: string, s: Stats) =>
  console.log(
    `${label.padEnd(40)} p50 ${ms(s.p50).padStart(6)}  p95 ${ms(s.p95).padStart(6)}  p99 ${ms(s.p99).padStart(6)}`,
  );

async function main() {
  const databaseUrl = args['database-url'];
  if (!databaseUrl) throw new Error('--database-url of a database the benchmark kept is required');
  const owner = new pg.Client({ connectionString: databaseUrl });
  await owner.connect();
  const {
    rows: [tenant],
  } = await owner.query<{ tenant_id: string }>(
    'SELECT tenant_id FROM orders GROUP BY tenant_id ORDER BY count(*) DESC LIMIT 1',
  );
  const {
    rows: [user],
  } = await owner.query<{ subject: string; email: string }>(
    'SELECT subject, email FROM users WHERE tenant_id = $1 ORDER BY subject LIMIT 1',
    [tenant!.tenant_id],
  );
  await owner.end();

  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const dataDir = mkdtempSync(join(tmpdir(), 'shipdesk-bench-profile-'));
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      databaseUrl,
      dataDir,
      oidcIssuer: ISSUER,
      oidcAudience: AUDIENCE,
      webDist: join(dataDir, 'none'),
      rateLimitMax: 1_000_000_000,
    },
    jwks: createLocalJWKSet({ keys: [jwk] }),
    logger: false,
  });
  // Phase marks per request: received, handler starts (preHandler), handler done (preSerialization), sent.
  const marks = new WeakMap<object, number[]>();
  const phases: number[][] = [[], [], [], []];
  /**
   * Per measured request: when it was sent and answered, its phases, and how long this process's event loop ran
   * JavaScript (busy) or waited for input (idle) meanwhile (for the slowest ones).
   */
  const requests: Array<{ start: number; end: number; phases: number[]; busy: number; idle: number }> = [];
  let lastPhases: number[] = [];
  /** Garbage collections of this process: start and duration (ms, performance.now() time). */
  const collections: Array<{ start: number; duration: number; kind: number }> = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      collections.push({
        start: e.startTime,
        duration: e.duration,
        kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0,
      });
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const mark = async (request: object) => void marks.get(request)?.push(performance.now());
  app.addHook('onRequest', async (request) => void marks.set(request, [performance.now()]));
  app.addHook('preHandler', mark);
  app.addHook('preSerialization', async (request, _reply, payload) => (await mark(request), payload));
  app.addHook('onSend', async (request, _reply, payload) => (await mark(request), payload));
  app.addHook('onResponse', async (request) => {
    const m = marks.get(request);
    if (!m || m.length < 4) return;
    m.push(performance.now());
    lastPhases = [0, 1, 2, 3].map((i) => m[i + 1]! - m[i]!);
    for (let i = 0; i < 4; i++) phases[i]!.push(lastPhases[i]!);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');

  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    email: user!.email,
    [CLAIM_ORG_ID]: tenant!.tenant_id,
    [CLAIM_ROLE_ID]: Role.Admin,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(user!.subject)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

  // The benchmark's client (run.ts): node:http on a kept-alive connection.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: address.port, path, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  const call = async (path: string) => {
    const loop = performance.eventLoopUtilization();
    const t0 = performance.now();
    const status = await get(path);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    const t1 = performance.now();
    const { active, idle } = performance.eventLoopUtilization(loop);
    requests.push({ start: t0, end: t1, phases: lastPhases, busy: active, idle });
    return t1 - t0;
  };
  // `--interleave N`: N page-sized reads on another connection between requests, as the benchmark's rounds put its SQL
  // replays between API calls (the server's code and connection are then no longer hot).
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  const interleave = Number(args.interleave);
  const time = async (path: string, rounds: number) => {
    const out: number[] = [];
    for (let i = 0; i < rounds; i++) {
      out.push(await call(path));
      for (let k = 0; k < interleave; k++) {
        await other.query('SELECT * FROM orders WHERE tenant_id = $1 ORDER BY id DESC LIMIT 11', [tenant!.tenant_id]);
      }
    }
    return summarise(out);
  };
  const rounds = Number(args.rounds);
  await time('/healthz', Number(args.warmup));
  await time(args.path, Number(args.warmup));
  line('/healthz', await time('/healthz', rounds));
  for (const p of phases) p.length = 0;
  requests.length = 0;
  line(args.path.slice(0, 40), await time(args.path, rounds));
  const names = ['  received -> handler', '  handler', '  serialise', '  send'];
  names.forEach((name, i) => line(name, summarise(phases[i]!)));
  // The slowest 1%: their phases, and the collections that overlapped them (kind 1 minor, 2 major, 4 incremental).
  const slowest = [...requests].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, Math.ceil(rounds / 100));
  for (const r of slowest) {
    const gcs = collections.filter((c) => c.start < r.end && c.start + c.duration > r.start);
    console.log(
      `  slow ${ms(r.end - r.start).padStart(6)} ms: phases ${r.phases.map((p) => ms(p)).join(' / ')}; ` +
        `loop busy ${ms(r.busy)} / idle ${ms(r.idle)}; ` +
        `collections ${gcs.map((c) => `${ms(c.duration)} (kind ${c.kind})`).join(', ') || 'none'}`,
    );
  }
  gcObserver.disconnect();
  if (args.ab) {
    const off: number[] = [];
    const on: number[] = [];
    for (let i = 0; i < rounds * 2; i++) {
      process.env[args.ab] = i % 2 ? '1' : '';
      (i % 2 ? on : off).push(await call(args.path));
    }
    delete process.env[args.ab];
    line(`${args.ab} off`, summarise(off));
    line(`${args.ab} on`, summarise(on));
  }
  agent.destroy();
  await other.end();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
