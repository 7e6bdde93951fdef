import { useEffect } from 'react';
import { LabelBatchRealtimeEvent, type LabelBatch } from '@shipdesk/contract';
import { ORDER_LIST_TAG } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { REALTIME_RESYNC, subscribeRealtime } from '@/lib/realtime/realtime-hub';
import { useAppDispatch } from '@/lib/store-hooks';
import { labelBatchesApi } from '../api/label-batches-api';

function isBatch(message: unknown): message is LabelBatch {
  const batch = message as Partial<LabelBatch> | null;
  return typeof batch?.id === 'string' && typeof batch.total === 'number' && typeof batch.bought === 'number';
}

/**
 * A batch's progress as the server pushes it to every tab of the tenant: the batch list is updated in place (no
 * refetch per label), and when a batch finishes its results and the orders refresh; the batches are asked again when
 * pushes may have been missed.
 */
export function useLabelBatchesRealtime(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const offBatch = subscribeRealtime(LabelBatchRealtimeEvent, (message) => {
      if (!isBatch(message)) return;
      dispatch(
        labelBatchesApi.util.updateQueryData('listLabelBatches', undefined, (batches) => {
          const i = batches.findIndex((b) => b.id === message.id);
          if (i >= 0) batches[i] = message;
          else batches.unshift(message);
        }),
      );
      if (message.status === 'done') {
        dispatch(api.util.invalidateTags([{ type: 'LabelBatch', id: message.id }, ORDER_LIST_TAG]));
      }
    });
    // Pushes may have been missed (realtime-hub.ts, REALTIME_RESYNC).
    const offResync = subscribeRealtime(REALTIME_RESYNC, () => dispatch(api.util.invalidateTags(['LabelBatch'])));
    return () => {
      offBatch();
      offResync();
    };
  }, [dispatch]);
}
