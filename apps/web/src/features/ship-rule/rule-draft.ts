import type { ShippingRule } from '@shipdesk/contract';
import { newRuleId } from './rule-form';

/** The draft's list operations: each returns a new list, the one it was given untouched. */

export function moveRule(rules: readonly ShippingRule[], from: number, to: number): ShippingRule[] {
  const next = [...rules];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A copy of the rule right after it, with an id of its own and "(copy)" in its name. */
export function duplicateRule(rules: readonly ShippingRule[], index: number): ShippingRule[] {
  const rule = rules[index];
  if (!rule) return [...rules];
  const name = `${rule.name} (copy)`.slice(0, 100);
  const copy: ShippingRule = structuredClone({ ...rule, id: newRuleId(), name });
  return [...rules.slice(0, index + 1), copy, ...rules.slice(index + 1)];
}

export function removeRule(rules: readonly ShippingRule[], id: string): ShippingRule[] {
  return rules.filter((rule) => rule.id !== id);
}

/** The edited rule in its place, or at the end when it is new. */
export function putRule(rules: readonly ShippingRule[], rule: ShippingRule): ShippingRule[] {
  const index = rules.findIndex((r) => r.id === rule.id);
  if (index < 0) return [...rules, rule];
  return rules.map((r, i) => (i === index ? rule : r));
}

export function setEnabled(rules: readonly ShippingRule[], id: string, enabled: boolean): ShippingRule[] {
  return rules.map((rule) => (rule.id === id ? { ...rule, enabled } : rule));
}

/** JSON with object keys sorted, so two equal rules compare equal whoever built them. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export function sameRules(a: readonly ShippingRule[], b: readonly ShippingRule[]): boolean {
  return a === b || stableJson(a) === stableJson(b);
}
