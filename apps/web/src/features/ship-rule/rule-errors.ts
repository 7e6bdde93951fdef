import type { ShippingRule } from '@shipdesk/contract';

/**
 * A refused save's `errors` (field path -> message) sorted by rule. Paths come as `rules[3].conditions[1].value`,
 * `rules.3.conditions.1.value` or `/rules/3/conditions/1/value`; the index is of the rules as they were sent, so it
 * is turned into the rule's id at once and the message stays with its rule when the list is reordered.
 */
export interface SaveErrors {
  /** Rule id -> path inside the rule (`conditions.1.value`, `name`, `` for the rule itself) -> message. */
  byRule: Record<string, Record<string, string>>;
  /** What names no rule (the set's size, its version). */
  general: string[];
}

export const NO_SAVE_ERRORS: SaveErrors = { byRule: {}, general: [] };

/** `rules[3].conditions[1].value` and its other spellings as `rules.3.conditions.1.value`. */
function normalisePath(key: string): string {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+/, '')
    .replace(/\.{2,}/g, '.');
}

/** Schema messages repeat their path ("rules.3.name must NOT have fewer than 1 characters"): people get the rest. */
function readable(key: string, message: string): string {
  for (const prefix of [key, normalisePath(key)]) {
    if (message.startsWith(`${prefix} `)) {
      const rest = message.slice(prefix.length + 1);
      return `${rest[0]!.toUpperCase()}${rest.slice(1)}`;
    }
  }
  return message;
}

export function ruleErrors(errors: Readonly<Record<string, string>>, sent: readonly ShippingRule[]): SaveErrors {
  const out: SaveErrors = { byRule: {}, general: [] };
  for (const [key, raw] of Object.entries(errors)) {
    const message = readable(key, raw);
    const match = /^rules\.(\d+)(?:\.(.*))?$/.exec(normalisePath(key));
    const rule = match ? sent[Number(match[1])] : undefined;
    if (!match || !rule) {
      out.general.push(message);
      continue;
    }
    const path = match[2] ?? '';
    const messages = (out.byRule[rule.id] ??= {});
    messages[path] = messages[path] ? `${messages[path]}; ${message}` : message;
  }
  return out;
}
