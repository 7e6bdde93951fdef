import { describe, expect, it } from 'vitest';
import { hasAuthParams } from './auth-state';

describe("the sign-in's answer in the URL", () => {
  it('is a code or an error with the state, in the query or the fragment', () => {
    expect(hasAuthParams({ search: '?code=abc&state=xyz', hash: '' })).toBe(true);
    expect(hasAuthParams({ search: '', hash: '#error=access_denied&state=xyz' })).toBe(true);
  });

  it('is not a code without its state, nor an ordinary query', () => {
    expect(hasAuthParams({ search: '?code=abc', hash: '' })).toBe(false);
    expect(hasAuthParams({ search: '?page=2&state=Shipped', hash: '#top' })).toBe(false);
  });
});
