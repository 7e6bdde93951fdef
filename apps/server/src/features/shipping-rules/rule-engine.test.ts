import { describe, expect, it } from 'vitest';
import type { RuleAction } from '@shipdesk/contract';
import { evaluateRuleSets } from './rule-engine.ts';
import type { RuleNames } from './rule-facts.ts';
import { current, facts, names, rule, run, set } from './rule-test-kit.ts';

const setMethod = (shipMethodId: string): RuleAction => ({ type: 'setShipMethod', shipMethodId });

describe('decisions', () => {
  it('lets the first rule that sets a field decide it and records later ones as overruled', () => {
    const result = run([
      rule({ id: 'first', actions: [setMethod('1')] }),
      rule({ id: 'second', actions: [setMethod('2'), { type: 'setBox', boxSizeId: '7' }] }),
    ]);
    expect(result.decisions.shipMethodId).toBe('1');
    expect(result.decisions.boxSizeId).toBe('7');
    expect(result.decisions.decidedBy).toEqual({ shipMethod: 'first', boxSize: 'second' });
    expect(result.rules[0]!.actions).toEqual([
      { target: 'shipMethod', value: 'Express', before: null, outcome: 'set' },
    ]);
    expect(result.rules[1]!.actions.map((a) => [a.value, a.outcome])).toEqual([
      ['Economy', 'overruled'],
      ['Small box', 'set'],
    ]);
    expect(result.changed).toBe(true);
  });

  it('reports a value the order already has as the same, still deciding the field', () => {
    const result = run(
      [rule({ actions: [setMethod('1')] }), rule({ actions: [setMethod('2')] })],
      facts(),
      current({ shipMethodId: '1' }),
    );
    expect(result.rules.map((r) => r.actions[0]!.outcome)).toEqual(['same', 'overruled']);
    expect(result.rules[0]!.actions[0]!.before).toBe('Express');
    expect(result.decisions.shipMethodId).toBeUndefined();
    expect(result.changed).toBe(false);
  });

  it('adds up tags and notes, a tag the order has or an earlier rule added being the same', () => {
    const result = run(
      [
        rule({
          actions: [
            { type: 'addTag', tag: 'vip' },
            { type: 'addTag', tag: 'Repeat' },
            { type: 'addNote', text: 'Gift' },
          ],
        }),
        rule({
          actions: [
            { type: 'addTag', tag: 'VIP' },
            { type: 'addTag', tag: 'fragile' },
            { type: 'addNote', text: 'Call' },
          ],
        }),
      ],
      facts(),
      current({ tags: ['repeat'] }),
    );
    expect(result.decisions.addTags).toEqual(['vip', 'fragile']);
    expect(result.decisions.notes).toEqual(['Gift', 'Call']);
    expect(result.rules.flatMap((r) => r.actions.map((a) => `${a.value} ${a.outcome}`))).toEqual([
      'tag “vip” set',
      'tag “Repeat” same',
      'note “Gift” set',
      'tag “VIP” same',
      'tag “fragile” set',
      'note “Call” set',
    ]);
  });

  it('does not add a note the order already holds when the rules run again', () => {
    const notes = [
      rule({
        actions: [
          { type: 'addNote', text: 'Gift' },
          { type: 'addNote', text: 'Call' },
        ],
      }),
    ];
    const again = run(notes, facts(), current({ notes: ['Gift'] }));
    expect(again.decisions.notes).toEqual(['Call']);
    expect(again.rules[0]!.actions.map((a) => a.outcome)).toEqual(['same', 'set']);
  });

  it('ends the whole evaluation, the next set included, at a matched rule that stops', () => {
    const store = set(
      [
        rule({ id: 'skip', conditions: [{ field: 'state', operator: 'in', value: ['AK'] }], stop: true }),
        rule({ id: 'stopper', stop: true }),
      ],
      '5',
    );
    const all = set([rule({ id: 'never' })]);
    const result = evaluateRuleSets([store, all], facts(), current(), names);
    expect(result.rules.map((r) => [r.ruleId, r.scope, r.matched, r.stopped])).toEqual([
      ['skip', '5', false, false],
      ['stopper', '5', true, true],
    ]);
    const without = evaluateRuleSets([set([rule({ id: 'goes-on' })], '5'), all], facts(), current(), names);
    expect(without.rules.map((r) => r.ruleId)).toEqual(['goes-on', 'never']);
  });

  it('keeps what a person set by hand', () => {
    const result = run(
      [rule({ actions: [setMethod('1'), { type: 'addTag', tag: 'x' }] }), rule({ actions: [setMethod('2')] })],
      facts(),
      current({ handSet: new Set(['shipMethod', 'tags']) }),
    );
    expect(result.rules.flatMap((r) => r.actions.map((a) => a.outcome))).toEqual(['kept', 'kept', 'kept']);
    expect(result.decisions).toEqual({ addTags: [], notes: [], decidedBy: {} });
    expect(result.changed).toBe(false);
  });

  it('never touches the shipping of a labelled delivery but still holds and tags it', () => {
    const actions: RuleAction[] = [
      setMethod('1'),
      { type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
      { type: 'setPackageType', carrier: 'usps', packageType: 'FLAT_RATE_ENVELOPE' },
      { type: 'setBox', boxSizeId: '7' },
      { type: 'insure', above: 0 },
      { type: 'requireSignature', kind: 'standard' },
      { type: 'holdUntil', date: '2026-12-24' },
      { type: 'addTag', tag: 'held' },
    ];
    const result = run([rule({ actions })], facts(), current({ labelled: true }));
    expect(result.rules[0]!.actions.map((a) => `${a.target} ${a.outcome}`)).toEqual([
      'shipMethod labelled',
      'carrierService labelled',
      'packageType labelled',
      'boxSize labelled',
      'insuredValue labelled',
      'signature labelled',
      'holdUntil set',
      'tags set',
    ]);
    expect(result.decisions).toEqual({
      holdUntil: '2026-12-24',
      addTags: ['held'],
      notes: [],
      decidedBy: { holdUntil: expect.any(String), tags: expect.any(String) },
    });
  });

  it('insures for the total only above the amount, leaving the field to a later rule otherwise', () => {
    const above = run([rule({ actions: [{ type: 'insure', above: 10000 }] })], facts({ total: 21000 }));
    expect(above.decisions.insuredValue).toBe(21000);
    expect(above.rules[0]!.actions[0]).toEqual({
      target: 'insuredValue',
      value: '$210.00',
      before: null,
      outcome: 'set',
    });

    const notAbove = run(
      [rule({ actions: [{ type: 'insure', above: 20000 }] }), rule({ actions: [{ type: 'insure', above: 0 }] })],
      facts({ total: 12000 }),
    );
    expect(notAbove.rules[0]!.actions[0]).toEqual({
      target: 'insuredValue',
      value: 'not insured',
      before: null,
      outcome: 'same',
      message: 'total $120.00 is not above $200.00',
    });
    expect(notAbove.rules[1]!.actions[0]!.outcome).toBe('set');
    expect(notAbove.decisions.insuredValue).toBe(12000);
  });

  it('holds for a number of days after the order date, across a month', () => {
    const result = run(
      [
        rule({
          actions: [
            { type: 'holdUntil', days: 3 },
            { type: 'requireSignature', kind: 'adult' },
          ],
        }),
      ],
      facts({ orderDate: '2026-11-29' }),
      current({ holdUntil: '2026-11-30' }),
    );
    expect(result.decisions.holdUntil).toBe('2026-12-02');
    expect(result.decisions.signature).toBe('adult');
    expect(result.rules[0]!.actions.map((a) => [a.value, a.before])).toEqual([
      ['hold until 2026-12-02', 'hold until 2026-11-30'],
      ['adult signature', null],
    ]);
  });

  it('leaves the cheapest service as a choice for the caller to make after rating', () => {
    const cheapest: RuleAction = {
      type: 'cheapestService',
      services: [
        { carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
        { carrier: 'ups', serviceCode: '03' },
      ],
      withinDays: 3,
    };
    const result = run(
      [
        rule({ id: 'cheap', actions: [cheapest] }),
        rule({ actions: [{ type: 'setCarrierService', carrier: 'fedex', serviceCode: 'FEDEX_GROUND' }] }),
      ],
      facts(),
      current({ carrier: 'usps', carrierMethod: 'USPS_GROUND_ADVANTAGE' }),
    );
    expect(result.decisions.carrierService).toEqual({
      cheapest: { services: cheapest.services, withinDays: 3, ruleId: 'cheap' },
    });
    expect(result.rules[0]!.actions[0]).toEqual({
      target: 'carrierService',
      value: 'the cheapest of USPS Priority Mail, UPS Ground, arriving within 3 days',
      before: 'USPS Ground Advantage',
      outcome: 'set',
    });
    expect(result.rules[1]!.actions[0]).toMatchObject({ value: 'FedEx Ground', outcome: 'overruled' });
  });

  it('sets a service and a package type in plain words', () => {
    const result = run([
      rule({
        actions: [
          { type: 'setCarrierService', carrier: 'usps', serviceCode: 'PRIORITY_MAIL' },
          { type: 'setPackageType', carrier: 'usps', packageType: 'FLAT_RATE_ENVELOPE' },
        ],
      }),
    ]);
    expect(result.decisions.carrierService).toEqual({ carrier: 'usps', serviceCode: 'PRIORITY_MAIL' });
    expect(result.decisions.packageType).toEqual({ carrier: 'usps', packageType: 'FLAT_RATE_ENVELOPE' });
    expect(result.rules[0]!.actions.map((a) => a.value)).toEqual(['USPS Priority Mail', 'USPS Flat Rate Envelope']);
  });
});

describe('rules that go wrong', () => {
  it('reports a condition that throws as an error of its rule and goes on', () => {
    const broken = facts({ skus: null as unknown as string[] });
    const result = run(
      [rule({ id: 'bad', conditions: [{ field: 'sku', operator: 'in', value: ['A'] }] }), rule({ id: 'good' })],
      broken,
    );
    expect(result.rules[0]).toMatchObject({ ruleId: 'bad', matched: false, actions: [], error: expect.any(String) });
    expect(result.rules[1]).toMatchObject({ ruleId: 'good', matched: true });
    expect(result.rules[1]!.error).toBeUndefined();
  });

  it('records nothing of a rule whose action throws', () => {
    const throwing: RuleNames = {
      ...names,
      shipMethod: () => {
        throw new Error('names unavailable');
      },
    };
    const rules = [
      rule({
        actions: [
          { type: 'addTag', tag: 'lost' },
          { type: 'setShipMethod', shipMethodId: '1' },
        ],
      }),
      rule({ actions: [{ type: 'addTag', tag: 'kept' }] }),
    ];
    const result = evaluateRuleSets([set(rules)], facts(), current(), throwing);
    expect(result.rules[0]).toMatchObject({ matched: false, actions: [], error: 'names unavailable' });
    expect(result.decisions.addTags).toEqual(['kept']);
  });

  it('compiles a saved set whose pattern RE2 refuses: that rule fails on every order with why, the rest runs', () => {
    const refused = { field: 'sku', operator: 'matches', value: '^(a)\\1$' } as const;
    const rules = [
      rule({ actions: [{ type: 'addTag', tag: 'first' }] }),
      rule({ conditions: [{ field: 'total', operator: 'gt', value: 1 }, refused] }),
      rule({ actions: [{ type: 'addTag', tag: 'last' }] }),
    ];
    const result = run(rules, facts({ skus: ['aa'] }));
    expect(result.rules[1]).toMatchObject({ matched: false, actions: [] });
    expect(result.rules[1]!.error).toBe(
      'condition 2 cannot be used: the pattern uses a back-reference (\\1), which rules do not support',
    );
    expect(result.decisions.addTags).toEqual(['first', 'last']);
  });

  it('does not run disabled rules', () => {
    const result = run([
      rule({ id: 'off', enabled: false, actions: [setMethod('2')] }),
      rule({ id: 'on', actions: [setMethod('1')] }),
    ]);
    expect(result.rules.map((r) => r.ruleId)).toEqual(['on']);
    expect(result.decisions.shipMethodId).toBe('1');
  });
});

describe('a compiled set', () => {
  it('gives each order its own result, however many it evaluates', () => {
    const compiled = set([
      rule({
        id: 'north',
        conditions: [{ field: 'state', operator: 'in', value: ['AK'] }],
        actions: [setMethod('1'), { type: 'addTag', tag: 'north' }],
      }),
      rule({ id: 'rest', actions: [setMethod('2')] }),
    ]);
    const orders = ['AK', 'CA', 'AK', 'TX'].map((state) =>
      evaluateRuleSets([compiled], facts({ state }), current(), names),
    );
    expect(orders.map((o) => [o.decisions.shipMethodId, o.decisions.addTags])).toEqual([
      ['1', ['north']],
      ['2', []],
      ['1', ['north']],
      ['2', []],
    ]);
    expect(orders[1]!.rules[0]!.failedConditions).toEqual(['ship-to state is CA, not one of AK']);
    expect(orders[3]!.rules[0]!.failedConditions).toEqual(['ship-to state is TX, not one of AK']);
  });
});

describe('evaluating without words', () => {
  it('decides the same and leaves the failed conditions unsaid', () => {
    const rules = [
      rule({ id: 'north', conditions: [{ field: 'state', operator: 'in', value: ['AK'] }] }),
      rule({ id: 'any', actions: [setMethod('2')] }),
    ];
    const quiet = evaluateRuleSets([set(rules)], facts(), current(), names, { explain: false });
    const spoken = evaluateRuleSets([set(rules)], facts(), current(), names);
    expect(quiet.decisions).toEqual(spoken.decisions);
    expect(quiet.rules.map((r) => [r.matched, r.failedConditions])).toEqual([
      [false, []],
      [true, []],
    ]);
    expect(spoken.rules[0]!.failedConditions).toEqual(['ship-to state is CA, not one of AK']);
  });
});
