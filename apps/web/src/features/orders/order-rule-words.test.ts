import { describe, expect, it } from 'vitest';
import type { RuleActionResult } from '@shipdesk/contract';
import {
  actionTargetWords,
  agoWords,
  dayWords,
  outcomeWords,
  ruleSetWords,
  rulesEventDetails,
  rulesEventName,
  todayIn,
} from './order-rule-words';

const NOW = Date.parse('2025-06-10T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const action = (overrides: Partial<RuleActionResult>): RuleActionResult => ({
  target: 'shipMethod',
  value: 'Express',
  before: null,
  outcome: 'set',
  ...overrides,
});

describe('order rule words', () => {
  it('says how long ago, then the date and time in the tenant zone', () => {
    expect(agoWords(before(10), NOW, 'UTC')).toBe('just now');
    expect(agoWords(before(185), NOW, 'UTC')).toBe('3 min ago');
    expect(agoWords(before(5 * 3600), NOW, 'UTC')).toBe('5 h ago');
    expect(agoWords(before(26 * 3600), NOW, 'UTC')).toBe('1 day ago');
    expect(agoWords(before(3 * 86400), NOW, 'UTC')).toBe('3 days ago');
    expect(agoWords('2025-01-15T17:04:05Z', NOW, 'America/Chicago')).toBe('on 2025-01-15 11:04');
    expect(agoWords('not a date', NOW, 'UTC')).toBe('');
  });

  it("names the rule sets that ran, the store's first", () => {
    const stores = new Map([['9', 'Berlin shop']]);
    expect(ruleSetWords({ all: 4 }, stores)).toBe('rule set All stores v4');
    expect(ruleSetWords({ all: 4, '9': 2 }, stores)).toBe('rule sets Berlin shop v2 and All stores v4');
    expect(ruleSetWords({ '12': 1 }, stores)).toBe('rule set store 12 v1');
    expect(ruleSetWords({}, stores)).toBe('no saved rule set');
  });

  it('names the field an action set unless its words already do', () => {
    expect(actionTargetWords(action({}))).toBe('shipping method → Express');
    expect(actionTargetWords(action({ target: 'insuredValue', value: '$210.00' }))).toBe('insured value → $210.00');
    expect(actionTargetWords(action({ target: 'signature', value: 'adult signature' }))).toBe('adult signature');
    expect(actionTargetWords(action({ target: 'holdUntil', value: 'hold until 2025-12-01' }))).toBe(
      'hold until 2025-12-01',
    );
    expect(actionTargetWords(action({ target: 'boxSize', value: 'box #12' }))).toBe('box #12');
    expect(actionTargetWords(action({ target: 'tags', value: 'tag “vip”' }))).toBe('tag “vip”');
    expect(actionTargetWords(action({ target: 'packageType', value: 'USPS Flat Rate Box' }))).toBe(
      'package type → USPS Flat Rate Box',
    );
    expect(actionTargetWords(action({ target: 'boxSize', value: 'Small mailer' }))).toBe('box → Small mailer');
  });

  it('says what became of each action', () => {
    expect(outcomeWords(action({ before: 'Standard' }))).toEqual({ text: 'set, was Standard', tone: 'success' });
    expect(outcomeWords(action({ outcome: 'same' })).text).toBe('already so, nothing changed');
    expect(
      outcomeWords(action({ target: 'insuredValue', outcome: 'same', message: 'total $50.00 is not above $100.00' }))
        .text,
    ).toBe('not changed: total $50.00 is not above $100.00');
    expect(outcomeWords(action({ outcome: 'overruled' })).text).toBe('overruled by an earlier rule');
    expect(outcomeWords(action({ outcome: 'kept' })).text).toBe('kept: you chose the service by hand');
    expect(outcomeWords(action({ target: 'signature', outcome: 'kept' })).text).toBe(
      'kept: it was set by hand on this order',
    );
    expect(outcomeWords(action({ outcome: 'labelled' })).text).toBe('not changed: the order is labelled');
    expect(outcomeWords(action({ outcome: 'failed', message: 'no rate' }))).toEqual({
      text: 'failed: no rate',
      tone: 'error',
    });
  });

  it('words the timeline details', () => {
    expect(rulesEventDetails({ trigger: 'manual', changed: false })).toEqual([
      'Ran when someone ran the rules',
      'Nothing changed',
    ]);
    expect(rulesEventDetails({})).toEqual([]);
  });

  it("reads hold dates in the tenant's zone", () => {
    expect(todayIn('Pacific/Auckland', Date.parse('2025-06-10T13:00:00Z'))).toBe('2025-06-11');
    expect(todayIn('America/New_York', Date.parse('2025-06-10T03:00:00Z'))).toBe('2025-06-09');
    expect(dayWords('2025-12-01', '2025-06-10')).toBe('Dec 1');
    expect(dayWords('2026-01-05', '2025-06-10')).toBe('Jan 5, 2026');
    expect(dayWords('soon', '2025-06-10')).toBe('soon');
  });
});

describe('rulesEventName', () => {
  it('counts the matched rules the payload does not name', () => {
    expect(rulesEventName({ matched: ['VIP', 'Hazmat', 'Heavy'], matchedCount: 5 })).toBe(
      'Shipping rules applied (VIP, Hazmat, Heavy and 2 more)',
    );
    expect(rulesEventName({ matched: ['VIP', 'Hazmat'] })).toBe('Shipping rules applied (VIP, Hazmat)');
    expect(rulesEventName({ matched: [] })).toBe('Shipping rules ran (no rule matched)');
  });
});
