import {
  RULE_TARGET_FIELDS,
  boxWords,
  cheapestWords,
  holdWords,
  methodWords,
  noteWords,
  packageWords,
  serviceWords,
  signatureWords,
  tagWords,
  type Carrier,
  type RuleAction,
  type RuleActionResult,
  type RuleTarget,
  type SignatureKind,
} from '@shipdesk/contract';
import { dateAfter, type OrderCurrent, type OrderFacts, type RuleNames } from './rule-facts.ts';
import { ruleWordsContext } from './rule-words.ts';

/**
 * What one matched rule's actions do to an order under evaluation (rule-engine.ts runs the rules): each action is
 * planned against what earlier rules decided, a labelled delivery and a person's hand, and recorded only once the
 * whole rule has run without error.
 */

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

export interface Evaluation {
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
export interface Planned {
  result: RuleActionResult;
  commit?: (e: Evaluation, ruleId: string) => void;
}

export const tagKey = (tag: string) => tag.trim().toLowerCase();

/**
 * Why an action may not decide its target, if it may not: a labelled delivery, a person's hand, an earlier rule.
 * `claimedHere` holds what earlier actions of the same rule decided, so a rule that sets a field twice (validation
 * refuses it) still lets its first action win.
 */
function blocked(e: Evaluation, claimedHere: Set<RuleTarget>, target: RuleTarget): RuleActionResult['outcome'] | null {
  if (e.current.labelled && RULE_TARGET_FIELDS[target].keptByLabel) return 'labelled';
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

export function plan(e: Evaluation, claimedHere: Set<RuleTarget>, here: Set<string>, action: RuleAction): Planned {
  const { facts, current, names } = e;
  const words = ruleWordsContext(names, facts.currency);
  const money = words.money;
  switch (action.type) {
    case 'setShipMethod': {
      const id = action.shipMethodId;
      const before = current.shipMethodId === null ? null : methodWords(current.shipMethodId, words);
      return decide(e, claimedHere, 'shipMethod', methodWords(id, words), before, current.shipMethodId === id, (d) => {
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
      const before = current.boxSizeId === null ? null : boxWords(current.boxSizeId, words);
      return decide(e, claimedHere, 'boxSize', boxWords(id, words), before, current.boxSizeId === id, (d) => {
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
