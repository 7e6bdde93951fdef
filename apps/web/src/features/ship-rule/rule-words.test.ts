import { describe, expect, it } from 'vitest';
import { actionsSentence, conditionsSentence, type ShippingRule } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { EMPTY_WORDS_CONTEXT, wordsContext } from './rule-words';

const rule: Pick<ShippingRule, 'conditions' | 'match' | 'actions' | 'stop'> = {
  match: 'all',
  conditions: [
    { field: 'store', operator: 'in', value: ['12'] },
    { field: 'total', operator: 'gte', value: 5000 },
    { field: 'hazardClass', operator: 'in', value: ['DRY_ICE', 'UN3480'] },
  ],
  actions: [
    { type: 'setShipMethod', shipMethodId: '3' },
    { type: 'setBox', boxSizeId: '5' },
  ],
  stop: true,
};

describe('rules in words on the Ship Rule screen', () => {
  it('names what the screen loaded, and writes money in the tenant’s currency and locale', () => {
    const words = wordsContext({
      currency: 'EUR',
      locale: 'de-DE',
      units: 'metric',
      stores: new Map([['12', 'Northloop Supply']]),
      shipMethods: new Map([['3', 'Standard']]),
      boxes: new Map([['5', 'Small mailer']]),
      hazardClasses: new Map([['DRY_ICE', 'Dry ice']]),
    });
    expect(conditionsSentence(rule, words)).toBe(
      `When store is Northloop Supply and order total is at least ${formatMoney(5000, 'EUR', 'de-DE')} and an ` +
        'item’s hazard class is one of “Dry ice”, “UN3480”',
    );
    expect(actionsSentence(rule, words)).toBe('Ship with Standard; pack in Small mailer; stop here');
  });

  it('says weights and sizes in the tenant’s units', () => {
    const parcel: typeof rule = {
      ...rule,
      conditions: [
        { field: 'weight', operator: 'between', value: [227, 1021] },
        { field: 'longestSide', operator: 'gt', value: 22.5 },
      ],
    };
    const names = {
      currency: 'USD',
      locale: 'en-US',
      stores: new Map(),
      shipMethods: new Map(),
      boxes: new Map(),
      hazardClasses: new Map(),
    };
    expect(conditionsSentence(parcel, wordsContext({ ...names, units: 'metric' }))).toBe(
      'When weight is between 227 g and 1.021 kg and longest side is over 57.2 cm',
    );
    expect(conditionsSentence(parcel, wordsContext({ ...names, units: 'imperial' }))).toBe(
      'When weight is between 8 oz and 2 lb 4 oz and longest side is over 22.5 in',
    );
  });

  it('reads ids as ids, and money in the default currency, before anything has loaded', () => {
    expect(conditionsSentence(rule, EMPTY_WORDS_CONTEXT)).toBe(
      'When store is store #12 and order total is at least $50.00 and an item’s hazard class is one of “DRY_ICE”, ' +
        '“UN3480”',
    );
    expect(actionsSentence(rule, EMPTY_WORDS_CONTEXT)).toBe('Ship with shipping method #3; pack in box #5; stop here');
  });
});
