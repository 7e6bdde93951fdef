/**
 * How a fake carrier delivers its tracking pushes to a subscribed listener (a test's app, the demo's server): one
 * POST per event, signed by the carrier's own scheme, logged, and awaited by tests through `settled()`. A listener
 * that fails is recorded; the carrier decides what follows (USPS suspends a subscription that keeps failing).
 */

interface FakePushDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The listener's status, or 0 when it could not be reached. */
  status: number;
}

export interface FakePushSender {
  /** Every push sent, oldest first. */
  readonly deliveries: FakePushDelivery[];
  send(url: string, body: string, headers: Record<string, string>): Promise<number>;
  /** Resolves when every push sent so far has been answered. */
  settled(): Promise<void>;
}

export function createFakePushSender(): FakePushSender {
  const deliveries: FakePushDelivery[] = [];
  let chain: Promise<unknown> = Promise.resolve();

  async function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
    const delivery: FakePushDelivery = { url, headers, body, status: 0 };
    deliveries.push(delivery);
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer();
      delivery.status = answer.status;
    } catch {
      delivery.status = 0;
    }
    return delivery.status;
  }

  return {
    deliveries,
    send(url, body, headers) {
      // One after another, in the order the events happened (a listener still sorts by the events' own time).
      const sent = chain.then(() => post(url, body, headers));
      chain = sent.catch(() => undefined);
      return sent;
    },
    async settled() {
      await chain;
    },
  };
}
