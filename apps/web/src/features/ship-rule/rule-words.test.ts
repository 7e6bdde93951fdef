import { describe, expect, it } from 'vitest';
import type { RuleAction, RuleCondition } from '@shipdesk/contract';
import {
  EMPTY_WORDS_CONTEXT,
  actionWords,
  actionsSentence,
  conditionWords,
  conditionsSentence,
  type WordsContext,
} from './rule-words';

const ctx: WordsContext = {
  ...EMPTY_WORDS_CONTEXT,
  stores: new Map([['12', 'Northloop Supply']]),
  shipMethods: new Map([['3', 'Standard']]),
  boxes: new Map([['5', 'Small mailer']]),
  hazardClasses: new Map([['DRY_ICE', 'Dry ice']]),
};

const words = (condition: RuleCondition) => conditionWords(condition, ctx);
const does = (action: RuleAction) => actionWords(action, ctx);

describe('conditions in plain words', () => {
  it('reads the brief’s example as one sentence', () => {
    expect(
      conditionsSentence(
        {
          match: 'all',
          conditions: [
            { field: 'state', operator: 'in', value: ['AK', 'HI'] },
            { field: 'weight', operator: 'gt', value: 907 },
          ],
        },
        ctx,
      ),
    ).toBe('When ship-to state is one of AK, HI and weight is over 2 lb');
  });

  it('joins with "or" when any condition may hold, and says "Every order" without conditions', () => {
    expect(
      conditionsSentence(
        {
          match: 'any',
          conditions: [
            { field: 'country', operator: 'notIn', value: ['US'] },
            { field: 'residential', operator: 'is', value: false },
          ],
        },
        ctx,
      ),
    ).toBe('When ship-to country is not US or the ship-to address is a business');
    expect(conditionsSentence({ match: 'all', conditions: [] }, ctx)).toBe('Every order');
  });

  it('names stores, hazard classes and weekdays, and shortens long lists', () => {
    expect(words({ field: 'store', operator: 'in', value: ['12', '99'] })).toBe(
      'store is one of Northloop Supply, store #99',
    );
    expect(words({ field: 'hazardClass', operator: 'notIn', value: ['DRY_ICE'] })).toBe(
      'an item’s hazard class is not “Dry ice”',
    );
    expect(words({ field: 'orderWeekday', operator: 'in', value: ['sat', 'sun'] })).toBe(
      'order weekday is one of Sat, Sun',
    );
    expect(words({ field: 'state', operator: 'in', value: ['AK', 'HI', 'PR', 'GU', 'VI', 'AS', 'MP'] })).toBe(
      'ship-to state is one of AK, HI, PR, GU, VI and 2 more',
    );
  });

  it('shows numbers in their units: ounces below a pound, money in the currency, inches', () => {
    expect(words({ field: 'weight', operator: 'lte', value: 227 })).toBe('weight is at most 8 oz');
    expect(words({ field: 'weight', operator: 'between', value: [454, 2268] })).toBe('weight is between 1 lb and 5 lb');
    expect(words({ field: 'total', operator: 'gte', value: 5000 })).toBe('order total is at least $50.00');
    expect(words({ field: 'longestSide', operator: 'gt', value: 22.5 })).toBe('longest side is over 22.5 in');
    expect(words({ field: 'itemCount', operator: 'eq', value: 1 })).toBe('number of items is 1');
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
});

describe('actions in plain words', () => {
  it('reads the brief’s example, with the stop', () => {
    expect(
      actionsSentence(
        { actions: [{ type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' }], stop: true },
        ctx,
      ),
    ).toBe('Ship with USPS Priority Mail; stop here');
  });

  it('names methods, services, boxes and package types', () => {
    expect(does({ type: 'setShipMethod', shipMethodId: '3' })).toBe('ship with Standard');
    expect(does({ type: 'setShipMethod', shipMethodId: '8' })).toBe('ship with shipping method #8');
    expect(does({ type: 'setCarrierService', carrier: 'ups', serviceCode: '03' })).toBe('ship with UPS Ground');
    expect(
      does({
        type: 'cheapestService',
        services: [
          { carrier: 'usps', serviceCode: 'USPS_GROUND_ADVANTAGE' },
          { carrier: 'ups', serviceCode: '03' },
        ],
        withinDays: 3,
      }),
    ).toBe('ship with the cheapest of USPS Ground Advantage, UPS Ground, arriving within 3 days');
    expect(does({ type: 'setBox', boxSizeId: '5' })).toBe('pack in Small mailer');
    expect(does({ type: 'setPackageType', carrier: 'usps', packageType: 'FLAT_RATE_ENVELOPE' })).toBe(
      'use USPS Flat Rate Envelope',
    );
  });

  it('says insurance, signature, holds, tags and notes', () => {
    expect(does({ type: 'insure', above: 0 })).toBe('insure the shipment');
    expect(does({ type: 'insure', above: 10000 })).toBe('insure when the total is over $100.00');
    expect(does({ type: 'requireSignature', kind: 'adult' })).toBe('require an adult signature');
    expect(does({ type: 'holdUntil', date: '2025-12-01' })).toBe('hold until 2025-12-01');
    expect(does({ type: 'holdUntil', days: 1 })).toBe('hold for 1 day after the order date');
    expect(does({ type: 'addTag', tag: 'Remote' })).toBe('tag “Remote”');
    expect(does({ type: 'addNote', text: 'Pack the batteries separately from the charger, in the blue box' })).toBe(
      'add the note “Pack the batteries separately from the…”',
    );
    expect(
      actionsSentence({
        actions: [
          { type: 'addTag', tag: 'A' },
          { type: 'addTag', tag: 'B' },
        ],
        stop: false,
      }),
    ).toBe('Tag “A”; tag “B”');
  });
});
