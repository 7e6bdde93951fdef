import { describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { appSettingsReducer, initialAppSettings, setAuthenticated, toggleMenu } from './app-settings-slice.ts';
import { loaderReducer, setLoader } from './loader-slice.ts';
import { reset } from './reset.ts';
import {
  initialSetupGuide,
  setSetupGuideStep,
  setupGuideLoaded,
  setupGuideProgress,
  setupGuideReducer,
  setupGuideSummary,
  shouldOpenSetupGuide,
} from './setup-guide-slice.ts';
import { initialUserData, setSubscribedApps, updateUserData, userDataReducer } from './user-data-slice.ts';

const init = { type: '@@INIT' };

describe('userData slice', () => {
  it('starts with the spec 3 defaults', () => {
    const state = userDataReducer(undefined, init);
    expect(state).toEqual(initialUserData);
    expect(state.country).toBe('US');
    expect(state.user_role_id).toBe(Role.Admin);
    expect(state.subscribedApps).toEqual([]);
  });

  it('merges user fields and replaces the subscribed apps', () => {
    let state = userDataReducer(undefined, updateUserData({ email: 'a@b.c', first_name: 'Ann' }));
    state = userDataReducer(
      state,
      setSubscribedApps([{ id: 'iam', name: 'IAM', app_logo: '/l.svg', ui_url: 'https://x' }]),
    );
    expect(state.email).toBe('a@b.c');
    expect(state.first_name).toBe('Ann');
    expect(state.country).toBe('US');
    expect(state.subscribedApps).toHaveLength(1);
  });

  it('RESET restores the initial state', () => {
    const dirty = userDataReducer(undefined, updateUserData({ email: 'a@b.c', user_role_id: Role.Manager }));
    expect(userDataReducer(dirty, reset())).toEqual(initialUserData);
  });
});

describe('setupGuide slice', () => {
  it('isSetupApiDone starts false and becomes true with the loaded steps', () => {
    expect(setupGuideReducer(undefined, init)).toEqual(initialSetupGuide);
    const state = setupGuideReducer(undefined, setupGuideLoaded({ connectStore: true, labelType: false }));
    expect(state.isSetupApiDone).toBe(true);
    expect(state.setupGuideSteps).toEqual({ connectStore: true, labelType: false });
  });

  it('never goes back to false on a later load, and marks single steps', () => {
    let state = setupGuideReducer(undefined, setupGuideLoaded({}));
    state = setupGuideReducer(state, setupGuideLoaded({ a: false }));
    state = setupGuideReducer(state, setSetupGuideStep({ step: 'a', done: true }));
    expect(state).toEqual({ isSetupApiDone: true, setupGuideSteps: { a: true } });
  });

  it('keeps the steps object, and the apps array, when an answer repeats them', () => {
    const loaded = setupGuideReducer(undefined, setupGuideLoaded({ a: true, b: false }));
    const again = setupGuideReducer(loaded, setupGuideLoaded({ b: false, a: true }));
    expect(again.setupGuideSteps).toBe(loaded.setupGuideSteps);
    expect(setupGuideReducer(again, setupGuideLoaded({ a: true, b: true })).setupGuideSteps).toEqual({
      a: true,
      b: true,
    });
    const app = { id: 'iam', name: 'IAM', app_logo: '/l.svg', ui_url: 'https://x' };
    const withApps = userDataReducer(undefined, setSubscribedApps([app]));
    expect(userDataReducer(withApps, setSubscribedApps([{ ...app }])).subscribedApps).toBe(withApps.subscribedApps);
    expect(userDataReducer(withApps, setSubscribedApps([])).subscribedApps).toEqual([]);
  });

  it('RESET restores the initial state', () => {
    const state = setupGuideReducer(undefined, setupGuideLoaded({ a: true }));
    expect(setupGuideReducer(state, reset())).toEqual(initialSetupGuide);
  });

  it('progress is the share of true steps as a percentage', () => {
    expect(setupGuideProgress({})).toBe(0);
    expect(setupGuideProgress({ a: true, b: false })).toBe(50);
    expect(setupGuideProgress({ a: true, b: false, c: false })).toBe(33);
    expect(setupGuideProgress({ a: true, b: true })).toBe(100);
  });

  it('the popover opens by itself when there are no steps or one is not done', () => {
    expect(shouldOpenSetupGuide({})).toBe(true);
    expect(shouldOpenSetupGuide({ a: true, b: false })).toBe(true);
    expect(shouldOpenSetupGuide({ a: true, b: true })).toBe(false);
  });

  it('the summary lists the known steps in order, then unknown ones, with counts', () => {
    const summary = setupGuideSummary({
      labelType: true,
      connectStore: true,
      warehouseAddress: false,
      shippingMethod: false,
      carrierMapping: false,
      extraStep: true,
    });
    expect(summary.items.map((i) => i.id)).toEqual([
      'connectStore',
      'warehouseAddress',
      'shippingMethod',
      'carrierMapping',
      'labelType',
      'extraStep',
    ]);
    expect(summary).toMatchObject({ completed: 3, total: 6, percent: 50 });
    expect(summary.items[5]).toMatchObject({ route: null, done: true });
  });
});

describe('appSettings slice', () => {
  it('toggles the menu, can force it off, and sets isAuthenticated', () => {
    let state = appSettingsReducer(undefined, init);
    expect(state).toEqual({ isAuthenticated: false, isMenuExpanded: true });
    state = appSettingsReducer(state, toggleMenu());
    expect(state.isMenuExpanded).toBe(false);
    state = appSettingsReducer(state, toggleMenu());
    expect(state.isMenuExpanded).toBe(true);
    state = appSettingsReducer(state, toggleMenu(false));
    state = appSettingsReducer(state, toggleMenu(false));
    expect(state.isMenuExpanded).toBe(false);
    state = appSettingsReducer(state, setAuthenticated(true));
    expect(state.isAuthenticated).toBe(true);
    expect(appSettingsReducer(state, reset())).toEqual(initialAppSettings);
  });
});

describe('loader slice', () => {
  it('is a flag any screen switches, cleared by RESET', () => {
    expect(loaderReducer(undefined, init)).toBe(false);
    const on = loaderReducer(undefined, setLoader(true));
    expect(on).toBe(true);
    expect(loaderReducer(on, setLoader(false))).toBe(false);
    expect(loaderReducer(on, reset())).toBe(false);
  });
});
