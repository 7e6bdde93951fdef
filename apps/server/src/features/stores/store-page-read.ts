import { newestPerOrder } from './channel-order-check.ts';
import type { ChannelAdapter, ChannelOrder, OrderPage } from '../../integrations/channels/channel-types.ts';
import type { ImportRulePlan } from '../shipping-rules/index.ts';
import type { SyncCursor } from './store-sync-repository.ts';

/** A page of a pull on its way: read from the channel while the page before is written. */
export interface PageRead {
  page: Promise<OrderPage>;
  /** The shipping rules of the page's orders, planned as soon as it arrives (never rejects: null when they fail). */
  rules: Promise<ImportRulePlan | null>;
  /** Stops a read nobody will wait for (the run failed, stopped or lost its claim) and silences its failure. */
  abandon(): void;
}

/**
 * Starts reading the page at `cursor`, then planning its shipping rules with `plan`; a failure to read surfaces when
 * the page is awaited.
 */
export function readAhead(
  adapter: ChannelAdapter,
  cursor: SyncCursor,
  plan: (orders: ChannelOrder[]) => Promise<ImportRulePlan | null>,
): PageRead {
  const controller = new AbortController();
  const page = adapter.listOrders(
    { updatedSince: cursor.updatedSince, pageToken: cursor.pageToken },
    controller.signal,
  );
  page.catch(() => undefined);
  const rules = page.then((read) => plan(newestPerOrder(read.orders))).catch(() => null);
  return { page, rules, abandon: () => controller.abort() };
}
