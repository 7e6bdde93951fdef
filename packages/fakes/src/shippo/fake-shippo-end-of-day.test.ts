import { afterEach, describe, expect, it } from 'vitest';
import { startFakeShippo, type FakeShippo } from './fake-shippo-server.ts';

/** The fake Shippo's addresses and manifests on the wire (the full QUEUED -> SUCCESS path: the adapter's tests). */

const TOKEN = 'shippo_live_fake0manifests';
let fake: FakeShippo;
afterEach(async () => {
  await fake?.close();
});

async function started() {
  fake = await startFakeShippo({ tokens: [TOKEN], rateLimits: null });
  return async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `ShippoToken ${TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
}

const ADDRESS = { name: 'Dock', street1: '1 Main St', city: 'St. Louis', state: 'MO', zip: '63116', country: 'US' };

describe('the fake Shippo manifests', () => {
  it('keeps an address object and refuses a manifest naming unknown accounts, addresses or transactions', async () => {
    const call = await started();
    const address = await call('POST', '/addresses/', ADDRESS);
    expect(address.status).toBe(201);
    expect(await call('POST', '/addresses/', { ...ADDRESS, zip: '' })).toMatchObject({
      status: 400,
      body: { zip: ['This field is required.'] },
    });
    const usps = fake.carrierAccounts.find((a) => a.carrier === 'usps')!.object_id;
    const manifest = (overrides: object) => ({
      carrier_account: usps,
      shipment_date: '2026-06-02T12:00:00Z',
      address_from: address.body.object_id,
      transactions: [],
      async: false,
      ...overrides,
    });
    expect((await call('POST', '/manifests/', manifest({ carrier_account: 'nope' }))).body).toHaveProperty(
      'carrier_account',
    );
    expect((await call('POST', '/manifests/', manifest({ address_from: 'nope' }))).body).toHaveProperty('address_from');
    expect(await call('POST', '/manifests/', manifest({ transactions: ['nope'] }))).toMatchObject({
      status: 400,
      body: { transactions: ['Transaction with object_id nope does not exist.'] },
    });
    const queued = await call('POST', '/manifests/', manifest({}));
    expect(queued).toMatchObject({ status: 201, body: { status: 'QUEUED' } });
    const read = await call('GET', `/manifests/${String(queued.body.object_id)}`);
    expect(read.body.status).toBe('SUCCESS');
    const pdf = await fetch((read.body.documents as string[])[0]!);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
