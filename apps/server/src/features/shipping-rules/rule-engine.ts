import type { RuleResult, RuleTarget, ShippingRule } from '@shipdesk/contract';
import { plan, tagKey, type Evaluation, type Planned, type RuleDecisions } from './rule-actions.ts';
import { compileCondition, unusableCondition, type CompiledCondition } from './rule-conditions.ts';
import type { OrderCurrent, OrderFacts, RuleNames } from './rule-facts.ts';
import { HEAVY, UNPACED, finish, type Pace, type Steps } from './rule-work-clock.ts';

export type { RuleDecisions } from './rule-actions.ts';

/**
 * Runs shipping rules on one order (the model is in the contract's shipping-rules.ts header). A rule set is compiled
 * once per version and then evaluated for every order of a pull, so everything that depends only on the rules is done
 * in compileRuleSet and evaluateRuleSets only tests, decides and puts what happened in plain words.
 *
 * Where the model leaves a choice, this is what it does:
 * - a value equal to the order's is `same` and still decides the field, so a later rule cannot change it either;
 * - `insure` with the total not above its amount decides nothing: outcome `same` with a message saying so, and the
 *   field stays free for a later rule;
 * - a tag the order has (compared without case) or a note an earlier rule added is `same`;
 * - the checks run labelled, then kept by hand, then overruled, so the strongest reason is the one reported;
 * - a rule whose condition or action throws records none of its actions (they are committed only once all planned).
 */

interface CompiledRule {
  /** Position in the saved set, for messages and the editor. */
  index: number;
  rule: ShippingRule;
  conditions: readonly CompiledCondition[];
}

/** Only the enabled rules: a disabled rule is not run and not reported, as if it were not in the set. */
export interface CompiledRuleSet {
  scope: string;
  version: number;
  rules: readonly CompiledRule[];
}

/**
 * Compiles the enabled rules of a set, yielding between conditions when `pace` says so. Never throws for a condition:
 * one that cannot be compiled (a set saved before a check it fails, such as a pattern RE2 refuses) makes its rule fail
 * on every order with words that say why, and the rest of the set runs.
 */
export function* compileSteps(
  input: { scope: string; version: number; rules: ShippingRule[] },
  pace: Pace,
): Steps<CompiledRuleSet> {
  const rules: CompiledRule[] = [];
  for (const [index, rule] of input.rules.entries()) {
    if (!rule.enabled) continue;
    const conditions: CompiledCondition[] = [];
    for (const [c, condition] of rule.conditions.entries()) {
      try {
        conditions.push(compileCondition(condition));
      } catch (error) {
        conditions.push(unusableCondition(`condition ${c + 1} cannot be used: ${(error as Error).message}`));
      }
      if (pace.due(HEAVY)) yield;
    }
    rules.push({ index, rule, conditions });
  }
  return { scope: input.scope, version: input.version, rules };
}

export function compileRuleSet(input: { scope: string; version: number; rules: ShippingRule[] }): CompiledRuleSet {
  return finish(compileSteps(input, UNPACED));
}

export interface RuleEvaluation {
  rules: RuleResult[];
  decisions: RuleDecisions;
  /** Some action's outcome was `set`. */
  changed: boolean;
}

// ---- evaluation -----------------------------------------------------------------------------------------------------

/** json-logic-engine throws NaN or `{ type }` objects as well as Errors. */
function errorWords(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'number' && Number.isNaN(error)) return 'a number was expected and the order had none';
  if (error && typeof error === 'object' && 'type' in error) return String(error.type);
  return String(error);
}

/** Whether a pattern holds for some text of a list, pausing between the texts (an order may have hundreds). */
function* someText(each: NonNullable<CompiledCondition['eachText']>, facts: OrderFacts, pace: Pace): Steps<boolean> {
  for (const text of each.texts(facts)) {
    if (each.matches(text)) return true;
    if (pace.due(HEAVY)) yield;
  }
  return false;
}

/**
 * The words of each condition that did not hold, or null when the rule matches: `all` needs every condition, `any`
 * one, and a rule without conditions always matches. When explaining, every condition of a rule that fails is
 * tested, so the "why" names all that failed, not just the first; without words an `all` rule stops at its first.
 */
function* failedConditions(
  compiled: CompiledRule,
  facts: OrderFacts,
  names: RuleNames,
  explain: boolean,
  pace: Pace,
): Steps<string[] | null> {
  const any = compiled.rule.match === 'any';
  let failed: string[] | null = null;
  for (const condition of compiled.conditions) {
    const holds = condition.eachText ? yield* someText(condition.eachText, facts, pace) : condition.test(facts);
    if (pace.due(condition.heavy ? HEAVY : 1)) yield;
    if (holds) {
      if (any) return null;
    } else {
      failed ??= [];
      if (explain) failed.push(condition.explain(facts, names));
      else if (!any) return failed;
    }
  }
  return failed;
}
interface EvaluateOptions {
  /**
   * false: leave `failedConditions` empty. Their words are most of the cost of an evaluation, and a caller that keeps
   * the facts can evaluate again for the "why" when someone asks; a failed rule still reads `matched: false`.
   */
  explain?: boolean;
  /** true: report only the rules that matched or failed (what an application stores), not every rule that ran. */
  decidedOnly?: boolean;
}

/**
 * Runs the sets in the order given (the store's set, then the all-stores set) on one order, yielding between
 * conditions when `pace` says so. Never throws for a rule: a condition or action that throws marks that rule's result
 * with `error`, counts as not matched, and the rest runs.
 */
export function* evaluationSteps(
  sets: readonly CompiledRuleSet[],
  facts: OrderFacts,
  current: OrderCurrent,
  names: RuleNames,
  options: EvaluateOptions,
  pace: Pace,
): Steps<RuleEvaluation> {
  const explain = options.explain !== false;
  const e: Evaluation = {
    facts,
    current,
    names,
    decisions: { addTags: [], notes: [], decidedBy: {} },
    claimed: new Set(),
    tags: new Set(current.tags.map(tagKey)),
    noteTexts: new Set(current.notes),
  };
  const results: RuleResult[] = [];
  let changed = false;
  for (const set of sets) {
    for (const compiled of set.rules) {
      const { rule } = compiled;
      let failed: string[] | null = null;
      let planned: Planned[] | null = null;
      let error: string | undefined;
      try {
        failed = yield* failedConditions(compiled, facts, names, explain, pace);
        if (!failed) {
          const claimedHere = new Set<RuleTarget>();
          const here = new Set<string>();
          planned = rule.actions.map((action) => plan(e, claimedHere, here, action));
        }
      } catch (thrown) {
        error = errorWords(thrown);
      }
      if (!planned && error === undefined && options.decidedOnly) continue;
      const result: RuleResult = {
        ruleId: rule.id,
        name: rule.name,
        scope: set.scope,
        matched: planned !== null,
        failedConditions: failed ?? [],
        actions: [],
        stopped: false,
      };
      if (error !== undefined) result.error = error;
      results.push(result);
      if (!planned) continue;
      for (const p of planned) {
        p.commit?.(e, rule.id);
        result.actions.push(p.result);
        if (p.result.outcome === 'set') changed = true;
      }
      if (rule.stop) {
        result.stopped = true;
        return { rules: results, decisions: e.decisions, changed };
      }
    }
  }
  return { rules: results, decisions: e.decisions, changed };
}

/** The same, at once: for tests, and for words that need no clock. */
export function evaluateRuleSets(
  sets: readonly CompiledRuleSet[],
  facts: OrderFacts,
  current: OrderCurrent,
  names: RuleNames,
  options: EvaluateOptions = {},
): RuleEvaluation {
  return finish(evaluationSteps(sets, facts, current, names, options, UNPACED));
}
