import { useEffect, useRef, useState } from 'react';
import { useGetAddressCheckQuery } from './address-check-api';
import { ADDRESS_CHECK_WAITING } from './address-check-words';

/** How often a check still waiting for its carrier is asked again while the page is in view. */
export const ADDRESS_CHECK_POLL_MS = 10_000;

/** Whether the page is in view (not a background tab, not a minimised window). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * An order's address check, asked again every 10 seconds while it waits for its carrier (pending, or not checked
 * after an outage) and the page is in view; once it has an answer, or the tab is hidden, nothing more is asked until
 * the order changes. A hidden tab that comes back asks at once, so the seller never reads a stale "waiting".
 */
export function useAddressCheck(orderId: string) {
  const visible = usePageVisible();
  const query = useGetAddressCheckQuery(orderId);
  const waiting = query.data !== undefined && ADDRESS_CHECK_WAITING.includes(query.data.status);
  const polling = waiting && visible;
  const { refetch } = query;
  useEffect(() => {
    if (!polling) return undefined;
    const timer = setInterval(() => void refetch(), ADDRESS_CHECK_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, refetch]);
  // Back in view while waiting: ask now rather than after a whole interval.
  const wasVisible = useRef(visible);
  useEffect(() => {
    const returned = visible && !wasVisible.current;
    wasVisible.current = visible;
    if (returned && waiting) void refetch();
  }, [visible, waiting, refetch]);
  return query;
}
