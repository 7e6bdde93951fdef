import { ChannelError } from '../../http/channel-http.ts';
import type { TrackingPushAnswer, TrackingPushRequest } from '../carrier-types.ts';
import type { ShippoClient } from './shippo-client.ts';

/**
 * Shippo's `track_updated` webhook (`POST /webhooks`, ../shared/integrations-shipping.md 7.3): labels bought through
 * Shippo push by themselves once it exists. Its security is the URL's own `?token=` (the secret); an HMAC signature
 * (`Shippo-Auth-Signature`) is provisioned by Shippo's support, not by the API, and is also accepted by the listener.
 */

interface ShippoWebhookAnswer {
  object_id?: string;
  active?: boolean;
}

export async function shippoSubscribeTracking(
  client: ShippoClient,
  apiToken: string,
  request: TrackingPushRequest,
  signal?: AbortSignal,
): Promise<TrackingPushAnswer> {
  const url = `${request.listenerUrl}?token=${encodeURIComponent(request.secret)}`;
  const answer = await client.call<ShippoWebhookAnswer | null>(
    {
      method: 'POST',
      path: '/webhooks',
      json: { url, event: 'track_updated', active: true, is_test: apiToken.startsWith('shippo_test_') },
    },
    signal,
  );
  if (!answer?.object_id) throw new ChannelError('malformed', 'Shippo answered the webhook without its id', 201);
  return {
    externalId: answer.object_id,
    active: answer.active !== false,
    message: answer.active === false ? 'Shippo made the webhook inactive' : null,
  };
}

export async function shippoUnsubscribeTracking(client: ShippoClient, id: string, signal?: AbortSignal): Promise<void> {
  try {
    await client.call<unknown>(
      { method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}`, idempotent: true },
      signal,
    );
  } catch (error) {
    if (!(error instanceof ChannelError && error.kind === 'not_found')) throw error;
  }
}
