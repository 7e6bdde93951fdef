import { describe, expect, it } from 'vitest';
import type { Order } from '@shipdesk/contract';
import { eventName } from './order-events';
import {
  ruleSettingsFormDefaults,
  toOrderRuleSettingsUpdate,
  validateRuleSettingsForm,
  type RuleSettingsFormValues,
} from './order-rule-settings-form';
import { ruleSettingsEventDetails } from './order-rule-words';

const order: Pick<Order, 'ruleSettings' | 'currency' | 'version'> = {
  currency: 'USD',
  version: 7,
  ruleSettings: {
    insuredValue: 1250,
    signature: null,
    holdUntil: '2031-02-28',
    boxSizeId: null,
    handSet: ['signature'],
  },
};

describe('order rule settings form', () => {
  it('opens on the order: its values, and "Set by hand" for what a person set', () => {
    expect(ruleSettingsFormDefaults(order)).toEqual({
      modes: { boxSize: 'rules', insuredValue: 'rules', signature: 'hand', holdUntil: 'rules' },
      insuredValue: '12.50',
      signature: '',
      holdUntil: '2031-02-28',
      boxSizeId: '',
    });
  });

  it('sends what changed: new values set by hand, fields handed back, the version; nothing when nothing changed', () => {
    const values = ruleSettingsFormDefaults(order);
    expect(toOrderRuleSettingsUpdate(values, order)).toBeNull();
    const changed: RuleSettingsFormValues = {
      ...values,
      modes: { boxSize: 'hand', insuredValue: 'hand', signature: 'rules', holdUntil: 'hand' },
      insuredValue: '',
    };
    // The box and the hold were not set by hand: their values are sent as they are ("none" for the box).
    expect(toOrderRuleSettingsUpdate(changed, order)).toEqual({
      insuredValue: null,
      holdUntil: '2031-02-28',
      boxSizeId: null,
      automatic: ['signature'],
      version: 7,
    });
    // A field already set by hand is sent only when its value changed.
    expect(toOrderRuleSettingsUpdate({ ...values, signature: 'adult' }, order)).toEqual({
      signature: 'adult',
      version: 7,
    });
  });

  it('checks the amount in the currency and the date of what is set by hand only', () => {
    const values = ruleSettingsFormDefaults(order);
    expect(validateRuleSettingsForm({ ...values, insuredValue: 'ten' }, 'USD')).toEqual({});
    const byHand = { ...values, modes: { ...values.modes, insuredValue: 'hand', holdUntil: 'hand' } } as const;
    expect(validateRuleSettingsForm({ ...byHand, insuredValue: '1.5' }, 'JPY')).toEqual({
      insuredValue: 'JPY has no decimals',
    });
    expect(validateRuleSettingsForm({ ...byHand, holdUntil: '28/02/2031' }, 'USD')).toEqual({
      holdUntil: 'Enter a date such as 2025-12-01',
    });
    expect(validateRuleSettingsForm({ ...byHand, insuredValue: '' }, 'USD')).toEqual({});
  });
});

describe('the timeline of settings set by hand', () => {
  const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

  it('names the change and tells each value', () => {
    const set = { set: { insuredValue: 5000, signature: null }, automatic: [], currency: 'USD' };
    expect(eventName('ruleSettingsUpdated', set)).toBe('Shipping settings set by hand');
    expect(ruleSettingsEventDetails(set, money)).toEqual(['Insured value $50.00', 'No signature']);
    const back = { set: {}, automatic: ['insuredValue', 'boxSize'] };
    expect(eventName('ruleSettingsUpdated', back)).toBe('Shipping settings handed back to the rules');
    expect(ruleSettingsEventDetails(back, money)).toEqual(['Rules decide the insured value and box']);
    const both = {
      set: { boxSizeId: '3', holdUntil: '2031-02-28' },
      boxSizeName: 'Small mailer',
      automatic: ['signature'],
    };
    expect(eventName('ruleSettingsUpdated', both)).toBe('Shipping settings changed by hand');
    expect(ruleSettingsEventDetails(both, money)).toEqual([
      'Hold until 2031-02-28',
      'Box Small mailer',
      'Rules decide the signature',
    ]);
    expect(ruleSettingsEventDetails({}, money)).toEqual([]);
  });
});
