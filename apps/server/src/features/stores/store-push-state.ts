import { sql } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { PushStatus } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';

/**
 * A store's pushes (docs/stores.md, "Pushes"): whether the channel pushes its order changes, when Shipdesk last heard
 * a verified one, and how many it took in by outcome. The pull keeps running beside them as the reconciliation.
 */

/** What became of a verified push: written (or already current), a replay of an event taken in, or no change. */
type PushOutcome = 'recorded' | 'duplicate' | 'ignored';

/**
 * Channels whose pushes a seller turns on from Shipdesk (a queue or a subscription we create): a straggling push after
 * they were turned off does not turn them back on. Shopify and BigCommerce webhooks are set up in the platform, so a
 * verified one is the only sign that they are.
 */
const TURNED_ON_HERE = ['AmazonSP', 'Ebay'];

/** A verified push of this store was taken in: heard now, live, counted. */
export async function notePushHeard(
  tx: Executor,
  tenantId: string,
  storeId: number,
  outcome: PushOutcome,
): Promise<void> {
  const staysOff = sql`(push_status = 'off' AND source_type IN (${sql.join(
    TURNED_ON_HERE.map((t) => sql`${t}`),
    sql`, `,
  )}))`;
  await tx.execute(sql`
    UPDATE stores SET
      last_heard_at = now(),
      push_status = CASE WHEN ${staysOff} THEN push_status ELSE 'active' END,
      push_error = CASE WHEN ${staysOff} THEN push_error ELSE NULL END,
      push_counts = push_counts || jsonb_build_object(
        ${outcome}::text, COALESCE((push_counts ->> ${outcome}::text)::bigint, 0) + 1)
    WHERE tenant_id = ${tenantId} AND id = ${storeId}`);
}

/** Set by a channel's push service: turned on (pending until the first verified push), off, or failed with words. */
export async function setPushStatus(
  tx: Executor,
  tenantId: string,
  storeId: number,
  status: PushStatus,
  error: string | null,
): Promise<void> {
  await tx.execute(sql`
    UPDATE stores SET push_status = ${status}, push_error = ${error}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${storeId}`);
}

const pushesRefused = new Counter({
  name: 'shipdesk_channel_pushes_refused_total',
  help: 'Channel pushes refused before any store took them: unknown store, bad signature, malformed body',
  labelNames: ['channel', 'reason'],
  registers: [processRegistry],
});

/** A push that matched no store or failed verification: no tenant to charge it to, so it is counted here. */
export function pushRefused(channel: string, reason: string): void {
  pushesRefused.inc({ channel: channel.toLowerCase(), reason });
}
