import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { reset } from './reset.ts';

/** App settings state (spec 3 and 4.4). */
export interface AppSettingsState {
  isAuthenticated: boolean;
  isMenuExpanded: boolean;
}

export const initialAppSettings: AppSettingsState = { isAuthenticated: false, isMenuExpanded: true };

const appSettingsSlice = createSlice({
  name: 'appSettings',
  initialState: initialAppSettings,
  reducers: {
    setAuthenticated(state, action: PayloadAction<boolean>) {
      state.isAuthenticated = action.payload;
    },
    /** Toggles the sidebar; `toggleMenu(false)` forces it collapsed, `toggleMenu(true)` expanded. */
    toggleMenu(state, action: PayloadAction<boolean | undefined>) {
      state.isMenuExpanded = action.payload ?? !state.isMenuExpanded;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(reset, () => initialAppSettings);
  },
});

export const { setAuthenticated, toggleMenu } = appSettingsSlice.actions;
export const appSettingsReducer = appSettingsSlice.reducer;
