import { createHash, randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import {
  createFakeEbayDelivery,
  type FakeEbayChaos,
  type FakeEbayDelivery,
} from './fake-ebay-notifications-delivery.ts';
import type { EbayError } from './fake-ebay-wire.ts';

/**
 * eBay's REST Notification API as the fake serves it (../shared/integrations-shipping.md section 9): destinations
 * (enabled only after the endpoint answers eBay's challenge), subscriptions to the order topics, the topic list and
 * the public key that verifies a message. Order changes made by a test become signed messages to every enabled
 * subscription of their topic (fake-ebay-notifications-delivery.ts). The order topic ids are not confirmed by eBay's
 * documentation; the fake's are a guess that the product must not rely on (it reads `GET /topic`).
 * Control routes for a test in another process: `POST /_fake/notifications/chaos { drop, repeat, reorder, seed }`
 * and `POST /_fake/notifications/orderChange { orderId, change }`.
 */

const NOTIFICATION_BASE = '/commerce/notification/v1';

/** The user scope a subscription to a seller's topics needs. */
export const NOTIFICATION_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription';

/** What changes the fake can make to an order, and the topic each is published on. */
const ORDER_CHANGE_TOPICS = {
  created: 'ORDER_CONFIRMATION',
  paid: 'ORDER_CONFIRMATION',
  shipped: 'ITEM_MARKED_SHIPPED',
  canceled: 'ORDER_CANCELLATION',
} as const;
type EbayOrderChange = keyof typeof ORDER_CHANGE_TOPICS;

const TOPICS = [
  { topicId: 'ORDER_CONFIRMATION', description: 'An order was placed or paid' },
  { topicId: 'ITEM_MARKED_SHIPPED', description: 'An order line was marked shipped' },
  { topicId: 'ORDER_CANCELLATION', description: 'An order was canceled' },
  { topicId: 'MARKETPLACE_ACCOUNT_DELETION', description: 'A user asked for their account to be deleted' },
];

interface FakeEbayDestination {
  destinationId: string;
  name: string;
  status: 'ENABLED' | 'DISABLED';
  deliveryConfig: { endpoint: string; verificationToken: string };
}

interface FakeEbaySubscription {
  subscriptionId: string;
  topicId: string;
  status: 'ENABLED' | 'DISABLED';
  destinationId: string;
  payload: { format: string; schemaVersion: string; deliveryProtocol: string };
}

export interface FakeEbayNotifications {
  readonly destinations: Map<string, FakeEbayDestination>;
  readonly subscriptions: Map<string, FakeEbaySubscription>;
  readonly delivery: FakeEbayDelivery;
  /** Changes the order as eBay would and publishes the change (for `created`, put the order first: putOrders). */
  changeOrder(orderId: string, change: EbayOrderChange): void;
  chaos(options: FakeEbayChaos): void;
  settled(): Promise<void>;
}

interface Deps {
  router: FakeRouter;
  /** A reply refusing the request unless it carries an application token (client_credentials grant). */
  refuseAppToken(request: FakeRequest): FakeReply | null;
  /** A reply refusing the request unless it carries a user token granted `scope`. */
  refuseUserToken(request: FakeRequest, scope: string): FakeReply | null;
  /** Applies a change to the seller's order; false when there is no such order. */
  applyChange(orderId: string, change: EbayOrderChange): boolean;
  baseUrl(): string;
}

const error = (status: number, errorId: number, message: string): FakeReply => {
  const detail: EbayError = { errorId, domain: 'API_NOTIFICATION', category: 'REQUEST', message };
  return { status, body: { errors: [detail] } };
};

function parseJson(request: FakeRequest): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(request.body);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** eBay's check of a destination: GET endpoint?challenge_code=…, answered with SHA-256(code + token + endpoint). */
async function challengePasses(endpoint: string, verificationToken: string): Promise<boolean> {
  const code = randomUUID().replace(/-/g, '');
  const expected = createHash('sha256').update(code).update(verificationToken).update(endpoint).digest('hex');
  try {
    const url = new URL(endpoint);
    url.searchParams.set('challenge_code', code);
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (answer.status !== 200) return false;
    const body = (await answer.json()) as { challengeResponse?: unknown };
    return body.challengeResponse === expected;
  } catch {
    return false;
  }
}

/** The body of createDestination or updateDestination, checked; a reply when it is refused. */
function destinationInput(request: FakeRequest): Omit<FakeEbayDestination, 'destinationId'> | FakeReply {
  const body = parseJson(request);
  const config = body?.deliveryConfig as { endpoint?: unknown; verificationToken?: unknown } | undefined;
  if (!body || typeof body.name !== 'string' || !config) {
    return error(400, 195000, 'The request has errors: name and deliveryConfig are required.');
  }
  if (typeof config.endpoint !== 'string' || !/^https?:\/\//.test(config.endpoint)) {
    return error(400, 195004, 'Invalid or missing endpoint.');
  }
  if (typeof config.verificationToken !== 'string' || !/^[A-Za-z0-9_-]{32,80}$/.test(config.verificationToken)) {
    return error(400, 195005, 'Invalid or missing verification token: 32 to 80 alphanumeric, underscore or hyphen.');
  }
  const status = body.status === 'DISABLED' ? 'DISABLED' : 'ENABLED';
  return {
    name: body.name,
    status,
    deliveryConfig: { endpoint: config.endpoint, verificationToken: config.verificationToken },
  };
}

/** getTopics' entries: the seller's topics need a user token with the notification scope. */
const topicList = () =>
  TOPICS.map((topic) => ({
    ...topic,
    status: 'ENABLED',
    context: topic.topicId.startsWith('MARKETPLACE') ? 'APPLICATION' : 'USER',
    filterable: false,
    authorizationScopes: topic.topicId.startsWith('MARKETPLACE') ? [] : [NOTIFICATION_SCOPE],
    supportedPayloads: [{ schemaVersion: '1.0', format: ['JSON'], deliveryProtocol: 'HTTPS', deprecated: false }],
  }));

/** The fake's own routes, for a test in another process (never on the product's server). */
function controlRoutes(
  router: FakeRouter,
  delivery: FakeEbayDelivery,
  changeOrder: (orderId: string, change: EbayOrderChange) => void,
): void {
  router.on('POST', '/_fake/notifications/chaos', (request) => {
    const body = parseJson(request);
    if (!body) return { status: 400, body: { error: 'body must be a JSON object' } };
    const share = (field: 'drop' | 'repeat') => {
      const value = body[field];
      return value === undefined || (typeof value === 'number' && value >= 0 && value <= 1);
    };
    if (!share('drop')) return { status: 400, body: { error: 'drop must be a number from 0 to 1' } };
    if (!share('repeat')) return { status: 400, body: { error: 'repeat must be a number from 0 to 1' } };
    delivery.chaos(body as FakeEbayChaos);
    return { status: 204 };
  });
  router.on('POST', '/_fake/notifications/orderChange', (request) => {
    const body = parseJson(request);
    const change = body?.change;
    if (typeof change !== 'string' || !Object.hasOwn(ORDER_CHANGE_TOPICS, change)) {
      return { status: 400, body: { error: `change must be one of ${Object.keys(ORDER_CHANGE_TOPICS).join(', ')}` } };
    }
    try {
      changeOrder(String(body?.orderId), change as EbayOrderChange);
    } catch (failure) {
      return { status: 404, body: { error: (failure as Error).message } };
    }
    return { status: 204 };
  });
}

export function fakeEbayNotifications(deps: Deps): FakeEbayNotifications {
  const destinations = new Map<string, FakeEbayDestination>();
  const subscriptions = new Map<string, FakeEbaySubscription>();
  const delivery = createFakeEbayDelivery();
  const { router } = deps;
  const app = (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) => (request: FakeRequest) =>
    deps.refuseAppToken(request) ?? handler(request);
  const user = (handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) => (request: FakeRequest) =>
    deps.refuseUserToken(request, NOTIFICATION_SCOPE) ?? handler(request);
  const created = (kind: string, id: string): FakeReply => ({
    status: 201,
    headers: { location: `${deps.baseUrl()}${NOTIFICATION_BASE}/${kind}/${id}` },
  });
  const list = <T>(key: string, items: T[]): FakeReply => ({
    status: 200,
    body: { total: items.length, limit: 20, [key]: items },
  });

  async function saveDestination(request: FakeRequest, destinationId: string): Promise<FakeReply | null> {
    const input = destinationInput(request);
    if ('status' in input && typeof input.status === 'number') return input;
    const fields = input as Omit<FakeEbayDestination, 'destinationId'>;
    if (fields.status === 'ENABLED') {
      const { endpoint, verificationToken } = fields.deliveryConfig;
      if (!(await challengePasses(endpoint, verificationToken))) {
        return error(409, 195020, 'Challenge verification failed for the requested endpoint.');
      }
    }
    destinations.set(destinationId, { destinationId, ...fields });
    return null;
  }

  router.on(
    'POST',
    `${NOTIFICATION_BASE}/destination`,
    app(async (request) => {
      const destinationId = randomUUID();
      return (await saveDestination(request, destinationId)) ?? created('destination', destinationId);
    }),
  );
  router.on(
    'GET',
    `${NOTIFICATION_BASE}/destination`,
    app(() => list('destinations', [...destinations.values()])),
  );
  router.on(
    'PUT',
    `${NOTIFICATION_BASE}/destination/:id`,
    app(async (request) => {
      if (!destinations.has(request.params.id!)) return error(404, 195001, 'The destination was not found.');
      return (await saveDestination(request, request.params.id!)) ?? { status: 204 };
    }),
  );
  router.on(
    'DELETE',
    `${NOTIFICATION_BASE}/destination/:id`,
    app((request) => {
      const id = request.params.id!;
      if (!destinations.has(id)) return error(404, 195001, 'The destination was not found.');
      if ([...subscriptions.values()].some((s) => s.destinationId === id)) {
        return error(409, 195002, 'The destination is in use by a subscription.');
      }
      destinations.delete(id);
      return { status: 204 };
    }),
  );

  router.on(
    'POST',
    `${NOTIFICATION_BASE}/subscription`,
    user((request) => {
      const body = parseJson(request);
      const topic = TOPICS.find((t) => t.topicId === body?.topicId);
      if (!body || !topic) return error(400, 195010, 'Invalid or missing topic id.');
      if (typeof body.destinationId !== 'string' || !destinations.has(body.destinationId)) {
        return error(400, 195011, 'Invalid or missing destination id.');
      }
      const payload = body.payload as FakeEbaySubscription['payload'] | undefined;
      if (payload?.format !== 'JSON' || payload.deliveryProtocol !== 'HTTPS' || !payload.schemaVersion) {
        return error(400, 195012, 'Invalid payload: format JSON, deliveryProtocol HTTPS and schemaVersion required.');
      }
      const duplicate = [...subscriptions.values()].find(
        (s) => s.topicId === topic.topicId && s.destinationId === body.destinationId,
      );
      if (duplicate) return error(409, 195013, 'A subscription for this topic and destination already exists.');
      const subscriptionId = randomUUID();
      const status = body.status === 'DISABLED' ? 'DISABLED' : 'ENABLED';
      subscriptions.set(subscriptionId, {
        subscriptionId,
        topicId: topic.topicId,
        status,
        destinationId: body.destinationId,
        payload,
      });
      return created('subscription', subscriptionId);
    }),
  );
  router.on(
    'GET',
    `${NOTIFICATION_BASE}/subscription`,
    user(() => list('subscriptions', [...subscriptions.values()])),
  );
  router.on(
    'DELETE',
    `${NOTIFICATION_BASE}/subscription/:id`,
    user((request) => {
      if (!subscriptions.delete(request.params.id!)) return error(404, 195014, 'The subscription was not found.');
      return { status: 204 };
    }),
  );

  router.on(
    'GET',
    `${NOTIFICATION_BASE}/topic`,
    app(() => list('topics', topicList())),
  );
  router.on(
    'GET',
    `${NOTIFICATION_BASE}/public_key/:kid`,
    app((request) =>
      request.params.kid === delivery.kid
        ? { status: 200, body: { algorithm: 'ECDSA', digest: 'SHA1', key: delivery.publicKeyPem } }
        : error(404, 195030, 'The public key was not found.'),
    ),
  );

  function changeOrder(orderId: string, change: EbayOrderChange): void {
    if (!deps.applyChange(orderId, change)) throw new Error(`The fake eBay has no order ${orderId}`);
    const topicId = ORDER_CHANGE_TOPICS[change];
    for (const subscription of subscriptions.values()) {
      const destination = destinations.get(subscription.destinationId);
      if (subscription.topicId !== topicId || subscription.status !== 'ENABLED' || destination?.status !== 'ENABLED') {
        continue;
      }
      delivery.publish(destination.deliveryConfig.endpoint, topicId, { orderId, change });
    }
  }

  controlRoutes(router, delivery, changeOrder);

  return {
    destinations,
    subscriptions,
    delivery,
    changeOrder,
    chaos: (options) => delivery.chaos(options),
    settled: () => delivery.settled(),
  };
}
