import { describe, expect, it } from 'vitest';
import { RULE_LIMITS, type RuleAction, type RuleCondition, type ShippingRule } from '@shipdesk/contract';
import { compileRuleSet } from './rule-engine.ts';
import { validateRuleSet, type RuleReferences } from './rule-validation.ts';

const refs: RuleReferences = {
  shipMethodIds: new Set(['1', '2']),
  boxSizeIds: new Set(['7']),
  storeIds: new Set(['5', '6']),
  connectedCarriers: new Set(['usps', 'ups']),
};

const rule = (over: Partial<ShippingRule> = {}): ShippingRule => ({
  id: 'vip',
  name: 'VIP to Express',
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [{ type: 'setShipMethod', shipMethodId: '1' }],
  stop: false,
  ...over,
});

/** The errors of a set whose fourth rule holds the parts given, the first three being valid. */
function errorsOf(over: Partial<ShippingRule>): Record<string, string> {
  const valid = [0, 1, 2].map((n) => rule({ id: `ok${n}`, name: `Fine ${n}` }));
  return validateRuleSet([...valid, rule(over)], refs);
}
const withCondition = (condition: Partial<RuleCondition>) => errorsOf({ conditions: [condition as RuleCondition] });
const withActions = (...actions: unknown[]) => errorsOf({ actions: actions as RuleAction[] });

describe('validateRuleSet', () => {
  it('accepts a set that uses every kind of condition and action well', () => {
    const rules = [
      rule({
        conditions: [
          { field: 'store', operator: 'in', value: ['5', 6] },
          { field: 'requestedService', operator: 'matches', value: '^next day' },
          { field: 'requestedService', operator: 'empty' },
          { field: 'country', operator: 'notIn', value: ['us'] },
          { field: 'weight', operator: 'between', value: [0, 907] },
          { field: 'residential', operator: 'is', value: true },
          { field: 'hazardClass', operator: 'in', value: ['LITHIUM_METAL'] },
          { field: 'orderDate', operator: 'between', value: ['2026-11-27', '2026-12-31'] },
          { field: 'orderWeekday', operator: 'in', value: ['sat', 'SUN'] },
          { field: 'orderTime', operator: 'after', value: '23:59' },
        ],
        actions: [
          { type: 'setShipMethod', shipMethodId: '1' },
          { type: 'setBox', boxSizeId: '7' },
          { type: 'setPackageType', carrier: 'usps', packageType: 'FLAT_RATE_ENVELOPE' },
          { type: 'insure', above: 0 },
          { type: 'requireSignature', kind: 'adult' },
          { type: 'holdUntil', days: 2 },
          { type: 'addTag', tag: 'vip' },
          { type: 'addTag', tag: 'express' },
          { type: 'addNote', text: 'Check the address' },
        ],
      }),
      rule({ id: 'local', actions: [{ type: 'setCarrierService', carrier: 'local', serviceCode: 'LOCAL_SAME_DAY' }] }),
      rule({
        id: 'cheap',
        actions: [
          {
            type: 'cheapestService',
            services: [
              { carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
              { carrier: 'ups', serviceCode: '03' },
            ],
            withinDays: 3,
          },
        ],
      }),
    ];
    expect(validateRuleSet(rules, refs)).toEqual({});
    expect(() => compileRuleSet({ scope: 'all', version: 1, rules })).not.toThrow();
  });

  it('refuses an operator the field does not take', () => {
    expect(withCondition({ field: 'state', operator: 'gt', value: 1 })).toEqual({
      'rules[3].conditions[0].operator': 'Rule 4 “VIP to Express”: "gt" does not apply to ship-to state; use in, notIn',
    });
  });

  it('refuses a field it does not know', () => {
    expect(withCondition({ field: 'colour' as never, operator: 'in', value: ['red'] })).toEqual({
      'rules[3].conditions[0].field': 'Rule 4 “VIP to Express”: unknown field "colour"',
    });
  });

  it.each([
    [
      'a single value where a list is asked',
      { field: 'state', operator: 'in', value: 'CA' },
      'a list of at least one value is needed',
    ],
    ['an empty list', { field: 'tags', operator: 'hasAny', value: [] }, 'a list of at least one value is needed'],
    [
      'a list too long',
      { field: 'sku', operator: 'in', value: Array.from({ length: RULE_LIMITS.listValues + 1 }, (_, i) => `S${i}`) },
      `the list has more than ${RULE_LIMITS.listValues} values`,
    ],
    ['a blank text in a list', { field: 'category', operator: 'in', value: ['Toys', ' '] }, 'a text is needed'],
    [
      'a list where one text is asked',
      { field: 'requestedService', operator: 'eq', value: ['Express'] },
      'a text is needed',
    ],
    ['a negative number', { field: 'weight', operator: 'gt', value: -1 }, 'a number of 0 or more is needed'],
    [
      'a number that is not finite',
      { field: 'total', operator: 'lt', value: Number.POSITIVE_INFINITY },
      'a number of 0 or more is needed',
    ],
    ['a pair of three', { field: 'weight', operator: 'between', value: [1, 2, 3] }, 'a pair [from, to] is needed'],
    ['a pair the wrong way round', { field: 'itemCount', operator: 'between', value: [5, 2] }, '"from" is after "to"'],
    [
      'a date that does not exist',
      { field: 'orderDate', operator: 'before', value: '2026-02-30' },
      'a real date YYYY-MM-DD is needed',
    ],
    [
      'a time past the day',
      { field: 'orderTime', operator: 'before', value: '24:00' },
      'a time HH:MM from 00:00 to 23:59 is needed',
    ],
    [
      'a weekday that is none',
      { field: 'orderWeekday', operator: 'in', value: ['sat', 'funday'] },
      '"funday" is not a weekday (mon-sun)',
    ],
    [
      'a text where true or false is asked',
      { field: 'residential', operator: 'is', value: 'yes' },
      'true or false is needed',
    ],
    [
      'a country code of three letters',
      { field: 'country', operator: 'in', value: ['USA'] },
      '"USA" is not a two-letter country code',
    ],
    [
      'a hazard class unknown',
      { field: 'hazardClass', operator: 'in', value: ['PLUTONIUM'] },
      'unknown hazard class "PLUTONIUM"',
    ],
    ['a value for empty', { field: 'requestedService', operator: 'empty', value: 'x' }, '"empty" takes no value'],
    [
      'a pattern with a back-reference, which RE2 cannot run',
      { field: 'sku', operator: 'matches', value: '^(a)\\1$' },
      'the pattern uses a back-reference (\\1), which rules do not support',
    ],
    [
      'a pattern with a look-ahead, which RE2 cannot run',
      { field: 'sku', operator: 'matches', value: '^bat(?!-x)' },
      'the pattern uses look-ahead or look-behind',
    ],
    [
      'a pattern too large once its repetitions are written out',
      { field: 'sku', operator: 'matches', value: '(ab){0,600}' },
      "the pattern's repetitions are too large",
    ],
    [
      'a pattern that does not compile',
      { field: 'postalCode', operator: 'matches', value: '(9' },
      'the pattern is not a valid regular expression',
    ],
    [
      'a pattern too long',
      { field: 'requestedService', operator: 'matches', value: 'a'.repeat(RULE_LIMITS.pattern + 1) },
      `the pattern is longer than ${RULE_LIMITS.pattern} characters`,
    ],
    ['a store of another tenant', { field: 'store', operator: 'notIn', value: ['5', '42'] }, 'unknown store 42'],
  ])('refuses %s', (_, condition, message) => {
    const errors = withCondition(condition as Partial<RuleCondition>);
    expect(Object.keys(errors)).toEqual(['rules[3].conditions[0].value']);
    expect(errors['rules[3].conditions[0].value']).toContain(`Rule 4 “VIP to Express”: ${message}`);
  });

  it('refuses two rules with one id, naming the second', () => {
    const errors = validateRuleSet([rule({ name: 'First' }), rule({ id: 'other' }), rule({ name: 'Copy' })], refs);
    expect(errors).toEqual({ 'rules[2].id': 'Rule 3 “Copy”: the id "vip" is also rule 1\'s' });
  });

  it('refuses more rules than a set holds', () => {
    const rules = Array.from({ length: RULE_LIMITS.rules + 1 }, (_, i) => rule({ id: `r${i}` }));
    expect(validateRuleSet(rules, refs)).toEqual({
      rules: `A rule set holds at most ${RULE_LIMITS.rules} rules; this one has ${RULE_LIMITS.rules + 1}`,
    });
  });

  it('refuses too many conditions and a rule without actions', () => {
    const many = Array.from({ length: RULE_LIMITS.conditionsPerRule + 1 }, () => ({
      field: 'hazardous',
      operator: 'is',
      value: true,
    }));
    expect(Object.keys(errorsOf({ conditions: many as RuleCondition[] }))).toEqual(['rules[3].conditions']);
    expect(errorsOf({ actions: [] })).toEqual({
      'rules[3].actions': `Rule 4 “VIP to Express”: a rule needs 1 to ${RULE_LIMITS.actionsPerRule} actions; this one has 0`,
    });
  });

  it.each([
    [
      'a shipping method of another tenant',
      { type: 'setShipMethod', shipMethodId: '42' },
      'shipMethodId',
      'unknown shipping method 42',
    ],
    ['a box unknown', { type: 'setBox', boxSizeId: '8' }, 'boxSizeId', 'unknown box 8'],
    [
      'a carrier not connected',
      { type: 'setCarrierService', carrier: 'fedex', serviceCode: 'FEDEX_GROUND' },
      'carrier',
      'carrier FedEx is not connected',
    ],
    [
      'a carrier that is none',
      { type: 'setCarrierService', carrier: 'dhl', serviceCode: 'X' },
      'carrier',
      'unknown carrier "dhl"',
    ],
    [
      'a service the carrier does not sell',
      { type: 'setCarrierService', carrier: 'usps', serviceCode: '03' },
      'serviceCode',
      'USPS has no service "03"',
    ],
    [
      'a package type the carrier lacks',
      { type: 'setPackageType', carrier: 'ups', packageType: 'FLAT_RATE_ENVELOPE' },
      'packageType',
      'UPS has no package type "FLAT_RATE_ENVELOPE"',
    ],
    [
      'a hold date that does not exist',
      { type: 'holdUntil', date: '2026-13-01' },
      'date',
      '2026-13-01 is not a real date YYYY-MM-DD',
    ],
    [
      'a hold of too many days',
      { type: 'holdUntil', days: 400 },
      'days',
      'the days must be a whole number from 1 to 365',
    ],
    ['a negative amount to insure above', { type: 'insure', above: -5 }, 'above', 'the amount must be 0 or more'],
    ['an unknown signature', { type: 'requireSignature', kind: 'wet' }, 'kind', 'unknown signature "wet"'],
    ['a blank tag', { type: 'addTag', tag: '  ' }, 'tag', 'a tag of 1 to 50 characters is needed'],
    [
      'a note too long',
      { type: 'addNote', text: 'n'.repeat(RULE_LIMITS.note + 1) },
      'text',
      `a note of 1 to ${RULE_LIMITS.note} characters is needed`,
    ],
    [
      'a cheapest service within too many days',
      { type: 'cheapestService', services: [{ carrier: 'usps', serviceCode: 'PRIORITY_MAIL' }], withinDays: 61 },
      'withinDays',
      'the days must be a whole number from 1 to 60',
    ],
  ])('refuses %s', (_, action, part, message) => {
    expect(withActions(action)).toEqual({ [`rules[3].actions[0].${part}`]: `Rule 4 “VIP to Express”: ${message}` });
  });

  it('refuses a hold with both a date and days, or with neither', () => {
    const both = { 'rules[3].actions[0]': 'Rule 4 “VIP to Express”: give either a date or a number of days, not both' };
    expect(withActions({ type: 'holdUntil', date: '2026-12-01', days: 2 })).toEqual(both);
    expect(withActions({ type: 'holdUntil' })).toEqual(both);
  });

  it('refuses a cheapest-service choice naming a service twice or one not sold', () => {
    const errors = withActions({
      type: 'cheapestService',
      services: [
        { carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
        { carrier: 'ups', serviceCode: '99' },
        { carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
      ],
    });
    expect(errors).toEqual({
      'rules[3].actions[0].services[1].serviceCode': 'Rule 4 “VIP to Express”: UPS has no service "99"',
      'rules[3].actions[0].services[2]': 'Rule 4 “VIP to Express”: USPS Priority Mail is listed twice',
    });
  });

  it('refuses a rule that decides one field twice, but not one that adds two tags', () => {
    expect(
      withActions({ type: 'setShipMethod', shipMethodId: '1' }, { type: 'setShipMethod', shipMethodId: '2' }),
    ).toEqual({
      'rules[3].actions[1]': 'Rule 4 “VIP to Express”: action 1 already sets the shipping method',
    });
    const service = { type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' };
    const cheapest = { type: 'cheapestService', services: [{ carrier: 'ups', serviceCode: '03' }] };
    expect(withActions({ type: 'addTag', tag: 'a' }, service, cheapest)).toEqual({
      'rules[3].actions[2]': 'Rule 4 “VIP to Express”: action 2 already sets the carrier service',
    });
    expect(
      withActions({ type: 'addTag', tag: 'a' }, { type: 'addTag', tag: 'b' }, { type: 'addNote', text: 'c' }),
    ).toEqual({});
  });

  it('takes the built-in carrier as connected even when the references leave it out', () => {
    expect(withActions({ type: 'setCarrierService', carrier: 'local', serviceCode: 'LOCAL_PICKUP' })).toEqual({});
  });
});
