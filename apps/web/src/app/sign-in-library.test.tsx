import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { AppConfig } from '@/config/app-config';
import type { AuthState } from '@/features/auth/auth-state';
import { SESSION_KEYS, writeSessionItem } from '@/lib/storage/session-storage';
import { SignInLibrary } from './sign-in-library';

const config = { ssoUrl: 'https://sso.example.com' } as AppConfig;
const chunkGone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/oidc.js'));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('SignInLibrary', () => {
  it('reports the library once it has loaded', async () => {
    const onChange = vi.fn();
    const Bridge = ({ onChange: report }: { onChange: (auth: AuthState) => void }) => {
      report({ isLoading: false, isAuthenticated: true } as AuthState);
      return null;
    };
    render(<SignInLibrary config={config} onChange={onChange} load={async () => ({ default: Bridge })} />);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ isAuthenticated: true })));
  });

  it('tries a failed download again, then reloads the page once for a new deployment', async () => {
    vi.useFakeTimers();
    // React logs each caught error; the boundary is what is tested.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const load = vi.fn(chunkGone);
    const onChange = vi.fn();
    render(<SignInLibrary config={config} onChange={onChange} load={load} />);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(load).toHaveBeenCalledTimes(3);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says signing in cannot work when the page already reloaded for it, and signing in again reloads', async () => {
    vi.useFakeTimers();
    // React logs each caught error; the boundary is what is tested.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    writeSessionItem(SESSION_KEYS.newBuildReloadAt, String(Date.now()));
    const onChange = vi.fn();
    render(<SignInLibrary config={config} onChange={onChange} load={chunkGone} />);
    // Each step in its own act: React draws the next attempt when one ends.
    for (const wait of [10, 1_000, 4_000]) await act(() => vi.advanceTimersByTimeAsync(wait));
    expect(reload).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenCalledTimes(1);
    const auth = onChange.mock.calls[0]![0] as AuthState;
    expect(auth.isLoading).toBe(false);
    expect(auth.error?.message).toMatch(/sign-in code could not be loaded/);
    await auth.signinRedirect();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
