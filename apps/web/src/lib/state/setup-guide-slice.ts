import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SETUP_GUIDE_STEPS } from '@shipdesk/contract';
import { reset } from './reset.ts';
import { sameValue } from './same-value.ts';

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
    /** The setup-guide call answered: store its steps (the same object when they are the same) and open the routes. */
    setupGuideLoaded(state, action: PayloadAction<Record<string, boolean>>) {
      if (!sameValue(state.setupGuideSteps, action.payload)) state.setupGuideSteps = action.payload;
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

/** The popover opens by itself when there are no steps or at least one is not done (spec 2.3). */
export function shouldOpenSetupGuide(steps: Record<string, boolean>): boolean {
  const values = Object.values(steps);
  return values.length === 0 || values.some((done) => !done);
}

interface SetupGuideItem {
  id: string;
  title: string;
  route: string | null;
  done: boolean;
}

/**
 * What the Setup-guide popover shows: the known steps in their order (SETUP_GUIDE_STEPS), then any step the
 * server added that this build does not know, each done or not, and the counts and percentage.
 */
export function setupGuideSummary(steps: Record<string, boolean>): {
  items: SetupGuideItem[];
  completed: number;
  total: number;
  percent: number;
} {
  const known = new Set<string>(SETUP_GUIDE_STEPS.map((s) => s.id));
  const items: SetupGuideItem[] = [
    ...SETUP_GUIDE_STEPS.map((s) => ({ id: s.id, title: s.title, route: s.route, done: steps[s.id] === true })),
    ...Object.keys(steps)
      .filter((id) => !known.has(id))
      .map((id) => ({ id, title: id, route: null, done: steps[id] === true })),
  ];
  const completed = items.filter((i) => i.done).length;
  const total = items.length;
  return { items, completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}
