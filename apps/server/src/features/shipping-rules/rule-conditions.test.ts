import { describe, expect, it } from 'vitest';
import { RULE_FIELDS, type RuleCondition } from '@shipdesk/contract';
import type { OrderFacts } from './rule-facts.ts';
import { evaluateRuleSets } from './rule-engine.ts';
import { current, facts, names, rule, run, set } from './rule-test-kit.ts';

const holds = (condition: RuleCondition, f: OrderFacts) =>
  run([rule({ conditions: [condition] })], f).rules[0]!.matched;

type Case = [
  field: RuleCondition['field'],
  operator: RuleCondition['operator'],
  value: unknown,
  yes: Partial<OrderFacts>,
  no: Partial<OrderFacts>,
];

/** Every operator of every field, with an order it holds for and one it does not. */
const CASES: Case[] = [
  ['store', 'in', ['5', 6], { storeId: '6' }, { storeId: null }],
  ['store', 'notIn', ['5'], { storeId: null }, { storeId: '5' }],
  ['requestedService', 'eq', 'express', { requestedService: ' EXPRESS ' }, { requestedService: 'Express Plus' }],
  ['requestedService', 'ne', 'express', { requestedService: null }, { requestedService: 'Express' }],
  ['requestedService', 'in', ['Next Day', 'Express'], { requestedService: 'next day' }, { requestedService: null }],
  ['requestedService', 'notIn', ['Express'], { requestedService: 'Ground' }, { requestedService: 'express' }],
  ['requestedService', 'contains', 'PRESS', { requestedService: 'Express' }, { requestedService: 'Ground' }],
  [
    'requestedService',
    'startsWith',
    ['ups', 'fedex'],
    { requestedService: 'FedEx 2Day' },
    { requestedService: 'USPS' },
  ],
  ['requestedService', 'matches', '^(next|2nd) day', { requestedService: 'Next Day Air' }, { requestedService: 'Day' }],
  ['requestedService', 'empty', undefined, { requestedService: '   ' }, { requestedService: 'Ground' }],
  ['country', 'in', ['CA', 'MX'], { country: 'CA' }, { country: null }],
  ['country', 'notIn', ['US'], { country: 'CA' }, { country: null }],
  ['state', 'in', ['ak', 'HI'], { state: 'AK' }, { state: 'CA' }],
  ['state', 'notIn', ['AK', 'HI'], { state: 'CA' }, { state: 'hi' }],
  ['postalCode', 'startsWith', ['995', '996'], { postalCode: '99501' }, { postalCode: null }],
  ['postalCode', 'notStartsWith', ['995'], { postalCode: '90210' }, { postalCode: null }],
  ['postalCode', 'matches', '^9\\d{4}$', { postalCode: '90210' }, { postalCode: '10001' }],
  ['residential', 'is', true, { residential: true }, { residential: null }],
  ['residential', 'is', false, { residential: false }, { residential: true }],
  ['weight', 'gt', 907, { weight: 908 }, { weight: 907 }],
  ['weight', 'gte', 907, { weight: 907 }, { weight: 906 }],
  ['weight', 'lt', 907, { weight: 906 }, { weight: 907 }],
  ['weight', 'lte', 907, { weight: 907 }, { weight: 908 }],
  ['weight', 'between', [100, 200], { weight: 200 }, { weight: 201 }],
  ['longestSide', 'gt', 24, { longestSide: 25 }, { longestSide: null }],
  ['longestSide', 'gte', 24, { longestSide: 24 }, { longestSide: 23 }],
  ['longestSide', 'lt', 24, { longestSide: 23 }, { longestSide: null }],
  ['longestSide', 'lte', 24, { longestSide: 24 }, { longestSide: 25 }],
  ['longestSide', 'between', [10, 20], { longestSide: 10 }, { longestSide: 9.9 }],
  ['girth', 'gt', 50, { girth: 51 }, { girth: 50 }],
  ['girth', 'gte', 50, { girth: 50 }, { girth: null }],
  ['girth', 'lt', 50, { girth: 49 }, { girth: null }],
  ['girth', 'lte', 50, { girth: 50 }, { girth: 51 }],
  ['girth', 'between', [40, 60], { girth: 60 }, { girth: null }],
  ['total', 'gt', 20000, { total: 20001 }, { total: 20000 }],
  ['total', 'gte', 20000, { total: 20000 }, { total: 19999 }],
  ['total', 'lt', 20000, { total: 0 }, { total: 20000 }],
  ['total', 'lte', 20000, { total: 20000 }, { total: 20001 }],
  ['total', 'between', [5000, 10000], { total: 5000 }, { total: 10001 }],
  ['itemCount', 'eq', 1, { itemCount: 1 }, { itemCount: 2 }],
  ['itemCount', 'gt', 1, { itemCount: 2 }, { itemCount: 1 }],
  ['itemCount', 'gte', 2, { itemCount: 2 }, { itemCount: 1 }],
  ['itemCount', 'lt', 2, { itemCount: 1 }, { itemCount: 2 }],
  ['itemCount', 'lte', 2, { itemCount: 2 }, { itemCount: 3 }],
  ['itemCount', 'between', [2, 4], { itemCount: 4 }, { itemCount: 5 }],
  ['sku', 'in', ['bat-1', 'LIQ-9'], { skus: ['X', 'BAT-1'] }, { skus: ['BAT-10'] }],
  ['sku', 'notIn', ['BAT-1'], { skus: ['X'] }, { skus: ['X', 'bat-1'] }],
  ['sku', 'contains', 'ATT', { skus: ['A', 'BATTERY-2'] }, { skus: ['BAT'] }],
  ['sku', 'startsWith', ['bat-', 'liq-'], { skus: ['A', 'LIQ-1'] }, { skus: ['A-BAT-1'] }],
  ['sku', 'matches', '^bat-\\d+$', { skus: ['BAT-12'] }, { skus: ['BAT-12X'] }],
  ['category', 'in', ['toys', 'Games'], { categories: ['Games'] }, { categories: [] }],
  ['category', 'notIn', ['Toys'], { categories: [] }, { categories: ['Books', 'toys'] }],
  ['hazardous', 'is', true, { hazardous: true }, { hazardous: false }],
  ['hazardous', 'is', false, { hazardous: false }, { hazardous: true }],
  ['hazardClass', 'in', ['LITHIUM_ION_LOOSE'], { hazardClasses: ['LITHIUM_ION_LOOSE'] }, { hazardClasses: [] }],
  ['hazardClass', 'notIn', ['LITHIUM_METAL'], { hazardClasses: [] }, { hazardClasses: ['LITHIUM_METAL'] }],
  ['tags', 'hasAny', ['VIP', 'wholesale'], { tags: ['vip'] }, { tags: ['repeat'] }],
  ['tags', 'hasAll', ['vip', 'wholesale'], { tags: ['Wholesale', 'VIP', 'x'] }, { tags: ['vip'] }],
  ['tags', 'hasNone', ['vip'], { tags: [] }, { tags: ['VIP'] }],
  ['orderDate', 'before', '2026-12-01', { orderDate: '2026-11-30' }, { orderDate: '2026-12-01' }],
  ['orderDate', 'after', '2026-12-01', { orderDate: '2026-12-02' }, { orderDate: '2026-12-01' }],
  ['orderDate', 'between', ['2026-11-27', '2026-11-30'], { orderDate: '2026-11-30' }, { orderDate: '2026-12-01' }],
  ['orderWeekday', 'in', ['sat', 'sun'], { orderWeekday: 'sun' }, { orderWeekday: 'mon' }],
  ['orderWeekday', 'notIn', ['sat', 'sun'], { orderWeekday: 'fri' }, { orderWeekday: 'sat' }],
  ['orderTime', 'before', '14:00', { orderTime: '13:59' }, { orderTime: '14:00' }],
  ['orderTime', 'after', '14:00', { orderTime: '14:01' }, { orderTime: '14:00' }],
  ['orderTime', 'between', ['09:00', '17:00'], { orderTime: '09:00' }, { orderTime: '17:01' }],
];

describe('conditions', () => {
  it.each(CASES)('%s %s %j holds for one order and not another', (field, operator, value, yes, no) => {
    const condition = { field, operator, ...(value === undefined ? {} : { value }) } as RuleCondition;
    expect(holds(condition, facts(yes))).toBe(true);
    expect(holds(condition, facts(no))).toBe(false);
  });

  it('tests each operator the contract lists for a field', () => {
    const covered = new Set(CASES.map(([field, operator]) => `${field} ${operator}`));
    const listed = Object.entries(RULE_FIELDS).flatMap(([field, def]) => def.operators.map((op) => `${field} ${op}`));
    expect(listed.filter((pair) => !covered.has(pair))).toEqual([]);
  });

  it('matches a pattern against the first 200 characters of a text only', () => {
    const condition: RuleCondition = { field: 'requestedService', operator: 'matches', value: 'z$' };
    expect(holds(condition, facts({ requestedService: `${'a'.repeat(150)}Z` }))).toBe(true);
    expect(holds(condition, facts({ requestedService: `${'a'.repeat(250)}Z` }))).toBe(false);
  });

  it('runs a rule with `any` when one condition holds, and one without conditions always', () => {
    const state: RuleCondition = { field: 'state', operator: 'in', value: ['AK'] };
    const weight: RuleCondition = { field: 'weight', operator: 'gt', value: 100 };
    const result = run([rule({ match: 'any', conditions: [state, weight] }), rule({ conditions: [state, weight] })]);
    expect(result.rules.map((r) => r.matched)).toEqual([true, false]);
    expect(run([rule({ conditions: [] })]).rules[0]!.matched).toBe(true);
  });
});

describe('plain words', () => {
  it('says what the order had for every condition that did not hold', () => {
    const result = run(
      [
        rule({
          conditions: [
            { field: 'state', operator: 'in', value: ['AK', 'HI'] },
            { field: 'weight', operator: 'gt', value: 907 },
            { field: 'total', operator: 'gte', value: 20000 },
            { field: 'store', operator: 'notIn', value: ['5'] },
            { field: 'sku', operator: 'startsWith', value: ['BAT-'] },
            { field: 'longestSide', operator: 'gt', value: 10 },
            { field: 'requestedService', operator: 'eq', value: 'Express' },
            { field: 'tags', operator: 'hasAll', value: ['vip', 'repeat'] },
            { field: 'residential', operator: 'is', value: false },
            { field: 'orderTime', operator: 'after', value: '12:00' },
          ],
        }),
      ],
      facts({ longestSide: null }),
    );
    expect(result.rules[0]!.failedConditions).toEqual([
      'ship-to state is CA, not one of AK, HI',
      'weight 1.2 lb is not over 2 lb',
      'order total $120.00 is not at least $200.00',
      'store is Shopify US, one of Shopify US',
      'no SKU starts with any of “BAT-” (SKUs: “ABC-1”, “XYZ-2”)',
      'longest side is unknown',
      'requested service is “Standard”, not “Express”',
      'tags lack “vip” (tags: “repeat”)',
      'the ship-to address is residential',
      'order time 10:30 is not after 12:00',
    ]);
  });

  it('says weights and sizes in the tenant’s units when its names carry them, each run anew', () => {
    const rules = [
      rule({
        conditions: [
          { field: 'weight', operator: 'gt', value: 907 },
          { field: 'longestSide', operator: 'gt', value: 22.5 },
        ],
      }),
    ];
    const compiled = [set(rules)];
    const words = (units?: 'imperial' | 'metric') =>
      evaluateRuleSets(compiled, facts(), current(), { ...names, units }).rules[0]!.failedConditions;
    expect(words('metric')).toEqual(['weight 544 g is not over 907 g', 'longest side 30.5 cm is not over 57.2 cm']);
    expect(words('imperial')).toEqual([
      'weight 1 lb 3.2 oz is not over 2 lb',
      'longest side 12 in is not over 22.5 in',
    ]);
    expect(words()).toEqual(['weight 1.2 lb is not over 2 lb', 'longest side 12 in is not over 22.5 in']);
  });
});
