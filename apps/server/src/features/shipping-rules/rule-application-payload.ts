import type { RuleActionResult, RuleField, RuleResult, RuleTarget } from '@shipdesk/contract';
import type { CompiledRuleSet, RuleEvaluation } from './rule-engine.ts';
import type { OrderFacts } from './rule-facts.ts';

/**
 * What an application of the rule sets keeps on its timeline row (order_events.payload), kept small: a pull with a
 * rule set writes one per order. Everything that follows from the saved versions and the facts alone is not stored but
 * evaluated again when the "why" is read (rule-explanation.ts): which rules matched, their names, the failed
 * conditions' words and the values the actions named. What depended on the order as it was then is stored: each
 * action's outcome as one letter, the order's values before the application ("set, was ..."), a rule's error, and an
 * action's value and message where the action explained itself ("not changed: total $30.00 is not above $50.00").
 * Rules are named by their place in their saved version (a version never changes), and of the facts only those the
 * versions' rules read are kept.
 */
export interface ApplicationPayload {
  trigger: 'import' | 'created' | 'manual';
  versions: Record<string, number>;
  /** The names of the first matched rules, for the timeline ("VIP, Hazmat and 2 more"), and how many matched. */
  matched: string[];
  matchedCount?: number;
  changed: boolean;
  /** The facts the rules read, without their null and empty values. */
  facts: Record<string, unknown> | null;
  /**
   * By scope, the rules that matched, stopped or failed, as one text: "place:letters" for each, space-separated
   * ("1:ss 7:o="); a string is the smallest thing jsonb stores.
   */
  results?: Record<string, string>;
  /** By scope and place, what a rule's letters cannot say: a stop, an error, actions with their value and message. */
  details?: Record<string, Record<string, PackedDetail>>;
  /** The order's values before the application, in words, by target. */
  before?: Partial<Record<RuleTarget, string>>;
  /** Written before the compact form: the results whole. */
  rules?: RuleResult[];
}

type PackedAction = string | { o: string; v: string; m?: string };
type PackedResult = [index: number, actions: string | PackedAction[], extra?: PackedExtra];
interface PackedExtra {
  stopped?: true;
  error?: string;
}
interface PackedDetail extends PackedExtra {
  a?: PackedAction[];
}

function encodeResults(byScope: Record<string, PackedResult[]>): Pick<ApplicationPayload, 'results' | 'details'> {
  const results: Record<string, string> = {};
  const details: Record<string, Record<string, PackedDetail>> = {};
  for (const [scope, entries] of Object.entries(byScope)) {
    results[scope] = entries
      .map(([place, actions, extra]) => {
        const plain = typeof actions === 'string';
        if (!plain || extra) (details[scope] ??= {})[place] = { ...extra, ...(plain ? {} : { a: actions }) };
        const letters = plain ? actions : actions.map((a) => (typeof a === 'string' ? a : a.o)).join('');
        return `${place}:${letters}`;
      })
      .join(' ');
  }
  return Object.keys(details).length > 0 ? { results, details } : { results };
}

function decodeResults(payload: ApplicationPayload): Record<string, PackedResult[]> {
  const byScope: Record<string, PackedResult[]> = {};
  for (const [scope, text] of Object.entries(payload.results ?? {})) {
    byScope[scope] = text
      .split(' ')
      .filter(Boolean)
      .map((entry): PackedResult => {
        const [placeText = '', letters = ''] = entry.split(':');
        const place = Number(placeText);
        const { a, ...extra } = payload.details?.[scope]?.[placeText] ?? {};
        const result: PackedResult = [place, a ?? letters];
        if (extra.stopped || extra.error !== undefined) result.push(extra);
        return result;
      });
  }
  return byScope;
}

/** How many matched rules the timeline names; the rest it counts. */
const TIMELINE_NAMES = 3;

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

/** The fact a condition on a field reads. */
const FACT_OF_FIELD: Record<RuleField, keyof OrderFacts> = {
  store: 'storeId',
  requestedService: 'requestedService',
  country: 'country',
  state: 'state',
  postalCode: 'postalCode',
  residential: 'residential',
  weight: 'weight',
  longestSide: 'longestSide',
  girth: 'girth',
  total: 'total',
  itemCount: 'itemCount',
  sku: 'skus',
  category: 'categories',
  hazardous: 'hazardous',
  hazardClass: 'hazardClasses',
  tags: 'tags',
  orderDate: 'orderDate',
  orderWeekday: 'orderWeekday',
  orderTime: 'orderTime',
};
/** The facts' fields that may be left out: null or empty in most orders. */
const NULLABLE_FACTS = [
  'storeId',
  'requestedService',
  'country',
  'state',
  'postalCode',
  'residential',
  'longestSide',
  'girth',
] as const;
const LIST_FACTS = ['skus', 'categories', 'hazardClasses', 'tags'] as const;

interface SetIndex {
  /** What the set's enabled rules read of the facts (the currency always: money is told in it). */
  facts: readonly (keyof OrderFacts)[];
  /** Rule id -> its place in the saved version. */
  places: ReadonlyMap<string, number>;
}
const indexes = new WeakMap<CompiledRuleSet, SetIndex>();

function indexOf(set: CompiledRuleSet): SetIndex {
  let index = indexes.get(set);
  if (!index) {
    const facts = new Set<keyof OrderFacts>(['currency']);
    for (const { rule } of set.rules) {
      for (const condition of rule.conditions) facts.add(FACT_OF_FIELD[condition.field]);
      for (const action of rule.actions) {
        if (action.type === 'insure') facts.add('total');
        if (action.type === 'holdUntil') facts.add('orderDate');
      }
    }
    index = { facts: [...facts], places: new Map(set.rules.map((compiled) => [compiled.rule.id, compiled.index])) };
    indexes.set(set, index);
  }
  return index;
}

/** The facts the sets read, without null and empty values. */
export function packFacts(facts: OrderFacts, sets: readonly CompiledRuleSet[]): Record<string, unknown> {
  const keys = sets.length === 1 ? indexOf(sets[0]!).facts : new Set(sets.flatMap((set) => indexOf(set).facts));
  const packed: Record<string, unknown> = {};
  for (const key of keys) {
    const value = facts[key];
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    packed[key] = value;
  }
  return packed;
}

/** The stored facts as the rules read them (what they do not read is left unset). */
export function unpackFacts(packed: Record<string, unknown>): OrderFacts {
  const facts: Record<string, unknown> = { ...packed };
  for (const key of NULLABLE_FACTS) facts[key] ??= null;
  for (const key of LIST_FACTS) facts[key] ??= [];
  return facts as unknown as OrderFacts;
}

/** The stored form of one evaluation's results (those that matched, stopped or failed) and the before-values. */
function packResults(
  rules: RuleResult[],
  sets: readonly CompiledRuleSet[],
): Pick<ApplicationPayload, 'results' | 'details' | 'before' | 'matched' | 'matchedCount'> {
  const places = new Map(sets.map((set) => [set.scope, indexOf(set).places]));
  const results: Record<string, PackedResult[]> = {};
  const before: Partial<Record<RuleTarget, string>> = {};
  const matched: string[] = [];
  let matchedCount = 0;
  for (const rule of rules) {
    if (rule.matched) {
      matchedCount += 1;
      if (matched.length < TIMELINE_NAMES) matched.push(rule.name);
    }
    if (!rule.matched && !rule.stopped && rule.error === undefined) continue;
    const place = places.get(rule.scope)?.get(rule.ruleId);
    if (place === undefined) continue;
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
    const entry: PackedResult = [place, plain ? actions.join('') : actions];
    if (extra.stopped || extra.error !== undefined) entry.push(extra);
    (results[rule.scope] ??= []).push(entry);
  }
  return {
    ...encodeResults(results),
    ...(Object.keys(before).length > 0 ? { before } : {}),
    matched,
    matchedCount,
  };
}

/** The payload of one application of `sets` (in the order they ran), as it is written to the timeline. */
export function packApplication(
  trigger: ApplicationPayload['trigger'],
  sets: readonly CompiledRuleSet[],
  facts: OrderFacts,
  evaluation: RuleEvaluation,
): ApplicationPayload {
  return {
    trigger,
    versions: Object.fromEntries(sets.map((set) => [set.scope, set.version])),
    changed: evaluation.changed,
    ...packResults(evaluation.rules, sets),
    facts: packFacts(facts, sets),
  };
}

const resultKey = (scope: string, ruleId: string) => `${scope}\u0000${ruleId}`;

/**
 * The results of an application whole again. `again` is the evaluation of the same saved versions (`sets`) on the
 * stored facts (with nothing set), or null when a version is no longer kept or the evaluation ran out of time: then
 * the stored results are told with what they hold, and the rules named from the versions still at hand.
 */
export function unpackResults(
  payload: ApplicationPayload,
  again: RuleResult[] | null,
  sets: readonly CompiledRuleSet[] = [],
): RuleResult[] {
  if (payload.rules) {
    const whole = new Map(payload.rules.map((rule) => [resultKey(rule.scope, rule.ruleId), rule]));
    if (!again) return payload.rules;
    return again.map((rule) => whole.get(resultKey(rule.scope, rule.ruleId)) ?? { ...rule, actions: [] });
  }
  const before = payload.before ?? {};
  const stored = Object.entries(decodeResults(payload));
  if (!again) {
    return stored.flatMap(([scope, entries]) =>
      entries.map(([place, , extra]): RuleResult => {
        const result: RuleResult = {
          ruleId: String(place),
          name:
            sets.find((set) => set.scope === scope)?.rules.find((r) => r.index === place)?.rule.name ??
            `Rule ${place + 1} of a version no longer kept`,
          scope,
          matched: extra?.error === undefined,
          failedConditions: [],
          actions: [],
          stopped: extra?.stopped === true,
        };
        if (extra?.error !== undefined) result.error = extra.error;
        return result;
      }),
    );
  }
  const places = new Map(sets.map((set) => [set.scope, indexOf(set).places]));
  const byPlace = new Map(stored.flatMap(([scope, entries]) => entries.map((e) => [`${scope}\u0000${e[0]}`, e])));
  return again.map((rule) => {
    const place = places.get(rule.scope)?.get(rule.ruleId);
    const entry = place === undefined ? undefined : byPlace.get(`${rule.scope}\u0000${place}`);
    if (!entry) return rule.matched ? rule : { ...rule, actions: [] };
    const [, packedActions, extra] = entry;
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
