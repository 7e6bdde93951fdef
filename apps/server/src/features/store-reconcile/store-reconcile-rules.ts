import type { ReconcileFindingKind } from '@shipdesk/contract';

/**
 * How a channel's copy of an order meets ours in a missing-orders check. Pure: no I/O.
 *
 * - `missing`: we have no order of this store with this platform id.
 * - `canceled_on_channel`: ours is still open (Draft or Sales Order: the statuses a channel may still cancel,
 *   stores' channel-orders.ts) while the channel's copy is canceled.
 * - `changed`: the channel's copy is newer than ours (a later copy the pull or a push would have taken).
 * Anything else agrees, or differs only where a later copy never undoes work done here.
 */

const OPEN_STATUSES = new Set(['Draft Order', 'Sales Order']);

interface ChannelSide {
  externalId: string;
  externalUpdatedAt: string;
  canceled: boolean;
}

interface StoredSide {
  id: number;
  externalUpdatedAt: Date | string | null;
  orderStatus: string;
}

export function findingKind(channel: ChannelSide, stored: StoredSide | undefined): ReconcileFindingKind | null {
  if (!stored) return 'missing';
  if (channel.canceled && OPEN_STATUSES.has(stored.orderStatus)) return 'canceled_on_channel';
  const channelAt = Date.parse(channel.externalUpdatedAt);
  if (Number.isNaN(channelAt)) return null;
  if (stored.externalUpdatedAt === null) return 'changed';
  const storedAt = new Date(stored.externalUpdatedAt).getTime();
  return channelAt > storedAt ? 'changed' : null;
}
