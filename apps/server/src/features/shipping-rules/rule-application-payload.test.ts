import { describe, expect, it } from 'vitest';
import { evaluateRuleSets } from './rule-engine.ts';
import { packApplication, packFacts, unpackFacts, unpackResults } from './rule-application-payload.ts';
import { NOTHING_SET, type RuleNames } from './rule-facts.ts';
import { current, facts, names, rule, set } from './rule-test-kit.ts';

/** Stores an application as recordApplications does (through JSON) and reads its "why" back as the order view does. */
function roundTrip(sets: ReturnType<typeof set>[], f = facts(), c = current()) {
  const evaluation = evaluateRuleSets(sets, f, c, names, { explain: false });
  const stored = JSON.parse(JSON.stringify(packApplication('import', sets, f, evaluation)));
  const again = evaluateRuleSets(sets, unpackFacts(stored.facts), NOTHING_SET, names).rules;
  return { stored, told: unpackResults(stored, again, sets), whole: evaluateRuleSets(sets, f, c, names).rules };
}

describe('the stored application', () => {
  it('tells the same "why" as the evaluation it stored, from outcome letters and the facts', () => {
    const rules = [
      rule({ id: 'vip', name: 'VIP express', actions: [{ type: 'setShipMethod', shipMethodId: '1' }] }),
      rule({
        id: 'later',
        name: 'Economy for all',
        actions: [
          { type: 'setShipMethod', shipMethodId: '2' },
          { type: 'insure', above: 50_000 },
          { type: 'requireSignature', kind: 'adult' },
        ],
      }),
      rule({ id: 'far', conditions: [{ field: 'state', operator: 'in', value: ['AK', 'HI'] }] }),
      rule({ id: 'tag', actions: [{ type: 'addTag', tag: 'repeat' }], stop: true }),
      rule({ id: 'after-stop' }),
    ];
    const hand = current({ shipMethodId: '2', signature: 'standard', handSet: new Set(['signature'] as const) });
    const { stored, told, whole } = roundTrip([set(rules)], facts(), hand);
    expect(told).toEqual(whole);
    expect(told.map((r) => [r.ruleId, r.matched, r.stopped])).toEqual([
      ['vip', true, false],
      ['later', true, false],
      ['far', false, false],
      ['tag', true, true],
    ]);
    expect(told[0]!.actions[0]).toEqual({ target: 'shipMethod', value: 'Express', before: 'Economy', outcome: 'set' });
    expect(told[1]!.actions.map((a) => a.outcome)).toEqual(['overruled', 'same', 'kept']);
    expect(told[1]!.actions[1]!.message).toBe('total $120.00 is not above $500.00');
    expect(told[2]!.failedConditions).toEqual(['ship-to state is CA, not one of AK, HI']);
    // Names, words and the rules that did not match are not stored: they follow from the version and the facts.
    // Rules by their place in the version; of the facts, those the rules read (and the currency money is told in).
    expect(stored.results).toEqual({ all: '0:s 1:o=k 3:s' });
    expect(stored.details).toEqual({
      all: {
        1: { a: ['o', { o: '=', v: 'not insured', m: 'total $120.00 is not above $500.00' }, 'k'] },
        3: { stopped: true },
      },
    });
    expect(Object.keys(stored.facts).sort()).toEqual(['currency', 'state', 'total']);
    expect(stored.matched).toEqual(['VIP express', 'Economy for all', rules[3]!.name]);
    expect(stored.matchedCount).toBe(3);
  });

  it('keeps a rule that threw with its error, though it would not throw when read', () => {
    const throwing: RuleNames = {
      ...names,
      shipMethod: () => {
        throw new Error('names unavailable');
      },
    };
    const sets = [set([rule({ id: 'bad', actions: [{ type: 'setShipMethod', shipMethodId: '1' }] })])];
    const evaluation = evaluateRuleSets(sets, facts(), current(), throwing, { explain: false });
    const stored = JSON.parse(JSON.stringify(packApplication('manual', sets, facts(), evaluation)));
    expect(stored.results).toEqual({ all: '0:' });
    expect(stored.details).toEqual({ all: { 0: { error: 'names unavailable' } } });
    const told = unpackResults(stored, evaluateRuleSets(sets, facts(), NOTHING_SET, names).rules, sets);
    expect(told).toEqual([
      expect.objectContaining({ ruleId: 'bad', matched: false, error: 'names unavailable', actions: [] }),
    ]);
  });

  it('keeps the facts the rules read, without null and empty values, and reads them back', () => {
    const f = facts({
      country: null,
      state: null,
      postalCode: null,
      residential: null,
      longestSide: null,
      girth: null,
      skus: [],
      tags: [],
    });
    const reads = set([
      rule({
        conditions: [
          { field: 'country', operator: 'in', value: ['US'] },
          { field: 'sku', operator: 'in', value: ['A'] },
          { field: 'weight', operator: 'gt', value: 1 },
        ],
      }),
    ]);
    const packed = packFacts(f, [reads]);
    expect(Object.keys(packed)).not.toContain('country');
    expect(Object.keys(packed)).not.toContain('skus');
    expect(packed).toEqual({ currency: 'USD', weight: 544 });
    const back = unpackFacts(JSON.parse(JSON.stringify(packed)));
    expect([back.country, back.skus, back.weight, back.currency]).toEqual([null, [], 544, 'USD']);
  });

  it('tells stored results without their words when the version is no longer kept', () => {
    const { stored } = roundTrip([set([rule({ id: 'gone' })])]);
    const told = unpackResults(stored, null);
    expect(told).toEqual([expect.objectContaining({ name: 'Rule 1 of a version no longer kept', matched: true })]);
  });
});
