import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * The process's own metrics: what the work got done (orders imported, labels bought), counted where it is committed,
 * and the Node.js process (CPU, memory, event loop delay, garbage collection). One registry per process, whatever
 * number of apps a test builds in it; plugins/metrics.ts serves it beside each app's own.
 */
export const processRegistry = new Registry();

let processMetricsOn = false;
/** The process metrics are collected from the first app that serves metrics on (an event-loop monitor each). */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}

const ordersImported = new Counter({
  name: 'shipdesk_sync_orders_imported_total',
  help: 'Orders written by store sync (pulls and webhooks), by channel and whether the order was new or updated',
  labelNames: ['channel', 'kind'] as const,
  registers: [processRegistry],
});

const labelsBought = new Counter({
  name: 'shipdesk_labels_bought_total',
  help: 'Labels bought and recorded, by carrier (one label, a batch item, a purchase confirmed later)',
  labelNames: ['carrier'] as const,
  registers: [processRegistry],
});

const batchItems = new Counter({
  name: 'shipdesk_label_batch_items_total',
  help: 'Label batch items worked, by outcome (bought or failed)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export const throughput = {
  /** After the transaction that wrote them committed. */
  ordersImported(channel: string, added: number, updated: number): void {
    const label = channel.toLowerCase();
    if (added > 0) ordersImported.inc({ channel: label, kind: 'new' }, added);
    if (updated > 0) ordersImported.inc({ channel: label, kind: 'updated' }, updated);
  },
  labelBought(carrier: string): void {
    labelsBought.inc({ carrier: carrier.toLowerCase() });
  },
  batchItems(round: { bought: number; failed: number }): void {
    if (round.bought > 0) batchItems.inc({ outcome: 'bought' }, round.bought);
    if (round.failed > 0) batchItems.inc({ outcome: 'failed' }, round.failed);
  },
};
