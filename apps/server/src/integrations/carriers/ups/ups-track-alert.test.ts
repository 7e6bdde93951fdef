import { describe, expect, it } from 'vitest';
import { closeAfterEach, expectChannelError } from '../../../../test/adapter-test-kit.ts';
import { upsOnFake, upsTestLabel, UPS_UNKNOWN_NUMBER } from '../../../../test/ups-test-kit.ts';

const keep = closeAfterEach();

async function setup() {
  const { fake, adapter } = await upsOnFake(keep, { retries: 0 });
  const buy = async () => (await adapter.buyLabel(upsTestLabel())).trackingNumber;
  return { fake, adapter, buy };
}

describe('UPS Track Alert subscriptions against the fake', () => {
  it('subscribes numbers with the transaction headers and reads valid and invalid ones', async () => {
    const { fake, adapter, buy } = await setup();
    const number = await buy();
    expect(await adapter.subscribeTracking!([number, UPS_UNKNOWN_NUMBER, number.toLowerCase()])).toEqual({
      valid: [number],
      invalid: [UPS_UNKNOWN_NUMBER],
    });
    const [sent] = fake.requests.filter((r) => r.path === '/api/track/v2/subscription/standard/package');
    expect(JSON.parse(sent!.body)).toEqual({
      locale: 'en_US',
      countryCode: 'US',
      trackingNumberList: [number, UPS_UNKNOWN_NUMBER],
    });
    expect(sent!.headers.transid).toMatch(/^[0-9a-f]{32}$/);
    expect(sent!.headers.transactionsrc).toBe('shipdesk');
    expect(fake.trackAlert.subscriptions.has(number)).toBe(true);
  });

  it('reads VSS210 (no valid number) as every number invalid, and throws an outage', async () => {
    const { fake, adapter } = await setup();
    expect(await adapter.subscribeTracking!([UPS_UNKNOWN_NUMBER])).toEqual({
      valid: [],
      invalid: [UPS_UNKNOWN_NUMBER],
    });
    fake.failWithServerError({ status: 503, path: /subscription/ });
    const error = await expectChannelError(adapter.subscribeTracking!([UPS_UNKNOWN_NUMBER]));
    expect(error.kind).toBe('unavailable');
    await expect(adapter.subscribeTracking!(Array.from({ length: 101 }, (_, i) => `1Z${i}`))).rejects.toThrow(
      /at most 100/,
    );
  });
});
