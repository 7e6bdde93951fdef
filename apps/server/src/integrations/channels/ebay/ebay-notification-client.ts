import { createAccessTokens, refusedCredentials, type AccessTokens } from '../../http/access-token.ts';
import { ChannelError, createChannelHttp, type ChannelRequest, type HttpOptions } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import { refreshTokenConfig } from '../refresh-token-connection.ts';
import type { StoreConnection } from '../channel-types.ts';
import { ebayRules } from './ebay-client.ts';
import type { EbayTokenResponse } from './ebay-wire.ts';

/**
 * eBay's REST Notification API (`/commerce/notification/v1`, ../shared/integrations-shipping.md section 9) for one
 * store's app: destinations, the public keys and the topic list take an application token (client_credentials grant);
 * subscriptions to a seller's topics take the seller's token with the notification scope, which the seller must have
 * consented to. Both tokens live in memory only: they are minted for a setup or a key, not for every pull.
 */

const EBAY_API_BASE_URL = 'https://api.ebay.com';
const NOTIFICATION_PATH = '/commerce/notification/v1';
const APP_SCOPE = 'https://api.ebay.com/oauth/api_scope';
const SUBSCRIPTION_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription';

/**
 * The order topics subscribed to unless the seller names others. eBay added order topics in December 2025 ("Order
 * Confirmation", "Item Marked Shipped"); their ids are NOT confirmed by its documentation, so setup checks them against
 * `GET /topic` and subscribes only to those eBay lists.
 */
export const EBAY_DEFAULT_ORDER_TOPICS = ['ORDER_CONFIRMATION', 'ITEM_MARKED_SHIPPED', 'ORDER_CANCELLATION'];

interface EbayDestination {
  destinationId: string;
  name?: string;
  status?: string;
  deliveryConfig?: { endpoint?: string };
}

interface EbaySubscription {
  subscriptionId: string;
  topicId: string;
  status?: string;
  destinationId?: string;
}

/** getPublicKey's answer: the PEM, the algorithm (ECDSA) and the digest (SHA1). */
interface EbayPublicKey {
  algorithm?: string;
  digest?: string;
  key?: string;
}

export interface EbayNotificationClient {
  publicKey(kid: string, signal?: AbortSignal): Promise<EbayPublicKey | null>;
  topicIds(signal?: AbortSignal): Promise<string[]>;
  destinations(signal?: AbortSignal): Promise<EbayDestination[]>;
  /** Creates (no id) or replaces the destination; eBay challenges the endpoint before it answers. Returns the id. */
  saveDestination(
    destination: { destinationId?: string; name: string; endpoint: string; verificationToken: string },
    signal?: AbortSignal,
  ): Promise<string>;
  deleteDestination(destinationId: string, signal?: AbortSignal): Promise<void>;
  subscriptions(signal?: AbortSignal): Promise<EbaySubscription[]>;
  subscribe(topicId: string, destinationId: string, signal?: AbortSignal): Promise<string>;
  unsubscribe(subscriptionId: string, signal?: AbortSignal): Promise<void>;
}

/** The last path segment of a Location header: the id of what a POST created. */
function createdId(location: string | null, what: string): string {
  const id = location?.split('?')[0]?.split('/').filter(Boolean).pop();
  if (!id) throw new ChannelError('malformed', `eBay created the ${what} without saying its id`, 201, null);
  return decodeURIComponent(id);
}

export function createEbayNotificationClient(
  connection: StoreConnection,
  options: { http?: HttpOptions } = {},
): EbayNotificationClient {
  const config = refreshTokenConfig('eBay', { clientId: 'App ID', clientSecret: 'Cert ID' }, connection, options);
  const http = createChannelHttp(ebayRules, options.http);
  const apiBase = (config.apiBaseUrl || EBAY_API_BASE_URL).replace(/\/+$/, '');
  const authBase = (config.authBaseUrl || config.apiBaseUrl || EBAY_API_BASE_URL).replace(/\/+$/, '');
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

  const tokensFor = (form: Record<string, string>): AccessTokens =>
    createAccessTokens({
      platform: 'eBay',
      request: async (signal) => {
        const { body } = await http
          .json<EbayTokenResponse>(
            {
              method: 'POST',
              idempotent: true,
              url: `${authBase}/identity/v1/oauth2/token`,
              headers: { authorization: `Basic ${basic}` },
              form,
            },
            signal,
          )
          .catch(refusedCredentials('eBay'));
        return body;
      },
    });
  const appTokens = tokensFor({ grant_type: 'client_credentials', scope: APP_SCOPE });
  const userTokens = tokensFor({
    grant_type: 'refresh_token',
    refresh_token: config.refreshToken,
    scope: SUBSCRIPTION_SCOPE,
  });

  /** One call with a token of `tokens`, renewed once when eBay says 401 to a token it had kept. */
  async function call<T>(
    tokens: AccessTokens,
    request: Omit<ChannelRequest, 'url'> & { path: string },
    signal?: AbortSignal,
  ): Promise<{ body: T; location: string | null }> {
    const send = async (bearer: string) => {
      const { path, ...rest } = request;
      const url = path.startsWith('http') ? path : `${apiBase}${NOTIFICATION_PATH}${path}`;
      const answer = await http.json<T>(
        { ...rest, url, headers: { authorization: `Bearer ${bearer}`, ...rest.headers } },
        signal,
      );
      return { body: answer.body, location: answer.response.headers.get('location') };
    };
    const first = await tokens.get(signal);
    try {
      return await send(first.value);
    } catch (error) {
      if (first.fresh || !(error instanceof ChannelError) || error.status !== 401) throw error;
      tokens.forget(first.value);
      return send((await tokens.get(signal)).value);
    }
  }

  /** Every page of a list (eBay pages by `limit` and a `next` link). */
  async function all<T>(tokens: AccessTokens, path: string, key: string, signal?: AbortSignal): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined = `${path}?limit=100`;
    for (let page = 0; next && page < 50; page++) {
      const answer: { body: Record<string, unknown> | null } = await call(tokens, { path: next }, signal);
      const body = answer.body;
      const found = body?.[key];
      if (Array.isArray(found)) items.push(...(found as T[]));
      next = typeof body?.next === 'string' && body.next ? body.next : undefined;
    }
    return items;
  }

  return {
    async publicKey(kid, signal) {
      const answer = await orNullWhenNotFound(
        call<EbayPublicKey>(appTokens, { path: `/public_key/${encodeURIComponent(kid)}` }, signal),
      );
      return answer?.body ?? null;
    },
    async topicIds(signal) {
      const topics = await all<{ topicId?: unknown }>(appTokens, '/topic', 'topics', signal);
      return topics.map((topic) => topic.topicId).filter((id): id is string => typeof id === 'string');
    },
    destinations: (signal) => all<EbayDestination>(appTokens, '/destination', 'destinations', signal),
    async saveDestination({ destinationId, name, endpoint, verificationToken }, signal) {
      const json = { name, status: 'ENABLED', deliveryConfig: { endpoint, verificationToken } };
      if (destinationId) {
        await call(
          appTokens,
          { method: 'PUT', path: `/destination/${encodeURIComponent(destinationId)}`, json },
          signal,
        );
        return destinationId;
      }
      const { location } = await call(appTokens, { method: 'POST', path: '/destination', json }, signal);
      return createdId(location, 'destination');
    },
    async deleteDestination(destinationId, signal) {
      const path = `/destination/${encodeURIComponent(destinationId)}`;
      await orNullWhenNotFound(call(appTokens, { method: 'DELETE', path }, signal));
    },
    subscriptions: (signal) => all<EbaySubscription>(userTokens, '/subscription', 'subscriptions', signal),
    async subscribe(topicId, destinationId, signal) {
      const json = {
        topicId,
        status: 'ENABLED',
        destinationId,
        payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
      };
      const { location } = await call(userTokens, { method: 'POST', path: '/subscription', json }, signal);
      return createdId(location, 'subscription');
    },
    async unsubscribe(subscriptionId, signal) {
      const path = `/subscription/${encodeURIComponent(subscriptionId)}`;
      await orNullWhenNotFound(call(userTokens, { method: 'DELETE', path }, signal));
    },
  };
}
