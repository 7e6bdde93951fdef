import { createContext, useContext } from 'react';
import type { AuthContextProps } from 'react-oidc-context';

export type AuthState = AuthContextProps;

const notLoaded = () => Promise.reject(new Error('The sign-in library has not loaded yet'));

/**
 * The sign-in state while the sign-in library (oidc-client-ts, loaded after the first paint: app/oidc-bridge.tsx)
 * has not answered: loading, nobody known. The build's render of the signed-in frame sees it too.
 */
export const LOADING_SESSION = {
  isLoading: true,
  isAuthenticated: false,
  user: undefined,
  activeNavigator: undefined,
  error: undefined,
  settings: {},
  events: { addAccessTokenExpired: () => () => undefined, addUserLoaded: () => () => undefined },
  signinRedirect: notLoaded,
  signinSilent: notLoaded,
  signinPopup: notLoaded,
  signinResourceOwnerCredentials: notLoaded,
  signoutRedirect: notLoaded,
  signoutPopup: notLoaded,
  signoutSilent: notLoaded,
  removeUser: notLoaded,
  clearStaleState: notLoaded,
  querySessionStatus: notLoaded,
  revokeTokens: notLoaded,
  startSilentRenew: () => undefined,
  stopSilentRenew: () => undefined,
} as unknown as AuthState;

/** The sign-in state the app reads: react-oidc-context's, reported by the bridge once the library has loaded. */
export const AuthStateContext = createContext<AuthState>(LOADING_SESSION);

export function useAuth(): AuthState {
  return useContext(AuthStateContext);
}

/** The URL is the sign-in's answer (`code` or `error` with `state`, in the query or the fragment). */
export function hasAuthParams(location: Pick<Location, 'search' | 'hash'> = window.location): boolean {
  return [location.search, location.hash.replace(/^#/, '?')].some((part) => {
    const params = new URLSearchParams(part);
    return (params.has('code') || params.has('error')) && params.has('state');
  });
}
