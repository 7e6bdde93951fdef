import { Constants, LogicEngine } from 'json-logic-engine';
import {
  DEFAULT_CURRENCY,
  RULE_FIELD_WORDS,
  RULE_OPERATOR_WORDS,
  askedWords,
  listWords,
  operatorWords,
  valueWords,
  type RuleCondition,
  type RuleOperator,
  type RuleWordsContext,
} from '@shipdesk/contract';
import type { RE2JS } from 're2js';
import { PATTERN_TEXT_LIMIT, norm, readCondition, safePattern, type Reading } from './rule-condition-reading.ts';
import type { OrderFacts, RuleNames } from './rule-facts.ts';
import { ruleWordsContext } from './rule-words.ts';

/**
 * One condition becomes a JSON Logic expression, compiled by json-logic-engine into a function once per rule-set
 * version, so a pull of a hundred thousand orders runs generated code rather than an interpreter. Each condition is
 * compiled on its own so the "why" can name every one that did not hold, in the contract's words of conditions.
 */

/** Patterns only ever see the first characters of a text: their time is linear in it, and now bounded. */
const capped = (value: unknown): string => String(value).trim().slice(0, PATTERN_TEXT_LIMIT);

type Args = unknown[];
const listOf = (value: unknown) => value as unknown[];
const setOf = (value: unknown) => value as ReadonlySet<string>;
const textsOf = (value: unknown) => value as readonly string[];
const startsWithAny = (text: string, prefixes: readonly string[]) => prefixes.some((p) => text.startsWith(p));

const engine = new LogicEngine();
// Built once at compile (deterministic: the engine runs them at build time and embeds the result), so a 500-value list
// becomes one Set and a pattern one compiled RE2 pattern, not work repeated per order.
engine.addMethod('textSet', (args: Args) => new Set(args.map(norm)), { deterministic: true });
engine.addMethod('regex', ([source]: Args) => safePattern(source), { deterministic: true });

type Build = { compile: (strings: TemplateStringsArray, ...items: unknown[]) => unknown };
/**
 * An operator JSON Logic lacks, with a `compile` hook so the generated code calls it directly with its two operands,
 * rather than looking it up among the engine's methods and packing its arguments in an array for every order.
 */
function addOperator(name: string, test: (a: unknown, b: unknown) => boolean): void {
  Object.assign(test, { [Constants.Sync]: true });
  const method = {
    method: ([a, b]: Args) => test(a, b),
    compile: (data: unknown, build: Build) =>
      Array.isArray(data) ? build.compile`${test}(${data[0]}, ${data[1]})` : false,
  };
  engine.addMethod(name, method);
}
// Case-insensitive text, any-of prefixes, patterns, and tests over a list of values.
addOperator('textEq', (value, text) => norm(value) === text);
addOperator('textIn', (value, set) => value !== null && setOf(set).has(norm(value)));
addOperator('textContains', (value, text) => norm(value).includes(text as string));
addOperator('startsWithAny', (value, prefixes) => startsWithAny(norm(value), textsOf(prefixes)));
/** Whether a pattern holds for a text: RE2, linear in the text, on its first characters only. */
const matchesText = (re: RE2JS, value: unknown): boolean => value !== null && re.test(capped(value));
addOperator('matches', (value, re) => matchesText(re as RE2JS, value));
addOperator('blank', (value) => norm(value) === '');
addOperator('anyIn', (list, set) => listOf(list).some((v) => setOf(set).has(norm(v))));
addOperator('allIn', (list, set) => {
  const have = new Set(listOf(list).map(norm));
  for (const wanted of setOf(set)) if (!have.has(wanted)) return false;
  return true;
});
addOperator('anyContains', (list, text) => listOf(list).some((v) => norm(v).includes(text as string)));
addOperator('anyStartsWith', (list, prefixes) => listOf(list).some((v) => startsWithAny(norm(v), textsOf(prefixes))));
addOperator('anyMatches', (list, re) => listOf(list).some((v) => matchesText(re as RE2JS, v)));

// ---- the JSON Logic of a condition ----------------------------------------------------------------------------------

type Logic = Record<string, unknown>;
const not = (logic: Logic): Logic => ({ '!': logic });

function logicOf(r: Reading): Logic {
  const fact = { val: r.spec.fact };
  const set = () => ({ textSet: r.list });
  const prefixes = () => ({ preserve: (r.list ?? []).map(norm) });
  const scalar = r.spec.kind !== 'list';
  const logic: Record<string, () => Logic> = {
    eq: () => (r.spec.kind === 'number' ? { '===': [fact, r.single] } : { textEq: [fact, norm(r.single)] }),
    ne: () => not({ textEq: [fact, norm(r.single)] }),
    in: () => (scalar ? { textIn: [fact, set()] } : { anyIn: [fact, set()] }),
    notIn: () => not(scalar ? { textIn: [fact, set()] } : { anyIn: [fact, set()] }),
    contains: () => (scalar ? { textContains: [fact, norm(r.single)] } : { anyContains: [fact, norm(r.single)] }),
    startsWith: () => (scalar ? { startsWithAny: [fact, prefixes()] } : { anyStartsWith: [fact, prefixes()] }),
    notStartsWith: () => not({ startsWithAny: [fact, prefixes()] }),
    matches: () =>
      scalar
        ? { matches: [fact, { regex: [r.pattern?.pattern()] }] }
        : { anyMatches: [fact, { regex: [r.pattern?.pattern()] }] },
    empty: () => ({ blank: [fact] }),
    is: () => ({ '===': [fact, r.single] }),
    gt: () => ({ '>': [fact, r.single] }),
    gte: () => ({ '>=': [fact, r.single] }),
    lt: () => ({ '<': [fact, r.single] }),
    lte: () => ({ '<=': [fact, r.single] }),
    before: () => ({ '<': [fact, r.single] }),
    after: () => ({ '>': [fact, r.single] }),
    between: () => ({ '<=': [r.pair?.[0], fact, r.pair?.[1]] }),
    hasAny: () => ({ anyIn: [fact, set()] }),
    hasAll: () => ({ allIn: [fact, set()] }),
    hasNone: () => not({ anyIn: [fact, set()] }),
  };
  const built = logic[r.operator]!();
  return r.spec.unknownWhenNull ? { and: [{ '!==': [fact, null] }, built] } : built;
}

// ---- words of a condition that did not hold ----------------------------------------------------------------------

/** What a scalar fact's value was, against what was asked: "CA, not one of AK, HI". */
const SCALAR_MISS: Partial<Record<RuleOperator, string>> = {
  eq: 'not',
  ne: 'which it must not be',
  in: 'not one of',
  notIn: 'one of',
  contains: 'which does not contain',
  startsWith: 'which does not start with',
  notStartsWith: 'which starts with',
  matches: 'which does not match the pattern',
};
/** The same for a list of prefixes (postal codes): "which starts with none of “995”, “996”". */
const PREFIXES_MISS: Partial<Record<RuleOperator, string>> = {
  startsWith: 'which starts with none of',
  notStartsWith: 'which starts with one of',
};

/**
 * What an order that fails the condition had, in the contract's words of the condition (rule-condition-words.ts), so
 * the "why" names fields, operators and values as the editor does: "ship-to state is CA, not one of AK, HI".
 */
function missWords(condition: RuleCondition, r: Reading, ctx: RuleWordsContext): (facts: OrderFacts) => string {
  const { spec, operator: op } = r;
  const { field, label } = spec;
  const asked = askedWords(condition, ctx);
  const fact = (facts: OrderFacts) => facts[spec.fact];
  const unknown = `${label} is unknown`;
  const had = (value: unknown): string => {
    if (spec.kind === 'store' && value === null) return 'none (entered by hand)';
    if (spec.kind === 'text' && norm(value) === '') return 'empty';
    return valueWords(field, value, ctx);
  };

  if (spec.kind === 'boolean') {
    const { yes, no } = RULE_FIELD_WORDS[field];
    return (f) => (fact(f) === null ? unknown : r.single ? no! : yes!);
  }
  if (spec.kind === 'number' || spec.kind === 'ordered') {
    // "is over" reads "is not over 2 lb"; "is" (eq) reads "is not 1".
    const comparison = RULE_OPERATOR_WORDS[op].replace(/^is ?/, '');
    const tail = comparison ? `${comparison} ${asked}` : asked;
    return (f) => (fact(f) === null ? unknown : `${label} ${had(fact(f))} is not ${tail}`);
  }
  if (spec.kind === 'list') {
    const [one, many] = spec.noun!;
    const values = (f: OrderFacts) => fact(f) as string[];
    const listed = (f: OrderFacts) =>
      values(f).length === 0 ? `order has no ${many}` : `${many}: ${listWords(values(f).map(had))}`;
    const askedSet = new Set((r.list ?? []).map(norm));
    const hit = (f: OrderFacts) => had(values(f).find((v) => askedSet.has(norm(v))) ?? '');
    if (op === 'hasAny') return (f) => `no tag is one of ${asked} (${listed(f)})`;
    if (op === 'hasAll') {
      return (f) => {
        const have = new Set(values(f).map(norm));
        return `tags lack ${listWords((r.list ?? []).filter((t) => !have.has(norm(t))).map(had))} (${listed(f)})`;
      };
    }
    if (op === 'hasNone') return (f) => `order has the tag ${hit(f)}`;
    if (op === 'notIn') return (f) => `${one} ${hit(f)} is one of ${asked}`;
    const verb = `${operatorWords(field, op)} ${asked}`;
    return (f) => `no ${one} ${verb} (${listed(f)})`;
  }
  const tail = op === 'empty' ? 'not empty' : `${(r.list ? PREFIXES_MISS[op] : undefined) ?? SCALAR_MISS[op]} ${asked}`;
  return (f) => {
    const value = fact(f);
    return value === null && spec.unknownWhenNull ? unknown : `${label} is ${had(value)}, ${tail}`;
  };
}

const NO_NAMES: RuleNames = { store: () => undefined, shipMethod: () => undefined, box: () => undefined };

export interface CompiledCondition {
  /** The compiled JSON Logic: true when the order satisfies the condition. */
  test: (facts: OrderFacts) => unknown;
  /** A pattern: its test costs as much as many plain comparisons, so the evaluation looks at its clock after it. */
  heavy: boolean;
  /**
   * A pattern over a list (SKUs, categories, tags, hazard classes), whose texts the evaluation tests one by one (as
   * `test` does) so it can give way between them: an order may have hundreds.
   */
  eachText?: { texts(facts: OrderFacts): readonly unknown[]; matches(text: unknown): boolean };
  /** What the order had, in plain words, when the test did not hold. */
  explain(facts: OrderFacts, names: RuleNames): string;
}

/**
 * Facts with few values across a tenant's orders, whose failed-test words a condition keeps by value ("ship-to state is
 * CA, not one of AK, HI" is the same for thousands of orders). Postal codes, times, numbers and lists have too many
 * values to be worth it, and compiled sets are kept for many tenants, so the words kept are few and bounded.
 */
const FEW_VALUES: ReadonlySet<string> = new Set(['country', 'state', 'store', 'requestedService', 'orderWeekday']);
const WORDS_KEPT = 64;

/**
 * Reads and compiles one condition; throws ConditionError when it is not one a rule set may hold. Words that depend on
 * nothing but the condition are made here once; store names and money wait for the order's names and currency.
 */
export function compileCondition(condition: RuleCondition): CompiledCondition {
  const reading = readCondition(condition);
  const test = engine.build(logicOf(reading)) as (facts: OrderFacts) => unknown;
  const { spec } = reading;
  // Store names, money, weights and sizes wait for the order's names (the tenant's, with its units) and currency; every
  // other word depends on the condition alone.
  const unit = RULE_FIELD_WORDS[spec.field].number;
  const byOrder = spec.kind === 'store' || unit === 'money' || unit === 'weight' || unit === 'inches';
  const kept = FEW_VALUES.has(condition.field) ? new Map<unknown, string>() : null;
  let miss = byOrder ? undefined : missWords(condition, reading, ruleWordsContext(NO_NAMES, DEFAULT_CURRENCY));
  let wordsFor: { names: RuleNames; currency: string } | undefined;
  const explain = (facts: OrderFacts, names: RuleNames): string => {
    if (byOrder && (wordsFor?.names !== names || wordsFor.currency !== facts.currency)) {
      miss = missWords(condition, reading, ruleWordsContext(names, facts.currency));
      wordsFor = { names, currency: facts.currency };
      kept?.clear();
    }
    if (!kept) return miss!(facts);
    const value = facts[spec.fact];
    let text = kept.get(value);
    if (text === undefined) {
      if (kept.size >= WORDS_KEPT) kept.clear();
      text = miss!(facts);
      kept.set(value, text);
    }
    return text;
  };
  const { pattern } = reading;
  if (!pattern) return { test, heavy: false, explain };
  if (spec.kind !== 'list') return { test, heavy: true, explain };
  const texts = (facts: OrderFacts) => facts[spec.fact] as readonly unknown[];
  return { test, heavy: true, eachText: { texts, matches: (text) => matchesText(pattern, text) }, explain };
}

/** A condition a saved set holds but no rule can use (rule-engine.ts): it fails its rule, with these words. */
export function unusableCondition(message: string): CompiledCondition {
  return {
    test: () => {
      throw new Error(message);
    },
    heavy: false,
    explain: () => message,
  };
}
