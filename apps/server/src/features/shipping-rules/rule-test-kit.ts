import type { ShippingRule } from '@shipdesk/contract';
import { compileRuleSet, evaluateRuleSets, type CompiledRuleSet } from './rule-engine.ts';
import { NOTHING_SET, type OrderCurrent, type OrderFacts, type RuleNames } from './rule-facts.ts';

/** What the shipping-rules tests build orders and rules from: one plain order, changed per test by what it is about. */

export const names: RuleNames = {
  shipMethod: (id) => ({ '1': 'Express', '2': 'Economy' })[id],
  box: (id) => ({ '7': 'Small box' })[id],
  store: (id) => ({ '5': 'Shopify US', '6': 'Etsy' })[id],
};

export const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  storeId: '5',
  requestedService: 'Standard',
  country: 'US',
  state: 'CA',
  postalCode: '90210',
  residential: true,
  weight: 544, // 1.2 lb
  longestSide: 12,
  girth: 20,
  total: 12000,
  currency: 'USD',
  itemCount: 2,
  skus: ['ABC-1', 'XYZ-2'],
  categories: ['Toys'],
  hazardous: false,
  hazardClasses: [],
  tags: ['repeat'],
  orderDate: '2026-11-29',
  orderWeekday: 'sun',
  orderTime: '10:30',
  ...over,
});

export const current = (over: Partial<OrderCurrent> = {}): OrderCurrent => ({ ...NOTHING_SET, ...over });

let ids = 0;
export const rule = (over: Partial<ShippingRule> = {}): ShippingRule => ({
  id: `r${++ids}`,
  name: `Rule ${ids}`,
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [{ type: 'addTag', tag: 'ran' }],
  stop: false,
  ...over,
});
export const set = (rules: ShippingRule[], scope = 'all'): CompiledRuleSet =>
  compileRuleSet({ scope, version: 1, rules });
export const run = (rules: ShippingRule[], f = facts(), c = current()) => evaluateRuleSets([set(rules)], f, c, names);
