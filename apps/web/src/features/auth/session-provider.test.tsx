import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestStore } from '@/lib/testing/render-with-store';
import { AuthStateContext, LOADING_SESSION, type AuthState } from './auth-state.ts';
import { SessionProvider } from './session-provider.tsx';

const channel = vi.hoisted(() => ({
  open: vi.fn(),
  close: vi.fn(),
}));
vi.mock('@/lib/realtime/logout-channel', () => ({
  openLogoutChannel: (options: { token: string; email: string }) => {
    channel.open(options);
    return { roomId: 'room', broadcastLogout: () => Promise.resolve(), updateToken: vi.fn(), close: channel.close };
  },
}));

const jwt = (payload: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'sig'].join('.');
const liveToken = jwt({ sub: 'u1', email: 'Ana@Example.com', exp: Math.floor(Date.now() / 1000) + 3600 });

function renderSession(auth: AuthState) {
  const store = makeTestStore();
  const redirect = vi.fn();
  const ui = (state: AuthState) => (
    <Provider store={store}>
      <AuthStateContext.Provider value={state}>
        <SessionProvider redirect={redirect}>
          <p>page</p>
        </SessionProvider>
      </AuthStateContext.Provider>
    </Provider>
  );
  const view = render(ui(auth));
  return { rerender: (state: AuthState) => view.rerender(ui(state)) };
}

/** jsdom has no requestIdleCallback: the idle moment is a timer. */
const passIdleMoment = () => act(() => vi.advanceTimersByTimeAsync(2_000));

describe('the session live updates before the sign-in library has loaded', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    channel.open.mockClear();
    channel.close.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('open at the first idle moment with a live stored sign-in, its token and e-mail', async () => {
    localStorage.setItem('authData', JSON.stringify({ token: liveToken, lastActivity: 1 }));
    renderSession(LOADING_SESSION);
    expect(channel.open).not.toHaveBeenCalled();
    await passIdleMoment();
    expect(channel.open).toHaveBeenCalledTimes(1);
    expect(channel.open.mock.calls[0]![0]).toMatchObject({ token: liveToken, email: 'ana@example.com' });
  });

  it('stay open when the library confirms the same user, and close when it says nobody is signed in', async () => {
    localStorage.setItem('authData', JSON.stringify({ token: liveToken, lastActivity: 1 }));
    const view = renderSession(LOADING_SESSION);
    await passIdleMoment();
    const signedIn = {
      ...LOADING_SESSION,
      isLoading: false,
      isAuthenticated: true,
      user: { access_token: liveToken, profile: { email: 'ana@example.com' } },
    } as unknown as AuthState;
    view.rerender(signedIn);
    expect(channel.open).toHaveBeenCalledTimes(1);
    expect(channel.close).not.toHaveBeenCalled();
    view.rerender({ ...LOADING_SESSION, isLoading: false } as AuthState);
    expect(channel.close).toHaveBeenCalledTimes(1);
  });

  it('do not open without a live stored sign-in', async () => {
    const ended = jwt({ sub: 'u1', email: 'ana@example.com', exp: Math.floor(Date.now() / 1000) - 60 });
    localStorage.setItem('authData', JSON.stringify({ token: ended, lastActivity: 1 }));
    renderSession(LOADING_SESSION);
    await passIdleMoment();
    expect(channel.open).not.toHaveBeenCalled();
  });
});
