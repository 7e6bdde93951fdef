import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { API_SCOPES } from '@shipdesk/contract';
import type { AppConfig } from '@/config/app-config';

/** The login transaction's application state: where to go after the callback. */
export interface SigninState {
  returnTo: string;
}

export function isSigninState(value: unknown): value is SigninState {
  return !!value && typeof value === 'object' && typeof (value as SigninState).returnTo === 'string';
}

/**
 * oidc-client-ts settings (spec 4.3, 7.7): authorization code + PKCE against the configured issuer, the access
 * token for the product API's audience, refresh tokens for silent renew with a prompt=none iframe fallback,
 * and the signed-in user kept in localStorage so every tab shares it.
 */
export function buildOidcSettings(config: AppConfig, origin: string): UserManagerSettings {
  const store = new WebStorageStateStore({ store: globalThis.localStorage });
  return {
    authority: config.oidcIssuer,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    silent_redirect_uri: `${origin}/silent-renew.html`,
    response_type: 'code',
    scope: API_SCOPES,
    extraQueryParams: { audience: config.oidcAudience, resource: config.oidcAudience },
    // The refresh-token grant must name the resource again so the new access token keeps the API audience.
    extraTokenParams: { resource: config.oidcAudience },
    automaticSilentRenew: true,
    userStore: store,
    stateStore: store,
    loadUserInfo: false,
    monitorSession: false,
  };
}

/** A path relative to this origin that is safe to navigate to after sign-in (never an external URL). */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  return value;
}

/** The current URL without the OIDC callback parameters (code, state, session_state, iss, error...). */
export function stripAuthParams(href: string): string {
  const url = new URL(href);
  for (const key of ['code', 'state', 'session_state', 'iss', 'error', 'error_description', 'error_uri']) {
    url.searchParams.delete(key);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
