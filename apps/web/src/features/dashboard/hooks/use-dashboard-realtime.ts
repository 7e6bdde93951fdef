import { useEffect } from 'react';
import { OrderRealtimeEvent } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { REALTIME_RESYNC, subscribeRealtime } from '@/lib/realtime/realtime-hub';
import { useAppDispatch } from '@/lib/store-hooks';

/** Quiet time after the last 'orders:changed' before the figures are asked again. */
const REFRESH_DEBOUNCE_MS = 300;
/**
 * The longest a refresh waits while changes keep arriving (a store sync pushes one event per page). With the
 * dashboard call's 100 ms budget, the numbers move within 2 seconds of a change.
 */
const REFRESH_MAX_WAIT_MS = 1200;

interface RefreshScheduler {
  /** Asks for a refresh: it runs once things are quiet, or at the latest `maxWaitMs` after the first ask. */
  schedule(): void;
  cancel(): void;
}

/** A trailing debounce with a maximum wait, so a burst of changes costs one refetch and a stream never starves it. */
export function createRefreshScheduler(
  refresh: () => void,
  debounceMs = REFRESH_DEBOUNCE_MS,
  maxWaitMs = REFRESH_MAX_WAIT_MS,
): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAskedAt: number | null = null;
  const run = () => {
    timer = undefined;
    firstAskedAt = null;
    refresh();
  };
  return {
    schedule() {
      const now = Date.now();
      firstAskedAt ??= now;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(run, Math.max(0, Math.min(debounceMs, firstAskedAt + maxWaitMs - now)));
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      firstAskedAt = null;
    },
  };
}

/**
 * Live figures: when orders arrive or change (any user, tab or store sync), the server pushes 'orders:changed' to
 * the tenant's room and the dashboard's calls are asked again, without reloading the page; and when the socket
 * may have missed pushes.
 */
export function useDashboardRealtime(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const scheduler = createRefreshScheduler(() => dispatch(api.util.invalidateTags(['Dashboard'])));
    const unsubscribe = subscribeRealtime(OrderRealtimeEvent.Changed, () => scheduler.schedule());
    // Pushes may have been missed (realtime-hub.ts, REALTIME_RESYNC).
    const offResync = subscribeRealtime(REALTIME_RESYNC, () => scheduler.schedule());
    return () => {
      unsubscribe();
      offResync();
      scheduler.cancel();
    };
  }, [dispatch]);
}
