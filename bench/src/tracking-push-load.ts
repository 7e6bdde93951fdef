import { createHmac } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The tracking-push benchmark's carrier (tracking-push.ts), in a worker thread so that signing and sending do not take
 * the server's thread: USPS Subscriptions - Tracking 3.2 pushes, each one event of one parcel, signed
 * `X-HMAC = base64(HMAC-SHA256(secret, timestamp + payload))` as USPS signs them, POSTed to the listener at a fixed
 * rate (open loop: each leaves at its time, its latency counts from that time). Every `duplicateEvery`th push is an
 * earlier one sent again, byte for byte (a carrier's retry). Posts back each push's latency and status.
 */

export interface PushLoad {
  url: string;
  secret: string;
  subscriptionId: string;
  numbers: string[];
  total: number;
  rate: number;
  duplicateEvery: number;
  /** The first event's time (ms); event j of a parcel is j minutes later. */
  firstEventAt: number;
}

export interface PushLoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  distinct: number;
  duplicates: number;
  lateSends: number;
  seconds: number;
}

const load = workerData as PushLoad;

function pushBody(index: number): { body: string; signature: string } {
  const number = load.numbers[index % load.numbers.length]!;
  const step = Math.floor(index / load.numbers.length);
  const at = new Date(load.firstEventAt + step * 60_000).toISOString();
  const event = {
    eventType: 'Processed through USPS Regional Facility',
    eventTimestamp: at.slice(0, 19),
    GMTTimestamp: at.slice(0, 19),
    GMTOffset: '+00:00',
    eventCountry: null,
    eventCity: 'INDIANAPOLIS',
    eventState: 'IN',
    eventZIPCode: '46241',
    eventCode: '10',
    recipientName: null,
  };
  const timestamp = new Date().toISOString();
  const payload = JSON.stringify({
    trackingNumber: number,
    statusCode: '200',
    status: event.eventType,
    statusCategory: 'In Transit',
    trackingEvents: [event],
  });
  const signature = createHmac('sha256', load.secret)
    .update(timestamp + payload)
    .digest('base64');
  const body = JSON.stringify({
    subscriptionId: load.subscriptionId,
    subscriptionType: 'TRACKING',
    timestamp,
    payload,
  });
  return { body, signature };
}

function post(agent: http.Agent, url: URL, push: { body: string; signature: string }): Promise<number> {
  return new Promise((done) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'X-HMAC': push.signature },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    request.on('error', () => done(0));
    request.end(push.body);
  });
}

async function run(): Promise<PushLoadResult> {
  const url = new URL(load.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sent: Array<{ body: string; signature: string }> = [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let distinct = 0;
  let lateSends = 0;
  const interval = 1000 / load.rate;
  const start = performance.now() + 50;
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < load.total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -50) lateSends++;
    const again = load.duplicateEvery > 0 && i % load.duplicateEvery === load.duplicateEvery - 1 && sent.length > 0;
    const push = again ? sent[Math.floor(sent.length / 2)]! : pushBody(distinct++);
    if (!again) sent.push(push);
    inFlight.push(
      post(agent, url, push).then((status) => {
        latencies.push(performance.now() - due);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return {
    latencies,
    statuses,
    distinct,
    duplicates: load.total - distinct,
    lateSends,
    seconds: (performance.now() - start) / 1000,
  };
}

parentPort!.postMessage(await run());
