import { useCallback, useEffect, useState } from 'react';
import type { ShippingResolutionProgress } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { subscribeShippingResolution } from '@/lib/realtime/shipping-resolution';
import { useAppDispatch } from '@/lib/store-hooks';

interface ShippingResolution {
  /** The last report while a pass runs, or the end of one that re-resolved orders; null otherwise. */
  progress: ShippingResolutionProgress | null;
  dismiss(): void;
}

/**
 * The server re-resolving the open orders after a method or mapping changed. When it is done, the methods (their
 * open-order counts and the unmapped services) and every order query refetch.
 */
export function useShippingResolution(): ShippingResolution {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<ShippingResolutionProgress | null>(null);

  useEffect(
    () =>
      subscribeShippingResolution((report) => {
        if (report.state === 'done') dispatch(api.util.invalidateTags(['ShipMethod', 'Order']));
        // A pass that found no open orders has nothing to tell.
        setProgress(report.state === 'done' && report.total === 0 ? null : report);
      }),
    [dispatch],
  );

  const dismiss = useCallback(() => setProgress(null), []);
  return { progress, dismiss };
}
