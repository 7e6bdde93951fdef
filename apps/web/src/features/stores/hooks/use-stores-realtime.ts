import { useCallback, useEffect, useRef, useState } from 'react';
import { StoreRealtimeEvent, SYNC_STATES, type SyncRun } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { REALTIME_RESYNC, subscribeRealtime } from '@/lib/realtime/realtime-hub';
import { useAppDispatch } from '@/lib/store-hooks';
import { STORE_LIST_TAG, storeTag } from '@/entities/stores/stores-api';
import { CONNECTABLE_TAG, syncRunsTag, tagsForStoreChange } from '../api/store-sync-api';
import { isFinished } from '../store-status';

/** A run shown in its store's row: live while it runs; once finished, only if this screen started it. */
export interface WatchedRun {
  run: SyncRun;
  /** Started from this screen: its outcome stays until dismissed. */
  watched: boolean;
}

const COUNTERS = ['pages', 'ordersSeen', 'ordersNew', 'ordersUpdated', 'ordersFailed'] as const;

/** The payload of 'stores:sync' when it has the SyncRun shape; anything else is ignored. */
export function asSyncRun(payload: unknown): SyncRun | null {
  if (!payload || typeof payload !== 'object') return null;
  const run = payload as Record<string, unknown>;
  const numeric = (value: unknown) => typeof value === 'string' && /^\d{1,19}$/.test(value);
  if (!numeric(run.id) || !numeric(run.storeId)) return null;
  if (!(SYNC_STATES as readonly unknown[]).includes(run.state)) return null;
  if (!COUNTERS.every((key) => typeof run[key] === 'number')) return null;
  return payload as SyncRun;
}

const STAGE = { queued: 0, running: 1, succeeded: 2, failed: 2, stalled: 2 } as const;

/**
 * The later of two reports of a store's sync. Events and the pullOrders answer can arrive in any order: a newer run
 * wins; within one run, a later stage wins, and within a stage the report with more pages.
 */
export function laterRun(current: SyncRun | undefined, incoming: SyncRun): SyncRun {
  if (!current) return incoming;
  if (current.id !== incoming.id) return BigInt(incoming.id) > BigInt(current.id) ? incoming : current;
  const stage = STAGE[incoming.state] - STAGE[current.state];
  if (stage !== 0) return stage > 0 ? incoming : current;
  return incoming.pages >= current.pages ? incoming : current;
}

interface StoresRealtime {
  runs: ReadonlyMap<string, WatchedRun>;
  /** A pull this screen started (the pullOrders answer): its progress and outcome are shown. */
  watch(run: SyncRun): void;
  dismiss(storeId: string): void;
}

/**
 * Live stores: 'stores:changed' refetches what shows that store; 'stores:sync' (after every page of a pull and at its
 * end) feeds the progress of the store's row, and the end of a run refreshes its row and sync log. The rows are
 * asked again when pushes may have been missed.
 */
export function useStoresRealtime(): StoresRealtime {
  const dispatch = useAppDispatch();
  const [runs, setRuns] = useState<ReadonlyMap<string, WatchedRun>>(new Map());
  // Finished runs by id: a pullOrders answer that arrives after its run already ended still shows the outcome.
  const finished = useRef(new Map<string, SyncRun>());

  useEffect(() => {
    const offChanged = subscribeRealtime(StoreRealtimeEvent.Changed, (payload) => {
      const storeId = (payload as { storeId?: unknown } | null)?.storeId;
      dispatch(
        api.util.invalidateTags(
          typeof storeId === 'string' ? tagsForStoreChange(storeId) : [STORE_LIST_TAG, CONNECTABLE_TAG],
        ),
      );
    });
    const offSync = subscribeRealtime(StoreRealtimeEvent.SyncProgress, (payload) => {
      const run = asSyncRun(payload);
      if (!run) return;
      if (isFinished(run)) {
        finished.current.set(run.id, run);
        dispatch(api.util.invalidateTags([STORE_LIST_TAG, storeTag(run.storeId), syncRunsTag(run.storeId)]));
      }
      setRuns((current) => {
        const entry = current.get(run.storeId);
        const next = new Map(current);
        const latest = laterRun(entry?.run, run);
        if (isFinished(latest) && !entry?.watched) next.delete(run.storeId);
        else next.set(run.storeId, { run: latest, watched: entry?.watched ?? false });
        return next;
      });
    });
    // Pushes may have been missed (realtime-hub.ts, REALTIME_RESYNC).
    const offResync = subscribeRealtime(REALTIME_RESYNC, () => {
      dispatch(api.util.invalidateTags([STORE_LIST_TAG, CONNECTABLE_TAG]));
    });
    return () => {
      offChanged();
      offSync();
      offResync();
    };
  }, [dispatch]);

  const watch = useCallback((run: SyncRun) => {
    const known = finished.current.get(run.id);
    setRuns((current) => {
      const next = new Map(current);
      const entry = current.get(run.storeId);
      next.set(run.storeId, { run: laterRun(laterRun(entry?.run, run), known ?? run), watched: true });
      return next;
    });
  }, []);

  const dismiss = useCallback((storeId: string) => {
    setRuns((current) => {
      const next = new Map(current);
      next.delete(storeId);
      return next;
    });
  }, []);

  return { runs, watch, dismiss };
}
