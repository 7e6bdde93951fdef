import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUsps, type FakeUsps, type FakeUspsOptions } from './fake-usps-server.ts';

/** The fake's Addresses 3.0 on the wire, as a client other than Shipdesk's would meet it. */

let fake: FakeUsps;

afterEach(async () => {
  await fake?.close();
});

async function started(options: Partial<FakeUspsOptions> = {}) {
  fake = await startFakeUsps({ clientId: 'id', clientSecret: 'secret', ...options });
  const answer = await fetch(`${fake.url}/oauth2/v3/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' }),
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  return async (query: Record<string, string>, bearer = token) => {
    const response = await fetch(`${fake.url}/addresses/v3/address?${new URLSearchParams(query).toString()}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer };
  };
}

/** What the tests read of an answer or a refusal. */
interface Answer {
  address: Record<string, string>;
  additionalInfo: Record<string, string>;
  corrections: Array<{ code: string; text: string }>;
  error: { code: string; message: string; errors: Array<{ detail: string; source: { parameter: string } }> };
}

const HOME = { streetAddress: '1 Main Street', city: 'Springfield', state: 'IL', ZIPCode: '62701' };

describe('fake USPS Addresses 3.0', () => {
  it('answers the standard form with the ZIP+4 and an exact match, the same every time', async () => {
    const lookup = await started();
    const first = await lookup(HOME);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      firm: '',
      address: { streetAddress: '1 MAIN ST', city: 'SPRINGFIELD', state: 'IL', ZIPCode: '62701' },
      additionalInfo: { DPVConfirmation: 'Y', business: 'N' },
      corrections: [{ code: '', text: '' }],
      matches: [{ code: '31', text: 'Single Response - exact match' }],
    });
    expect(first.body.address.ZIPPlus4).toMatch(/^\d{4}$/);
    expect((await lookup(HOME)).body).toEqual(first.body);
    // A ZIP+4 sent is kept, a firm makes a business.
    const sent = await lookup({ ...HOME, ZIPPlus4: '1234', firm: 'Acme' });
    expect(sent.body.address.ZIPPlus4).toBe('1234');
    expect(sent.body.additionalInfo.business).toBe('Y');
  });

  it('answers the magic words: default address 32, no default 22, DPV D, S and N', async () => {
    const lookup = await started();
    expect((await lookup({ ...HOME, streetAddress: 'Main St' })).body).toMatchObject({
      corrections: [{ code: '32' }],
      additionalInfo: { DPVConfirmation: 'D' },
    });
    expect((await lookup({ ...HOME, streetAddress: '5 Twin Oaks Dr' })).body.corrections[0]?.code).toBe('22');
    const dpv = async (query: Record<string, string>) => (await lookup({ ...HOME, ...query })).body.additionalInfo;
    expect(await dpv({ streetAddress: '9 Tower Pl' })).toMatchObject({ DPVConfirmation: 'D' });
    expect(await dpv({ streetAddress: '9 Tower Pl', secondaryAddress: 'Apt 999' })).toMatchObject({
      DPVConfirmation: 'S',
    });
    expect(await dpv({ streetAddress: '9 Tower Pl', secondaryAddress: 'Apt 4' })).toMatchObject({
      DPVConfirmation: 'Y',
    });
    expect(await dpv({ streetAddress: '9 Nomail Rd' })).toMatchObject({ DPVConfirmation: 'N' });
  });

  it("refuses unknown addresses (404) and places (400), and a request's form (400 with the parameter)", async () => {
    const lookup = await started();
    const notFound = await lookup({ ...HOME, streetAddress: '1 Nowhere Ln' });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({
      apiVersion: '/addresses/v3',
      error: { code: '404', message: 'Address Not Found.', errors: [{ status: '404', title: 'Address Not Found' }] },
    });
    expect((await lookup({ ...HOME, streetAddress: '1 Undeliverable Rd' })).body.error.message).toBe(
      'Invalid Delivery Address.',
    );
    expect((await lookup({ ...HOME, streetAddress: '1 Everywhere Rd' })).status).toBe(404);
    expect((await lookup({ ...HOME, city: 'Nowhere' })).body.error.message).toBe('Invalid City.');
    expect((await lookup({ ...HOME, state: 'ZZ' })).body.error.message).toBe('Invalid State Code.');

    const form = await lookup({ ...HOME, ZIPCode: '6270' });
    expect(form.status).toBe(400);
    expect(form.body.error.errors[0]).toMatchObject({ source: { parameter: 'ZIPCode' } });
    const { streetAddress: _street, ...noStreet } = HOME;
    expect((await lookup(noStreet)).body.error.errors[0]?.source.parameter).toBe('streetAddress');
  });

  it('refuses a bad token, counts the calls against the quota (429 with Retry-After) and fails on command', async () => {
    const lookup = await started({ quota: { requests: 2 } });
    expect((await lookup(HOME, 'not-a-token')).status).toBe(401);
    const throttled = await lookup(HOME);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(throttled.body.error.errors[0]?.detail).toMatch(/exceeded its quota of 2 requests/);

    fake.setQuota(null);
    fake.failWithServerError({ path: /^\/addresses\// });
    const down = await lookup(HOME);
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: '503', message: 'Service Unavailable' });
    expect((await lookup(HOME)).status).toBe(200);
  });
});
