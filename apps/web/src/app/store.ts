import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
// Not 'redux-persist/lib/storage': under Vite 8 its CommonJS default export breaks the built page.
import storage from 'redux-persist/es/storage';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS, PERSIST_VERSION } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { readItem, STORAGE_KEYS } from '@/lib/storage/local-storage';
import { userDataReducer } from '@/lib/state/user-data-slice';
import { setupGuideReducer } from '@/lib/state/setup-guide-slice';
import { appSettingsReducer } from '@/lib/state/app-settings-slice';
import { loaderReducer } from '@/lib/state/loader-slice';
import { printQueueReducer } from '@/lib/printing/print-queue-slice';
import type { RootState } from '@/lib/store-hooks';

export const rootReducer = combineReducers({
  userData: userDataReducer,
  setupGuide: setupGuideReducer,
  appSettings: appSettingsReducer,
  loader: loaderReducer,
  printQueue: printQueueReducer,
  [api.reducerPath]: api.reducer,
});

// The store's real state must match the RootState interface features are typed against.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const stateMatches: Exact<ReturnType<typeof rootReducer>, RootState> = true;
void stateMatches;

/**
 * Client state persisted under 'root' v1 (spec 4.4); server data and the loader flag are not. The print queue came
 * later: state stored before it has no `printQueue` and simply starts with an empty queue.
 */
const persistConfig = {
  key: PERSIST_KEY,
  version: PERSIST_VERSION,
  timeout: PERSIST_TIMEOUT_MS,
  storage,
  whitelist: ['userData', 'setupGuide', 'appSettings', 'printQueue'],
};

type PersistedState = Partial<Pick<RootState, 'userData' | 'setupGuide' | 'appSettings' | 'printQueue'>>;

/**
 * What redux-persist stored, read at once from localStorage rather than behind its asynchronous rehydration: the app's
 * first render (which hydrates the page's HTML) already has the stored state, and no blank 'Loading...' waits for it.
 * redux-persist still rehydrates afterwards, with the same values. Stored state of another version is left to it.
 */
export function readPersistedState(read: () => string | null = () => readItem(STORAGE_KEYS.persistedRoot)) {
  try {
    const raw = read();
    const stored = raw ? (JSON.parse(raw) as Record<string, string>) : null;
    if (!stored) return undefined;
    const meta = stored._persist ? (JSON.parse(stored._persist) as { version?: unknown }) : null;
    if (meta?.version !== PERSIST_VERSION) return undefined;
    const state: Record<string, unknown> = {};
    for (const key of persistConfig.whitelist)
      if (typeof stored[key] === 'string') state[key] = JSON.parse(stored[key]);
    return state as PersistedState;
  } catch {
    return undefined;
  }
}

/** Builds the store; tests pass an in-memory storage. */
export function makeStore(persistStorage: typeof storage = storage, preloadedState?: PersistedState) {
  return configureStore({
    reducer: persistReducer({ ...persistConfig, storage: persistStorage }, rootReducer),
    preloadedState: preloadedState as (ReturnType<typeof rootReducer> & PersistPartial) | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export const store = makeStore(storage, readPersistedState());
// Rehydrates again (the same values) and keeps the whitelisted state stored as it changes.
persistStore(store);
