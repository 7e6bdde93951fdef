import { parentPort } from 'node:worker_threads';
// The fakes are test tools of the server; the bench runs them as the remote carriers.
import { startFakeFedex, startFakeUps, startFakeUsps } from '@shipdesk/fakes';

/**
 * The tracking-poll benchmark's carriers (tracking-poll.ts), in a worker thread: the fake USPS, UPS and FedEx with no
 * quota or throttle of their own (the server's budgets are what is measured), on their own event loop as remote
 * carriers would be, so that the server's thread does only the server's work. Messages (each answered with its `id`):
 *
 * - `clone`: copies of a label the fake sold, under new tracking numbers, each sold `agoHours[i]` before now on the
 *   fake's clock (so each parcel is somewhere on its journey);
 * - `advance`: moves a carrier's clock on by `hours`;
 * - `calls`: tracking calls each fake received so far;
 * - `cpu`: this thread's CPU seconds.
 */

export const ACCOUNTS = {
  usps: {
    clientId: 'bench-usps-client',
    clientSecret: 'bench-usps-secret-0000000000',
    account: { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000405525' },
  },
  ups: { clientId: 'bench-ups-client-5be1', clientSecret: 'bench-ups-secret', accountNumber: '1A2B3C' },
  fedex: { clientId: 'l7bench0api0key0c4b2', clientSecret: 'bench-fedex-secret', accountNumber: '740561073' },
};

export type PollCarrier = 'usps' | 'ups' | 'fedex';

export const TRACKING_PATHS: Record<PollCarrier, RegExp> = {
  usps: /^\/tracking\/v3r2\/tracking/,
  ups: /^\/api\/track\/v1\/details\//,
  fedex: /^\/track\/v1\/trackingnumbers/,
};

export type FakesMessage =
  | { id: number; kind: 'clone'; carrier: PollCarrier; template: string; numbers: string[]; agoHours: number[] }
  | { id: number; kind: 'advance'; carrier: PollCarrier; hours: number }
  | { id: number; kind: 'calls' }
  | { id: number; kind: 'cpu' };

if (parentPort) {
  const port = parentPort;
  const [usps, ups, fedex] = await Promise.all([
    startFakeUsps({ ...ACCOUNTS.usps, accounts: [ACCOUNTS.usps.account], quota: null }),
    startFakeUps({ clientId: ACCOUNTS.ups.clientId, clientSecret: ACCOUNTS.ups.clientSecret }),
    startFakeFedex({ ...ACCOUNTS.fedex, throttle: null }),
  ]);
  const fakes = { usps, ups, fedex };
  const labelsOf = (carrier: PollCarrier) => fakes[carrier].labels as unknown as Map<string, Record<string, unknown>>;
  port.postMessage({ kind: 'ready', urls: { usps: usps.url, ups: ups.url, fedex: fedex.url } });
  port.on('message', (message: FakesMessage | 'close') => {
    if (message === 'close') {
      void Promise.all([usps.close(), ups.close(), fedex.close()]).then(() => port.close());
      return;
    }
    if (message.kind === 'clone') {
      const labels = labelsOf(message.carrier);
      const template = labels.get(message.template);
      if (!template) throw new Error(`the fake ${message.carrier} sold no ${message.template}`);
      const now = fakes[message.carrier].clock.now();
      message.numbers.forEach((number, i) => {
        labels.set(number, {
          ...template,
          trackingNumber: number,
          soldAt: now - message.agoHours[i]! * 3_600_000,
          ...(message.carrier === 'usps' ? { events: [] } : {}),
          ...(message.carrier === 'ups' ? { byHand: [] } : {}),
          ...(message.carrier === 'fedex' ? { scans: [], journeyStoppedAt: null } : {}),
        });
      });
      port.postMessage({ id: message.id });
    } else if (message.kind === 'advance') {
      fakes[message.carrier].clock.advanceHours(message.hours);
      port.postMessage({ id: message.id });
    } else if (message.kind === 'calls') {
      const calls = Object.fromEntries(
        (Object.keys(fakes) as PollCarrier[]).map((c) => [
          c,
          fakes[c].requests.filter((r) => TRACKING_PATHS[c].test(r.path)).length,
        ]),
      );
      port.postMessage({ id: message.id, calls });
    } else {
      const { user, system } = process.threadCpuUsage();
      port.postMessage({ id: message.id, seconds: (user + system) / 1e6 });
    }
  });
}
