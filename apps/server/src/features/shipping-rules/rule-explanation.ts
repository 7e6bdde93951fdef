import { ALL_STORES_SCOPE, type RuleApplication as RuleApplicationView, type RuleResult } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { compileRuleSet, evaluateRuleSets, type CompiledRuleSet } from './rule-engine.ts';
import { NOTHING_SET, type OrderFacts, type RuleNames } from './rule-facts.ts';
import { createRuleSetsRepository } from './rule-sets-repository.ts';

type StoredApplication = Awaited<ReturnType<ReturnType<typeof createRuleSetsRepository>['applications']>>[number];

/** Compiled saved versions, by tenant, scope and version: a version never changes once saved. */
const versions = new Map<string, CompiledRuleSet>();
const VERSIONS_MAX = 500;

/**
 * The "why" of stored applications, whole. An application keeps the results of the rules that matched or failed and
 * the facts the conditions saw; the rules that did not match are evaluated again here, on those facts with the same
 * saved versions, for their failed conditions in plain words (evaluation is deterministic, so the words are the ones
 * the application would have written). A version that is not in the history any more leaves the stored results alone.
 */
export async function explainApplications(
  tx: Executor,
  tenantId: string,
  rows: StoredApplication[],
  names: RuleNames,
): Promise<RuleApplicationView[]> {
  const repo = createRuleSetsRepository();

  async function version(scope: string, number: number): Promise<CompiledRuleSet | undefined> {
    const key = `${tenantId}\u0000${scope}\u0000${number}`;
    let set = versions.get(key);
    if (!set) {
      const saved = await repo.historyVersion(tx, tenantId, scope, number);
      if (!saved) return undefined;
      set = compileRuleSet({ scope, version: number, rules: saved.rules });
      if (versions.size >= VERSIONS_MAX) versions.delete(versions.keys().next().value!);
      versions.set(key, set);
    }
    return set;
  }

  const explained: RuleApplicationView[] = [];
  for (const row of rows) {
    let rules: RuleResult[] = row.rules;
    // The store's set ran first, then the all-stores set.
    const scopes = Object.keys(row.versions).sort(
      (a, b) => Number(a === ALL_STORES_SCOPE) - Number(b === ALL_STORES_SCOPE),
    );
    const sets = await Promise.all(scopes.map((scope) => version(scope, row.versions[scope]!)));
    if (row.facts && sets.every((s) => s !== undefined)) {
      const again = evaluateRuleSets(sets as CompiledRuleSet[], row.facts as unknown as OrderFacts, NOTHING_SET, names);
      const stored = new Map(row.rules.map((r) => [`${r.scope}\u0000${r.ruleId}`, r]));
      rules = again.rules.map(
        (r) => stored.get(`${r.scope}\u0000${r.ruleId}`) ?? (r.matched ? r : { ...r, actions: [] }),
      );
    }
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

/** What an application keeps of an evaluation's results: the rules that matched, stopped or failed. */
export function storedResults(rules: RuleResult[]): RuleResult[] {
  return rules.filter((r) => r.matched || r.stopped || r.error !== undefined);
}
