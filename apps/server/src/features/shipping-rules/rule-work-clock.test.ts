import { describe, expect, it } from 'vitest';
import type { RuleCondition } from '@shipdesk/contract';
import { evaluateRuleSets, evaluationSteps } from './rule-engine.ts';
import { current, facts, names, rule, set } from './rule-test-kit.ts';
import { RULE_SLICE_MS, RuleTimeout, RuleWorkClock, eachInSlices, inSlices, type Pace } from './rule-work-clock.ts';

/** A slice, and room for a machine whose cores other processes keep busy; the work held alone takes far longer. */
const HELD_AT_MOST = RULE_SLICE_MS + 45;

/** Work that keeps the thread busy for `ms`, asking the pace after each tenth of a millisecond. */
function* busy(ms: number, pace: Pace) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const step = performance.now() + 0.1;
    while (performance.now() < step);
    if (pace.due(16)) yield;
  }
  return ms;
}

/** How long the event loop went without running a waiting callback, at most, while `work` ran. */
async function longestHold(work: Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work.finally(() => {
    running = false;
  });
  return longest;
}

describe('rule work in slices', () => {
  it('gives way to other work every slice and stops at its budget with what it did', async () => {
    const clock = new RuleWorkClock(150);
    const items = Array.from({ length: 100 }, () => 3);
    let outcome: { done: number[]; stopped: boolean } | undefined;
    const held = await longestHold(
      eachInSlices(items, busy, clock).then((result) => {
        outcome = result;
      }),
    );
    expect(outcome!.stopped).toBe(true);
    // 150 ms of 3 ms items: about fifty, the one under way left out.
    expect(outcome!.done.length).toBeGreaterThan(10);
    expect(outcome!.done.length).toBeLessThan(items.length);
    expect(held).toBeLessThan(HELD_AT_MOST);
  });

  it('runs to the end within its budget, and throws RuleTimeout past it', async () => {
    expect(await inSlices(busy(20, new RuleWorkClock(1_000)), new RuleWorkClock(1_000))).toBe(20);
    const clock = new RuleWorkClock(30);
    await expect(inSlices(busy(200, clock), clock)).rejects.toThrow(RuleTimeout);
    expect(clock.usedMs).toBeLessThan(30 + HELD_AT_MOST);
  });

  it('does not count time the work waits for the database', async () => {
    const clock = new RuleWorkClock(40);
    for (let i = 0; i < 4; i++) {
      expect(await inSlices(busy(5, clock), clock)).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(clock.spent).toBe(false);
  });

  it('evaluates in slices exactly as at once, pausing inside an order whose rules take long', async () => {
    const many: RuleCondition[] = Array.from({ length: 50 }, (_, c) => ({
      field: 'sku',
      operator: 'matches',
      value: `(a|b)*z${c}[0-9]{3}$`,
    }));
    const rules = Array.from({ length: 40 }, () => rule({ match: 'any', conditions: many }));
    const sets = [set(rules)];
    const order = facts({ skus: Array.from({ length: 100 }, (_, i) => `ABC-${i}-${'x'.repeat(150)}`) });
    const clock = new RuleWorkClock(10_000);
    const evaluation = inSlices(evaluationSteps(sets, order, current(), names, {}, clock), clock);
    const held = await longestHold(evaluation);
    expect(await evaluation).toEqual(evaluateRuleSets(sets, order, current(), names));
    expect(held).toBeLessThan(HELD_AT_MOST);
  });
});
