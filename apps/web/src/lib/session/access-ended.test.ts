import { describe, expect, it, vi } from 'vitest';
import { createAccessEndedHandler, onAccessEnded, reportAccessEnded, type AccessEndedDeps } from './access-ended.ts';

function deps(renewed: unknown | Error, now = 100_000) {
  const store = new Map<string, string>();
  const calls: string[] = [];
  const d: AccessEndedDeps = {
    renew: vi.fn(async () => {
      calls.push('renew');
      if (renewed instanceof Error) throw renewed;
      return renewed;
    }),
    reload: () => calls.push('reload'),
    signOut: () => calls.push('signOut'),
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    now: () => now,
    wait: async (ms) => void calls.push(`wait ${ms}`),
  };
  return { d, calls, store };
}

describe('access ended (deactivated, role changed)', () => {
  it('renews after the second of the revocation has passed, then starts the page again with the new token', async () => {
    const { d, calls, store } = deps({ access_token: 'new' });
    await createAccessEndedHandler(d)();
    expect(calls).toEqual(['wait 1100', 'renew', 'reload']);
    expect(store.get('shipdesk.accessRenewedAt')).toBe('100000');
  });

  it('signs out when the renewal is refused (a deactivated user) or gives nothing', async () => {
    const refused = deps(new Error('invalid_grant'));
    await createAccessEndedHandler(refused.d)();
    expect(refused.calls).toEqual(['wait 1100', 'renew', 'signOut']);
    const empty = deps(null);
    await createAccessEndedHandler(empty.d)();
    expect(empty.calls).toEqual(['wait 1100', 'renew', 'signOut']);
  });

  it('signs out instead of looping when access ends again right after a renewal', async () => {
    const { d, calls, store } = deps({ access_token: 'new' }, 105_000);
    store.set('shipdesk.accessRenewedAt', '100000');
    await createAccessEndedHandler(d)();
    expect(calls).toEqual(['signOut']);
    expect(store.has('shipdesk.accessRenewedAt')).toBe(false);
  });

  it('handles reports that arrive together once', async () => {
    const { d, calls } = deps({ access_token: 'new' });
    const handle = createAccessEndedHandler(d);
    await Promise.all([handle(), handle(), handle()]);
    expect(calls.filter((c) => c === 'renew')).toHaveLength(1);
  });

  it('delivers reports to listeners until they unsubscribe', () => {
    const listener = vi.fn();
    const off = onAccessEnded(listener);
    reportAccessEnded();
    off();
    reportAccessEnded();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
