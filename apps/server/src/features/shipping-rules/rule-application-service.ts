import { sql } from 'drizzle-orm';
import { ALL_STORES_SCOPE, tenantUnitsFrom } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { homeCountrySql } from '../shipping/index.ts';
import { compileSteps, evaluationSteps, type CompiledRuleSet, type RuleEvaluation } from './rule-engine.ts';
import type { RuleNames } from './rule-facts.ts';
import { RULES_ACTOR, decisionColumns, recordApplications, type RuleActor, type RuleTrigger } from './rule-records.ts';
import { loadRuleOrders, type RuleOrder } from './rule-order-facts.ts';
import { createRuleSetsRepository } from './rule-sets-repository.ts';
import {
  RULE_BUDGET_MS,
  RuleTimeout,
  RuleWorkClock,
  eachInSlices,
  inSlices,
  type Pace,
  type Steps,
} from './rule-work-clock.ts';

type RuleSets = Map<string, CompiledRuleSet>;
/** One order's evaluation, with the sets it ran. */
export interface OrderEvaluation {
  order: RuleOrder;
  sets: CompiledRuleSet[];
  evaluation: RuleEvaluation;
}

/** Compiled sets by tenant and scope, each with the version it was compiled from; a newer version compiles again. */
const compiled = new Map<string, CompiledRuleSet & { version: number }>();
const COMPILED_MAX = 2_000;

/**
 * Applying the tenant's saved rule sets to orders, in the caller's transaction: an order runs its store's set and then
 * the all-stores set (rule-engine.ts has the semantics). What the rules decide is written to the orders in one
 * statement, every evaluated order gets an application row (its "why") and a timeline row.
 */
export function createRuleApplication() {
  const repo = createRuleSetsRepository();

  /** The tenant's saved sets, compiled once per version (in slices of `clock`: a set may hold 25,000 conditions). */
  async function savedSets(tx: Executor, tenantId: string, clock: RuleWorkClock): Promise<RuleSets> {
    const versions = await repo.versions(tx, tenantId);
    const sets: RuleSets = new Map();
    for (const [scope, version] of versions) {
      const key = `${tenantId}\u0000${scope}`;
      let set = compiled.get(key);
      if (!set || set.version !== version) {
        const saved = await repo.find(tx, tenantId, scope);
        if (!saved) continue;
        const input = { scope, version: saved.version, rules: saved.rules };
        set = Object.assign(await inSlices(compileSteps(input, clock), clock), { version: saved.version });
        if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value!);
        compiled.set(key, set);
      }
      sets.set(scope, set);
    }
    return sets;
  }

  async function names(tx: Executor, tenantId: string): Promise<RuleNames> {
    // The units' two config rows come along ('c': the `units` value, the warehouse's country), for tenantUnitsFrom.
    const result = (await tx.execute(sql`
      SELECT 'm' AS kind, id::text AS id, name FROM ship_methods WHERE tenant_id = ${tenantId}
      UNION ALL SELECT 'b', id::text, name FROM box_sizes WHERE tenant_id = ${tenantId}
      UNION ALL SELECT 's', id::text, name FROM stores WHERE tenant_id = ${tenantId}
      UNION ALL SELECT 'c', key, CASE WHEN key = 'units' THEN value ELSE options->>'country' END FROM configs
        WHERE tenant_id = ${tenantId} AND key IN ('units', 'warehouse_info')`)) as unknown as {
      rows: Array<{ kind: string; id: string; name: string | null }>;
    };
    const byKind = (kind: string) =>
      new Map(result.rows.filter((r) => r.kind === kind).map((r) => [r.id, r.name ?? '']));
    const [methods, boxes, stores, configs] = [byKind('m'), byKind('b'), byKind('s'), byKind('c')];
    const { units } = tenantUnitsFrom([
      { key: 'units', value: configs.get('units') ?? null, options: null },
      { key: 'warehouse_info', value: null, options: { country: configs.get('warehouse_info') ?? null } },
    ]);
    return { shipMethod: (id) => methods.get(id), box: (id) => boxes.get(id), store: (id) => stores.get(id), units };
  }

  /** The sets an order runs, in order: its store's, then the all-stores set. */
  function setsFor(sets: RuleSets, order: RuleOrder): CompiledRuleSet[] {
    const own = order.facts.storeId === null ? undefined : sets.get(order.facts.storeId);
    const all = sets.get(ALL_STORES_SCOPE);
    return [own, all].filter((s): s is CompiledRuleSet => s !== undefined);
  }

  /** One order's evaluation, in steps. */
  function* evaluationOf(sets: RuleSets, order: RuleOrder, words: RuleNames, pace: Pace): Steps<OrderEvaluation> {
    const run = setsFor(sets, order);
    // The failed conditions' words are not kept (rule-explanation.ts tells them again when the "why" is read).
    const evaluation = yield* evaluationSteps(run, order.facts, order.current, words, { explain: false }, pace);
    return { order, sets: run, evaluation };
  }

  /** Writes what the rules decided on each order (one statement), its notes, its "why" and its timeline row. */
  async function write(
    tx: Executor,
    tenantId: string,
    results: OrderEvaluation[],
    trigger: RuleTrigger,
    actor: RuleActor,
  ): Promise<number> {
    const changes = results
      .filter((r) => r.evaluation.changed)
      .map(({ order, evaluation }) => ({ id: order.id, ...decisionColumns(evaluation.decisions) }));
    if (changes.length > 0) {
      await tx.execute(sql`
        WITH home AS (SELECT ${homeCountrySql(tenantId)} AS country),
        d AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS d(id bigint, set_method boolean,
          ship_method_id bigint, set_service boolean, carrier text, carrier_method text, set_package boolean,
          package_type text, set_box boolean, box_size_id bigint, set_insured boolean, insured_value bigint,
          set_signature boolean, signature text, set_hold boolean, hold_until date, add_tags text[],
          set_cheapest boolean, cheapest jsonb))
        UPDATE orders o SET
          ship_method_id = CASE WHEN d.set_method THEN d.ship_method_id ELSE o.ship_method_id END,
          carrier = CASE WHEN d.set_service THEN d.carrier WHEN d.set_method THEN m.carrier ELSE o.carrier END,
          carrier_method = CASE WHEN d.set_service THEN d.carrier_method
                                WHEN d.set_method THEN m.carrier_method ELSE o.carrier_method END,
          package_type = CASE WHEN d.set_package THEN d.package_type
                              WHEN d.set_method OR d.set_service THEN m.package_type ELSE o.package_type END,
          shipping_by_rule = o.shipping_by_rule OR d.set_method OR d.set_service OR d.set_package OR d.set_cheapest,
          -- The cheapest of several services is chosen from the rates when the label is bought.
          cheapest_services = CASE WHEN d.set_cheapest THEN d.cheapest
                                   WHEN d.set_method OR d.set_service THEN NULL ELSE o.cheapest_services END,
          box_size_id = CASE WHEN d.set_box THEN d.box_size_id ELSE o.box_size_id END,
          insured_value = CASE WHEN d.set_insured THEN d.insured_value ELSE o.insured_value END,
          signature = CASE WHEN d.set_signature THEN d.signature ELSE o.signature END,
          hold_until = CASE WHEN d.set_hold THEN d.hold_until ELSE o.hold_until END,
          tags = o.tags || ARRAY(SELECT t FROM unnest(d.add_tags) t WHERE t <> ALL(o.tags)),
          version = o.version + 1, updated_at = clock_timestamp()
        FROM d LEFT JOIN LATERAL (
          -- A method set without a service: the method's carrier service for the order's destination.
          SELECT c.carrier, c.carrier_method, c.package_type FROM ship_method_carrier_mappings c
          WHERE c.tenant_id = ${tenantId} AND c.ship_method_id = d.ship_method_id
            AND c.destination IN ('any', CASE WHEN coalesce(upper((SELECT a.country FROM order_addresses a
                  WHERE a.tenant_id = ${tenantId} AND a.order_id = d.id AND a.type = 'shipping')),
                  (SELECT country FROM home)) = (SELECT country FROM home) THEN 'domestic' ELSE 'international' END)
          ORDER BY c.destination = 'any' LIMIT 1
        ) m ON d.set_method AND NOT d.set_service
        WHERE o.tenant_id = ${tenantId} AND o.id = d.id`);
    }
    await recordApplications(
      tx,
      tenantId,
      results.map(({ order, sets, evaluation }) => ({
        orderId: order.id,
        facts: order.facts,
        sets,
        evaluation,
      })),
      trigger,
      actor,
    );
    return changes.length;
  }

  return {
    savedSets,
    names,
    evaluationOf,

    /**
     * Runs the saved sets on the given orders and writes what they decide, in the caller's transaction. Nothing when
     * the tenant has no saved set. An order with a labelled delivery keeps its shipping (the engine reports it).
     * The rules' work runs in slices within `budgetMs`: past it, `partial` writes what the orders evaluated until then
     * decided and says where it stopped (a person's "Run shipping rules"); otherwise it throws RuleTimeout and the
     * caller undoes the whole application (new orders come in as their mappings left them).
     */
    async apply(
      tx: Executor,
      tenantId: string,
      orderIds: readonly number[],
      trigger: RuleTrigger,
      actor: RuleActor = RULES_ACTOR,
      options: { budgetMs?: number; partial?: boolean } = {},
    ): Promise<{ evaluated: number; changed: number; stopped?: string }> {
      if (orderIds.length === 0) return { evaluated: 0, changed: 0 };
      const clock = new RuleWorkClock(options.budgetMs ?? RULE_BUDGET_MS.newOrders);
      let sets: RuleSets;
      try {
        sets = await savedSets(tx, tenantId, clock);
      } catch (error) {
        if (!(error instanceof RuleTimeout && options.partial)) throw error;
        return { evaluated: 0, changed: 0, stopped: `${error.message} before they ran on any order` };
      }
      if (sets.size === 0) return { evaluated: 0, changed: 0 };
      const orders = await loadRuleOrders(tx, tenantId, orderIds);
      const words = await names(tx, tenantId);
      const { done, stopped } = await eachInSlices(
        orders,
        (order, pace) => evaluationOf(sets, order, words, pace),
        clock,
      );
      if (stopped && !options.partial) throw new RuleTimeout(clock.budgetMs);
      const results = done.filter((r) => r.evaluation.rules.length > 0);
      const changed = await write(tx, tenantId, results, trigger, actor);
      if (!stopped) return { evaluated: results.length, changed };
      const ran = `they ran on the first ${done.length} of ${orders.length} orders (oldest first); select fewer to run them on the others`;
      return {
        evaluated: results.length,
        changed,
        stopped: `${new RuleTimeout(clock.budgetMs).message}: ${ran}`,
      };
    },
  };
}

export type RuleApplication = ReturnType<typeof createRuleApplication>;
