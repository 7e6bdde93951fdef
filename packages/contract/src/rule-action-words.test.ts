import { describe, expect, it } from 'vitest';
import {
  actionWords,
  actionsSentence,
  cheapestWords,
  holdWords,
  noteWords,
  packageWords,
  serviceWords,
  tagWords,
} from './rule-action-words.ts';
import { RULE_TARGET_WORDS, capitalised, signatureWords } from './rule-target-words.ts';
import { wordsContext } from './rule-words-test-kit.ts';
import { RULE_TARGETS, type RuleAction } from './shipping-rules.ts';

const does = (action: RuleAction) => actionWords(action, wordsContext);

describe('actions in plain words', () => {
  it('reads a rule’s actions as one line, with the stop', () => {
    expect(
      actionsSentence(
        {
          actions: [
            { type: 'setShipMethod', shipMethodId: '1' },
            { type: 'requireSignature', kind: 'adult' },
          ],
          stop: true,
        },
        wordsContext,
      ),
    ).toBe('Ship with Express; require an adult signature; stop here');
    expect(actionsSentence({ actions: [], stop: false }, wordsContext)).toBe('Do nothing');
  });

  it('names methods, services, boxes and package types, and ids it does not know', () => {
    expect(does({ type: 'setShipMethod', shipMethodId: '3' })).toBe('ship with Standard');
    expect(does({ type: 'setShipMethod', shipMethodId: '8' })).toBe('ship with shipping method #8');
    expect(does({ type: 'setCarrierService', carrier: 'ups', serviceCode: '03' })).toBe('ship with UPS Ground');
    expect(does({ type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' })).toBe(
      'ship with USPS Priority Mail',
    );
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
    expect(does({ type: 'setBox', boxSizeId: '9' })).toBe('pack in box #9');
    expect(does({ type: 'setPackageType', carrier: 'usps', packageType: 'FLAT_RATE_ENVELOPE' })).toBe(
      'use USPS Flat Rate Envelope',
    );
  });

  it('says insurance, signature, holds, tags and notes', () => {
    expect(does({ type: 'insure', above: 0 })).toBe('insure the shipment');
    expect(does({ type: 'insure', above: 10000 })).toBe('insure when the total is over $100.00');
    expect(does({ type: 'requireSignature', kind: 'standard' })).toBe('require a signature');
    expect(does({ type: 'holdUntil', date: '2025-12-01' })).toBe('hold until 2025-12-01');
    expect(does({ type: 'holdUntil', days: 1 })).toBe('hold for 1 day after the order date');
    expect(does({ type: 'addTag', tag: 'Remote' })).toBe('tag “Remote”');
    expect(does({ type: 'addNote', text: 'Pack the batteries separately from the charger, in the blue box' })).toBe(
      'add the note “Pack the batteries separately from the…”',
    );
  });
});

describe('the values of the fields rules set', () => {
  it('never throw on a code the catalogue does not know', () => {
    expect(serviceWords('usps', 'NOPE')).toBe('USPS service NOPE');
    expect(serviceWords('acme', 'X1')).toBe('acme X1');
    expect(serviceWords('shippo', 'ups_ground')).toBe('UPS Ground (via Shippo)');
    expect(packageWords('ups', '02')).toBe('UPS your packaging');
    expect(packageWords('usps', 'CRATE')).toBe('USPS package CRATE');
    expect(packageWords(null, 'CRATE')).toBe('CRATE');
  });

  it('name one service alone, and cut a long note on one line', () => {
    expect(cheapestWords([{ carrier: 'ups', serviceCode: '03' }])).toBe('UPS Ground');
    expect(noteWords('Gift\n  wrap')).toBe('note “Gift wrap”');
    expect(noteWords('x'.repeat(100))).toBe(`note “${'x'.repeat(79)}…”`);
  });
});

describe('the fields rules set', () => {
  it('have one word each, which the why’s values start with where they name their field', () => {
    expect(RULE_TARGETS.map((target) => RULE_TARGET_WORDS[target])).toEqual([
      'shipping method',
      'carrier service',
      'package type',
      'box',
      'insured value',
      'signature',
      'hold',
      'tag',
      'note',
    ]);
    expect(signatureWords('adult')).toBe('adult signature');
    expect(holdWords('2025-12-01').startsWith(RULE_TARGET_WORDS.holdUntil)).toBe(true);
    expect(tagWords('vip').startsWith(RULE_TARGET_WORDS.tags)).toBe(true);
    expect(capitalised(signatureWords('standard'))).toBe('Standard signature');
  });
});
