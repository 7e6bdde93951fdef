import { expect, it } from 'vitest';
import { expectChannelError } from '../../../test/adapter-test-kit.ts';
import type { HttpOptions } from '../http/channel-http.ts';
import type { CarrierAdapter } from './carrier-types.ts';

/**
 * The transport faults every carrier adapter meets alike, run by each adapter's tests against its own fake: a 500
 * retried, a carrier that keeps failing, malformed JSON, a carrier that does not answer. (Each carrier's 429 has its
 * own headers and words, so those are in its own tests.) Test support only; product code never imports it.
 */

/** What the cases need of a fake: its fault queue and its request log (the fakes' FakeHttpServer has both). */
interface FaultCaseFake {
  readonly requests: ReadonlyArray<{ path: string }>;
  fail(
    fault: { kind: 'status'; status: number; body?: unknown } | { kind: 'hang' } | { kind: 'malformed' },
    options?: { times?: number },
  ): void;
}

interface FaultCaseSetup {
  fake: FaultCaseFake;
  adapter: CarrierAdapter;
  /** The waits the client asked for, in order. */
  waits: number[];
}

/** `setup` starts the carrier's fake and an adapter on it (retries a millisecond apart, `http` on top). */
export function carrierFaultCases(
  setup: (http?: HttpOptions) => Promise<FaultCaseSetup>,
  accountName: string | null,
): void {
  it('retries a 500 and then succeeds', async () => {
    const { fake, adapter, waits } = await setup();
    fake.fail({ kind: 'status', status: 500, body: 'Internal Server Error' });
    await expect(adapter.testConnection()).resolves.toEqual({ accountName });
    expect(waits).toHaveLength(1);
  });

  it("answers 'unavailable' with the carrier's status when it keeps failing, after four retries", async () => {
    const { fake, adapter } = await setup();
    fake.fail({ kind: 'status', status: 503, body: 'Service Unavailable' }, { times: 20 });
    const error = await expectChannelError(adapter.testConnection());
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, platformMessage: 'Service Unavailable' });
    expect(fake.requests).toHaveLength(5);
  });

  it('retries an answer of malformed JSON, and says so when it stays malformed', async () => {
    const once = await setup();
    once.fake.fail({ kind: 'malformed' });
    await expect(once.adapter.testConnection()).resolves.toEqual({ accountName });

    const always = await setup({ retries: 2 });
    always.fake.fail({ kind: 'malformed' }, { times: 20 });
    const error = await expectChannelError(always.adapter.testConnection());
    expect(error.kind).toBe('malformed');
    expect(always.fake.requests).toHaveLength(3);
  });

  it('gives up on a carrier that does not answer within the timeout, and retries', async () => {
    const once = await setup({ timeoutMs: 200 });
    once.fake.fail({ kind: 'hang' });
    await expect(once.adapter.testConnection()).resolves.toEqual({ accountName });

    const always = await setup({ timeoutMs: 100, retries: 1 });
    always.fake.fail({ kind: 'hang' }, { times: 20 });
    const error = await expectChannelError(always.adapter.testConnection());
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('did not answer within 0.1 s');
  });
}
