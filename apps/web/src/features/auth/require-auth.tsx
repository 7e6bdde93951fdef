import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { hasAuthParams, useAuth } from './auth-state.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LoadingFallback } from '@/components/layout/loading-fallback';
import type { SigninState } from '@/lib/session/oidc-settings';
import { hasLiveStoredSignIn } from '@/lib/session/stored-sign-in';

/** True in the build's render of the signed-in frame, where there is no browser and no sign-in to read. */
export const FrameRenderContext = createContext(false);

const BLOCKING_ERROR_SOURCES = new Set(['signinCallback', 'signinRedirect', 'unknown']);

function errorSource(error: Error): string {
  const source = (error as Error & { source?: unknown }).source;
  return typeof source === 'string' ? source : 'unknown';
}

/**
 * Guards every non-public route (spec 6): unauthenticated visitors go to the sign-in page with the current
 * path and query as returnTo; an expired login with a refresh token is first renewed silently.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const started = useRef(false);
  const [silentTried, setSilentTried] = useState(false);
  // Read once: a live stored sign-in draws the signed-in area while the library loads the session.
  const [storedSignIn] = useState(hasLiveStoredSignIn);
  const frameRender = useContext(FrameRenderContext);

  // Errors of the redirect round trip are shown; a failed background renewal just leads to a fresh sign-in.
  const blockingError = auth.error && BLOCKING_ERROR_SOURCES.has(errorSource(auth.error)) ? auth.error : undefined;
  const canRenew = !!auth.user?.refresh_token && !auth.isAuthenticated && !silentTried;
  const mustSignIn =
    !auth.isAuthenticated && !auth.isLoading && !auth.activeNavigator && !hasAuthParams() && !blockingError;

  useEffect(() => {
    if (!mustSignIn || started.current) return;
    started.current = true;
    if (canRenew) {
      auth
        .signinSilent()
        .catch(() => undefined)
        .finally(() => {
          started.current = false;
          setSilentTried(true);
        });
      return;
    }
    const state: SigninState = { returnTo: `${location.pathname}${location.search}` };
    auth.signinRedirect({ state }).catch(() => {
      started.current = false;
    });
  }, [mustSignIn, canRenew, auth, location.pathname, location.search]);

  if (auth.isAuthenticated || (auth.isLoading && (storedSignIn || frameRender))) return children ?? <Outlet />;

  if (blockingError && !auth.isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void auth.signinRedirect({ state: { returnTo: `${location.pathname}${location.search}` } });
              }}
            >
              Sign in again
            </Button>
          }
        >
          Signing in failed: {blockingError.message || 'the sign-in service did not answer.'}
        </Alert>
      </Box>
    );
  }
  return <LoadingFallback />;
}
