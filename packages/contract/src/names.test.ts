import { describe, expect, it } from 'vitest';
import { NO_LAST_NAME, joinName, splitName } from './names.ts';

describe('splitName (spec 3: split at the first space; no space -> last name " ")', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['Ada King Lovelace', 'Ada', 'King Lovelace'],
    ['Cher', 'Cher', ' '],
    ['  Ada   Lovelace  ', 'Ada', 'Lovelace'],
    ['  Jean  Luc Picard ', 'Jean', 'Luc Picard'],
    ['Jean-Luc Picard', 'Jean-Luc', 'Picard'],
  ])('%j -> %j / %j', (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});

describe('joinName', () => {
  it('joins the parts back, leaving out a last name that is none', () => {
    expect(joinName('Ada', 'King Lovelace')).toBe('Ada King Lovelace');
    expect(joinName('Cher', NO_LAST_NAME)).toBe('Cher');
    expect(joinName('Cher', '')).toBe('Cher');
    const { firstName, lastName } = splitName('  Ada   Lovelace ');
    expect(joinName(firstName, lastName)).toBe('Ada Lovelace');
  });
});
