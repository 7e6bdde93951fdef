import { useEffect } from 'react';
import { OrderRealtimeEvent, type OrderChangedMessage } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { subscribeRealtime } from '@/lib/realtime/realtime-hub';
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
 * and the screens showing those orders refetch (RTK Query refetches only what is on screen).
 */
export function useOrdersRealtime(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      subscribeRealtime(OrderRealtimeEvent.Changed, (message) => {
        dispatch(api.util.invalidateTags(tagsForOrderChange(message)));
      }),
    [dispatch],
  );
}
