import { sql } from 'drizzle-orm';
import {
  ALL_STORES_SCOPE,
  RULE_LIMITS,
  type RuleDryRun,
  type RuleDryRunInput,
  type RuleFieldChange,
  type RuleResult,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { RuleApplication, RuleSets } from './rule-application-service.ts';
import { compileRuleSet } from './rule-engine.ts';
import { loadRuleOrders } from './rule-order-facts.ts';
import type { RuleSetsService } from './rule-sets-service.ts';

/** Changed orders listed in full; the count covers all of them. */
const CHANGED_LISTED = 500;
const FAILURES_LISTED = 100;
/** The draft's version in the results: it was never saved. */
const DRAFT_VERSION = 0;

/**
 * `POST /call/shippingRuleSet/{id}/dryRun`: the draft set in place of the saved one, on the tenant's last `limit`
 * orders that run it (the store's orders for a store's set, every order for the all-stores set), evaluated exactly as
 * an application would and nothing written. It also runs the draft once with every "stop here" off, to tell the rules
 * that would match but never get the chance (shadowed) from those that match nothing at all.
 */
export function createRuleDryRun(database: Database, application: RuleApplication, sets: RuleSetsService) {
  return async function dryRun(auth: AuthContext, scope: string, input: RuleDryRunInput): Promise<RuleDryRun> {
    const started = performance.now();
    const limit = Math.min(input.limit ?? RULE_LIMITS.dryRunDefault, RULE_LIMITS.dryRunMax);
    return database.withTenant(
      auth.tenantId,
      async (tx) => {
        await sets.scopeName(tx, auth.tenantId, scope);
        await sets.validate(tx, auth.tenantId, input.rules);
        const ids = (await tx.execute(sql`
          SELECT id FROM orders WHERE tenant_id = ${auth.tenantId}
            ${scope === ALL_STORES_SCOPE ? sql`` : sql`AND store_id = ${Number(scope)}`}
          ORDER BY id DESC LIMIT ${limit}`)) as unknown as { rows: Array<{ id: string | number }> };
        const orders = await loadRuleOrders(
          tx,
          auth.tenantId,
          ids.rows.map((r) => Number(r.id)),
        );
        const saved = await application.savedSets(tx, auth.tenantId);
        const withDraft = (rules: RuleDryRunInput['rules']): RuleSets =>
          new Map(saved).set(scope, compileRuleSet({ scope, version: DRAFT_VERSION, rules }));
        const names = await application.names(tx, auth.tenantId);
        const normal = application.evaluate(withDraft(input.rules), orders, names);
        // Without a "stop here" in the draft, the run without stops is the same run.
        const stops = input.rules.some((rule) => rule.enabled && rule.stop);
        const unstopped = stops
          ? application.evaluate(withDraft(input.rules.map((rule) => ({ ...rule, stop: false }))), orders, names)
          : normal;

        const draftResults = (rules: RuleResult[]) => rules.filter((r) => r.scope === scope);
        const matches: Record<string, number> = Object.fromEntries(input.rules.map((r) => [r.id, 0]));
        const couldMatch: Record<string, number> = { ...matches };
        const stoppers: Record<string, Map<string, number>> = {};
        const changed: RuleDryRun['changed'] = [];
        const failed: RuleDryRun['failed'] = [];
        let changedCount = 0;

        normal.forEach(({ order, evaluation }, index) => {
          const ran = draftResults(evaluation.rules);
          for (const result of ran) {
            if (result.matched) matches[result.ruleId] = (matches[result.ruleId] ?? 0) + 1;
            if (result.error && failed.length < FAILURES_LISTED) {
              failed.push({ ruleId: result.ruleId, orderId: String(order.id), message: result.error });
            }
          }
          const stopper = evaluation.rules.find((r) => r.stopped)?.ruleId;
          for (const result of draftResults(unstopped[index]!.evaluation.rules)) {
            if (!result.matched) continue;
            couldMatch[result.ruleId] = (couldMatch[result.ruleId] ?? 0) + 1;
            const ranHere = ran.some((r) => r.ruleId === result.ruleId);
            if (!ranHere && stopper) {
              const by = (stoppers[result.ruleId] ??= new Map());
              by.set(stopper, (by.get(stopper) ?? 0) + 1);
            }
          }
          const changes: RuleFieldChange[] = evaluation.rules.flatMap((rule) =>
            rule.actions
              .filter((action) => action.outcome === 'set')
              .map((action) => ({
                target: action.target,
                before: action.before,
                after: action.value,
                ruleId: rule.ruleId,
              })),
          );
          if (changes.length > 0) {
            changedCount++;
            if (changed.length < CHANGED_LISTED) {
              changed.push({ orderId: String(order.id), orderNumber: order.orderNumber, changes });
            }
          }
        });

        const enabled = input.rules.filter((r) => r.enabled);
        const shadowed = enabled
          .filter((r) => matches[r.id] === 0 && (couldMatch[r.id] ?? 0) > 0 && stoppers[r.id])
          .map((r) => ({ ruleId: r.id, by: [...stoppers[r.id]!].sort((a, b) => b[1] - a[1])[0]![0] }));
        const neverMatched = enabled.filter((r) => (couldMatch[r.id] ?? 0) === 0).map((r) => r.id);
        return {
          evaluated: orders.length,
          changedCount,
          changed,
          matches,
          neverMatched,
          shadowed,
          failed,
          ms: Math.round(performance.now() - started),
        };
      },
      { readOnly: true },
    );
  };
}
