import { useLayoutEffect, useMemo } from 'react';
import { AuthProvider, useAuth as useOidcAuth } from 'react-oidc-context';
import type { AppConfig } from '@/config/app-config';
import type { AuthState } from '@/features/auth/auth-state';
import { createUserManager, onSigninCallback } from './auth.ts';

interface OidcBridgeProps {
  config: AppConfig;
  onChange: (auth: AuthState) => void;
}

function Report({ onChange }: Pick<OidcBridgeProps, 'onChange'>) {
  const auth = useOidcAuth();
  useLayoutEffect(() => onChange(auth), [auth, onChange]);
  return null;
}

/**
 * The sign-in library (oidc-client-ts through react-oidc-context), loaded after the first paint: it draws nothing and
 * reports its state to the app's AuthStateContext (providers.tsx), so the app's tree does not change when it comes.
 */
export default function OidcBridge({ config, onChange }: OidcBridgeProps) {
  const userManager = useMemo(() => createUserManager(config), [config]);
  return (
    <AuthProvider userManager={userManager} onSigninCallback={onSigninCallback}>
      <Report onChange={onChange} />
    </AuthProvider>
  );
}
