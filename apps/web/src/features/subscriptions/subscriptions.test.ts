import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/lib/api/base-api';
import { userDataReducer } from '@/lib/state/user-data-slice';
import { subscribedAppsFromResponse, subscriptionsApi } from './subscriptions-api.ts';

const iam = {
  id: 'iam',
  name: 'Identity and Access Management',
  app_logo: 'http://sso/logos/iam.svg',
  ui_url: 'http://sso/profile',
};

function makeStore() {
  return configureStore({
    reducer: { userData: userDataReducer, [api.reducerPath]: api.reducer },
    middleware: (gdm) => gdm().concat(api.middleware),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('subscriptions', () => {
  it('keeps well-formed products only', () => {
    expect(subscribedAppsFromResponse({ data: { products: [iam, { id: 1 }, null] } })).toEqual([iam]);
    expect(subscribedAppsFromResponse(null)).toEqual([]);
  });

  it('fills userData.subscribedApps, and a failure empties it silently', async () => {
    const store = makeStore();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 200, success: true, data: { products: [iam] } })),
    );
    await store.dispatch(subscriptionsApi.endpoints.getUserProductSubscriptions.initiate());
    expect(store.getState().userData.subscribedApps).toEqual([iam]);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 502, success: false, message: 'x' }, { status: 502 })),
    );
    await store.dispatch(
      subscriptionsApi.endpoints.getUserProductSubscriptions.initiate(undefined, { forceRefetch: true }),
    );
    expect(store.getState().userData.subscribedApps).toEqual([]);
  });
});
