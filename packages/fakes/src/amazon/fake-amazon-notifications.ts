import { randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import { createFakeTokens, oauthError } from '../http/fake-oauth.ts';
import { notificationControlRoutes, parseJson } from './fake-amazon-notifications-control.ts';
import { callSqs } from '../sqs/fake-sqs-client.ts';
import {
  createFakeAmazonDelivery,
  type FakeAmazonChaos,
  type FakeAmazonDelivery,
  type FakeAmazonSqsLink,
} from './fake-amazon-notifications-delivery.ts';
import {
  applyAmazonOrderChange,
  changeTypeOf,
  orderChangeMessage,
  type AmazonOrderChange,
} from './fake-amazon-notifications-orders.ts';
import type { FakeAmazonOrder } from './fake-amazon-orders.ts';
import { spErrorReply as errorReply } from './fake-amazon-restricted-data.ts';
import { spErrors, type SpAddress } from './fake-amazon-wire.ts';

/**
 * The SP-API Notifications API v1 as the fake Amazon serves it (amzn/selling-partner-api-models
 * notifications.json; ../shared/integrations-shipping.md section 9), for ORDER_CHANGE over SQS: the grantless token
 * (client_credentials, scope sellingpartnerapi::notifications) for destinations and for reading or deleting a
 * subscription by id, the seller's token for creating and reading the seller's subscription. A destination's queue must
 * be one the fake SQS has and whose policy lets Amazon's account send (checked with a GetQueueAttributes, as Amazon
 * checks its access when the destination is made). Order changes made by a test (`changeOrder`, or confirmShipment)
 * become ORDER_CHANGE messages in the subscribed destination's queue (fake-amazon-notifications-delivery.ts).
 * Control routes for a test in another process: `POST /_fake/notifications/chaos { drop, repeat, reorder, seed }`,
 * `POST /_fake/notifications/release` and `POST /_fake/notifications/orderChange { orderId, change, address? }`.
 * EventBridge destinations and the other notification types are not served.
 */

const BASE = '/notifications/v1';
const GRANTLESS_SCOPE = 'sellingpartnerapi::notifications';
const SQS_ARN = /^arn:aws:sqs:([a-z0-9-]+):(\d{12}):([A-Za-z0-9_-]{1,80})$/;

interface FakeAmazonDestination {
  destinationId: string;
  name: string;
  resource: { sqs: { arn: string } };
}

interface FakeAmazonSubscription {
  subscriptionId: string;
  payloadVersion: string;
  destinationId: string;
  processingDirective?: {
    eventFilter?: { eventFilterType: string; orderChangeTypes?: string[]; marketplaceIds?: string[] };
  };
}

export interface FakeAmazonNotificationsOptions {
  /** The fake SQS and the keys of the AWS account the fake Amazon sends from (in the fake SQS's accounts). */
  sqs: FakeAmazonSqsLink;
  /** The seller's merchant token, SellerId of the notifications. */
  sellerId?: string;
  /** The app's id, ApplicationId of the notifications. */
  applicationId?: string;
}

export interface FakeAmazonNotifications {
  readonly destinations: Map<string, FakeAmazonDestination>;
  /** The seller's ORDER_CHANGE subscription, by id (one at most). */
  readonly subscriptions: Map<string, FakeAmazonSubscription>;
  readonly delivery: FakeAmazonDelivery;
  /** The token endpoint's answer to a client_credentials grant (already checked: client id and secret). */
  grantlessToken(form: URLSearchParams): FakeReply;
  /** Every grantless token issued so far stops working. */
  revokeGrantlessTokens(): void;
  /** Changes the order as Amazon would and notifies the subscription (for `created`, put the order first). */
  changeOrder(orderId: string, change: AmazonOrderChange, address?: SpAddress): void;
  /** Notifies the subscription of a change already made (confirmShipment). */
  notify(orderId: string, change: AmazonOrderChange): void;
  chaos(options: FakeAmazonChaos): void;
  release(): void;
  settled(): Promise<void>;
}

interface Deps {
  router: FakeRouter;
  orders: Map<string, FakeAmazonOrder>;
  marketplaceId: string;
  sellerTokenWorks(token: string): boolean;
  tokenLifetimeSeconds: number;
  options?: FakeAmazonNotificationsOptions;
}

const conflict = (message: string) => errorReply(409, { code: 'Conflict', message, details: '' });

/** Checks createSubscription's processingDirective; a message naming the bad field, or null. */
function refuseDirective(directive: unknown): string | null {
  if (directive === undefined) return null;
  const filter = (directive as { eventFilter?: unknown } | null)?.eventFilter;
  if (typeof directive !== 'object' || directive === null || (filter !== undefined && typeof filter !== 'object')) {
    return 'processingDirective.eventFilter must be an object.';
  }
  if (filter === undefined) return null;
  const { eventFilterType, orderChangeTypes, marketplaceIds } = filter as Record<string, unknown>;
  if (eventFilterType !== 'ORDER_CHANGE')
    return 'processingDirective.eventFilter.eventFilterType must be ORDER_CHANGE.';
  const known = ['OrderStatusChange', 'BuyerRequestedChange', 'DeliveryTipChange'];
  if (
    orderChangeTypes !== undefined &&
    (!Array.isArray(orderChangeTypes) || orderChangeTypes.some((type) => !known.includes(type as string)))
  ) {
    return `processingDirective.eventFilter.orderChangeTypes must hold only ${known.join(', ')}.`;
  }
  if (
    marketplaceIds !== undefined &&
    (!Array.isArray(marketplaceIds) || marketplaceIds.some((id) => typeof id !== 'string'))
  ) {
    return 'processingDirective.eventFilter.marketplaceIds must be a list of marketplace ids.';
  }
  return null;
}

/** What the destination and subscription operations read and change. */
interface NotificationsState {
  destinations: Map<string, FakeAmazonDestination>;
  subscriptions: Map<string, FakeAmazonSubscription>;
  options?: FakeAmazonNotificationsOptions;
  queueUrlOf(arn: string): string;
}

async function createDestination(state: NotificationsState, request: FakeRequest): Promise<FakeReply> {
  const { destinations, options } = state;
  const body = parseJson(request);
  if (!body) return errorReply(400, spErrors.invalidInput('Request body is not valid JSON.'));
  const { name, resourceSpecification } = body as { name?: unknown; resourceSpecification?: Record<string, unknown> };
  if (typeof name !== 'string' || name === '' || name.length > 256) {
    return errorReply(400, spErrors.invalidInput('name is required (at most 256 characters).'));
  }
  if (resourceSpecification?.eventBridge !== undefined) {
    return errorReply(400, spErrors.invalidInput('The fake Amazon serves sqs destinations only.'));
  }
  const arn = (resourceSpecification?.sqs as { arn?: unknown } | undefined)?.arn;
  if (typeof arn !== 'string' || !SQS_ARN.test(arn)) {
    return errorReply(400, spErrors.invalidInput('resourceSpecification.sqs.arn must be an SQS queue ARN.'));
  }
  if ([...destinations.values()].some((destination) => destination.resource.sqs.arn === arn)) {
    return conflict(`A destination for ${arn} already exists.`);
  }
  if (!options) return errorReply(400, spErrors.invalidInput('The fake Amazon was started without an SQS.'));
  const region = options.sqs.region ?? 'us-east-1';
  if (SQS_ARN.exec(arn)![1] !== region) {
    return errorReply(400, spErrors.invalidInput(`resourceSpecification.sqs.arn must name a queue in ${region}.`));
  }
  const access = await callSqs({
    endpoint: options.sqs.endpoint,
    region,
    credentials: options.sqs.credentials,
    action: 'GetQueueAttributes',
    body: { QueueUrl: state.queueUrlOf(arn), AttributeNames: ['QueueArn'] },
  }).catch(() => null);
  if (access?.status !== 200) {
    return errorReply(
      400,
      spErrors.invalidInput(`Amazon cannot access ${arn}: the queue must exist and its policy allow Amazon to send.`),
    );
  }
  const destination = { destinationId: randomUUID(), name, resource: { sqs: { arn } } };
  destinations.set(destination.destinationId, destination);
  return { status: 200, body: { payload: destination } };
}

function createSubscription(state: NotificationsState, request: FakeRequest): FakeReply {
  const { destinations, subscriptions } = state;
  if (request.params.notificationType !== 'ORDER_CHANGE') {
    return errorReply(400, spErrors.invalidInput('The fake Amazon serves ORDER_CHANGE subscriptions only.'));
  }
  const body = parseJson(request);
  if (!body) return errorReply(400, spErrors.invalidInput('Request body is not valid JSON.'));
  if (body.payloadVersion !== '1.0') return errorReply(400, spErrors.invalidInput('payloadVersion must be 1.0.'));
  if (typeof body.destinationId !== 'string' || !destinations.has(body.destinationId)) {
    return errorReply(400, spErrors.invalidInput(`destinationId ${String(body.destinationId)} is not a destination.`));
  }
  const refused = refuseDirective(body.processingDirective);
  if (refused) return errorReply(400, spErrors.invalidInput(refused));
  if (subscriptions.size > 0) return conflict('A subscription for ORDER_CHANGE already exists for this seller.');
  const subscription: FakeAmazonSubscription = {
    subscriptionId: randomUUID(),
    payloadVersion: '1.0',
    destinationId: body.destinationId,
    ...(body.processingDirective ? { processingDirective: structuredClone(body.processingDirective) } : {}),
  } as FakeAmazonSubscription;
  subscriptions.set(subscription.subscriptionId, subscription);
  return { status: 200, body: { payload: subscription } };
}

export function fakeAmazonNotifications(deps: Deps): FakeAmazonNotifications {
  const { router, options } = deps;
  const destinations = new Map<string, FakeAmazonDestination>();
  const subscriptions = new Map<string, FakeAmazonSubscription>();
  const delivery = createFakeAmazonDelivery(options?.sqs);
  const grantless = createFakeTokens(deps.tokenLifetimeSeconds, (n) => `Atza|fake-grantless-${n}`);
  const sellerId = options?.sellerId ?? 'A2FAKESELLER0001';
  const applicationId = options?.applicationId ?? 'amzn1.sp.solution.fake-shipdesk';

  const queueUrlOf = (arn: string) => {
    const [, , account, name] = SQS_ARN.exec(arn)!;
    return `${options!.sqs.endpoint.replace(/\/+$/, '')}/${account}/${name}`;
  };

  const state: NotificationsState = { destinations, subscriptions, options, queueUrlOf };

  /** Amazon's envelope: request id and rate headers, and the token kind the operation takes. */
  function operation(kind: 'grantless' | 'seller', handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) {
    return async (request: FakeRequest): Promise<FakeReply> => {
      const headers = { 'x-amzn-RequestId': randomUUID(), 'x-amzn-RateLimit-Limit': '1' };
      const header = request.headers['x-amz-access-token'];
      const token = (Array.isArray(header) ? header[0] : header) ?? '';
      const works = kind === 'grantless' ? grantless.works(token) : deps.sellerTokenWorks(token);
      if (!works) return { ...errorReply(403, spErrors.unauthorized()), headers };
      const reply = await handler(request);
      return { ...reply, headers: { ...headers, ...reply.headers } };
    };
  }

  function subscriptionById(request: FakeRequest): FakeAmazonSubscription | null {
    if (request.params.notificationType !== 'ORDER_CHANGE') return null;
    return subscriptions.get(request.params.subscriptionId!) ?? null;
  }
  const noSubscription = () => errorReply(404, spErrors.notFound('The subscription was not found.'));
  const noDestination = () => errorReply(404, spErrors.notFound('The destination was not found.'));

  router
    .on(
      'POST',
      `${BASE}/destinations`,
      operation('grantless', (request) => createDestination(state, request)),
    )
    .on(
      'GET',
      `${BASE}/destinations`,
      operation('grantless', () => ({ status: 200, body: { payload: [...destinations.values()] } })),
    )
    .on(
      'GET',
      `${BASE}/destinations/:destinationId`,
      operation('grantless', (request) => {
        const destination = destinations.get(request.params.destinationId!);
        return destination ? { status: 200, body: { payload: destination } } : noDestination();
      }),
    )
    .on(
      'DELETE',
      `${BASE}/destinations/:destinationId`,
      operation('grantless', (request) =>
        destinations.delete(request.params.destinationId!) ? { status: 200, body: {} } : noDestination(),
      ),
    )
    .on(
      'POST',
      `${BASE}/subscriptions/:notificationType`,
      operation('seller', (request) => createSubscription(state, request)),
    )
    .on(
      'GET',
      `${BASE}/subscriptions/:notificationType`,
      operation('seller', (request) => {
        const [subscription] = request.params.notificationType === 'ORDER_CHANGE' ? subscriptions.values() : [];
        return subscription ? { status: 200, body: { payload: subscription } } : noSubscription();
      }),
    )
    .on(
      'GET',
      `${BASE}/subscriptions/:notificationType/:subscriptionId`,
      operation('grantless', (request) => {
        const subscription = subscriptionById(request);
        return subscription ? { status: 200, body: { payload: subscription } } : noSubscription();
      }),
    )
    .on(
      'DELETE',
      `${BASE}/subscriptions/:notificationType/:subscriptionId`,
      operation('grantless', (request) => {
        const subscription = subscriptionById(request);
        if (!subscription) return noSubscription();
        subscriptions.delete(subscription.subscriptionId);
        return { status: 200, body: {} };
      }),
    );

  function notify(orderId: string, change: AmazonOrderChange): void {
    const entry = deps.orders.get(orderId);
    if (!entry) return;
    for (const subscription of subscriptions.values()) {
      const destination = destinations.get(subscription.destinationId);
      const filter = subscription.processingDirective?.eventFilter;
      const marketplace = entry.order.MarketplaceId ?? deps.marketplaceId;
      if (!destination || !options) continue;
      if (filter?.orderChangeTypes && !filter.orderChangeTypes.includes(changeTypeOf(change))) continue;
      if (filter?.marketplaceIds && !filter.marketplaceIds.includes(marketplace)) continue;
      const { notificationId, body } = orderChangeMessage({
        entry,
        change,
        sellerId,
        applicationId,
        subscriptionId: subscription.subscriptionId,
        marketplaceId: deps.marketplaceId,
      });
      delivery.publish(queueUrlOf(destination.resource.sqs.arn), notificationId, body);
    }
  }

  function changeOrder(orderId: string, change: AmazonOrderChange, address?: SpAddress): void {
    const entry = deps.orders.get(orderId);
    if (!entry) throw new Error(`The fake Amazon has no order ${orderId}`);
    applyAmazonOrderChange(entry, change, address);
    notify(orderId, change);
  }

  notificationControlRoutes(router, delivery, changeOrder);

  return {
    destinations,
    subscriptions,
    delivery,
    revokeGrantlessTokens: () => grantless.revoke(),
    grantlessToken(form) {
      if (form.get('scope') !== GRANTLESS_SCOPE) {
        return oauthError(400, 'invalid_scope', `The fake Amazon grants only the scope ${GRANTLESS_SCOPE}`);
      }
      return {
        status: 200,
        body: { access_token: grantless.issue(), token_type: 'bearer', expires_in: deps.tokenLifetimeSeconds },
      };
    },
    changeOrder,
    notify,
    chaos: (chaos) => delivery.chaos(chaos),
    release: () => delivery.release(),
    settled: () => delivery.settled(),
  };
}
