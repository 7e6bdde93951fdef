import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api/base-api';
import { setupGuideReducer } from '@/lib/state/setup-guide-slice';
import { setupGuideApi } from './setup-guide-api.ts';
import { setupStepsFromResponse } from './setup-guide-rule.ts';

function makeStore() {
  return configureStore({
    reducer: { setupGuide: setupGuideReducer, [api.reducerPath]: api.reducer },
    middleware: (gdm) => gdm().concat(api.middleware),
  });
}

function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

async function load(store: ReturnType<typeof makeStore>) {
  await store.dispatch(setupGuideApi.endpoints.getSetupGuide.initiate(undefined, { forceRefetch: true }));
}

afterEach(() => vi.unstubAllGlobals());

const ok = JSON.stringify({
  code: 200,
  success: true,
  data: { steps: { connectStore: true, labelType: false }, completed: 1, total: 2 },
});

describe('setup-guide rule (spec 4.2)', () => {
  it('counts any non-null answer, keeping only boolean steps', () => {
    expect(setupStepsFromResponse(null)).toBeNull();
    expect(setupStepsFromResponse(undefined)).toBeNull();
    expect(setupStepsFromResponse({ code: 200, success: true, data: { steps: { a: true, b: 'x' } } })).toEqual({
      a: true,
    });
    expect(setupStepsFromResponse({ code: 200, success: false })).toEqual({});
  });

  it('isSetupApiDone becomes true after a successful call, with its steps', async () => {
    const store = makeStore();
    expect(store.getState().setupGuide.isSetupApiDone).toBe(false);
    answer(200, ok);
    await load(store);
    expect(store.getState().setupGuide).toEqual({
      isSetupApiDone: true,
      setupGuideSteps: { connectStore: true, labelType: false },
    });
  });

  it('a failed call changes nothing, before or after success', async () => {
    const store = makeStore();
    answer(500, JSON.stringify({ code: 500, success: false, message: 'Internal error' }));
    await load(store);
    expect(store.getState().setupGuide.isSetupApiDone).toBe(false);
    answer(200, ok);
    await load(store);
    answer(503, '');
    await load(store);
    expect(store.getState().setupGuide).toEqual({
      isSetupApiDone: true,
      setupGuideSteps: { connectStore: true, labelType: false },
    });
  });

  it('an empty (null) answer does not open the routes', async () => {
    const store = makeStore();
    answer(200, '');
    await load(store);
    expect(store.getState().setupGuide.isSetupApiDone).toBe(false);
  });
});
