import {
  createAccessTokens,
  errorsOrTokenError,
  refusedCredentials,
  type AccessTokens,
} from '../../http/access-token.ts';
import { ChannelError, createChannelHttp, type ChannelRequest, type PlatformRules } from '../../http/channel-http.ts';
import { refreshTokenConfig } from '../refresh-token-connection.ts';
import type { AdapterOptions, StoreConnection } from '../channel-types.ts';
import type { AmazonErrorDetail, LwaTokenResponse } from './amazon-wire.ts';

/**
 * The SP-API Notifications API (v1) for ORDER_CHANGE over SQS: destinations and their deletion are grantless calls
 * (an LWA token of the app itself, grant `client_credentials`, scope `sellingpartnerapi::notifications`); a
 * subscription is the seller's (the token from the store's refresh token). Few calls, made when a seller turns
 * notifications on or off, so there is no pacing here: a 429 is retried by the HTTP layer.
 */

const NOTIFICATIONS_PATH = '/notifications/v1';
const ORDER_CHANGE = 'ORDER_CHANGE';
const GRANTLESS_SCOPE = 'sellingpartnerapi::notifications';
const DEFAULT_API_BASE_URL = 'https://sellingpartnerapi-na.amazon.com';
const DEFAULT_AUTH_BASE_URL = 'https://api.amazon.com';
const LWA_APP_NAMES = { clientId: 'LWA client id', clientSecret: 'LWA client secret' };

interface AmazonDestination {
  destinationId: string;
  name?: string;
  resource?: { sqs?: { arn?: string } };
}

interface AmazonSubscription {
  subscriptionId: string;
  destinationId?: string;
}

interface AmazonNotificationsClient {
  /** The destination of this SQS queue: created, or the one Amazon already has for the ARN. */
  sqsDestination(name: string, arn: string, signal?: AbortSignal): Promise<string>;
  /** The seller's ORDER_CHANGE subscription to the destination (an older one elsewhere is replaced). */
  subscribeOrderChange(destinationId: string, marketplaceIds: string[], signal?: AbortSignal): Promise<string>;
  deleteSubscription(subscriptionId: string, signal?: AbortSignal): Promise<void>;
  deleteDestination(destinationId: string, signal?: AbortSignal): Promise<void>;
  /** Asks Amazon for a test message; false when the API does not offer one here. */
  sendTest(subscriptionId: string, signal?: AbortSignal): Promise<boolean>;
}

const notificationsRules: PlatformRules = {
  platform: 'Amazon Notifications',
  errorMessage: (_response, body) =>
    errorsOrTokenError<AmazonErrorDetail>(body, (error) => {
      const text = [error.message, error.details].filter(Boolean).join(' ');
      return error.code ? `${error.code}: ${text}` : text;
    }),
};

const isStatus = (error: unknown, ...statuses: number[]) =>
  error instanceof ChannelError && error.status !== null && statuses.includes(error.status);

export function createAmazonNotificationsClient(
  connection: StoreConnection,
  options: AdapterOptions = {},
): AmazonNotificationsClient {
  // The seller's grant (refresh token) is also what proves the app: a store missing either fails here, by name.
  const config = refreshTokenConfig('Amazon', LWA_APP_NAMES, connection, options);
  const http = createChannelHttp(notificationsRules, options.http);
  const apiBase = (config.apiBaseUrl || DEFAULT_API_BASE_URL).replace(/\/+$/, '');
  const tokenUrl = `${(config.authBaseUrl || DEFAULT_AUTH_BASE_URL).replace(/\/+$/, '')}/auth/o2/token`;

  const tokenRequest = (form: Record<string, string>) => async (signal?: AbortSignal) => {
    const { body } = await http
      .json<LwaTokenResponse>({ method: 'POST', idempotent: true, url: tokenUrl, form }, signal)
      .catch(refusedCredentials('Amazon'));
    return body;
  };
  const grantless = createAccessTokens({
    platform: 'Amazon',
    request: tokenRequest({
      grant_type: 'client_credentials',
      scope: GRANTLESS_SCOPE,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }),
  });
  const seller = createAccessTokens({
    platform: 'Amazon',
    request: tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: config.refreshToken,
      client_id: config.clientId,
      client_secret: config.clientSecret,
    }),
  });

  async function call<T>(
    tokens: AccessTokens,
    request: Omit<ChannelRequest, 'url'> & { path: string },
    signal?: AbortSignal,
  ): Promise<T> {
    const { path, ...rest } = request;
    const { value } = await tokens.get(signal);
    const { body } = await http.json<{ payload?: T } | null>(
      { ...rest, url: `${apiBase}${NOTIFICATIONS_PATH}${path}`, headers: { 'x-amz-access-token': value } },
      signal,
    );
    return body?.payload as T;
  }

  async function findDestination(arn: string, signal?: AbortSignal): Promise<string | null> {
    const all = await call<AmazonDestination[]>(grantless, { method: 'GET', path: '/destinations' }, signal);
    return (all ?? []).find((d) => d.resource?.sqs?.arn === arn)?.destinationId ?? null;
  }

  async function subscription(signal?: AbortSignal): Promise<AmazonSubscription | null> {
    try {
      return await call<AmazonSubscription>(seller, { method: 'GET', path: `/subscriptions/${ORDER_CHANGE}` }, signal);
    } catch (error) {
      if (isStatus(error, 404)) return null;
      throw error;
    }
  }

  async function deleteSubscription(subscriptionId: string, signal?: AbortSignal) {
    try {
      await call(
        grantless,
        { method: 'DELETE', path: `/subscriptions/${ORDER_CHANGE}/${encodeURIComponent(subscriptionId)}` },
        signal,
      );
    } catch (error) {
      if (!isStatus(error, 404)) throw error;
    }
  }

  return {
    async sqsDestination(name, arn, signal) {
      try {
        const created = await call<AmazonDestination>(
          grantless,
          { method: 'POST', path: '/destinations', json: { name, resourceSpecification: { sqs: { arn } } } },
          signal,
        );
        if (created?.destinationId) return created.destinationId;
      } catch (error) {
        // 409: Amazon already has a destination for this queue (turned on before): it is reused.
        if (!isStatus(error, 409)) throw error;
      }
      const existing = await findDestination(arn, signal);
      if (!existing) throw new ChannelError('malformed', 'Amazon answered without a destination id', 200);
      return existing;
    },

    async subscribeOrderChange(destinationId, marketplaceIds, signal) {
      const body = {
        payloadVersion: '1.0',
        destinationId,
        processingDirective: {
          eventFilter: {
            eventFilterType: ORDER_CHANGE,
            orderChangeTypes: ['OrderStatusChange', 'BuyerRequestedChange'],
            marketplaceIds,
          },
        },
      };
      const create = () =>
        call<AmazonSubscription>(
          seller,
          { method: 'POST', path: `/subscriptions/${ORDER_CHANGE}`, json: body },
          signal,
        );
      try {
        const created = await create();
        if (created?.subscriptionId) return created.subscriptionId;
        throw new ChannelError('malformed', 'Amazon answered without a subscription id', 200);
      } catch (error) {
        if (!isStatus(error, 409)) throw error;
      }
      // 409: the seller already has an ORDER_CHANGE subscription for this app; one to another queue is replaced.
      const current = await subscription(signal);
      if (current?.destinationId === destinationId) return current.subscriptionId;
      if (current) await deleteSubscription(current.subscriptionId, signal);
      const created = await create();
      if (!created?.subscriptionId)
        throw new ChannelError('malformed', 'Amazon answered without a subscription id', 200);
      return created.subscriptionId;
    },

    deleteSubscription,

    async deleteDestination(destinationId, signal) {
      try {
        await call(grantless, { method: 'DELETE', path: `/destinations/${encodeURIComponent(destinationId)}` }, signal);
      } catch (error) {
        // Gone already, or still used by another subscription of this app (409): either way not ours to force.
        if (!isStatus(error, 404, 409)) throw error;
      }
    },

    async sendTest(subscriptionId, signal) {
      try {
        await call(
          seller,
          {
            method: 'POST',
            path: `/subscriptions/${ORDER_CHANGE}/testNotification`,
            json: { subscriptionId },
          },
          signal,
        );
        return true;
      } catch (error) {
        if (isStatus(error, 400, 403, 404, 405)) return false;
        throw error;
      }
    },
  };
}
