import { createHmac, randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { createFakePushSender, type FakePushSender } from '../tracking/fake-tracking-pushes.ts';
import type { FakeShippoLabel } from './fake-shippo-labels.ts';
import { shippoDate, shippoHistory } from './fake-shippo-tracks.ts';
import type { ShippoTrack } from './fake-shippo-wire.ts';

/**
 * Webhooks of the fake Shippo (`POST/GET /webhooks`, `GET/DELETE /webhooks/{id}`, ../shared/integrations-shipping.md
 * 7.3), and their `track_updated` pushes: each time the fake's clock moves on, every tracking status its labels newly
 * reached is POSTed to each active webhook as `{ event, test, data: Track }`. Shippo secures a webhook by the URL's
 * own `?token=` (kept as given) or, when its support provisioned one (`hmacSecret`), by `Shippo-Auth-Signature: t=<unix>,
 * v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (reported by integrators, unconfirmed).
 */

const EVENTS = [
  'track_updated',
  'transaction_created',
  'transaction_updated',
  'batch_created',
  'batch_purchased',
  'all',
] as const;

interface FakeShippoWebhook {
  object_id: string;
  url: string;
  event: (typeof EVENTS)[number];
  active: boolean;
  is_test: boolean;
  object_created: string;
  object_updated: string;
}

export interface FakeShippoWebhooks {
  readonly webhooks: Map<string, FakeShippoWebhook>;
  readonly sender: FakePushSender;
  /** Sends what the labels reached by now (also done each time the clock moves on). */
  push(): void;
}

interface Deps {
  clock: FakeClock;
  labels: ReadonlyMap<string, FakeShippoLabel>;
  /** The HMAC secret Shippo's support provisioned for the account, if any. */
  hmacSecret?: string;
  /** `GET /tracks`, whose answer each push carries. */
  tracks: { getTrack(request: FakeRequest, token: string): FakeReply };
}

const fieldError = (field: string, text: string): FakeReply => ({ status: 400, body: { [field]: [text] } });

export function createFakeShippoWebhooks(
  clock: Deps['clock'],
  labels: Deps['labels'],
  tracks: Deps['tracks'],
  hmacSecret?: string,
) {
  const deps: Deps = { clock, labels, tracks, hmacSecret };
  const webhooks = new Map<string, FakeShippoWebhook>();
  /** How many history entries each label had when last pushed, per webhook. */
  const pushed = new Map<string, number>();
  const sender = createFakePushSender();

  function sign(body: string): Record<string, string> {
    if (!deps.hmacSecret) return {};
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', deps.hmacSecret).update(`${t}.${body}`).digest('hex');
    return { 'Shippo-Auth-Signature': `t=${t},v1=${v1}` };
  }

  function push(): void {
    const now = deps.clock.now();
    for (const hook of webhooks.values()) {
      if (!hook.active || (hook.event !== 'track_updated' && hook.event !== 'all')) continue;
      for (const label of deps.labels.values()) {
        const key = `${hook.object_id}:${label.transaction.tracking_number}`;
        const history = shippoHistory(label, now);
        const from = pushed.get(key) ?? 0;
        pushed.set(key, history.length);
        const request = { params: { carrier: label.carrier, number: label.transaction.tracking_number } };
        const track = deps.tracks.getTrack(request as unknown as FakeRequest, hook.is_test ? 'shippo_test_' : '')
          .body as ShippoTrack;
        for (let i = from; i < history.length; i++) {
          const data: ShippoTrack = {
            ...track,
            tracking_status: history[i]!,
            tracking_history: history.slice(0, i + 1),
          };
          const body = JSON.stringify({ event: 'track_updated', test: hook.is_test, data });
          void sender.send(hook.url, body, sign(body));
        }
      }
    }
  }
  deps.clock.onAdvance(() => push());

  function create(request: FakeRequest): FakeReply {
    let body: Partial<FakeShippoWebhook>;
    try {
      body = JSON.parse(request.body) as Partial<FakeShippoWebhook>;
    } catch {
      return { status: 400, body: { detail: 'JSON parse error.' } };
    }
    if (typeof body.url !== 'string' || !/^https?:\/\/\S+$/.test(body.url)) {
      return fieldError('url', body.url === undefined ? 'This field is required.' : 'Enter a valid URL.');
    }
    if (!EVENTS.includes(body.event as FakeShippoWebhook['event'])) {
      return fieldError('event', body.event === undefined ? 'This field is required.' : 'Not a valid choice.');
    }
    const now = shippoDate(Date.now());
    const hook: FakeShippoWebhook = {
      object_id: randomBytes(16).toString('hex'),
      url: body.url,
      event: body.event!,
      active: body.active ?? true,
      is_test: body.is_test ?? false,
      object_created: now,
      object_updated: now,
    };
    webhooks.set(hook.object_id, hook);
    // Only what happens from now on is pushed.
    for (const label of deps.labels.values()) {
      pushed.set(
        `${hook.object_id}:${label.transaction.tracking_number}`,
        shippoHistory(label, deps.clock.now()).length,
      );
    }
    return { status: 201, body: hook };
  }

  return {
    webhooks,
    sender,
    push,
    create,
    list: (): FakeReply => ({ status: 200, body: { next: null, previous: null, results: [...webhooks.values()] } }),
    get: (request: FakeRequest): FakeReply => {
      const hook = webhooks.get(request.params.id ?? '');
      return hook ? { status: 200, body: hook } : { status: 404, body: { detail: 'Not found.' } };
    },
    remove: (request: FakeRequest): FakeReply =>
      webhooks.delete(request.params.id ?? '') ? { status: 204 } : { status: 404, body: { detail: 'Not found.' } },
  };
}
