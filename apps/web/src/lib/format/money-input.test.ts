import { describe, expect, it } from 'vitest';
import { optionalMoney } from './money-input';

describe('optionalMoney', () => {
  it('treats an empty optional amount as zero and a bad one as null', () => {
    expect(optionalMoney('', 'USD')).toBe(0);
    expect(optionalMoney(undefined, 'USD')).toBe(0);
    expect(optionalMoney('2.5', 'USD')).toBe(250);
    expect(optionalMoney('x', 'USD')).toBeNull();
  });
});
