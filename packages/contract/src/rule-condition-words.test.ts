import { describe, expect, it } from 'vitest';
import {
  askedWords,
  conditionWords,
  conditionsSentence,
  listWords,
  operatorWords,
  ruleValueShape,
  valueWords,
} from './rule-condition-words.ts';
import { wordsContext } from './rule-words-test-kit.ts';
import type { RuleCondition } from './shipping-rules.ts';

const words = (condition: RuleCondition) => conditionWords(condition, wordsContext);

describe('conditions in plain words', () => {
  it('reads a rule’s conditions as one sentence, joined as the rule matches', () => {
    expect(
      conditionsSentence(
        {
          match: 'all',
          conditions: [
            { field: 'state', operator: 'in', value: ['AK', 'HI'] },
            { field: 'weight', operator: 'gt', value: 907 },
          ],
        },
        wordsContext,
      ),
    ).toBe('When ship-to state is one of AK, HI and weight is over 2 lb');
    expect(
      conditionsSentence(
        {
          match: 'any',
          conditions: [
            { field: 'country', operator: 'notIn', value: ['US'] },
            { field: 'residential', operator: 'is', value: false },
          ],
        },
        wordsContext,
      ),
    ).toBe('When ship-to country is not US or the ship-to address is a business');
    expect(conditionsSentence({ match: 'all', conditions: [] }, wordsContext)).toBe('Every order');
  });

  it('names stores, hazard classes and weekdays in full, and shortens long lists', () => {
    expect(words({ field: 'store', operator: 'in', value: ['12', '99'] })).toBe(
      'store is one of Northloop Supply, store #99',
    );
    expect(words({ field: 'store', operator: 'in', value: ['6'] })).toBe('store is Etsy');
    expect(words({ field: 'hazardClass', operator: 'notIn', value: ['DRY_ICE'] })).toBe(
      'an item’s hazard class is not “Dry ice”',
    );
    expect(words({ field: 'orderWeekday', operator: 'notIn', value: ['sat', 'SUN'] })).toBe(
      'order weekday is not one of Saturday, Sunday',
    );
    expect(words({ field: 'state', operator: 'in', value: ['AK', 'HI', 'PR', 'GU', 'VI', 'AS', 'MP'] })).toBe(
      'ship-to state is one of AK, HI, PR, GU, VI and 2 more',
    );
    expect(listWords([])).toBe('nothing');
  });

  it('shows numbers in their units: ounces below a pound, money in the currency, inches', () => {
    expect(words({ field: 'weight', operator: 'lte', value: 227 })).toBe('weight is at most 8 oz');
    expect(words({ field: 'weight', operator: 'between', value: [227, 907] })).toBe('weight is between 8 oz and 2 lb');
    expect(words({ field: 'total', operator: 'gte', value: 5000 })).toBe('order total is at least $50.00');
    expect(words({ field: 'longestSide', operator: 'gt', value: 22.5 })).toBe('longest side is over 22.5 in');
    expect(words({ field: 'itemCount', operator: 'eq', value: 1 })).toBe('number of items is 1');
  });

  it('says weights and sizes in the tenant’s units when the context names them, with the one formatter', () => {
    const metric = { ...wordsContext, units: 'metric' as const };
    const imperial = { ...wordsContext, units: 'imperial' as const };
    const range: RuleCondition = { field: 'weight', operator: 'between', value: [227, 1021] };
    expect(conditionWords(range, metric)).toBe('weight is between 227 g and 1.021 kg');
    expect(conditionWords(range, imperial)).toBe('weight is between 8 oz and 2 lb 4 oz');
    expect(conditionWords({ field: 'longestSide', operator: 'gt', value: 22.5 }, metric)).toBe(
      'longest side is over 57.2 cm',
    );
    expect(conditionWords({ field: 'girth', operator: 'lte', value: 12.25 }, imperial)).toBe(
      'girth is at most 12.25 in',
    );
    expect(valueWords('weight', 31751, metric)).toBe('31.751 kg');
    // Money and counts do not change with the units.
    expect(valueWords('total', 12000, metric)).toBe('$120.00');
  });

  it('quotes text, shows patterns, prefixes, tags, booleans, dates and times', () => {
    expect(words({ field: 'requestedService', operator: 'eq', value: 'Free Shipping' })).toBe(
      'requested service is “Free Shipping”',
    );
    expect(words({ field: 'requestedService', operator: 'empty' })).toBe('requested service is empty');
    expect(words({ field: 'sku', operator: 'matches', value: '^BAT-' })).toBe(
      'an item’s SKU matches the pattern /^BAT-/',
    );
    expect(words({ field: 'postalCode', operator: 'startsWith', value: ['995', '996'] })).toBe(
      'ship-to postal code starts with any of “995”, “996”',
    );
    expect(words({ field: 'tags', operator: 'hasAll', value: ['VIP', 'Rush'] })).toBe(
      'order has all of the tags “VIP”, “Rush”',
    );
    expect(words({ field: 'hazardous', operator: 'is', value: true })).toBe('the order has hazardous items');
    expect(words({ field: 'orderDate', operator: 'between', value: ['2025-11-28', '2025-12-01'] })).toBe(
      'order date is between 2025-11-28 and 2025-12-01',
    );
    expect(words({ field: 'orderTime', operator: 'after', value: '15:00' })).toBe('order time is after 15:00');
  });

  it('says what a condition compares with apart, and an order’s values in the same words', () => {
    expect(askedWords({ field: 'state', operator: 'in', value: ['AK', 'HI'] }, wordsContext)).toBe('AK, HI');
    expect(askedWords({ field: 'requestedService', operator: 'empty' }, wordsContext)).toBe('');
    expect(valueWords('state', ' ca ', wordsContext)).toBe('CA');
    expect(valueWords('total', 12000, wordsContext)).toBe('$120.00');
    expect(valueWords('store', '7', wordsContext)).toBe('store #7');
  });

  it('knows the value each operator takes, and says a text field’s prefixes as a list', () => {
    expect(ruleValueShape('postalCode', 'startsWith')).toBe('list');
    expect(ruleValueShape('requestedService', 'startsWith')).toBe('text');
    expect(ruleValueShape('weight', 'between')).toBe('range');
    expect(ruleValueShape('orderTime', 'before')).toBe('time');
    expect(ruleValueShape('residential', 'is')).toBe('boolean');
    expect(operatorWords('postalCode', 'notStartsWith')).toBe('starts with none of');
    expect(operatorWords('requestedService', 'startsWith')).toBe('starts with');
  });
});
