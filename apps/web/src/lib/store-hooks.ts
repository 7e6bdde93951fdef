import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { UserData } from './state/user-data-slice.ts';
import type { SetupGuideState } from './state/setup-guide-slice.ts';
import type { AppSettingsState } from './state/app-settings-slice.ts';
import type { api } from './api/base-api.ts';
import type { PrintQueueState } from './printing/print-queue-slice.ts';

/**
 * The shape of the Redux store (built in src/app/store.ts, which checks it matches).
 * Features import state only from here and from src/lib/state/*, never from src/app.
 */
export interface RootState {
  userData: UserData;
  setupGuide: SetupGuideState;
  appSettings: AppSettingsState;
  loader: boolean;
  printQueue: PrintQueueState;
  api: ReturnType<typeof api.reducer>;
}

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectUserData = (state: RootState) => state.userData;
export const selectUserRoleId = (state: RootState) => state.userData.user_role_id;
export const selectSetupGuide = (state: RootState) => state.setupGuide;
export const selectIsSetupApiDone = (state: RootState) => state.setupGuide.isSetupApiDone;
export const selectIsMenuExpanded = (state: RootState) => state.appSettings.isMenuExpanded;
export const selectLoader = (state: RootState) => state.loader;
