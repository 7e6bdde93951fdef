import type { RuleActionResult, RuleResult, RuleTarget } from '@shipdesk/contract';
import type { RuleEvaluation } from './rule-engine.ts';
import type { OrderFacts } from './rule-facts.ts';

/**
 * What an application of the rule sets keeps on its timeline row (order_events.payload), kept small: a pull with a
 * rule set writes one per order. Everything that follows from the saved version and the facts alone is not stored but
 * evaluated again when the "why" is read (rule-explanation.ts): which rules matched, their names, the failed
 * conditions' words and the values the actions named. What depended on the order as it was then is stored: each
 * action's outcome as one letter, the order's values before the application ("set, was ..."), a rule's error, and an
 * action's value and message where the action explained itself ("not changed: total $30.00 is not above $50.00").
 */
export interface ApplicationPayload {
  trigger: 'import' | 'created' | 'manual';
  versions: Record<string, number>;
  /** The names of the first matched rules, for the timeline ("VIP, Hazmat and 2 more"), and how many matched. */
  matched: string[];
  matchedCount?: number;
  changed: boolean;
  /** The facts the conditions saw, without their null and empty values. */
  facts: Record<string, unknown> | null;
  /** Rules that matched, stopped or failed: [scope, ruleId, outcome letters or packed actions, extras]. */
  results?: PackedResult[];
  /** The order's values before the application, in words, by target. */
  before?: Partial<Record<RuleTarget, string>>;
  /** Written before the compact form: the results whole. */
  rules?: RuleResult[];
}

type PackedAction = string | { o: string; v: string; m?: string };
export type PackedResult = [scope: string, ruleId: string, actions: string | PackedAction[], extra?: PackedExtra];
interface PackedExtra {
  stopped?: true;
  error?: string;
}

/** How many matched rules the timeline names; the rest it counts. */
export const TIMELINE_NAMES = 3;

const LETTERS: Record<RuleActionResult['outcome'], string> = {
  set: 's',
  same: '=',
  overruled: 'o',
  kept: 'k',
  labelled: 'l',
  failed: 'f',
};
const OUTCOMES = new Map(Object.entries(LETTERS).map(([outcome, letter]) => [letter, outcome])) as Map<
  string,
  RuleActionResult['outcome']
>;

/** The facts' fields that may be left out: null or empty in most orders. */
const NULLABLE_FACTS = ['storeId', 'requestedService', 'country', 'state', 'postalCode', 'residential'] as const;
const NULLABLE_SIZES = ['longestSide', 'girth'] as const;
const LIST_FACTS = ['skus', 'categories', 'hazardClasses', 'tags'] as const;

export function packFacts(facts: OrderFacts): Record<string, unknown> {
  const packed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(facts)) {
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    packed[key] = value;
  }
  return packed;
}

export function unpackFacts(packed: Record<string, unknown>): OrderFacts {
  const facts: Record<string, unknown> = { ...packed };
  for (const key of [...NULLABLE_FACTS, ...NULLABLE_SIZES]) facts[key] ??= null;
  for (const key of LIST_FACTS) facts[key] ??= [];
  return facts as unknown as OrderFacts;
}

/** The stored form of one evaluation's results (those that matched, stopped or failed) and the before-values. */
export function packResults(rules: RuleResult[]): Pick<ApplicationPayload, 'results' | 'before'> & {
  matched: string[];
  matchedCount: number;
} {
  const results: PackedResult[] = [];
  const before: Partial<Record<RuleTarget, string>> = {};
  const matched: string[] = [];
  let matchedCount = 0;
  for (const rule of rules) {
    if (rule.matched) {
      matchedCount += 1;
      if (matched.length < TIMELINE_NAMES) matched.push(rule.name);
    }
    if (!rule.matched && !rule.stopped && rule.error === undefined) continue;
    let plain = true;
    const actions = rule.actions.map((action): PackedAction => {
      if (action.before !== null) before[action.target] ??= action.before;
      if (action.message === undefined) return LETTERS[action.outcome];
      plain = false;
      return { o: LETTERS[action.outcome], v: action.value, m: action.message };
    });
    const extra: PackedExtra = {};
    if (rule.stopped) extra.stopped = true;
    if (rule.error !== undefined) extra.error = rule.error;
    const entry: PackedResult = [rule.scope, rule.ruleId, plain ? actions.join('') : actions];
    if (extra.stopped || extra.error !== undefined) entry.push(extra);
    results.push(entry);
  }
  return { results, before, matched, matchedCount };
}

/** The payload of one application, as recordApplications writes it. */
export function packApplication(
  trigger: ApplicationPayload['trigger'],
  versions: Record<string, number>,
  facts: OrderFacts,
  evaluation: RuleEvaluation,
): ApplicationPayload {
  return {
    trigger,
    versions,
    changed: evaluation.changed,
    ...packResults(evaluation.rules),
    facts: packFacts(facts),
  };
}

const resultKey = (scope: string, ruleId: string) => `${scope}\u0000${ruleId}`;

/**
 * The results of an application whole again. `again` is the evaluation of the same saved versions on the stored facts
 * (with nothing set), or null when a version is no longer kept: then the stored results are told with what they hold.
 */
export function unpackResults(payload: ApplicationPayload, again: RuleResult[] | null): RuleResult[] {
  if (payload.rules) {
    const whole = new Map(payload.rules.map((rule) => [resultKey(rule.scope, rule.ruleId), rule]));
    if (!again) return payload.rules;
    return again.map((rule) => whole.get(resultKey(rule.scope, rule.ruleId)) ?? { ...rule, actions: [] });
  }
  const before = payload.before ?? {};
  const stored = new Map((payload.results ?? []).map((entry) => [resultKey(entry[0], entry[1]), entry]));
  if (!again) {
    return (payload.results ?? []).map(([scope, ruleId, , extra]): RuleResult => {
      const result: RuleResult = {
        ruleId,
        name: 'A rule of a version no longer kept',
        scope,
        matched: extra?.error === undefined,
        failedConditions: [],
        actions: [],
        stopped: extra?.stopped === true,
      };
      if (extra?.error !== undefined) result.error = extra.error;
      return result;
    });
  }
  return again.map((rule) => {
    const entry = stored.get(resultKey(rule.scope, rule.ruleId));
    if (!entry) return rule.matched ? rule : { ...rule, actions: [] };
    const [, , packedActions, extra] = entry;
    const letters = typeof packedActions === 'string' ? [...packedActions] : packedActions;
    const actions = letters.flatMap((packed, i): RuleActionResult[] => {
      const told = rule.actions[i];
      if (!told) return [];
      const action: RuleActionResult = {
        target: told.target,
        value: typeof packed === 'string' ? told.value : packed.v,
        before: before[told.target] ?? null,
        outcome: OUTCOMES.get(typeof packed === 'string' ? packed : packed.o) ?? 'same',
      };
      if (typeof packed !== 'string' && packed.m !== undefined) action.message = packed.m;
      return [action];
    });
    const result: RuleResult = {
      ...rule,
      matched: extra?.error === undefined,
      failedConditions: extra?.error === undefined ? [] : rule.failedConditions,
      actions: extra?.error === undefined ? actions : [],
      stopped: extra?.stopped === true,
    };
    if (extra?.error !== undefined) result.error = extra.error;
    return result;
  });
}
