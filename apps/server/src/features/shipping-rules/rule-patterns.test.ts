import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleCondition, RuleDryRun } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';
import { ConditionError, PATTERN_WEIGHT_MAX, patternWeight, safePattern } from './rule-condition-reading.ts';
import { compileCondition } from './rule-conditions.ts';
import { facts } from './rule-test-kit.ts';
import { backtrackingTexts, CATASTROPHIC_PATTERNS } from '../../../test/security/attack-strings.ts';

/**
 * Patterns run on RE2: whatever the pattern, a test's time grows with the text, never with the pattern's ways to
 * backtrack. The catastrophic patterns of the security review and the classics are each refused with words or run in
 * linear time on the texts that made backtracking engines hang.
 */
const CATASTROPHIC = CATASTROPHIC_PATTERNS;
const evil = backtrackingTexts;

const timeOf = (test: () => unknown): number => {
  const started = performance.now();
  test();
  return performance.now() - started;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Whether the pattern holds for the text, as a rule's condition on the requested service tests it. */
const holdsFor = (pattern: string) => {
  const condition: RuleCondition = { field: 'requestedService', operator: 'matches', value: pattern };
  const { test } = compileCondition(condition);
  return (text: string) => test(facts({ requestedService: text }));
};

describe('patterns on RE2', () => {
  it.each(CATASTROPHIC)('refuses %s with words, or runs it in linear time', (pattern) => {
    let holds: (text: string) => unknown;
    try {
      holds = holdsFor(pattern);
    } catch (error) {
      expect(error).toBeInstanceOf(ConditionError);
      expect((error as ConditionError).part).toBe('value');
      expect((error as Error).message).toMatch(/^the (pattern|repetition)\b/);
      return;
    }
    // Growing texts: a backtracking engine passes 50 ms long before 200 characters, and the test stops there.
    for (const length of [10, 20, 25, 30, 50, 100, 200]) {
      for (const text of evil(length))
        expect(
          timeOf(() => holds(text)),
          `${length} characters`,
        ).toBeLessThan(50);
    }
    const timing = (length: number) =>
      median(evil(length).flatMap((text) => [1, 2, 3].map(() => timeOf(() => holds(text)))));
    expect(timing(200)).toBeLessThan(4 * timing(100) + 1);
  });

  it('keeps the case-insensitive matching and the first 200 characters', () => {
    expect(holdsFor('^next DAY')('Next Day Air')).toBe(true);
    expect(holdsFor('^(1z|ups)\\d{3}$')('1Z123')).toBe(true);
    expect(holdsFor('z$')(`${'a'.repeat(199)}Z`)).toBe(true);
    expect(holdsFor('z$')(`${'a'.repeat(200)}Z`)).toBe(false);
  });

  it.each([
    ['^(a)\\1$', 'the pattern uses a back-reference (\\1), which rules do not support'],
    ['(?<n>a)\\k<n>', 'the pattern uses a back-reference (\\k), which rules do not support'],
    ['^bat(?=-)', 'the pattern uses look-ahead or look-behind ((?=, (?!, (?<=, (?<!), which rules do not support'],
    ['(?<!x)bat', 'the pattern uses look-ahead or look-behind ((?=, (?!, (?<=, (?<!), which rules do not support'],
    ['a{1001}', "the pattern's repetitions are too large"],
    ['(ab{500}){2}', "the pattern's repetitions are too large"],
    ['\\u00e9', 'write a character by its code as \\x{00e9}, not \\u00e9'],
    ['(9', 'the pattern is not a valid regular expression (missing closing )'],
  ])('refuses %s: %s', (pattern, message) => {
    expect(() => safePattern(pattern)).toThrow(message);
  });

  it('weighs a pattern at least as RE2 builds it, before compiling it', () => {
    for (const pattern of [
      '(.*a){20}',
      '[a-z0-9]{1,200}',
      '^(1z|ups)\\d{10,18}$',
      '\\p{Greek}{3}x',
      '(?:ab|cd){0,90}',
    ]) {
      expect(patternWeight(pattern), pattern).toBeGreaterThanOrEqual(safePattern(pattern).programSize() - 3);
    }
    expect(patternWeight('.{0,1000}'.repeat(22))).toBeGreaterThan(PATTERN_WEIGHT_MAX);
    expect(patternWeight('\\x{1F600}{2}')).toBeLessThan(10);
  });
});

describe.each(backends)('patterns through the dry-run route ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // The review's order: one manual order whose requested service is 31 a's and a '#'.
    await createOrder(t, tenant, { requestedShippingMethod: `${'a'.repeat(31)}#` });
  });
  afterAll(() => t?.close());

  it.each(CATASTROPHIC)('answers a dry run of %s at once: evaluated, or refused naming the field', async (pattern) => {
    const started = performance.now();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/call/shippingRuleSet/all/dryRun',
      headers: await t.auth(tenant),
      payload: {
        limit: 1,
        rules: [
          {
            id: 'r',
            name: 'r',
            enabled: true,
            match: 'all',
            stop: false,
            conditions: [{ field: 'requestedService', operator: 'matches', value: pattern }],
            actions: [{ type: 'addTag', tag: 'x' }],
          },
        ],
      },
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    if (answer.statusCode === 400) {
      const errors = answer.json().errors as Record<string, string>;
      expect(errors['rules[0].conditions[0].value']).toMatch(/^Rule 1 “r”: the (pattern|repetition)\b/);
      return;
    }
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().data as RuleDryRun;
    expect(result).toMatchObject({ evaluated: 1, failed: [] });
    expect(result.stopped).toBeUndefined();
  });
});
