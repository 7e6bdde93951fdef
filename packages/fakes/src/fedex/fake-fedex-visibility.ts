import { createHmac, randomUUID } from 'node:crypto';
import type { FakeRequest } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { createFakePushSender, type FakePushSender } from '../tracking/fake-tracking-pushes.ts';
import type { FakeFedexLabel } from './fake-fedex-shipments.ts';
import { trackByNumbers } from './fake-fedex-track.ts';
import type { FedexCompleteTrackResult, FedexScanEvent, FedexTrackResult } from './fake-fedex-wire.ts';

/**
 * FedEx's Advanced Integrated Visibility webhook (../shared/integrations-shipping.md 7.3), as the fake FedEx plays it.
 * FedEx has no API to set it up: a seller pastes the listener URL into FedEx's developer portal for an account number
 * and is shown a security token. `register` is that portal step. Each time the fake's clock moves on, every label of
 * the account that newly reached scans gets one POST: the track result the fake's Track API answers for that number
 * (trackingNumberInfo, latestStatusDetail, dateAndTimes, scanEvents newest first), signed hex HMAC-SHA256(security
 * token, raw body) in `x-fedex-signature` or the header given. FedEx publishes neither the header nor the algorithm
 * (unconfirmed). FedEx says events may arrive out of order: with `outOfOrder`, each new scan is its own POST, newest
 * first. Unlike FedEx, the fake takes plain http and loopback URLs (tests and the demo listen there).
 */

const DEFAULT_SIGNATURE_HEADER = 'x-fedex-signature';
/** FedEx's portal takes a URL of at most 200 characters. */
const MAX_URL_LENGTH = 200;

interface FakeFedexVisibilitySetup {
  accountNumber: string;
  /** The listener URL pasted into the portal. */
  url: string;
  /** The security token the portal shows; the pushes are signed with it. */
  securityToken: string;
  /** The header the signature comes in (default x-fedex-signature). */
  signatureHeader?: string;
  /** Each new scan pushed on its own, newest first, as FedEx warns can happen. */
  outOfOrder?: boolean;
}

interface FakeFedexVisibilityWebhook extends Required<FakeFedexVisibilitySetup> {
  id: string;
}

export interface FakeFedexVisibility {
  /** The webhooks set up, by id. */
  readonly webhooks: ReadonlyMap<string, FakeFedexVisibilityWebhook>;
  /** Every push sent; `settled()` waits for those in flight. */
  readonly sender: FakePushSender;
  /** The portal step: from now on, the account's labels' new scans are pushed to `url`. */
  register(setup: FakeFedexVisibilitySetup): FakeFedexVisibilityWebhook;
  /** The webhook removed in the portal; false when there was none of that id. */
  unregister(id: string): boolean;
  /** Sends what the labels reached by now (also done each time the clock moves on). */
  push(): void;
}

interface Deps {
  clock: FakeClock;
  labels: Map<string, FakeFedexLabel>;
}

const scanId = (scan: FedexScanEvent) => `${scan.eventType ?? ''}|${scan.date ?? ''}`;

/** Why FedEx's portal would refuse the setup, or null. */
function refusal(setup: FakeFedexVisibilitySetup): string | null {
  if (typeof setup.accountNumber !== 'string' || !/^\d{9}$/.test(setup.accountNumber)) {
    return 'accountNumber must be a 9-digit FedEx account number';
  }
  if (typeof setup.url !== 'string' || !/^https?:\/\/\S+$/.test(setup.url) || setup.url.length > MAX_URL_LENGTH) {
    return `url must be an http(s) URL of at most ${MAX_URL_LENGTH} characters`;
  }
  if (typeof setup.securityToken !== 'string' || setup.securityToken.length === 0) {
    return 'securityToken is required';
  }
  if (setup.signatureHeader !== undefined && !/^[A-Za-z0-9-]+$/.test(setup.signatureHeader)) {
    return 'signatureHeader must be a header name';
  }
  return null;
}

export function createFedexVisibility(deps: Deps): FakeFedexVisibility {
  const webhooks = new Map<string, FakeFedexVisibilityWebhook>();
  /** The scans already pushed (or there before the webhook), per webhook and tracking number. */
  const pushed = new Map<string, Set<string>>();
  const sender = createFakePushSender();

  /** The label's track result as the fake's Track API answers it, with its scans; null once cancelled. */
  function resultOf(label: FakeFedexLabel, now: number): FedexTrackResult | null {
    const request = {
      body: JSON.stringify({
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: label.trackingNumber } }],
      }),
    } as FakeRequest;
    const answer = trackByNumbers(deps.labels, request, now).body as {
      output: { completeTrackResults: FedexCompleteTrackResult[] };
    };
    const result = answer.output.completeTrackResults[0]?.trackResults[0];
    return result && !result.error ? result : null;
  }

  const accountLabels = (accountNumber: string) =>
    [...deps.labels.values()].filter((label) => label.accountNumber === accountNumber);

  function send(hook: FakeFedexVisibilityWebhook, result: FedexTrackResult): void {
    const body = JSON.stringify(result);
    const signature = createHmac('sha256', hook.securityToken).update(body, 'utf8').digest('hex');
    void sender.send(hook.url, body, { [hook.signatureHeader]: signature });
  }

  function push(): void {
    const now = deps.clock.now();
    for (const hook of webhooks.values()) {
      for (const label of accountLabels(hook.accountNumber)) {
        const result = resultOf(label, now);
        if (!result) continue;
        const key = `${hook.id}:${label.trackingNumber}`;
        const sent = pushed.get(key) ?? new Set<string>();
        pushed.set(key, sent);
        const fresh = (result.scanEvents ?? []).filter((scan) => !sent.has(scanId(scan)));
        if (fresh.length === 0) continue;
        for (const scan of fresh) sent.add(scanId(scan));
        if (!hook.outOfOrder) {
          send(hook, result);
          continue;
        }
        // Newest first: each scan alone, as the latest status of its own push.
        for (const scan of fresh) {
          send(hook, {
            ...result,
            latestStatusDetail: {
              code: scan.eventType,
              derivedCode: scan.derivedStatusCode,
              statusByLocale: scan.derivedStatus,
              description: scan.eventDescription,
              scanLocation: scan.scanLocation,
            },
            scanEvents: [scan],
          });
        }
      }
    }
  }
  deps.clock.onAdvance(() => push());

  function register(setup: FakeFedexVisibilitySetup): FakeFedexVisibilityWebhook {
    const refused = refusal(setup);
    if (refused) throw new Error(`The fake FedEx portal refuses the webhook: ${refused}`);
    const hook: FakeFedexVisibilityWebhook = {
      id: randomUUID(),
      accountNumber: setup.accountNumber,
      url: setup.url,
      securityToken: setup.securityToken,
      signatureHeader: (setup.signatureHeader ?? DEFAULT_SIGNATURE_HEADER).toLowerCase(),
      outOfOrder: setup.outOfOrder ?? false,
    };
    webhooks.set(hook.id, hook);
    // What the labels reached before the webhook is not replayed: only what happens from now on.
    const now = deps.clock.now();
    for (const label of accountLabels(hook.accountNumber)) {
      const scans = resultOf(label, now)?.scanEvents ?? [];
      pushed.set(`${hook.id}:${label.trackingNumber}`, new Set(scans.map(scanId)));
    }
    return hook;
  }

  return {
    webhooks,
    sender,
    register,
    unregister(id) {
      for (const key of pushed.keys()) if (key.startsWith(`${id}:`)) pushed.delete(key);
      return webhooks.delete(id);
    },
    push,
  };
}
