import { UserManager, type User } from 'oidc-client-ts';
import type { AppConfig } from '@/config/app-config';
import { buildOidcSettings, isSigninState, safeReturnTo, stripAuthParams } from '@/lib/session/oidc-settings';
import { writeAuthData } from '@/lib/storage/auth-data';
import { router } from './router.ts';

export function createUserManager(config: AppConfig): UserManager {
  const userManager = new UserManager(buildOidcSettings(config, window.location.origin));
  // Store the new access token the moment it arrives (sign-in callback, silent renew), before React renders:
  // the first API calls after sign-in read it from authData.
  userManager.events.addUserLoaded((user) => writeAuthData(user.access_token));
  return userManager;
}

/** After the sign-in callback: drop code/state from the URL and go where the visitor was headed (spec 4.3). */
export function onSigninCallback(user: User | void): void {
  const state = user ? user.state : undefined;
  const target = isSigninState(state)
    ? safeReturnTo(state.returnTo)
    : safeReturnTo(stripAuthParams(window.location.href));
  void router.navigate(target, { replace: true });
}
