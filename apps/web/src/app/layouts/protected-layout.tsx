import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { Role } from '@shipdesk/contract';
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
import { useGetSetupGuideQuery } from '@/features/setup-guide/setup-guide-api';
import { useClaimMarketplaceInstall } from '@/features/marketplace/use-claim-install';
import { useHydrated } from '@/lib/hydration/use-hydrated';

/** The shell of the page's HTML (docs/decisions.md): the same for every user, filled in once hydrated. */
const FRAME_USER = { roleId: Role.Admin, name: '', email: '', apps: [], setupGuideSteps: {} } as const;

/** The page: one element, so the memoised shell keeps it while the area above re-renders. */
const PAGE = <Outlet />;

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
  const hydrated = useHydrated();
  // The bootstrap already asked; this reads the cached answer (and its later refreshes) for the problems list.
  const { data: setupGuide } = useGetSetupGuideQuery(undefined, { skip: !isSetupApiDone });
  useClaimMarketplaceInstall(isSetupApiDone);
  const onToggleMenu = useCallback(() => dispatch(toggleMenu()), [dispatch]);

  // Spec 2.2: until the setup-guide call has answered, every signed-in path is a blank page. The page's HTML is the
  // frame of a workspace set up (main.tsx hydrates it only when the stored state says so).
  if (!isSetupApiDone && hydrated) return <BlankPlaceholder failed={setupFailed} onRetry={retrySetup} />;

  const config = getAppConfig();
  return (
    <AppShell
      menuExpanded={hydrated ? menuExpanded : true}
      onToggleMenu={onToggleMenu}
      roleId={hydrated ? user.user_role_id : FRAME_USER.roleId}
      userName={hydrated ? displayName(user) : FRAME_USER.name}
      email={hydrated ? user.email : FRAME_USER.email}
      apps={hydrated ? user.subscribedApps : FRAME_USER.apps}
      setupGuideSteps={hydrated ? setupGuideSteps : FRAME_USER.setupGuideSteps}
      setupGuideProblems={setupGuide?.data.problems}
      setupGuideFresh={setupFresh}
      profileUrl={hydrated ? `${config.ssoUrl}/profile` : ''}
      supportUrl={hydrated ? config.supportUrl : ''}
      providerUrl={hydrated ? config.providerUrl : ''}
      onLogout={logout}
    >
      {PAGE}
    </AppShell>
  );
}
