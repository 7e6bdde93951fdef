import {
  DEFAULT_CURRENCY,
  type Carrier,
  type RuleAction,
  type RuleActionResult,
  type RuleResult,
  type RuleTarget,
  type ShippingRule,
  type SignatureKind,
} from '@shipdesk/contract';
import { ConditionError } from './rule-condition-reading.ts';
import { compileCondition, describeCondition, type CompiledCondition } from './rule-conditions.ts';
import { dateAfter, type OrderCurrent, type OrderFacts, type RuleNames } from './rule-facts.ts';
import {
  boxWords,
  cheapestWords,
  describeAction,
  holdWords,
  methodWords,
  moneyWords,
  noteWords,
  packageWords,
  serviceWords,
  signatureWords,
  tagWords,
} from './rule-words.ts';

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

export interface CompiledRule {
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

/** A condition that cannot compile; validateRuleSet refuses such a set before it is saved, so this is a bug's sign. */
export class RuleCompileError extends Error {
  readonly ruleIndex: number;
  readonly path: string;
  constructor(ruleIndex: number, path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'RuleCompileError';
    this.ruleIndex = ruleIndex;
    this.path = path;
  }
}

export function compileRuleSet(input: { scope: string; version: number; rules: ShippingRule[] }): CompiledRuleSet {
  const rules: CompiledRule[] = [];
  input.rules.forEach((rule, index) => {
    if (!rule.enabled) return;
    const conditions = rule.conditions.map((condition, c) => {
      try {
        return compileCondition(condition);
      } catch (error) {
        const part = error instanceof ConditionError ? `.${error.part}` : '';
        throw new RuleCompileError(index, `rules[${index}].conditions[${c}]${part}`, (error as Error).message);
      }
    });
    rules.push({ index, rule, conditions });
  });
  return { scope: input.scope, version: input.version, rules };
}

type ServiceRef = { carrier: Carrier; serviceCode: string };

/** What the rules decided: only values whose outcome was `set` (a change to the order). */
export interface RuleDecisions {
  shipMethodId?: string;
  /** A service, or a choice the caller makes after rating (rates are carrier calls, not known here). */
  carrierService?: ServiceRef | { cheapest: { services: ServiceRef[]; withinDays?: number; ruleId: string } };
  packageType?: { carrier: Carrier; packageType: string };
  boxSizeId?: string;
  insuredValue?: number;
  signature?: SignatureKind;
  holdUntil?: string;
  addTags: string[];
  notes: string[];
  /** The rule that decided each target; for tags and notes, the first rule that added one. */
  decidedBy: Partial<Record<RuleTarget, string>>;
}

export interface RuleEvaluation {
  rules: RuleResult[];
  decisions: RuleDecisions;
  /** Some action's outcome was `set`. */
  changed: boolean;
}

/** "When ship-to state is one of AK, HI and weight is over 2 lb: shipping method Express; tag "vip"; then stop". */
export function describeRule(rule: ShippingRule, names: RuleNames, currency: string = DEFAULT_CURRENCY): string {
  const when = rule.conditions.map((c) => describeCondition(c, names, currency));
  const head = when.length === 0 ? 'For every order' : `When ${when.join(rule.match === 'all' ? ' and ' : ' or ')}`;
  const actions = rule.actions.map((a) => describeAction(a, names, currency)).join('; ');
  return `${head}: ${actions}${rule.stop ? '; then stop' : ''}`;
}

// ---- evaluation -----------------------------------------------------------------------------------------------------

/** What a label has paid for: a labelled delivery keeps them whatever the rules say. */
const LABEL_TARGETS: ReadonlySet<RuleTarget> = new Set([
  'shipMethod',
  'carrierService',
  'packageType',
  'boxSize',
  'insuredValue',
  'signature',
]);

interface Evaluation {
  facts: OrderFacts;
  current: OrderCurrent;
  names: RuleNames;
  decisions: RuleDecisions;
  /** Targets an earlier rule decided, with `set` or `same`: later rules are overruled on them. */
  claimed: Set<RuleTarget>;
  /** Tags the order has or rules added, compared as conditions compare text. */
  tags: Set<string>;
  noteTexts: Set<string>;
}

/** One action's result and, when it decides something, what to record once the whole rule has run without error. */
interface Planned {
  result: RuleActionResult;
  commit?: (e: Evaluation, ruleId: string) => void;
}

const tagKey = (tag: string) => tag.trim().toLowerCase();

/**
 * Why an action may not decide its target, if it may not: a labelled delivery, a person's hand, an earlier rule.
 * `claimedHere` holds what earlier actions of the same rule decided, so a rule that sets a field twice (validation
 * refuses it) still lets its first action win.
 */
function blocked(e: Evaluation, claimedHere: Set<RuleTarget>, target: RuleTarget): RuleActionResult['outcome'] | null {
  if (e.current.labelled && LABEL_TARGETS.has(target)) return 'labelled';
  if (e.current.handSet.has(target)) return 'kept';
  if (e.claimed.has(target) || claimedHere.has(target)) return 'overruled';
  return null;
}

/** The outcome of one non-additive action; `record` puts its value in the decisions once the rule is through. */
function decide(
  e: Evaluation,
  claimedHere: Set<RuleTarget>,
  target: RuleTarget,
  value: string,
  before: string | null,
  same: boolean,
  record: (d: RuleDecisions, ruleId: string) => void,
): Planned {
  const outcome = blocked(e, claimedHere, target) ?? (same ? 'same' : 'set');
  const result: RuleActionResult = { target, value, before, outcome };
  if (outcome !== 'same' && outcome !== 'set') return { result };
  claimedHere.add(target);
  return {
    result,
    commit: (ev, ruleId) => {
      ev.claimed.add(target);
      if (outcome === 'same') return;
      ev.decisions.decidedBy[target] = ruleId;
      record(ev.decisions, ruleId);
    },
  };
}

function plan(e: Evaluation, claimedHere: Set<RuleTarget>, here: Set<string>, action: RuleAction): Planned {
  const { facts, current, names } = e;
  const money = (n: number) => moneyWords(n, facts.currency);
  switch (action.type) {
    case 'setShipMethod': {
      const id = action.shipMethodId;
      const before = current.shipMethodId === null ? null : methodWords(names, current.shipMethodId);
      return decide(e, claimedHere, 'shipMethod', methodWords(names, id), before, current.shipMethodId === id, (d) => {
        d.shipMethodId = id;
      });
    }
    case 'setCarrierService': {
      const { carrier, serviceCode } = action;
      const before =
        current.carrier && current.carrierMethod ? serviceWords(current.carrier, current.carrierMethod) : null;
      const same = current.carrier === carrier && current.carrierMethod === serviceCode;
      return decide(e, claimedHere, 'carrierService', serviceWords(carrier, serviceCode), before, same, (d) => {
        d.carrierService = { carrier, serviceCode };
      });
    }
    case 'cheapestService': {
      const { services, withinDays } = action;
      const before =
        current.carrier && current.carrierMethod ? serviceWords(current.carrier, current.carrierMethod) : null;
      const value = cheapestWords(services, withinDays);
      return decide(e, claimedHere, 'carrierService', value, before, false, (d, ruleId) => {
        d.carrierService = { cheapest: { services, ...(withinDays ? { withinDays } : {}), ruleId } };
      });
    }
    case 'setBox': {
      const id = action.boxSizeId;
      const before = current.boxSizeId === null ? null : boxWords(names, current.boxSizeId);
      return decide(e, claimedHere, 'boxSize', boxWords(names, id), before, current.boxSizeId === id, (d) => {
        d.boxSizeId = id;
      });
    }
    case 'setPackageType': {
      const { carrier, packageType } = action;
      const before = current.packageType === null ? null : packageWords(current.carrier, current.packageType);
      const same = current.packageType === packageType && current.carrier === carrier;
      return decide(e, claimedHere, 'packageType', packageWords(carrier, packageType), before, same, (d) => {
        d.packageType = { carrier, packageType };
      });
    }
    case 'insure': {
      const before = current.insuredValue === null ? null : money(current.insuredValue);
      if (facts.total <= action.above) {
        // Not an insurance decision at all: the order stays as it was and the field free for a later rule.
        const outcome = blocked(e, claimedHere, 'insuredValue');
        const value = before ?? 'not insured';
        if (outcome) return { result: { target: 'insuredValue', value, before, outcome } };
        const message = `total ${money(facts.total)} is not above ${money(action.above)}`;
        return { result: { target: 'insuredValue', value, before, outcome: 'same', message } };
      }
      const total = facts.total;
      return decide(e, claimedHere, 'insuredValue', money(total), before, current.insuredValue === total, (d) => {
        d.insuredValue = total;
      });
    }
    case 'requireSignature': {
      const { kind } = action;
      const before = current.signature === null ? null : signatureWords(current.signature);
      return decide(e, claimedHere, 'signature', signatureWords(kind), before, current.signature === kind, (d) => {
        d.signature = kind;
      });
    }
    case 'holdUntil': {
      const date = action.date ?? dateAfter(facts.orderDate, action.days ?? 0);
      const before = current.holdUntil === null ? null : holdWords(current.holdUntil);
      return decide(e, claimedHere, 'holdUntil', holdWords(date), before, current.holdUntil === date, (d) => {
        d.holdUntil = date;
      });
    }
    case 'addTag':
    case 'addNote': {
      const isTag = action.type === 'addTag';
      const target: RuleTarget = isTag ? 'tags' : 'notes';
      const text = isTag ? action.tag.trim() : action.text;
      const key = isTag ? `t:${tagKey(text)}` : `n:${text}`;
      const value = isTag ? tagWords(text) : noteWords(text);
      const result = (outcome: RuleActionResult['outcome']): RuleActionResult => ({
        target,
        value,
        before: null,
        outcome,
      });
      if (current.handSet.has(target)) return { result: result('kept') };
      const had = isTag ? e.tags.has(tagKey(text)) : e.noteTexts.has(text);
      if (had || here.has(key)) return { result: result('same') };
      here.add(key);
      return {
        result: result('set'),
        commit: (ev, ruleId) => {
          if (isTag) ev.tags.add(tagKey(text));
          else ev.noteTexts.add(text);
          (isTag ? ev.decisions.addTags : ev.decisions.notes).push(text);
          ev.decisions.decidedBy[target] ??= ruleId;
        },
      };
    }
  }
}

/** json-logic-engine throws NaN or `{ type }` objects as well as Errors. */
function errorWords(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'number' && Number.isNaN(error)) return 'a number was expected and the order had none';
  if (error && typeof error === 'object' && 'type' in error) return String(error.type);
  return String(error);
}

/**
 * The words of each condition that did not hold, or null when the rule matches: `all` needs every condition, `any`
 * one, and a rule without conditions always matches. When explaining, every condition of a rule that fails is
 * tested, so the "why" names all that failed, not just the first; without words an `all` rule stops at its first.
 */
function failedConditions(
  compiled: CompiledRule,
  facts: OrderFacts,
  names: RuleNames,
  explain: boolean,
): string[] | null {
  const any = compiled.rule.match === 'any';
  let failed: string[] | null = null;
  for (const condition of compiled.conditions) {
    if (condition.test(facts)) {
      if (any) return null;
    } else {
      failed ??= [];
      if (explain) failed.push(condition.explain(facts, names));
      else if (!any) return failed;
    }
  }
  return failed;
}

export interface EvaluateOptions {
  /**
   * false: leave `failedConditions` empty. Their words are most of the cost of an evaluation, and a caller that keeps
   * the facts can evaluate again for the "why" when someone asks; a failed rule still reads `matched: false`.
   */
  explain?: boolean;
  /** true: report only the rules that matched or failed (what an application stores), not every rule that ran. */
  decidedOnly?: boolean;
}

/**
 * Runs the sets in the order given (the store's set, then the all-stores set) on one order. Never throws for a rule:
 * a condition or action that throws marks that rule's result with `error`, counts as not matched, and the rest runs.
 */
export function evaluateRuleSets(
  sets: readonly CompiledRuleSet[],
  facts: OrderFacts,
  current: OrderCurrent,
  names: RuleNames,
  options: EvaluateOptions = {},
): RuleEvaluation {
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
        failed = failedConditions(compiled, facts, names, explain);
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
