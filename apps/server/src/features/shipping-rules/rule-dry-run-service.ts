import { sql } from 'drizzle-orm';
import {
  ALL_STORES_SCOPE,
  RULE_LIMITS,
  type RuleDryRun,
  type RuleDryRunInput,
  type RuleFieldChange,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { OrderEvaluation, RuleApplication } from './rule-application-service.ts';
import { compileSteps, type CompiledRuleSet } from './rule-engine.ts';
import { loadRuleOrders } from './rule-order-facts.ts';
import type { RuleSetsService } from './rule-sets-service.ts';
import { validationSteps } from './rule-validation.ts';
import { RULE_BUDGET_MS, RuleTimeout, RuleWorkClock, eachInSlices, inSlices, type Steps } from './rule-work-clock.ts';

/** Changed orders listed in full; the count covers all of them. */
const CHANGED_LISTED = 500;
const FAILURES_LISTED = 100;
/** The draft's version in the results: it was never saved. */
const DRAFT_VERSION = 0;

/** Order ids read at once: an embedded database answers on this very thread, so reads come in pieces. */
const IDS_PER_READ = 1_000;

/** The ids of the tenant's last `limit` orders that run the scope's set, newest first. */
async function recentOrderIds(tx: Executor, tenantId: string, scope: string, limit: number): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < limit) {
    const before = ids.at(-1);
    const result = (await tx.execute(sql`
      SELECT id FROM orders WHERE tenant_id = ${tenantId}
        ${scope === ALL_STORES_SCOPE ? sql`` : sql`AND store_id = ${Number(scope)}`}
        ${before === undefined ? sql`` : sql`AND id < ${before}`}
      ORDER BY id DESC LIMIT ${Math.min(IDS_PER_READ, limit - ids.length)}`)) as unknown as {
      rows: Array<{ id: string | number }>;
    };
    ids.push(...result.rows.map((r) => Number(r.id)));
    if (result.rows.length < IDS_PER_READ) break;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return ids;
}

/**
 * What the evaluations show, gathered order by order as they are made (a dry run of 10,000 orders keeps no more than
 * this): changes, matches per rule, rules never matched or shadowed, failures.
 */
function dryRunSummary(input: RuleDryRunInput, scope: string) {
  const matches: Record<string, number> = Object.fromEntries(input.rules.map((r) => [r.id, 0]));
  const couldMatch: Record<string, number> = { ...matches };
  const stoppers: Record<string, Map<string, number>> = {};
  const changed: RuleDryRun['changed'] = [];
  const failed: RuleDryRun['failed'] = [];
  let changedCount = 0;
  let evaluated = 0;

  /** One order under the draft, and under the draft with every "stop here" off. */
  function add(normal: OrderEvaluation, unstopped: OrderEvaluation): void {
    evaluated++;
    const { order, evaluation } = normal;
    const ran = new Set<string>();
    for (const result of evaluation.rules) {
      if (result.scope !== scope) continue;
      ran.add(result.ruleId);
      if (result.matched) matches[result.ruleId] = (matches[result.ruleId] ?? 0) + 1;
      if (result.error && failed.length < FAILURES_LISTED) {
        failed.push({ ruleId: result.ruleId, orderId: String(order.id), message: result.error });
      }
    }
    const stopper = evaluation.rules.find((r) => r.stopped)?.ruleId;
    for (const result of unstopped.evaluation.rules) {
      if (result.scope !== scope || !result.matched) continue;
      couldMatch[result.ruleId] = (couldMatch[result.ruleId] ?? 0) + 1;
      if (!ran.has(result.ruleId) && stopper) {
        const by = (stoppers[result.ruleId] ??= new Map());
        by.set(stopper, (by.get(stopper) ?? 0) + 1);
      }
    }
    const changes: RuleFieldChange[] = evaluation.rules.flatMap((rule) =>
      rule.actions
        .filter((action) => action.outcome === 'set')
        .map((action) => ({ target: action.target, before: action.before, after: action.value, ruleId: rule.ruleId })),
    );
    if (changes.length > 0) {
      changedCount++;
      if (changed.length < CHANGED_LISTED) {
        changed.push({ orderId: String(order.id), orderNumber: order.orderNumber, changes });
      }
    }
  }

  function told() {
    const enabled = input.rules.filter((r) => r.enabled);
    const shadowed = enabled
      .filter((r) => matches[r.id] === 0 && (couldMatch[r.id] ?? 0) > 0 && stoppers[r.id])
      .map((r) => ({ ruleId: r.id, by: [...stoppers[r.id]!].sort((a, b) => b[1] - a[1])[0]![0] }));
    const neverMatched = enabled.filter((r) => (couldMatch[r.id] ?? 0) === 0).map((r) => r.id);
    return { evaluated, changedCount, changed, matches, neverMatched, shadowed, failed };
  }

  return { add, told };
}

/**
 * `POST /call/shippingRuleSet/{id}/dryRun`: the draft set in place of the saved one, on the tenant's last `limit`
 * orders that run it (the store's orders for a store's set, every order for the all-stores set), evaluated exactly as
 * an application would and nothing written. It also runs the draft once with every "stop here" off, to tell the rules
 * that would match but never get the chance (shadowed) from those that match nothing at all.
 *
 * The rules' work (checking, compiling, evaluating) runs outside the transactions that read, in slices, within
 * RULE_BUDGET_MS.dryRun; past it the answer tells what the orders evaluated until then showed, and `stopped` says so.
 */
export function createRuleDryRun(database: Database, application: RuleApplication, sets: RuleSetsService) {
  return async function dryRun(auth: AuthContext, scope: string, input: RuleDryRunInput): Promise<RuleDryRun> {
    const started = performance.now();
    const limit = Math.min(input.limit ?? RULE_LIMITS.dryRunDefault, RULE_LIMITS.dryRunMax);
    const clock = new RuleWorkClock(RULE_BUDGET_MS.dryRun);
    const ms = () => Math.round(performance.now() - started);
    const stoppedWords = new RuleTimeout(clock.budgetMs).message;

    const references = await database.withTenant(
      auth.tenantId,
      async (tx) => {
        await sets.scopeName(tx, auth.tenantId, scope);
        return sets.references(tx, auth.tenantId);
      },
      { readOnly: true },
    );
    let draft: CompiledRuleSet;
    let unstoppedDraft: CompiledRuleSet | undefined;
    try {
      sets.refuseErrors(await inSlices(validationSteps(input.rules, references, clock), clock));
      draft = await inSlices(compileSteps({ scope, version: DRAFT_VERSION, rules: input.rules }, clock), clock);
      // Without a "stop here" in the draft, the run without stops is the same run.
      if (input.rules.some((rule) => rule.enabled && rule.stop)) {
        const rules = input.rules.map((rule) => ({ ...rule, stop: false }));
        unstoppedDraft = await inSlices(compileSteps({ scope, version: DRAFT_VERSION, rules }, clock), clock);
      }
    } catch (error) {
      if (!(error instanceof RuleTimeout)) throw error;
      const stopped = `${stoppedWords} while the draft was checked: no order was evaluated`;
      return { ...dryRunSummary(input, scope).told(), stopped, ms: ms() };
    }

    const { orders, saved, names } = await database.withTenant(
      auth.tenantId,
      async (tx) => {
        const ids = await recentOrderIds(tx, auth.tenantId, scope, limit);
        return {
          orders: await loadRuleOrders(tx, auth.tenantId, ids),
          saved: await application.savedSets(tx, auth.tenantId, clock),
          names: await application.names(tx, auth.tenantId),
        };
      },
      { readOnly: true },
    );
    const withDraft = new Map(saved).set(scope, draft);
    const withoutStops = unstoppedDraft ? new Map(saved).set(scope, unstoppedDraft) : withDraft;
    const summary = dryRunSummary(input, scope);
    const { stopped } = await eachInSlices(
      orders,
      function* (order, pace): Steps<void> {
        const normal = yield* application.evaluationOf(withDraft, order, names, pace);
        const unstopped =
          withoutStops === withDraft ? normal : yield* application.evaluationOf(withoutStops, order, names, pace);
        summary.add(normal, unstopped);
      },
      clock,
    );
    const result: RuleDryRun = { ...summary.told(), ms: ms() };
    if (stopped) {
      result.stopped = `${stoppedWords} after ${result.evaluated} of the ${orders.length} orders (newest first); the results are theirs`;
    }
    return result;
  };
}
