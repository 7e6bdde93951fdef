import { describe, expect, it } from 'vitest';
import { HAND_SET_TARGETS, RULE_TARGETS, RULE_TARGET_FIELDS } from './shipping-rules.ts';

describe('rule targets', () => {
  it('are one list, in the order the "why" names them', () => {
    expect(RULE_TARGETS).toEqual([
      'shipMethod',
      'carrierService',
      'packageType',
      'boxSize',
      'insuredValue',
      'signature',
      'holdUntil',
      'tags',
      'notes',
    ]);
  });

  it('mark what a label keeps: what it paid for, never a hold, tags or notes', () => {
    expect(RULE_TARGETS.filter((target) => RULE_TARGET_FIELDS[target].keptByLabel)).toEqual([
      'shipMethod',
      'carrierService',
      'packageType',
      'boxSize',
      'insuredValue',
      'signature',
    ]);
    expect(HAND_SET_TARGETS.every((target) => RULE_TARGETS.includes(target))).toBe(true);
  });
});
