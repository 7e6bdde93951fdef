import { createHmac, randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { createFakePushSender, type FakePushSender } from '../tracking/fake-tracking-pushes.ts';
import type { FakeUspsAnyLabel } from './fake-usps-label-store.ts';
import { bearerOf, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import { trackingReply } from './fake-usps-tracking.ts';
import type { UspsTrackingDetail, UspsTrackingEvent } from './fake-usps-wire.ts';

/**
 * Subscriptions - Tracking 3.2 of the fake USPS (`/subscriptions-tracking/v3r2`, ../shared/integrations-shipping.md
 * 7.3): subscriptions created, listed, changed and deleted; and, each time the fake's clock moves on, every event its
 * labels newly reached POSTed to each enabled subscription's listenerURL as USPS does: `{ subscriptionId,
 * subscriptionType, timestamp, payload (a JSON string: the tracking detail with that event), links }`, signed
 * `X-HMAC: base64(HMAC-SHA256(secret, timestamp + payload))`. A listener that fails three pushes in a row gets its
 * subscription SUSPENDED, as USPS does.
 */

const API = '/subscriptions-tracking/v3r2';
const EVENT_TYPES = ['ALL_UPDATES', 'DELIVERY_ACTIVITY', 'PACKAGE_DELAYED', 'SCAN_EVENT_EXTRACT'] as const;
/** DELIVERY_ACTIVITY's events: out for delivery, delivered, attempts and pickup notices. */
const DELIVERY_CODES = new Set(['OF', '01', '02', '53', '54', '16']);
const SUSPEND_AFTER_FAILURES = 3;

interface FakeUspsSubscription {
  subscriptionId: string;
  listenerURL: string;
  secret: string;
  adminNotification: Array<{ email: string }>;
  filterProperties: { MID?: string; trackingNumber?: string; trackingEventTypes: string[] };
  status: 'ENABLED' | 'DISABLED' | 'SUSPENDED';
  statusReason: string | null;
  createdTimestamp: string;
  updatedTimestamp: string;
}

interface FakeUspsTrackingPushes {
  readonly subscriptions: Map<string, FakeUspsSubscription>;
  /** Every push sent; `settled()` waits for those in flight. */
  readonly sender: FakePushSender;
  /** Sends what the labels reached by now (also done each time the clock moves on). */
  push(): void;
}

interface Deps {
  clock: FakeClock;
  bearerWorks(token: string | undefined): boolean;
  labels: { labels: Map<string, FakeUspsAnyLabel>; internationalLabels: Map<string, FakeUspsAnyLabel> };
}

const bad = (detail: string, parameter: string) =>
  uspsError(400, API, 'Bad Request', [
    { code: 'INVALID_REQUEST', title: 'Invalid request', detail, source: { parameter } },
  ]);

type SubscriptionBody = Partial<Omit<FakeUspsSubscription, 'subscriptionId'>>;

/** The body's refusal in USPS's words, or null. */
function refusal(body: SubscriptionBody, creating: boolean): FakeReply | null {
  if (creating || body.listenerURL !== undefined) {
    const url = body.listenerURL;
    if (typeof url !== 'string' || url.length === 0 || url.length > 200 || !/^https?:\/\//.test(url)) {
      return bad('listenerURL is required: an http(s) URL of at most 200 characters.', 'listenerURL');
    }
  }
  if (creating || body.secret !== undefined) {
    if (typeof body.secret !== 'string' || body.secret.length !== 32) {
      return bad('secret must be exactly 32 characters.', 'secret');
    }
  }
  if (!creating) return null;
  const admins = body.adminNotification;
  if (!Array.isArray(admins) || admins.length === 0 || admins.some((a) => typeof a?.email !== 'string')) {
    return bad('adminNotification must list at least one email.', 'adminNotification');
  }
  const filter = body.filterProperties;
  if (!filter || typeof filter !== 'object' || (!filter.MID && !filter.trackingNumber)) {
    return bad('filterProperties needs a MID or a trackingNumber.', 'filterProperties');
  }
  const types = filter.trackingEventTypes ?? ['ALL_UPDATES'];
  if (!Array.isArray(types) || types.some((t) => !(EVENT_TYPES as readonly string[]).includes(t))) {
    return bad(`trackingEventTypes must be among ${EVENT_TYPES.join(', ')}.`, 'filterProperties.trackingEventTypes');
  }
  if (types.includes('SCAN_EVENT_EXTRACT') && !filter.MID) {
    return bad('SCAN_EVENT_EXTRACT is for a MID subscription only.', 'filterProperties.trackingEventTypes');
  }
  return null;
}

function wanted(subscription: FakeUspsSubscription, event: UspsTrackingEvent): boolean {
  const types = subscription.filterProperties.trackingEventTypes;
  return types.includes('ALL_UPDATES') || (types.includes('DELIVERY_ACTIVITY') && DELIVERY_CODES.has(event.eventCode));
}

/** What the fake USPS shows tests of its tracking subscriptions. */
export interface FakeUspsTrackingPushLists {
  readonly trackingPushes: FakeUspsTrackingPushes;
}

/** The subscription routes on `router`, and the pushes on the clock's moves. */
export function uspsTrackingPushRoutes(router: FakeRouter, deps: Deps): FakeUspsTrackingPushLists {
  const subscriptions = new Map<string, FakeUspsSubscription>();
  /** The events already pushed, per subscription and number (their code and time). */
  const pushed = new Map<string, Set<string>>();
  const failures = new Map<string, number>();
  const sender = createFakePushSender();
  const sold = () => [...deps.labels.labels.values(), ...deps.labels.internationalLabels.values()];

  const authorized = (request: FakeRequest) => deps.bearerWorks(bearerOf(request));
  const notFound = (id: string) =>
    uspsError(404, API, 'Not Found', [{ code: 'NOT_FOUND', title: 'Not Found', detail: `No subscription ${id}.` }]);

  function detailOf(label: FakeUspsAnyLabel, now: number): UspsTrackingDetail | null {
    const request = { body: JSON.stringify([{ trackingNumber: label.trackingNumber }]) } as FakeRequest;
    const [detail] = trackingReply(request, () => label, now).body as UspsTrackingDetail[];
    return detail ?? null;
  }

  async function deliver(subscription: FakeUspsSubscription, detail: UspsTrackingDetail, event: UspsTrackingEvent) {
    // When USPS sent it (real time), not when the event happened.
    const timestamp = new Date().toISOString();
    const payload = JSON.stringify({ ...detail, trackingEvents: [event] });
    const signature = createHmac('sha256', subscription.secret)
      .update(timestamp + payload)
      .digest('base64');
    const body = JSON.stringify({
      subscriptionId: subscription.subscriptionId,
      subscriptionType: 'TRACKING',
      timestamp,
      payload,
      links: [{ rel: ['self'], href: `${API}/subscriptions/${subscription.subscriptionId}` }],
    });
    const status = await sender.send(subscription.listenerURL, body, { 'X-HMAC': signature });
    const failed = status < 200 || status >= 300 ? (failures.get(subscription.subscriptionId) ?? 0) + 1 : 0;
    failures.set(subscription.subscriptionId, failed);
    if (failed >= SUSPEND_AFTER_FAILURES && subscription.status === 'ENABLED') {
      subscription.status = 'SUSPENDED';
      subscription.statusReason = `The listener failed ${failed} deliveries in a row`;
    }
  }

  function push(): void {
    const now = deps.clock.now();
    for (const subscription of subscriptions.values()) {
      if (subscription.status !== 'ENABLED') continue;
      const only = subscription.filterProperties.trackingNumber;
      for (const label of sold()) {
        if (only && label.trackingNumber !== only) continue;
        const detail = detailOf(label, now);
        if (!detail) continue;
        const key = `${subscription.subscriptionId}:${label.trackingNumber}`;
        const sent = pushed.get(key) ?? new Set<string>();
        pushed.set(key, sent);
        // Oldest first, as they happened.
        for (const event of [...detail.trackingEvents].reverse()) {
          const id = `${event.eventCode}|${event.GMTTimestamp}`;
          if (sent.has(id)) continue;
          sent.add(id);
          if (wanted(subscription, event)) void deliver(subscription, detail, event);
        }
      }
    }
  }
  deps.clock.onAdvance(() => push());

  function create(request: FakeRequest): FakeReply {
    if (!authorized(request)) return invalidToken(API);
    const parsed = jsonBody<SubscriptionBody>(request, API);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    const refused = refusal(body, true);
    if (refused) return refused;
    const now = new Date().toISOString();
    const subscription: FakeUspsSubscription = {
      subscriptionId: randomUUID(),
      listenerURL: body.listenerURL!,
      secret: body.secret!,
      adminNotification: body.adminNotification!,
      filterProperties: {
        ...body.filterProperties!,
        trackingEventTypes: body.filterProperties!.trackingEventTypes ?? ['ALL_UPDATES'],
      },
      status: 'ENABLED',
      statusReason: null,
      createdTimestamp: now,
      updatedTimestamp: now,
    };
    subscriptions.set(subscription.subscriptionId, subscription);
    // What the labels reached before the subscription is not replayed: only what happens from now on.
    for (const label of sold()) {
      const detail = detailOf(label, deps.clock.now());
      const ids = (detail?.trackingEvents ?? []).map((e) => `${e.eventCode}|${e.GMTTimestamp}`);
      pushed.set(`${subscription.subscriptionId}:${label.trackingNumber}`, new Set(ids));
    }
    return { status: 201, body: answer(subscription) };
  }

  const answer = ({ secret: _secret, ...shown }: FakeUspsSubscription) => shown;

  function one(request: FakeRequest, change: 'get' | 'put' | 'delete'): FakeReply {
    if (!authorized(request)) return invalidToken(API);
    const id = request.params.subscriptionId ?? '';
    const subscription = subscriptions.get(id);
    if (!subscription) return notFound(id);
    if (change === 'delete') {
      subscriptions.delete(id);
      return { status: 204 };
    }
    if (change === 'put') {
      const parsed = jsonBody<SubscriptionBody>(request, API);
      if ('reply' in parsed) return parsed.reply;
      const refused = refusal(parsed.value, false);
      if (refused) return refused;
      const { listenerURL, secret, status } = parsed.value;
      if (status !== undefined && status !== 'ENABLED' && status !== 'DISABLED') {
        return bad('status must be ENABLED or DISABLED.', 'status');
      }
      Object.assign(subscription, {
        ...(listenerURL ? { listenerURL } : {}),
        ...(secret ? { secret } : {}),
        ...(status ? { status, statusReason: null } : {}),
        updatedTimestamp: new Date().toISOString(),
      });
      failures.set(id, 0);
    }
    return { status: 200, body: answer(subscription) };
  }

  router
    .on('POST', `${API}/subscriptions`, create)
    .on('GET', `${API}/subscriptions`, (request) =>
      authorized(request)
        ? { status: 200, body: { subscriptions: [...subscriptions.values()].map(answer) } }
        : invalidToken(API),
    )
    .on('GET', `${API}/subscriptions/:subscriptionId`, (request) => one(request, 'get'))
    .on('PUT', `${API}/subscriptions/:subscriptionId`, (request) => one(request, 'put'))
    .on('DELETE', `${API}/subscriptions/:subscriptionId`, (request) => one(request, 'delete'));
  return { trackingPushes: { subscriptions, sender, push } };
}
