import { actionsSentence, conditionsSentence, type RuleWordsContext, type ShippingRule } from '@shipdesk/contract';
import { stableJson } from './rule-draft';
import { EMPTY_WORDS_CONTEXT } from './rule-words';

/**
 * What differs between two lists of rules (a saved version and the draft), rule by rule through their ids: rules
 * only the second has (added), only the first has (removed), and rules in both whose name, switch, conditions,
 * actions or place changed. A rule counts as moved only when its order among the rules both lists share changed
 * (one rule dragged from the bottom to the top moves; the ones it passed do not).
 */
interface FieldChange {
  label: string;
  before: string;
  after: string;
}

interface RuleChange {
  id: string;
  name: string;
  /** 1-based position in the second list. */
  position: number;
  fields: FieldChange[];
}

export interface RulesDiff {
  added: Array<{ rule: ShippingRule; position: number }>;
  removed: Array<{ rule: ShippingRule; position: number }>;
  changed: RuleChange[];
  unchanged: number;
}

/** Ids of `a` that keep their relative order in `b` (a longest common subsequence). */
function keptOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i += 1;
      j += 1;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return kept;
}

const onOff = (enabled: boolean) => (enabled ? 'On' : 'Off');

export function diffRules(
  from: readonly ShippingRule[],
  to: readonly ShippingRule[],
  ctx: RuleWordsContext = EMPTY_WORDS_CONTEXT,
): RulesDiff {
  const fromIndex = new Map(from.map((rule, index) => [rule.id, index]));
  const toIndex = new Map(to.map((rule, index) => [rule.id, index]));
  const common = (rules: readonly ShippingRule[], other: Map<string, number>) =>
    rules.filter((rule) => other.has(rule.id)).map((rule) => rule.id);
  const kept = keptOrder(common(from, toIndex), common(to, fromIndex));

  const diff: RulesDiff = { added: [], removed: [], changed: [], unchanged: 0 };
  to.forEach((rule, index) => {
    const at = fromIndex.get(rule.id);
    if (at === undefined) {
      diff.added.push({ rule, position: index + 1 });
      return;
    }
    const old = from[at]!;
    const fields: FieldChange[] = [];
    if (old.name !== rule.name) fields.push({ label: 'Name', before: old.name, after: rule.name });
    if (old.enabled !== rule.enabled) {
      fields.push({ label: 'On or off', before: onOff(old.enabled), after: onOff(rule.enabled) });
    }
    if (stableJson([old.match, old.conditions]) !== stableJson([rule.match, rule.conditions])) {
      fields.push({ label: 'Conditions', before: conditionsSentence(old, ctx), after: conditionsSentence(rule, ctx) });
    }
    if (stableJson([old.actions, old.stop]) !== stableJson([rule.actions, rule.stop])) {
      fields.push({ label: 'Actions', before: actionsSentence(old, ctx), after: actionsSentence(rule, ctx) });
    }
    if (!kept.has(rule.id)) fields.push({ label: 'Position', before: `#${at + 1}`, after: `#${index + 1}` });
    if (fields.length > 0) diff.changed.push({ id: rule.id, name: rule.name, position: index + 1, fields });
    else diff.unchanged += 1;
  });
  from.forEach((rule, index) => {
    if (!toIndex.has(rule.id)) diff.removed.push({ rule, position: index + 1 });
  });
  return diff;
}

export const isEmptyDiff = (diff: RulesDiff) =>
  diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
