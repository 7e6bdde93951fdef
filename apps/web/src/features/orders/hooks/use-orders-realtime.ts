import { useEffect } from 'react';
import { OrderRealtimeEvent, type OrderChangedMessage } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { REALTIME_RESYNC, subscribeRealtime } from '@/lib/realtime/realtime-hub';
import { subscribeShippingResolution } from '@/lib/realtime/shipping-resolution';
import { useAppDispatch } from '@/lib/store-hooks';

/** The cache tags an 'orders:changed' push makes stale: the list, and each changed order with its parts. */
export function tagsForOrderChange(message: unknown) {
  const ids = (message as Partial<OrderChangedMessage> | null)?.orderIds;
  const orderIds = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  return [
    { type: 'Order' as const, id: 'LIST' },
    ...orderIds.flatMap((id) => [
      { type: 'Order' as const, id },
      { type: 'Delivery' as const, id },
      { type: 'OrderNote' as const, id },
    ]),
  ];
}

/**
 * Live updates: when another user or tab changes orders, the server pushes 'orders:changed' to the tenant's room
 * and the screens showing those orders refetch (RTK Query refetches only what is on screen). A change of shipping
 * methods or mappings moves how open orders ship without naming them: once the server has re-resolved them all,
 * every order on screen refetches. When pushes may have been missed, the orders, their parcels and notes refetch.
 */
export function useOrdersRealtime(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const offChanged = subscribeRealtime(OrderRealtimeEvent.Changed, (message) => {
      dispatch(api.util.invalidateTags(tagsForOrderChange(message)));
    });
    const offResolution = subscribeShippingResolution((progress) => {
      if (progress.state === 'done') dispatch(api.util.invalidateTags(['Order']));
    });
    // Pushes may have been missed (realtime-hub.ts, REALTIME_RESYNC).
    const offResync = subscribeRealtime(REALTIME_RESYNC, () => {
      dispatch(api.util.invalidateTags(['Order', 'Delivery', 'OrderNote']));
    });
    return () => {
      offChanged();
      offResolution();
      offResync();
    };
  }, [dispatch]);
}
