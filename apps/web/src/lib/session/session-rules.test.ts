import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_LOGOUT_MS } from '@shipdesk/contract';
import { minutesSinceEpoch, readAuthData, touchAuthData, writeAuthData } from '@/lib/storage/auth-data';
import { buildLogoutUrl, clearSessionStorage } from './clear-session.ts';
import { getDeviceFingerprint } from './fingerprint.ts';
import { startIdleTimer } from './idle-timer.ts';
import { safeReturnTo, stripAuthParams } from './oidc-settings.ts';
import { isActivityStale } from './stale-activity.ts';

describe('idle timer (spec 4.3 step 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('logs out after 30 minutes without activity', () => {
    const onIdle = vi.fn();
    const target = new EventTarget();
    startIdleTimer({ onIdle, target });
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity restarts the 30 minutes, and is debounced to one per 500 ms', () => {
    const onIdle = vi.fn();
    const onActivity = vi.fn();
    const target = new EventTarget();
    startIdleTimer({ onIdle, onActivity, target });
    vi.advanceTimersByTime(20 * 60_000);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(499);
    target.dispatchEvent(new Event('mousemove'));
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    target.dispatchEvent(new Event('wheel'));
    expect(onActivity).toHaveBeenCalledTimes(2);
    // 30 minutes after the last handled activity, not after the first timer start.
    vi.advanceTimersByTime(IDLE_LOGOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('waits longer when another tab was active more recently', () => {
    const onIdle = vi.fn();
    let shared = Date.now();
    startIdleTimer({ onIdle, target: new EventTarget(), lastSharedActivity: () => shared });
    vi.advanceTimersByTime(25 * 60_000);
    shared = Date.now();
    vi.advanceTimersByTime(5 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(25 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stop() removes the timer and the listeners', () => {
    const onIdle = vi.fn();
    const onActivity = vi.fn();
    const target = new EventTarget();
    const timer = startIdleTimer({ onIdle, onActivity, target });
    timer.stop();
    target.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(2 * IDLE_LOGOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
    expect(onActivity).not.toHaveBeenCalled();
  });
});

describe('stale activity (spec 4.3 step 5)', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  const minutesAgo = (m: number) => minutesSinceEpoch(now) - m;

  it('is stale only beyond 120 minutes', () => {
    expect(isActivityStale(minutesAgo(0), now)).toBe(false);
    expect(isActivityStale(minutesAgo(120), now)).toBe(false);
    expect(isActivityStale(minutesAgo(121), now)).toBe(true);
  });

  it('no stored activity is not stale', () => {
    expect(isActivityStale(null, now)).toBe(false);
    expect(isActivityStale(undefined, now)).toBe(false);
  });

  it('works with the stored authData, refreshed on activity', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(now);
      writeAuthData('tok');
      expect(readAuthData()).toEqual({ token: 'tok', lastActivity: minutesSinceEpoch(now) });
      vi.setSystemTime(now + 121 * 60_000);
      expect(isActivityStale(readAuthData()?.lastActivity)).toBe(true);
      touchAuthData();
      expect(isActivityStale(readAuthData()?.lastActivity)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session storage', () => {
  it('logout clears the login, the persisted state, the list preferences, the first requests and the OIDC entries but keeps device preferences', () => {
    localStorage.setItem('authData', '{"token":"t","lastActivity":1}');
    localStorage.setItem('firstRequests', '{"/orders":{"at":1,"urls":["/api/v1/orders"]}}');
    localStorage.setItem('persist:root', '{}');
    localStorage.setItem('orderListPreferences', '{"pageSize":50,"density":"compact","hiddenColumns":[]}');
    localStorage.setItem('oidc.user:http://sso:shipdesk-web', '{}');
    localStorage.setItem('oidc.abc', '{}');
    localStorage.setItem('mui-mode', 'dark');
    localStorage.setItem('darkMode', 'true');
    const fingerprint = getDeviceFingerprint();
    clearSessionStorage();
    expect(Object.keys(localStorage).sort()).toEqual(['darkMode', 'deviceFingerprint', 'mui-mode']);
    expect(getDeviceFingerprint()).toBe(fingerprint);
  });

  it('builds the SSO logout URL', () => {
    expect(buildLogoutUrl('http://localhost:3001/', 'shipdesk-web', 'http://localhost:3000/')).toBe(
      'http://localhost:3001/v2/logout?client_id=shipdesk-web&returnTo=http%3A%2F%2Flocalhost%3A3000%2F',
    );
  });

  it('returnTo stays on this origin and the callback parameters leave the URL', () => {
    expect(safeReturnTo('/orders/view/3?tab=notes')).toBe('/orders/view/3?tab=notes');
    expect(safeReturnTo('https://evil.example/')).toBe('/');
    expect(safeReturnTo('//evil.example/')).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(stripAuthParams('http://x/orders?page=2&code=abc&state=s&iss=http%3A%2F%2Fsso')).toBe('/orders?page=2');
  });
});
