import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { reset } from './reset.ts';

/** Setup-guide state (spec 3 and 4.2). */
export interface SetupGuideState {
  /** Step id -> done. */
  setupGuideSteps: Record<string, boolean>;
  /** Becomes true once the setup-guide call has answered; never goes back to false (except on RESET). */
  isSetupApiDone: boolean;
}

export const initialSetupGuide: SetupGuideState = { setupGuideSteps: {}, isSetupApiDone: false };

const setupGuideSlice = createSlice({
  name: 'setupGuide',
  initialState: initialSetupGuide,
  reducers: {
    /** The setup-guide call answered: store its steps and open the full route set. */
    setupGuideLoaded(state, action: PayloadAction<Record<string, boolean>>) {
      state.setupGuideSteps = action.payload;
      state.isSetupApiDone = true;
    },
    /** Marks one step done or not (e.g. after a page completed it), without waiting for the next call. */
    setSetupGuideStep(state, action: PayloadAction<{ step: string; done: boolean }>) {
      state.setupGuideSteps[action.payload.step] = action.payload.done;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(reset, () => initialSetupGuide);
  },
});

export const { setupGuideLoaded, setSetupGuideStep } = setupGuideSlice.actions;
export const setupGuideReducer = setupGuideSlice.reducer;

/** Share of completed steps, 0..100 (spec 4.4); no steps -> 0. */
export function setupGuideProgress(steps: Record<string, boolean>): number {
  const values = Object.values(steps);
  if (values.length === 0) return 0;
  return Math.round((values.filter(Boolean).length / values.length) * 100);
}
