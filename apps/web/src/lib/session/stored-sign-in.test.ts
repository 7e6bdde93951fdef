import { afterEach, describe, expect, it } from 'vitest';
import { hasLiveStoredSignIn, liveStoredSignIn } from './stored-sign-in';

const NOW = Date.parse('2026-12-03T12:00:00Z');
const jwt = (payload: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'sig'].join('.');
const store = (token: string) => localStorage.setItem('authData', JSON.stringify({ token, lastActivity: 1 }));

describe('the stored sign-in read at once', () => {
  afterEach(() => localStorage.clear());

  it('is live while the stored token has more than half a minute left', () => {
    store(jwt({ sub: 'u1', exp: NOW / 1000 + 3600 }));
    expect(hasLiveStoredSignIn(NOW)).toBe(true);
  });

  it('is not for a token about to end or ended, a token that is no JWT, or none', () => {
    store(jwt({ sub: 'u1', exp: NOW / 1000 + 10 }));
    expect(hasLiveStoredSignIn(NOW)).toBe(false);
    store(jwt({ sub: 'u1', exp: NOW / 1000 - 60 }));
    expect(hasLiveStoredSignIn(NOW)).toBe(false);
    store('opaque-token');
    expect(hasLiveStoredSignIn(NOW)).toBe(false);
    localStorage.clear();
    expect(hasLiveStoredSignIn(NOW)).toBe(false);
  });
});

describe('the stored session for the live updates', () => {
  afterEach(() => localStorage.clear());

  it('gives the live token with the e-mail it was issued to', () => {
    const token = jwt({ sub: 'u1', email: 'Ana@Example.com', exp: NOW / 1000 + 3600 });
    store(token);
    expect(liveStoredSignIn(NOW)).toEqual({ token, email: 'Ana@Example.com' });
  });

  it('gives no e-mail for a token without the claim, and nothing for an ended token', () => {
    const token = jwt({ sub: 'u1', exp: NOW / 1000 + 3600 });
    store(token);
    expect(liveStoredSignIn(NOW)).toEqual({ token, email: null });
    store(jwt({ sub: 'u1', email: 'ana@example.com', exp: NOW / 1000 - 60 }));
    expect(liveStoredSignIn(NOW)).toBeNull();
  });
});
