import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { AppConfig } from '@/config/app-config';
import { LOADING_SESSION, type AuthState } from '@/features/auth/auth-state';
import { useHydrated } from '@/lib/hydration/use-hydrated';
import { useWhenIdle } from '@/lib/lazy/lazy-load';
import { reloadForNewBuild } from '@/lib/new-build';

/** Tries at loading the library before the page reloads (a new deployment) or says it could not. */
const ATTEMPTS = 3;
const RETRY_AFTER_MS = [1_000, 4_000];

class LoadBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** What the app is told when the library could not be loaded: signing in again reloads the page, which tries anew. */
function libraryMissing(): AuthState {
  const reload = () => {
    window.location.reload();
    return Promise.resolve();
  };
  const error = Object.assign(new Error('the sign-in code could not be loaded; check the connection and try again.'), {
    source: 'unknown',
  });
  return { ...LOADING_SESSION, isLoading: false, error, signinRedirect: reload } as AuthState;
}

/**
 * The sign-in library. Where the page's HTML was hydrated (a live stored sign-in draws it), it loads at the first
 * idle moment after the page's data; where the app renders itself (signing in, or its answer in the address) at
 * once. A failed download is tried again, then the page reloads once (a new deployment replaced the file), then the
 * sign-in error says so.
 */
export function SignInLibrary({
  config,
  onChange,
  load = () => import('./oidc-bridge.tsx').then((module) => ({ default: module.default })),
}: {
  config: AppConfig;
  onChange: (auth: AuthState) => void;
  /** The library's module (tests give another). */
  load?: () => Promise<{ default: ComponentType<{ config: AppConfig; onChange: (auth: AuthState) => void }> }>;
}) {
  const hydrated = useHydrated();
  const [fromFrame] = useState(() => !hydrated);
  const [idle, setIdle] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // After the page's data, as the controls' code: the live updates do not wait for it (session-provider.tsx).
  useWhenIdle(() => setIdle(true), fromFrame && hydrated);
  // A new lazy component per attempt: React keeps a failed one's error.
  const OidcBridge = useMemo(() => {
    void attempt;
    return lazy(load);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one component per attempt, whatever `load` is
  }, [attempt]);
  if (!hydrated || (fromFrame && !idle)) return null;
  const onError = () => {
    if (attempt + 1 < ATTEMPTS) {
      setTimeout(() => setAttempt(attempt + 1), RETRY_AFTER_MS[attempt] ?? 4_000);
      return;
    }
    if (!reloadForNewBuild()) onChange(libraryMissing());
  };
  return (
    <LoadBoundary key={attempt} onError={onError}>
      <Suspense fallback={null}>
        <OidcBridge config={config} onChange={onChange} />
      </Suspense>
    </LoadBoundary>
  );
}
