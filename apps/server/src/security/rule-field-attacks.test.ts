import { describe, expect, it } from 'vitest';
import { RULE_FIELD_NAMES, RULE_FIELDS, type RuleCondition } from '@shipdesk/contract';
import { ConditionError } from '../features/shipping-rules/rule-condition-reading.ts';
import { compileCondition } from '../features/shipping-rules/rule-conditions.ts';
import type { OrderFacts } from '../features/shipping-rules/rule-facts.ts';
import { facts } from '../features/shipping-rules/rule-test-kit.ts';
import { backtrackingTexts, CATASTROPHIC_PATTERNS } from '../../test/security/attack-strings.ts';

/**
 * Generated from the contract's rule fields: every field that takes a pattern meets every catastrophic pattern, and
 * every text operator meets texts that make backtracking engines hang, over an order whose every text and list holds
 * them. Each condition is refused with words, or tests an order in well under 50 ms. A rule field added later is
 * covered without a case of its own.
 */
const LIMIT_MS = 50;

/** An order whose every text is `text` and every list holds it twice. */
function factsAll(text: string): OrderFacts {
  const base = facts();
  const filled: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(base)) {
    if (typeof value === 'string') filled[key] = text;
    else if (Array.isArray(value)) filled[key] = [text, text];
  }
  return filled as unknown as OrderFacts;
}

// Growing lengths: a backtracking engine passes the limit long before 200 characters, and the test stops there
// instead of hanging the run.
const evilOrders = [10, 20, 25, 30, 50, 100, 200].flatMap((length) => backtrackingTexts(length).map(factsAll));

const textFields = RULE_FIELD_NAMES.filter((field) => RULE_FIELDS[field].value === 'text');
const patternCases = RULE_FIELD_NAMES.filter((field) =>
  (RULE_FIELDS[field].operators as readonly string[]).includes('matches'),
).flatMap((field) => CATASTROPHIC_PATTERNS.map((pattern) => ({ field, operator: 'matches', value: pattern })));
const textCases = textFields.flatMap((field) =>
  RULE_FIELDS[field].operators
    .filter((operator) => operator !== 'matches' && operator !== 'empty')
    .map((operator) => {
      const text = backtrackingTexts(200)[0]!;
      return { field, operator, value: operator === 'in' || operator === 'notIn' ? [text, text] : text };
    }),
);

/** Compiles the condition: null when it is refused, with words, as the API refuses it. */
function compiled(condition: RuleCondition) {
  try {
    return compileCondition(condition);
  } catch (error) {
    expect(error).toBeInstanceOf(ConditionError);
    expect((error as Error).message.length).toBeGreaterThan(10);
    return null;
  }
}

describe('every rule field against the inputs that stall engines', () => {
  it('covers every field that takes a pattern, and every text field', () => {
    expect(patternCases.length).toBeGreaterThanOrEqual(CATASTROPHIC_PATTERNS.length);
    expect(textCases.length).toBeGreaterThan(0);
  });

  it.each([...patternCases, ...textCases].map((c) => [`${c.field} ${c.operator} ${String(c.value).slice(0, 24)}`, c]))(
    '%s: refused with words, or each order tested at once',
    (_name, condition) => {
      const rule = compiled(condition as RuleCondition);
      if (!rule) return;
      for (const order of evilOrders) {
        const started = performance.now();
        rule.test(order);
        expect(performance.now() - started).toBeLessThan(LIMIT_MS);
      }
    },
  );
});
