import { describe, expect, it } from 'vitest';
import { persistStore } from 'redux-persist';
import type storage from 'redux-persist/es/storage';
import { makeStore, readPersistedState } from './store';

/** Storage in memory holding what an earlier visit left under 'persist:root'. */
function storedRoot(slices: Record<string, unknown>) {
  const data: Record<string, string> = {
    'persist:root': JSON.stringify({
      ...Object.fromEntries(Object.entries(slices).map(([key, value]) => [key, JSON.stringify(value)])),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  };
  const memory = {
    data,
    getItem: async (key: string) => data[key] ?? null,
    setItem: async (key: string, value: string) => void (data[key] = value),
    removeItem: async (key: string) => void delete data[key],
  };
  return memory as typeof memory & typeof storage;
}

async function rehydrated(memory: ReturnType<typeof storedRoot>) {
  const store = makeStore(memory);
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  return store;
}

describe('persisted store', () => {
  it('rehydrates state stored before the print queue existed, with an empty queue', async () => {
    const store = await rehydrated(
      storedRoot({
        userData: { ID: 'u1', email: 'a@b.c' },
        appSettings: { isAuthenticated: true, isMenuExpanded: false },
      }),
    );
    expect(store.getState().userData).toMatchObject({ ID: 'u1', email: 'a@b.c' });
    expect(store.getState().appSettings.isMenuExpanded).toBe(false);
    expect(store.getState().printQueue).toEqual({ byUser: {} });
  });

  it('brings the print queue back, a job the closed page left unconfirmed counted as failed', async () => {
    const job = { id: 'j1', title: 'Label 9400111', createdAt: '2026-01-02T03:04:05Z', state: 'sent', labels: [] };
    const memory = storedRoot({ userData: { ID: 'u1' }, printQueue: { byUser: { u1: [job] } } });
    const store = await rehydrated(memory);
    expect(store.getState().printQueue.byUser.u1).toEqual([
      expect.objectContaining({ id: 'j1', state: 'failed', error: expect.stringMatching(/check the printer/) }),
    ]);
  });
});

describe('the persisted state read at once', () => {
  const stored = (slices: Record<string, unknown>, version = 1) =>
    JSON.stringify({
      ...Object.fromEntries(Object.entries(slices).map(([key, value]) => [key, JSON.stringify(value)])),
      _persist: JSON.stringify({ version, rehydrated: true }),
    });

  it('gives the first render what redux-persist stored, without waiting for its rehydration', () => {
    const state = readPersistedState(() =>
      stored({ appSettings: { isAuthenticated: true, isMenuExpanded: false }, api: { queries: {} } }),
    );
    expect(state).toEqual({ appSettings: { isAuthenticated: true, isMenuExpanded: false } });
    const store = makeStore(storedRoot({}), state);
    expect(store.getState().appSettings.isMenuExpanded).toBe(false);
  });

  it('leaves state of another version, unreadable state and no state to redux-persist', () => {
    expect(readPersistedState(() => stored({ appSettings: { isMenuExpanded: false } }, 2))).toBeUndefined();
    expect(readPersistedState(() => '{not json')).toBeUndefined();
    expect(readPersistedState(() => null)).toBeUndefined();
  });
});
