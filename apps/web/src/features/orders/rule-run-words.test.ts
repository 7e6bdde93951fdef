import { describe, expect, it } from 'vitest';
import { runResultWords } from './rule-run-words';

describe('runResultWords', () => {
  it('words the result of a run: on how many orders, how many changed, none saved, stopped at its budget', () => {
    expect(runResultWords({ evaluated: 12, changed: 5 }, false)).toBe('Shipping rules ran on 12 orders; 5 changed');
    expect(runResultWords({ evaluated: 1, changed: 0 }, false)).toBe('Shipping rules ran on 1 order; 0 changed');
    expect(runResultWords({ evaluated: 1, changed: 0 }, true)).toBe('Shipping rules ran; nothing changed.');
    expect(runResultWords({ evaluated: 0, changed: 0 }, false)).toBe('No shipping rules are saved yet, so none ran.');
    const stopped =
      'The shipping rules took more than 5 s of work and were stopped: they ran on the first 1204 of 10000';
    expect(runResultWords({ evaluated: 1204, changed: 3, stopped }, false)).toBe(`${stopped}.`);
  });
});
