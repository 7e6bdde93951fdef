import { SHIPPING_RESOLUTION_EVENT, type ShippingResolutionProgress } from '@shipdesk/contract';
import { subscribeRealtime } from './realtime-hub';

/** The payload of 'shipping:resolution' when it has the progress shape; anything else is ignored. */
export function asResolutionProgress(payload: unknown): ShippingResolutionProgress | null {
  if (!payload || typeof payload !== 'object') return null;
  const { state, done, total } = payload as Record<string, unknown>;
  if (state !== 'running' && state !== 'done') return null;
  if (!Number.isInteger(done) || !Number.isInteger(total)) return null;
  return { state, done: done as number, total: total as number };
}

/**
 * Calls `handler` with each progress report of the server re-resolving the tenant's open orders (after a shipping
 * method or mapping changed). Settings shows the progress; the order screens refetch once it is done.
 */
export function subscribeShippingResolution(handler: (progress: ShippingResolutionProgress) => void): () => void {
  return subscribeRealtime(SHIPPING_RESOLUTION_EVENT, (payload) => {
    const progress = asResolutionProgress(payload);
    if (progress) handler(progress);
  });
}
