import { useMemo } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from 'react-oidc-context';
import { ToastContainer } from 'react-toastify';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { TOAST_AUTO_CLOSE_MS } from '@shipdesk/contract';
import { LoadingFallback } from '@/components/layout/loading-fallback';
import type { AppConfig } from '@/config/app-config';
import { SessionProvider } from '@/features/auth/session-provider';
import { theme } from '@/lib/theme/theme';
import { initialColorMode } from '@/lib/theme/color-mode';
import { createUserManager, onSigninCallback } from './auth.ts';
import { router } from './router.ts';
import { persistor, store } from './store.ts';

const globalStyles = (
  <GlobalStyles
    styles={(t) => ({
      // A visible keyboard focus ring everywhere (mouse clicks keep the quiet look).
      ':focus-visible': {
        outline: `2px solid ${t.vars?.palette.primary.main ?? t.palette.primary.main}`,
        outlineOffset: 2,
      },
      '.skip-link': {
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        padding: '8px 12px',
        borderRadius: 4,
        background: t.vars?.palette.background.paper ?? t.palette.background.paper,
        color: t.vars?.palette.text.primary ?? t.palette.text.primary,
      },
      '.skip-link:focus': { top: 8 },
    })}
  />
);

/** Everything around the router: store, persisted state, theme, sign-in, session rules and toasts. */
export function AppProviders({ config }: { config: AppConfig }) {
  const userManager = useMemo(() => createUserManager(config), [config]);
  return (
    <ReduxProvider store={store}>
      <ThemeProvider theme={theme} defaultMode={initialColorMode()} disableTransitionOnChange>
        <CssBaseline enableColorScheme />
        {globalStyles}
        <PersistGate loading={<LoadingFallback />} persistor={persistor}>
          <AuthProvider userManager={userManager} onSigninCallback={onSigninCallback}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </AuthProvider>
        </PersistGate>
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" draggable />
      </ThemeProvider>
    </ReduxProvider>
  );
}
