import type { ReactElement } from 'react';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { api } from '@/lib/api/base-api';
import { appSettingsReducer } from '@/lib/state/app-settings-slice';
import { loaderReducer } from '@/lib/state/loader-slice';
import { printQueueReducer } from '@/lib/printing/print-queue-slice';
import { setupGuideReducer } from '@/lib/state/setup-guide-slice';
import { userDataReducer } from '@/lib/state/user-data-slice';
import type { RootState } from '@/lib/store-hooks';

/** Test-only: the app's reducers and RTK Query middleware, without persistence. */
export function makeTestStore(preloadedState?: Partial<RootState>) {
  const reducer = combineReducers({
    userData: userDataReducer,
    setupGuide: setupGuideReducer,
    appSettings: appSettingsReducer,
    loader: loaderReducer,
    printQueue: printQueueReducer,
    [api.reducerPath]: api.reducer,
  });
  return configureStore({
    reducer,
    preloadedState: preloadedState as Parameters<typeof reducer>[0],
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

/** Renders routes in a memory router inside a fresh store; returns both. */
export function renderRoutes(
  routes: RouteObject[],
  url: string,
  preloadedState?: Partial<RootState>,
): { store: ReturnType<typeof makeTestStore>; router: ReturnType<typeof createMemoryRouter> } {
  const store = makeTestStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

export function renderWithStore(ui: ReactElement, preloadedState?: Partial<RootState>) {
  return renderRoutes([{ path: '*', element: ui }], '/', preloadedState);
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
}

/** A request body as sent: JSON parsed, anything else (a CSV file) as its text. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replaces fetch with a handler that answers by method and path. Relative URLs (the API's
 * same-origin paths) are resolved against the jsdom location, which Node's Request needs.
 */
export function mockFetch(handler: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  const NativeRequest = globalThis.Request;
  class RelativeRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof NativeRequest ? input : new RelativeRequest(input, init);
      const text = await request.clone().text();
      const recorded: RecordedRequest = {
        method: request.method,
        url: request.url.replace(window.location.origin, ''),
        body: text ? jsonOrText(text) : undefined,
      };
      requests.push(recorded);
      return handler(recorded);
    }),
  );
  return requests;
}
