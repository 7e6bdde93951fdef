import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RULE_LIMITS, type RuleDryRun, type ShippingRule } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createRuleApplication } from './rule-application-service.ts';
import { RULE_BUDGET_MS } from './rule-work-clock.ts';

/**
 * One organisation's rules never hold another's requests: the heaviest dry run the limits allow (300 rules of 50
 * `contains` conditions, as many as fit in a request body, none of which holds, on as many orders as a dry run takes)
 * runs in slices, so the health check answers at once all along, and it stops at its budget with a clear answer.
 */

/** Fastify's default body limit: the draft has to fit in one request. */
const BODY_LIMIT = 1024 * 1024;
const HEALTH_EVERY_MS = 25;

function heaviestDraft(): ShippingRule[] {
  return Array.from({ length: 300 }, (_, r) => ({
    id: `r${r}`,
    name: `r${r}`,
    enabled: true,
    match: 'any' as const,
    stop: false,
    conditions: Array.from({ length: RULE_LIMITS.conditionsPerRule }, (_, c) => ({
      field: 'requestedService' as const,
      operator: 'contains' as const,
      value: `q${c}`,
    })),
    actions: [{ type: 'addTag' as const, tag: 'x' }],
  }));
}

describe.each(backends)('shipping rules share the server ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // The tenant is recorded at its first request; then its orders are written in one statement.
    const headers = await t.auth(tenant);
    expect((await t.app.inject({ method: 'GET', url: '/call/shippingRuleSet/list', headers })).statusCode).toBe(200);
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`
        INSERT INTO orders (tenant_id, source_type, order_number, order_date, order_status, payment_status,
                            shipment_status, currency, total, requested_shipping_method)
        SELECT ${tenant}, 'Wholesale', 'F-' || g, timestamptz '2025-03-01 12:00Z' + g * interval '1 minute',
               'Sales Order', 'Paid', 'Unshipped', 'USD', 1000 + g, 'Ground service ' || g
        FROM generate_series(1, ${RULE_LIMITS.dryRunMax}) AS g`),
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('answers /healthz within 100 ms (150 on the embedded database) while the heaviest dry run runs, and the dry run stops at its budget', async () => {
    const payload = JSON.stringify({ rules: heaviestDraft(), limit: RULE_LIMITS.dryRunMax });
    expect(payload.length).toBeLessThan(BODY_LIMIT);
    const started = performance.now();
    let finished = false;
    const dryRun = t.app
      .inject({
        method: 'POST',
        url: '/call/shippingRuleSet/all/dryRun',
        headers: { ...(await t.auth(tenant)), 'content-type': 'application/json' },
        payload,
      })
      .finally(() => {
        finished = true;
      });
    // The health check is asked on a schedule and timed from when it was due (or from the previous answer, when that
    // came later), so a stalled event loop, whose timer fires late, counts as much as a slow answer. A wait counts the
    // least of that wall time and the CPU time this thread (the server's, which answers) spent since the previous
    // answer: when other processes keep the machine's cores busy (tests side by side), wall time says more about them
    // than about this server. The thread's, not the process's: the garbage collector's helper threads add their time
    // to the process's alongside, which on a loaded machine made 45 ms of the server's work count as 90.
    const waits: number[] = [];
    const wallWaits: number[] = [];
    let due = performance.now();
    let answered = due;
    let cpuAtAnswer = process.threadCpuUsage();
    while (!finished) {
      due += HEALTH_EVERY_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const from = Math.max(due, answered);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      answered = performance.now();
      const cpu = process.threadCpuUsage(cpuAtAnswer);
      cpuAtAnswer = process.threadCpuUsage();
      wallWaits.push(answered - from);
      waits.push(Math.min(answered - from, (cpu.user + cpu.system) / 1000));
    }
    const answer = await dryRun;
    const took = performance.now() - started;
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().data as RuleDryRun;
    console.info(
      `[${backend.name}] heaviest dry run: ${Math.round(took)} ms, ${result.evaluated} orders evaluated; ` +
        `/healthz asked ${waits.length} times, slowest ${Math.round(Math.max(...wallWaits))} ms ` +
        `(${Math.round(Math.max(...waits))} ms of the server thread's time)`,
    );
    expect(waits.length).toBeGreaterThan(10);
    // The embedded database answers on the server's own thread, in pieces: on 2026-12-04, on a host Lighthouse rated
    // 40% slower than the day before, its slowest piece took 89-147 ms of this thread's time (PostgreSQL: 17-31).
    expect(Math.max(...waits)).toBeLessThan(backend.name === 'pglite' ? 150 : 100);
    // It stopped at its budget and says so: the draft's work is far more than the budget allows.
    expect(result.evaluated).toBeGreaterThan(0);
    expect(result.evaluated).toBeLessThan(RULE_LIMITS.dryRunMax);
    expect(result.stopped).toMatch(
      new RegExp(
        `^The shipping rules took more than ${RULE_BUDGET_MS.dryRun / 1000} s of work and were stopped after ${result.evaluated} of the ${RULE_LIMITS.dryRunMax} orders`,
      ),
    );
    expect(result.matches.r0).toBe(0);
    expect(result.neverMatched).toHaveLength(300);
  }, 600_000);

  it('stops a "Run shipping rules" past its budget: writes what it evaluated and says where it stopped', async () => {
    const everyOrder: ShippingRule = {
      id: 'seen',
      name: 'Every order',
      enabled: true,
      match: 'all',
      stop: false,
      conditions: [],
      actions: [{ type: 'addTag', tag: 'seen' }],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/shippingRuleByStore/all',
      headers: await t.auth(tenant),
      payload: { version: 0, rules: [everyOrder, ...heaviestDraft().slice(1)] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = await t.app.db.withTenant(tenant, async (tx) => {
      const result = (await tx.execute(
        sql`SELECT id FROM orders WHERE tenant_id = ${tenant} ORDER BY id LIMIT 2000`,
      )) as unknown as { rows: Array<{ id: string | number }> };
      return result.rows.map((row) => Number(row.id));
    });
    const application = createRuleApplication();
    const actor = { id: 'u1', email: 'admin@example.com' };
    // The first call compiles the saved set (kept per version); the second has a budget a hundred orders exceed.
    await t.app.db.withTenant(tenant, (tx) => application.apply(tx, tenant, ids.slice(0, 1), 'manual', actor));
    const ran = await t.app.db.withTenant(tenant, (tx) =>
      application.apply(tx, tenant, ids.slice(1), 'manual', actor, { budgetMs: 300, partial: true }),
    );
    expect(ran.evaluated).toBeGreaterThan(0);
    expect(ran.evaluated).toBeLessThan(ids.length - 1);
    expect(ran.changed).toBe(ran.evaluated);
    expect(ran.stopped).toBe(
      `The shipping rules took more than 0.3 s of work and were stopped: they ran on the first ${ran.evaluated} of ` +
        `${ids.length - 1} orders (oldest first); select fewer to run them on the others`,
    );
    const tagged = await t.app.db.withTenant(tenant, async (tx) => {
      const result = (await tx.execute(
        sql`SELECT count(*)::int AS n FROM orders WHERE tenant_id = ${tenant} AND 'seen' = ANY(tags)`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    });
    expect(tagged).toBe(ran.evaluated + 1);
  }, 60_000);
});
