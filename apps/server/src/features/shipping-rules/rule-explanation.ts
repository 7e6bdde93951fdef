import { ALL_STORES_SCOPE, type RuleApplication as RuleApplicationView } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { compileSteps, evaluationSteps, type CompiledRuleSet } from './rule-engine.ts';
import { unpackFacts, unpackResults } from './rule-application-payload.ts';
import { NOTHING_SET, type RuleNames } from './rule-facts.ts';
import { createRuleSetsRepository } from './rule-sets-repository.ts';
import { RULE_BUDGET_MS, RuleTimeout, RuleWorkClock, inSlices } from './rule-work-clock.ts';

type StoredApplication = Awaited<ReturnType<ReturnType<typeof createRuleSetsRepository>['applications']>>[number];

/** Compiled saved versions, by tenant, scope and version: a version never changes once saved. */
const versions = new Map<string, CompiledRuleSet>();
const VERSIONS_MAX = 500;

/**
 * The "why" of stored applications, whole. An application keeps the facts the conditions saw and what depended on the
 * order then (rule-application-payload.ts); the rules are evaluated again here, on those facts with the same saved
 * versions, for the rest in plain words: which matched, the failed conditions, the values the actions named
 * (evaluation is deterministic, so they are the ones the application saw). A version that is not in the history any
 * more leaves the stored results told with what they hold, and so does a "why" whose evaluations went past their
 * time budget (RULE_BUDGET_MS.why), from there on.
 */
export async function explainApplications(
  tx: Executor,
  tenantId: string,
  rows: StoredApplication[],
  names: RuleNames,
): Promise<RuleApplicationView[]> {
  const repo = createRuleSetsRepository();
  const clock = new RuleWorkClock(RULE_BUDGET_MS.why);
  let outOfTime = false;

  async function version(scope: string, number: number): Promise<CompiledRuleSet | undefined> {
    const key = `${tenantId}\u0000${scope}\u0000${number}`;
    let set = versions.get(key);
    if (!set) {
      const saved = await repo.historyVersion(tx, tenantId, scope, number);
      if (!saved) return undefined;
      set = await inSlices(compileSteps({ scope, version: number, rules: saved.rules }, clock), clock);
      if (versions.size >= VERSIONS_MAX) versions.delete(versions.keys().next().value!);
      versions.set(key, set);
    }
    return set;
  }

  const explained: RuleApplicationView[] = [];
  for (const row of rows) {
    // The store's set ran first, then the all-stores set.
    const scopes = Object.keys(row.versions).sort(
      (a, b) => Number(a === ALL_STORES_SCOPE) - Number(b === ALL_STORES_SCOPE),
    );
    const sets: Array<CompiledRuleSet | undefined> = [];
    let again = null;
    try {
      for (const scope of outOfTime ? [] : scopes) sets.push(await version(scope, row.versions[scope]!));
      if (!outOfTime && row.facts && sets.every((s) => s !== undefined)) {
        const steps = evaluationSteps(sets as CompiledRuleSet[], unpackFacts(row.facts), NOTHING_SET, names, {}, clock);
        again = (await inSlices(steps, clock)).rules;
      }
    } catch (error) {
      if (!(error instanceof RuleTimeout)) throw error;
      outOfTime = true;
    }
    const rules = unpackResults(
      row,
      again,
      sets.filter((s) => s !== undefined),
    );
    explained.push({
      id: String(row.id),
      orderId: String(row.orderId),
      at: row.at.toISOString(),
      trigger: row.trigger as RuleApplicationView['trigger'],
      versions: row.versions,
      rules,
      changed: row.changed,
    });
  }
  return explained;
}
