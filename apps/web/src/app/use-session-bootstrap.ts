import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from '@/features/auth/auth-state';
import { useLazyGetSetupGuideQuery } from '@/features/setup-guide/setup-guide-api';
import { useLazyGetUserProductSubscriptionsQuery } from '@/features/subscriptions/subscriptions-api';
import { useVerifyNewUserRegisterMutation } from '@/features/user/user-api';
import { userDataFromClaims } from '@/features/user/user-claims';
import { reset } from '@/lib/state/reset';
import { updateUserData } from '@/lib/state/user-data-slice';
import { selectUserData, useAppDispatch, useAppSelector } from '@/lib/store-hooks';

/**
 * Spec 4.3 step 3, after sign-in: userData from the ID token claims, then POST /call/verifyNewUserRegister
 * (idempotent tenant provisioning), then the setup-guide and subscription loads.
 */
export function useSessionBootstrap() {
  const auth = useAuth();
  const dispatch = useAppDispatch();
  const storedId = useAppSelector(selectUserData).ID;
  const [verifyNewUserRegister] = useVerifyNewUserRegisterMutation();
  const [loadSetupGuide, setupGuide] = useLazyGetSetupGuideQuery();
  const [loadSubscriptions] = useLazyGetUserProductSubscriptionsQuery();
  const profile = auth.user?.profile;
  const sub = profile?.sub;
  const started = useRef<string | null>(null);

  const run = useCallback(async () => {
    // A failed provisioning is not fatal here: the setup-guide call that follows shows whether the tenant works.
    await verifyNewUserRegister()
      .unwrap()
      .catch(() => undefined);
    void loadSetupGuide();
    void loadSubscriptions();
  }, [verifyNewUserRegister, loadSetupGuide, loadSubscriptions]);

  useEffect(() => {
    if (!profile || !sub) return;
    // State persisted for another user (a different account signed in on this browser) must not leak.
    if (storedId && storedId !== sub) dispatch(reset());
    dispatch(updateUserData(userDataFromClaims(profile as Record<string, unknown>)));
  }, [profile, sub, storedId, dispatch]);

  useEffect(() => {
    if (!sub || started.current === sub) return;
    started.current = sub;
    void run();
  }, [sub, run]);

  return {
    setupFresh: setupGuide.isSuccess,
    setupFailed: setupGuide.isError && !setupGuide.isFetching,
    retrySetup: () => void run(),
  };
}
