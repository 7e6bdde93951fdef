import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { createFakePushSender, type FakePushSender } from '../tracking/fake-tracking-pushes.ts';
import { upsTrackPackage } from './fake-ups-tracking.ts';
import type { FakeUpsLabel } from './fake-ups-shipments.ts';
import type { UpsTrackActivity, UpsTrackPackage } from './fake-ups-wire.ts';

/**
 * UPS Track Alert v2 of the fake UPS (../shared/integrations-shipping.md 7.3): `POST
 * /api/track/{v1|v2}/subscription/{standard|enhanced}/package { locale, countryCode, trackingNumberList[<=100] }`
 * (headers transId and transactionSrc) answers `{ validTrackingNumbers, invalidTrackingNumbers }`; a number the fake
 * never sold is invalid. Each subscription lasts 14 days on the fake's clock (a new one renews it) and replays no
 * history. Each time the clock moves on, every subscribed package's new activities (up to its subscription's end)
 * are POSTed to the listener registered for the application, as UPS's portal registers it: UPS first gets a bearer
 * token from the listener's token URL (client credentials, HTTP Basic), then POSTs each event with `Authorization:
 * Bearer`, `x-api-key: <client id>` and `User-Agent: UPSPubSubTrackingService`.
 *
 * Error codes are UPS's (VSS...). Unconfirmed, modelled as read: a request whose numbers are all invalid is refused
 * 400 VSS210.
 */

const DAY = 86_400_000;
const FAKE_TRACK_ALERT_DAYS = 14;
const MAX_NUMBERS = 100;

/** What UPS's developer portal holds for the application: where to push and how to get the bearer token. */
interface FakeUpsTrackAlertListener {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

interface FakeUpsTrackAlertSubscription {
  type: 'standard' | 'enhanced';
  /** On the fake's clock (ms). */
  subscribedAt: number;
  expiresAt: number;
}

export interface FakeUpsTrackAlert {
  /** Subscriptions by tracking number. */
  readonly subscriptions: Map<string, FakeUpsTrackAlertSubscription>;
  /** The numbers of each accepted request, in order (a test sees the batches). */
  readonly requests: string[][];
  /** Every push sent (with the listener's status). */
  readonly sender: FakePushSender;
  /** Registers the listener (UPS's portal); null: none. */
  listen(listener: FakeUpsTrackAlertListener | null): void;
  /** Sends what the subscribed packages reached by now (also done each time the clock moves on). */
  push(): void;
  /** Resolves when every push so far (and its token) has been answered. */
  settled(): Promise<void>;
}

type Refuse = (status: number, code: string, message: string) => FakeReply;

const header = (request: FakeRequest, name: string) => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** An activity's identity: its GMT time and status. */
const activityId = (a: UpsTrackActivity) => `${a.gmtDate}${a.gmtTime}|${a.status.type}|${a.status.statusCode}`;
const activityAt = (a: UpsTrackActivity) =>
  Date.parse(
    `${a.gmtDate.slice(0, 4)}-${a.gmtDate.slice(4, 6)}-${a.gmtDate.slice(6, 8)}T${a.gmtTime.slice(0, 2)}:${a.gmtTime.slice(2, 4)}:${a.gmtTime.slice(4, 6)}Z`,
  );

/** One Track Alert message, as 7.3 gives its fields. */
function trackAlertMessage(pkg: UpsTrackPackage, a: UpsTrackActivity) {
  const delivered = a.status.type === 'D';
  const address = a.location.address;
  return {
    trackingNumber: pkg.trackingNumber,
    localActivityDate: a.date,
    localActivityTime: a.time,
    gmtActivityDate: a.gmtDate,
    gmtActivityTime: a.gmtTime,
    activityLocation: {
      city: address.city,
      stateProvince: address.stateProvince,
      postalCode: delivered ? address.postalCode : '',
      country: address.countryCode,
    },
    activityStatus: {
      type: a.status.type,
      code: a.status.code,
      description: a.status.description,
      descriptionCode: a.status.statusCode,
    },
    scheduledDeliveryDate: pkg.deliveryDate.find((d) => d.type === 'SDD')?.date ?? '',
    actualDeliveryDate: delivered ? a.date : '',
    actualDeliveryTime: delivered ? a.time : '',
    deliveryStartTime: '',
    deliveryEndTime: '',
    deliveryTimeDescription: '',
    receivedBy: '',
  };
}

export function createUpsTrackAlert(options: { labels: Map<string, FakeUpsLabel>; clock: FakeClock; refuse: Refuse }) {
  const { labels, clock, refuse } = options;
  const subscriptions = new Map<string, FakeUpsTrackAlertSubscription>();
  const requests: string[][] = [];
  const pushed = new Map<string, Set<string>>();
  const sender = createFakePushSender();
  let listener: FakeUpsTrackAlertListener | null = null;
  let token: { value: string; until: number; for: FakeUpsTrackAlertListener } | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  /** The listener's bearer token, from its token endpoint (kept until a minute before it ends). */
  async function bearer(to: FakeUpsTrackAlertListener): Promise<string | null> {
    if (token && token.for === to && token.until > Date.now()) return token.value;
    try {
      const basic = Buffer.from(`${to.clientId}:${to.clientSecret}`).toString('base64');
      const answer = await fetch(to.tokenUrl, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(10_000),
      });
      if (!answer.ok) return null;
      const body = (await answer.json()) as { access_token?: string; expires_in?: number };
      if (!body.access_token) return null;
      const seconds = Number(body.expires_in) || 3600;
      token = { value: body.access_token, until: Date.now() + (seconds - 60) * 1000, for: to };
      return token.value;
    } catch {
      return null;
    }
  }

  function deliver(to: FakeUpsTrackAlertListener, message: object): void {
    chain = chain
      .then(async () => {
        const value = await bearer(to);
        await sender.send(to.url, JSON.stringify(message), {
          ...(value ? { Authorization: `Bearer ${value}` } : {}),
          'x-api-key': to.clientId,
          'User-Agent': 'UPSPubSubTrackingService',
        });
      })
      .catch(() => undefined);
  }

  function activitiesOf(trackingNumber: string, now: number) {
    const label = labels.get(trackingNumber);
    if (!label) return null;
    const pkg = upsTrackPackage(label, now);
    return { pkg, oldestFirst: [...pkg.activity].reverse() };
  }

  function push(): void {
    const now = clock.now();
    for (const [number, subscription] of subscriptions) {
      const read = activitiesOf(number, now);
      if (!read) continue;
      const sent = pushed.get(number) ?? new Set<string>();
      pushed.set(number, sent);
      for (const activity of read.oldestFirst) {
        const id = activityId(activity);
        // What happened after the subscription ended is not pushed (nor later, once it is renewed).
        if (sent.has(id) || activityAt(activity) > subscription.expiresAt) continue;
        sent.add(id);
        if (listener) deliver(listener, trackAlertMessage(read.pkg, activity));
      }
    }
  }
  clock.onAdvance(() => push());

  function subscribe(request: FakeRequest): FakeReply {
    const type = request.params.type ?? '';
    if (!['v1', 'v2'].includes(request.params.version ?? '')) {
      return refuse(404, '404', 'The requested resource was not found.');
    }
    if (type !== 'standard' && type !== 'enhanced') {
      return refuse(400, 'VSS930', 'Type is missing or invalid, The Subscription request has been rejected.');
    }
    if (!header(request, 'transId')) return refuse(400, 'VSS002', 'Missing transId.');
    if (!header(request, 'transactionSrc')) return refuse(400, 'VSS004', 'Missing transactionSrc.');
    let body: { locale?: unknown; countryCode?: unknown; trackingNumberList?: unknown };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      body = {};
    }
    if (!body || typeof body !== 'object' || Object.keys(body).length === 0) {
      return refuse(
        400,
        'VSS110',
        'Subscription request is empty or not present. The Subscription request has been rejected.',
      );
    }
    if (body.locale === undefined || body.locale === '') {
      return refuse(400, 'VSS300', 'Locale is required. The Subscription request has been rejected.');
    }
    if (typeof body.locale !== 'string' || !/^[a-z]{2}_[A-Z]{2}$/.test(body.locale)) {
      return refuse(400, 'VSS310', 'Please enter a valid locale. The Subscription request has been rejected.');
    }
    if (
      body.countryCode !== undefined &&
      (typeof body.countryCode !== 'string' || !/^[A-Z]{2}$/.test(body.countryCode))
    ) {
      return refuse(400, 'VSS400', 'Please enter a valid country code. The Subscription request has been rejected.');
    }
    const list = body.trackingNumberList;
    if (!Array.isArray(list) || list.length === 0) {
      return refuse(400, 'VSS200', 'Tracking Number List is required. The Subscription request has been rejected.');
    }
    if (list.length > MAX_NUMBERS) {
      return refuse(
        400,
        'VSS220',
        'You have submitted over 100 1Z numbers which is not allowed. The entire submission of 1Z numbers has been rejected. Please resubmit your request again using groups of no more than 100 1Z numbers.',
      );
    }
    const numbers = list.map((n) => (typeof n === 'string' ? n.trim().toUpperCase() : String(n)));
    const valid = numbers.filter((n) => labels.has(n));
    const invalid = numbers.filter((n) => !labels.has(n));
    if (valid.length === 0) {
      return refuse(
        400,
        'VSS210',
        'The Subscription request should have at least one valid tracking number. The Subscription request has been rejected.',
      );
    }
    requests.push(numbers);
    const now = clock.now();
    for (const number of valid) {
      subscriptions.set(number, { type, subscribedAt: now, expiresAt: now + FAKE_TRACK_ALERT_DAYS * DAY });
      // No history is replayed: what the package reached so far is never pushed.
      const read = activitiesOf(number, now)!;
      const sent = pushed.get(number) ?? new Set<string>();
      for (const activity of read.oldestFirst) sent.add(activityId(activity));
      pushed.set(number, sent);
    }
    return { status: 200, body: { validTrackingNumbers: valid, invalidTrackingNumbers: invalid } };
  }

  const trackAlert: FakeUpsTrackAlert & { subscribe(request: FakeRequest): FakeReply } = {
    subscriptions,
    requests,
    sender,
    listen(next) {
      listener = next;
      token = null;
    },
    push,
    async settled() {
      await chain;
      await sender.settled();
    },
    subscribe,
  };
  return trackAlert;
}
