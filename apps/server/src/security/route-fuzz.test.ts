import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { backends, newTenantId } from '../../test/app-helper.ts';
import type { RouteEntry } from './route-policy.ts';
import { partsOf } from '../../test/security/route-requests.ts';
import { junkArb, nastyString, nearMissArb, valueArb, type JsonSchema } from '../../test/security/schema-arbitrary.ts';
import {
  apiRoutes,
  buildSecurityApp,
  idFor,
  isIdParam,
  pathParams,
  seedTenant,
  type SecurityApp,
  type Seeds,
} from '../../test/security/security-kit.ts';

/**
 * Property-based fuzzing of every route through `inject`: requests generated from each route's declared schema
 * (params, querystring, headers, body), near misses (one field replaced by junk) and plain junk, the junk including
 * the patterns and texts that stall backtracking regular expressions. Whatever comes in, no answer is a 5xx or takes
 * over 10 s, every answer matches the response schema declared for its status, and no body carries a stack trace or
 * SQL.
 */

/** Requests in all, spread evenly over the routes (FUZZ_RUNS to run more, e.g. 100000 before a release). */
const TOTAL = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_117);

/** Longer than any request should ever take, far shorter than an input that stalls the server. */
const SLOW_MS = 10_000;
const STACK = /\n\s+at .+[:(]\d+|node_modules|\.ts:\d+:\d+/;
const SQL =
  /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\s|syntax error at or near|drizzle|relation "|violates .* constraint/i;

type Check = ReturnType<typeof Compile>;

/** The route's declared answers, compiled: by status, JSON bodies only. */
function responseChecks(route: RouteEntry): Map<number, Check> {
  const declared = ((route.schema ?? {}) as { response?: Record<string, TSchema> }).response ?? {};
  const checks = new Map<number, Check>();
  for (const [status, schema] of Object.entries(declared)) {
    if (/^\d{3}$/.test(status)) checks.set(Number(status), Compile(schema));
  }
  return checks;
}

interface Fuzzed {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  rawBody: string | undefined;
  caller: 'Admin' | 'Manager' | 'nobody';
}

/** Percent-encoded, lone surrogates included (as the bytes a client could send). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Requests for one route: valid ones (from the schemas), near misses and junk, from an Admin mostly. */
function requestArb(route: RouteEntry, seeds: Seeds): fc.Arbitrary<Fuzzed> {
  const parts = partsOf(route);
  const names = pathParams(route.url);
  const part = (schema: JsonSchema | undefined) =>
    schema
      ? fc.oneof(
          { weight: 5, arbitrary: valueArb(schema) },
          { weight: 3, arbitrary: nearMissArb(schema) },
          { weight: 1, arbitrary: fc.dictionary(nastyString, junkArb, { maxKeys: 3 }) },
        )
      : fc.oneof(
          { weight: 9, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 2 }) },
        );
  const param = (name: string): fc.Arbitrary<unknown> => {
    const schema = parts.params?.properties?.[name];
    const own =
      isIdParam(name) &&
      seeds[name === 'id' ? route.url.split('/').at(route.url.split('/').indexOf(':id') - 1)! : name];
    return fc.oneof(
      ...(own ? [{ weight: 4, arbitrary: fc.constant(idFor(seeds, route.url, name)) }] : []),
      { weight: 3, arbitrary: schema ? valueArb(schema) : fc.string() },
      { weight: 2, arbitrary: nastyString },
    );
  };
  const params = fc.record(Object.fromEntries(names.map((n) => [n, param(n)])));
  return fc.record({
    params,
    query: part(parts.querystring).map((q): Record<string, unknown> =>
      q && typeof q === 'object' && !Array.isArray(q) ? (q as Record<string, unknown>) : { q },
    ),
    headers: parts.headers
      ? valueArb(parts.headers).map((h) => (h && typeof h === 'object' ? (h as Record<string, unknown>) : {}))
      : fc.constant({}),
    body: parts.body ? part(parts.body) : fc.oneof(fc.constant(undefined), junkArb),
    rawBody: fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'null', '[1,', '\u0000', '{"__proto__":{"polluted":1}}') },
    ),
    caller: fc.constantFrom<Fuzzed['caller']>('Admin', 'Admin', 'Admin', 'Manager', 'nobody'),
  });
}

function toInject(
  route: RouteEntry,
  fuzzed: Fuzzed,
  auth: Record<Fuzzed['caller'], Record<string, string>>,
): InjectOptions {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeSegment(text(fuzzed.params[name])) || '%20');
  const query = Object.fromEntries(
    Object.entries(fuzzed.query).map(([k, v]) => [k, Array.isArray(v) ? v.map(text) : text(v)]),
  );
  const headers: Record<string, string> = { ...auth[fuzzed.caller] };
  for (const [k, v] of Object.entries(fuzzed.headers)) headers[k.toLowerCase()] = text(v).replace(/[^\x20-\x7e]/g, '');
  const options: InjectOptions = { method: route.method, url, query, headers };
  if (route.method === 'GET' || route.method === 'HEAD') return options;
  if (fuzzed.rawBody !== undefined) {
    options.payload = fuzzed.rawBody;
    headers['content-type'] = 'application/json';
  } else if (fuzzed.body !== undefined) {
    options.payload = JSON.stringify(fuzzed.body);
    headers['content-type'] = 'application/json';
  }
  return options;
}

describe.each(backends)('fuzzing every route ($name)', (backend) => {
  let t: SecurityApp;
  let seeds: Seeds;
  let routes: RouteEntry[];
  const tenant = newTenantId();
  let auth: Record<Fuzzed['caller'], Record<string, string>>;
  beforeAll(async () => {
    t = await buildSecurityApp(backend);
    seeds = await seedTenant(t, tenant);
    routes = apiRoutes(t.app.routeTable);
    auth = { Admin: await t.auth(tenant, Role.Admin), Manager: await t.auth(tenant, Role.Manager), nobody: {} };
  }, 60_000);
  afterAll(() => t?.close());

  it(`answers ${TOTAL} generated requests over every route without a 5xx, off-schema answer or leak`, async () => {
    const started = Date.now();
    const perRoute = Math.ceil(TOTAL / routes.length);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const route of routes) {
      const checks = responseChecks(route);
      const result = await fc.check(
        fc.asyncProperty(requestArb(route, seeds), async (fuzzed) => {
          const options = toInject(route, fuzzed, auth);
          const started = performance.now();
          const res = await t.app.inject(options);
          const took = performance.now() - started;
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${route.method} ${route.url} -> ${res.statusCode}: ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(`5xx ${what}`);
          // A request that holds the server this long is an attack that works (a pattern that backtracks, work
          // without a budget), whatever it answers.
          if (took > SLOW_MS) throw new Error(`${Math.round(took)} ms ${what}`);
          if (STACK.test(res.body)) throw new Error(`stack trace ${what}`);
          if (res.statusCode >= 400 && SQL.test(res.body)) throw new Error(`SQL ${what}`);
          const check = checks.get(res.statusCode);
          if (check && String(res.headers['content-type'] ?? '').includes('application/json')) {
            const body: unknown = res.json();
            if (!check.Check(body)) {
              const first = [...check.Errors(body)][0];
              throw new Error(`off-schema ${what} (${first?.instancePath ?? ''} ${first?.message ?? ''})`);
            }
          }
        }),
        { numRuns: perRoute, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${(result.errorInstance as Error)?.message ?? String(result.errorInstance)}\n  request: ${JSON.stringify(toInject(route, result.counterexample![0] as Fuzzed, auth)).slice(0, 600)}`,
        );
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `[fuzz ${backend.name}] ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s; statuses`,
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    // Requests reached the handlers, not only the validation: some succeed, some are refused.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s === 400)).toBe(true);
  }, 600_000);
});
