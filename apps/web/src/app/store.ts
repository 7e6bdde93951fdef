import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
// Not 'redux-persist/lib/storage': under Vite 8 its CommonJS default export breaks the built page.
import storage from 'redux-persist/es/storage';
import { PERSIST_KEY, PERSIST_TIMEOUT_MS, PERSIST_VERSION } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
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

/** Builds the store; tests pass an in-memory storage. */
export function makeStore(persistStorage: typeof storage = storage) {
  return configureStore({
    reducer: persistReducer({ ...persistConfig, storage: persistStorage }, rootReducer),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export const store = makeStore();
export const persistor = persistStore(store);
