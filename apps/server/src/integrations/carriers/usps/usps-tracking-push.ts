import { ChannelError } from '../../http/channel-http.ts';
import type { TrackingPushAnswer, TrackingPushRequest } from '../carrier-types.ts';
import type { UspsClient } from './usps-client.ts';

/**
 * Subscriptions - Tracking 3.2 (`/subscriptions-tracking/v3r2`, ../shared/integrations-shipping.md 7.3): one
 * subscription per account's MID, every update (ALL_UPDATES), POSTed to the listener and signed `X-HMAC` with the
 * 32-character secret. USPS deletes a subscription after 30 days without traffic and suspends one whose listener fails.
 */

const API = '/subscriptions-tracking/v3r2/subscriptions';

interface UspsSubscriptionAnswer {
  subscriptionId?: string;
  status?: 'ENABLED' | 'DISABLED' | 'SUSPENDED';
  statusReason?: string | null;
}

export async function uspsSubscribeTracking(
  client: UspsClient,
  mid: string,
  request: TrackingPushRequest,
  signal?: AbortSignal,
): Promise<TrackingPushAnswer> {
  const answer = await client.call<UspsSubscriptionAnswer | null>(
    {
      method: 'POST',
      path: API,
      json: {
        listenerURL: request.listenerUrl,
        secret: request.secret,
        adminNotification: [{ email: request.adminEmail }],
        filterProperties: { MID: mid, trackingEventTypes: ['ALL_UPDATES'] },
      },
    },
    signal,
  );
  if (!answer?.subscriptionId) {
    throw new ChannelError('malformed', 'USPS answered the subscription without its id', 201);
  }
  return {
    externalId: answer.subscriptionId,
    active: answer.status === 'ENABLED',
    message: answer.status === 'ENABLED' ? null : `USPS says ${answer.status}: ${answer.statusReason ?? ''}`.trim(),
  };
}

export async function uspsUnsubscribeTracking(client: UspsClient, id: string, signal?: AbortSignal): Promise<void> {
  try {
    await client.call<unknown>(
      { method: 'DELETE', path: `${API}/${encodeURIComponent(id)}`, idempotent: true },
      signal,
    );
  } catch (error) {
    if (!(error instanceof ChannelError && error.kind === 'not_found')) throw error;
  }
}
