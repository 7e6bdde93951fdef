import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth/auth-state';
import { getAppConfig } from '@/config/app-config';
import { api } from '@/lib/api/base-api';
import { useWhenIdle } from '@/lib/lazy/lazy-load';
import { openLogoutChannel, type LogoutChannel } from '@/lib/realtime/logout-channel';
import { createAccessEndedHandler, onAccessEnded } from '@/lib/session/access-ended';
import { buildLogoutUrl, clearSessionStorage } from '@/lib/session/clear-session';
import { getDeviceFingerprint } from '@/lib/session/fingerprint';
import { startIdleTimer } from '@/lib/session/idle-timer';
import { liveStoredSignIn } from '@/lib/session/stored-sign-in';
import { readAuthData, touchAuthData, writeAuthData } from '@/lib/storage/auth-data';
import { setAuthenticated } from '@/lib/state/app-settings-slice';
import { reset } from '@/lib/state/reset';
import { useAppDispatch } from '@/lib/store-hooks';
import { SessionContext, type SessionActions } from './session-context.ts';

interface SessionProviderProps {
  children: ReactNode;
  /** Navigates the browser away (the SSO logout endpoint); injectable for tests. */
  redirect?: (url: string) => void;
}

/**
 * The session rules of spec 4.3 around react-oidc-context: stores authData whenever the access token changes,
 * keeps lastActivity fresh, logs out after 30 idle minutes, joins the realtime logout room and reacts to
 * 'logout' messages, and offers logout() to the header.
 */
const assignLocation = (url: string) => window.location.assign(url);

export function SessionProvider({ children, redirect = assignLocation }: SessionProviderProps) {
  const auth = useAuth();
  const dispatch = useAppDispatch();
  const channelRef = useRef<LogoutChannel | null>(null);
  const loggingOut = useRef(false);
  const token = auth.isAuthenticated ? auth.user?.access_token : undefined;
  const email = auth.user?.profile.email;
  // While the library loads (after the page's data), a live stored sign-in opens the live updates at the first idle
  // moment: an answer pushed before they connect would be missed. The library's answer then keeps or closes them.
  const [stored] = useState(liveStoredSignIn);
  const [storedUsable, setStoredUsable] = useState(false);
  useWhenIdle(() => setStoredUsable(true), stored !== null && auth.isLoading, false);
  const fromStore = auth.isLoading && storedUsable ? stored : null;
  const channelToken = token ?? fromStore?.token;
  const channelEmail = (email ?? fromStore?.email)?.toLowerCase();

  // The auth context changes on every state change; callbacks read it through a ref so they stay stable
  // (and the realtime connection is not reopened each time).
  const authRef = useRef(auth);
  useEffect(() => {
    authRef.current = auth;
  });

  // Storage and state only: the in-memory OIDC user is left alone because the page navigates to the SSO logout
  // right after. Removing it first would let the route guard start a new sign-in that races the logout
  // redirect and, winning, signs the user straight back in through the still-open SSO session.
  const clearLocal = useCallback(() => {
    clearSessionStorage();
    dispatch(reset());
    dispatch(api.util.resetApiState());
  }, [dispatch]);

  /** Ends the session here and at the SSO; only a logout started in this tab tells the others. */
  const endSession = useCallback(
    async (broadcast: boolean) => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      const { oidcIssuer, oidcClientId } = getAppConfig();
      if (broadcast) await channelRef.current?.broadcastLogout();
      channelRef.current?.close();
      channelRef.current = null;
      clearLocal();
      // Ending the SSO session as well (even when another tab already did) means the next visit cannot be
      // signed straight back in by a session that the other tab has not finished ending yet.
      redirect(buildLogoutUrl(oidcIssuer, oidcClientId, `${window.location.origin}/`));
    },
    [clearLocal, redirect],
  );

  const logout = useCallback(() => endSession(true), [endSession]);

  // An Admin deactivated this user or changed their role (the API's 401 access_revoked): a renewed token carries
  // the new role, and a deactivated user, whose renewal the SSO refuses, is signed out.
  useEffect(
    () =>
      onAccessEnded(
        createAccessEndedHandler({
          renew: () => authRef.current.signinSilent(),
          reload: () => window.location.reload(),
          signOut: () => void endSession(false),
          storage: window.sessionStorage,
          now: () => Date.now(),
          wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        }),
      ),
    [endSession],
  );

  // authData follows the access token (spec 4.3 step 2), and isAuthenticated mirrors the OIDC state.
  useEffect(() => {
    if (token) writeAuthData(token);
    dispatch(setAuthenticated(!!token));
  }, [token, dispatch]);

  // An access token that expires without a successful renew ends in a fresh sign-in, not in 401s.
  const events = auth.events;
  useEffect(() => {
    return events.addAccessTokenExpired(() => {
      authRef.current.signinSilent().catch(() => authRef.current.removeUser());
    });
  }, [events]);

  // Idle logout (spec 4.3 step 4); activity in any tab counts, through authData.lastActivity.
  useEffect(() => {
    if (!token) return undefined;
    const timer = startIdleTimer({
      onActivity: (now) => touchAuthData(now),
      lastSharedActivity: () => {
        const minutes = readAuthData()?.lastActivity;
        return minutes ? minutes * 60_000 : null;
      },
      onIdle: () => void logout(),
    });
    return () => timer.stop();
  }, [token, logout]);

  // The realtime logout room (spec 4.3 step 6). A new token only updates the next handshake.
  useEffect(() => {
    if (!channelToken || !channelEmail) return undefined;
    const channel = openLogoutChannel({
      token: readAuthData()?.token ?? channelToken,
      email: channelEmail,
      fingerprint: getDeviceFingerprint(),
      // Another session in the room logged out: end this one too, without broadcasting again.
      onLogout: () => void endSession(false),
    });
    channelRef.current = channel;
    return () => {
      channel.close();
      if (channelRef.current === channel) channelRef.current = null;
    };
    // The token is read through authData so a renewal does not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [!!channelToken, channelEmail, endSession]);

  useEffect(() => {
    if (token) channelRef.current?.updateToken(token);
  }, [token]);

  const value = useMemo<SessionActions>(() => ({ logout }), [logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
