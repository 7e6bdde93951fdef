import { afterEach, expect } from 'vitest';
import { ChannelError, type HttpOptions } from '../src/integrations/http/channel-http.ts';
import type { ChannelAdapter, ChannelOrder } from '../src/integrations/channels/channel-types.ts';

/** What the adapter tests share: quick retries, one fake per test, a window pulled as the sync engine pulls it. */

/** Retries a millisecond apart and a short timeout; every wait the client asks for goes into `waits`, unwaited. */
export function quickHttp(waits: number[] = [], extra: HttpOptions = {}): HttpOptions {
  return {
    baseDelayMs: 1,
    timeoutMs: 300,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  };
}

/** A sleep that records each wait into `waits` and really waits it: for fakes whose throttling refills by the clock. */
export function recordedSleep(waits: number[]): (ms: number) => Promise<void> {
  return async (ms) => {
    waits.push(ms);
    await new Promise((resolve) => setTimeout(resolve, ms));
  };
}

/** A function that takes a fake started in a test and hands it back; the fake is closed when the test ends. */
export function closeAfterEach(): <F extends { close(): Promise<void> }>(fake: F) => F {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((fake) => fake.close()));
  });
  return (fake) => {
    open.push(fake);
    return fake;
  };
}

/** One window as the sync engine runs it: pages until the token runs out; `between` runs after each page. */
export async function pullWindow(
  adapter: ChannelAdapter,
  updatedSince: string | null,
  between: (page: number, orders: ChannelOrder[]) => void = () => {},
) {
  const orders: ChannelOrder[] = [];
  const tokens: Array<string | null> = [];
  let pageToken: string | null = null;
  do {
    const page = await adapter.listOrders({ updatedSince, pageToken });
    orders.push(...page.orders);
    tokens.push(page.nextPageToken);
    pageToken = page.nextPageToken;
    if (tokens.length > 20) throw new Error('the window does not end');
    between(tokens.length, page.orders);
  } while (pageToken);
  // The engine starts the next window at the newest change it saw.
  const newest = orders.reduce<string | null>(
    (n, o) => (n === null || o.externalUpdatedAt > n ? o.externalUpdatedAt : n),
    null,
  );
  return { orders, tokens, next: newest ?? updatedSince };
}

/** The ChannelError the call fails with; fails the test when it succeeds or throws anything else. */
export async function expectChannelError(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}
