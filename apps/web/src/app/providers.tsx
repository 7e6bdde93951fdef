import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { EmotionCache } from '@emotion/react';
import type { AppConfig } from '@/config/app-config';
import { AuthStateContext, LOADING_SESSION, type AuthState } from '@/features/auth/auth-state';
import { SessionProvider } from '@/features/auth/session-provider';
import { FrameHydration } from '@/lib/hydration/frame-hydration';
import { appTheme } from '@/lib/theme/theme';
import { BaseProviders } from './base-providers.tsx';
import { router } from './router.ts';
import { store } from './store.ts';
import { SignInLibrary } from './sign-in-library.tsx';
import { Toasts } from './toasts.tsx';

/** Makes the app's theme now, in a task of its own, rather than in the first render's (main.tsx). */
export function prepareTheme(): void {
  appTheme();
}

/**
 * Everything around the router: store, theme, sign-in, session rules and toasts. The persisted state is in the store
 * from its first render (store.ts reads it at once), so nothing waits for redux-persist; the sign-in library comes
 * after the first paint and reports its state into AuthStateContext. `hydrating`: the page's HTML is the signed-in
 * frame, which this first render hydrates (main.tsx).
 */
export function AppProviders({
  config,
  cache,
  hydrating,
}: {
  config: AppConfig;
  cache: EmotionCache;
  hydrating: boolean;
}) {
  const [auth, setAuth] = useState<AuthState>(LOADING_SESSION);
  return (
    <FrameHydration hydrating={hydrating}>
      <BaseProviders store={store} cache={cache}>
        <AuthStateContext.Provider value={auth}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </AuthStateContext.Provider>
        <Toasts />
        <SignInLibrary config={config} onChange={setAuth} />
      </BaseProviders>
    </FrameHydration>
  );
}
