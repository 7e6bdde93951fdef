import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUsps, type FakeUsps } from './fake-usps-server.ts';

/** The fake's label API on the wire, as a client other than Shipdesk's would meet it. */

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
let fake: FakeUsps;

afterEach(async () => {
  await fake?.close();
});

async function authorized() {
  fake = await startFakeUsps({ clientId: 'id', clientSecret: 'secret', accounts: [ACCOUNT] });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const token = (await (
    await post('/oauth2/v3/token', { grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' })
  ).json()) as {
    access_token: string;
  };
  const role = { ...ACCOUNT, CRID: ACCOUNT.crid, MID: ACCOUNT.mid, manifestMID: ACCOUNT.mid };
  const roles = [
    { roleName: 'PAYER', ...role },
    { roleName: 'LABEL_OWNER', ...role },
  ];
  const bearer = { authorization: `Bearer ${token.access_token}` };
  const payment = (await (await post('/payments/v3/payment-authorization', { roles }, bearer)).json()) as {
    paymentAuthorizationToken: string;
  };
  return { post, headers: { ...bearer, 'x-payment-authorization-token': payment.paymentAuthorizationToken } };
}

const address = { firstName: 'Joe', lastName: 'Doe', streetAddress: '1 Main St', city: 'St. Louis', state: 'MO' };
const label = (weight: number) => ({
  imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
  toAddress: { ...address, ZIPCode: '63118' },
  fromAddress: { ...address, ZIPCode: '63116' },
  packageDescription: {
    mailClass: 'USPS_GROUND_ADVANTAGE',
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight,
    processingCategory: 'MACHINABLE',
    mailingDate: new Date().toISOString().slice(0, 10),
  },
});

describe('the fake USPS label API', () => {
  it('answers multipart by default, and one JSON object with the labels+json Accept header', async () => {
    const { post, headers } = await authorized();
    const multipart = await post('/labels/v3/label', label(1), headers);
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await multipart.text();
    expect(body).toContain('name="labelMetadata"');
    expect(body).toContain('name="labelImage"');

    const json = await post('/labels/v3/label', label(1), { ...headers, accept: 'application/vnd.usps.labels+json' });
    const answer = (await json.json()) as { trackingNumber: string; labelImage: string };
    expect(answer.trackingNumber).toMatch(/^92001900066622\d{8}$/);
    expect(Buffer.from(answer.labelImage, 'base64').toString('latin1')).toMatch(/^%PDF-/);
    expect(fake.charges).toHaveLength(2);
  });

  it('replays the label of a repeated X-Idempotency-Key, and refuses the key for another request', async () => {
    const { post, headers } = await authorized();
    const keyed = { ...headers, accept: 'application/vnd.usps.labels+json', 'x-idempotency-key': 'key-1' };
    const first = (await (await post('/labels/v3/label', label(1), keyed)).json()) as { trackingNumber: string };
    const again = (await (await post('/labels/v3/label', label(1), keyed)).json()) as { trackingNumber: string };
    expect(again.trackingNumber).toBe(first.trackingNumber);
    const other = await post('/labels/v3/label', label(2), keyed);
    expect(other.status).toBe(409);
    expect(fake.charges).toHaveLength(1);
  });
});
