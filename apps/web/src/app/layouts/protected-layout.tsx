import { Outlet } from 'react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { useSession } from '@/features/auth/session-context';
import { displayName } from '@/features/user/user-claims';
import { AppShell } from '@/components/layout/app-shell';
import { BlankPlaceholder } from '@/components/layout/blank-placeholder';
import { getAppConfig } from '@/config/app-config';
import { toggleMenu } from '@/lib/state/app-settings-slice';
import {
  selectIsMenuExpanded,
  selectIsSetupApiDone,
  selectSetupGuide,
  selectUserData,
  useAppDispatch,
  useAppSelector,
} from '@/lib/store-hooks';
import { useSessionBootstrap } from '../use-session-bootstrap.ts';
import { useResponsiveMenu } from '@/features/app-settings/use-responsive-menu';
import { useGetSetupGuideQuery } from '@/features/setup-guide/setup-guide-api';
import { useClaimMarketplaceInstall } from '@/features/marketplace/use-claim-install';

/** Every signed-in route: sign-in guard, the start-up loads, then the blank placeholder or the app shell. */
export function ProtectedLayout() {
  return (
    <RequireAuth>
      <SignedInArea />
    </RequireAuth>
  );
}

function SignedInArea() {
  const dispatch = useAppDispatch();
  const { setupFresh, setupFailed, retrySetup } = useSessionBootstrap();
  const isSetupApiDone = useAppSelector(selectIsSetupApiDone);
  const { setupGuideSteps } = useAppSelector(selectSetupGuide);
  const user = useAppSelector(selectUserData);
  const menuExpanded = useAppSelector(selectIsMenuExpanded);
  const { logout } = useSession();
  useResponsiveMenu();
  // The bootstrap already asked; this reads the cached answer (and its later refreshes) for the problems list.
  const { data: setupGuide } = useGetSetupGuideQuery(undefined, { skip: !isSetupApiDone });
  useClaimMarketplaceInstall(isSetupApiDone);

  // Spec 2.2: until the setup-guide call has answered, every signed-in path is a blank page.
  if (!isSetupApiDone) return <BlankPlaceholder failed={setupFailed} onRetry={retrySetup} />;

  const config = getAppConfig();
  return (
    <AppShell
      menuExpanded={menuExpanded}
      onToggleMenu={() => dispatch(toggleMenu())}
      roleId={user.user_role_id}
      userName={displayName(user)}
      email={user.email}
      apps={user.subscribedApps}
      setupGuideSteps={setupGuideSteps}
      setupGuideProblems={setupGuide?.data.problems}
      setupGuideFresh={setupFresh}
      profileUrl={`${config.ssoUrl}/profile`}
      supportUrl={config.supportUrl}
      providerUrl={config.providerUrl}
      onLogout={logout}
    >
      <Outlet />
    </AppShell>
  );
}
