import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUsps, type FakeUsps } from './fake-usps-server.ts';

/** The fake's return-label API on the wire, as any USPS client would meet it. */

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
let fake: FakeUsps;

afterEach(async () => {
  await fake?.close();
});

async function authorized(balance: number | null = null) {
  fake = await startFakeUsps({ clientId: 'id', clientSecret: 'secret', accounts: [ACCOUNT], balance });
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const token = (await (
    await send('POST', '/oauth2/v3/token', {
      grant_type: 'client_credentials',
      client_id: 'id',
      client_secret: 'secret',
    })
  ).json()) as { access_token: string };
  const role = { ...ACCOUNT, CRID: ACCOUNT.crid, MID: ACCOUNT.mid, manifestMID: ACCOUNT.mid };
  const roles = [
    { roleName: 'PAYER', ...role },
    { roleName: 'LABEL_OWNER', ...role },
  ];
  const bearer = { authorization: `Bearer ${token.access_token}` };
  const payment = (await (await send('POST', '/payments/v3/payment-authorization', { roles }, bearer)).json()) as {
    paymentAuthorizationToken: string;
  };
  return { send, headers: { ...bearer, 'x-payment-authorization-token': payment.paymentAuthorizationToken } };
}

const seller = { firm: 'Acme Returns', streetAddress: '1 Dock Rd', city: 'St. Louis', state: 'MO', ZIPCode: '63118' };
const buyer = {
  firstName: 'Joe',
  lastName: 'Doe',
  streetAddress: '9 Elm St',
  city: 'Denver',
  state: 'CO',
  ZIPCode: '80202',
};
const returnLabel = (mailClass = 'PRIORITY_MAIL_RETURN_SERVICE', overrides: Record<string, unknown> = {}) => ({
  imageInfo: { imageType: 'PDF', labelType: '4X6LABEL', receiptOption: 'NONE' },
  toAddress: seller,
  fromAddress: buyer,
  packageDescription: {
    mailClass,
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 2,
    processingCategory: 'MACHINABLE',
    mailingDate: new Date().toISOString().slice(0, 10),
    customerReference: [{ referenceNumber: 'RMA-7731', printReferenceNumber: true }],
  },
  ...overrides,
});

/** The named part's body of a multipart answer. */
function part(body: string, name: string): string | null {
  const match = new RegExp(`name="${name}"[^\\r\\n]*\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r]*)`).exec(body);
  return match ? match[1]! : null;
}

describe('the fake USPS return-label API', () => {
  it('answers returnLabelMetadata and a label drawn with RETURN and the RMA, charging nothing (pay-on-use)', async () => {
    const { send, headers } = await authorized(5);
    const answer = await send('POST', '/labels/v3/return-label', returnLabel(), headers);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await answer.text();
    const metadata = JSON.parse(part(body, 'returnLabelMetadata')!) as { trackingNumber: string; postage: number };
    expect(metadata.trackingNumber).toMatch(/^92\d{20}$/);
    expect(metadata.postage).toBeGreaterThan(5);
    const pdf = Buffer.from(part(body, 'returnLabelImage')!, 'base64').toString('latin1');
    expect(pdf).toMatch(/^%PDF-/);
    expect(pdf).toContain('(RETURN) Tj');
    expect(pdf).toContain('(RMA RMA-7731) Tj');
    expect(pdf).toContain('(PRIORITY MAIL RETURN SERVICE) Tj');

    // Pay-on-use: the EPS account (5 dollars, less than the postage) is not charged.
    expect(fake.charges).toEqual([]);
    const sold = fake.returnLabels.get(metadata.trackingNumber)!;
    expect(sold).toMatchObject({ rma: 'RMA-7731', payOnUse: true, state: 'created' });
    expect(sold.request.fromAddress?.ZIPCode).toBe('80202');
    expect(fake.labels.has(metadata.trackingNumber)).toBe(true);
  });

  it('cancels a return label with the domestic DELETE, and refuses a second cancel', async () => {
    const { send, headers } = await authorized();
    const body = await (await send('POST', '/labels/v3/return-label', returnLabel(), headers)).text();
    const { trackingNumber } = JSON.parse(part(body, 'returnLabelMetadata')!) as { trackingNumber: string };
    const cancel = await send('DELETE', `/labels/v3/label/${trackingNumber}`, undefined, headers);
    expect(await cancel.json()).toEqual({ trackingNumber, status: 'CANCELED' });
    expect(fake.returnLabels.get(trackingNumber)!.state).toBe('canceled');
    const again = await send('DELETE', `/labels/v3/label/${trackingNumber}`, undefined, headers);
    expect(again.status).toBe(400);
  });

  it('refuses an outbound mail class, a customs form and a missing address in USPS words', async () => {
    const { send, headers } = await authorized();
    const outbound = await send('POST', '/labels/v3/return-label', returnLabel('PRIORITY_MAIL'), headers);
    expect(outbound.status).toBe(400);
    expect(await outbound.text()).toContain('PRIORITY_MAIL is not a return service');
    const customs = await send('POST', '/labels/v3/return-label', returnLabel(undefined, { customsForm: {} }), headers);
    expect(await customs.text()).toContain('Return labels do not take a customs form');
    const noBuyer = await send('POST', '/labels/v3/return-label', returnLabel(undefined, { fromAddress: {} }), headers);
    expect(await noBuyer.text()).toContain('fromAddress.streetAddress is required');
    expect(fake.returnLabels.size).toBe(0);
  });

  it('answers the same return label again for a repeated X-Idempotency-Key', async () => {
    const { send, headers } = await authorized();
    const keyed = { ...headers, 'x-idempotency-key': 'return-1' };
    const first = await (await send('POST', '/labels/v3/return-label', returnLabel(), keyed)).text();
    const again = await (await send('POST', '/labels/v3/return-label', returnLabel(), keyed)).text();
    const number = (body: string) => JSON.parse(part(body, 'returnLabelMetadata')!) as { trackingNumber: string };
    expect(number(again).trackingNumber).toBe(number(first).trackingNumber);
    expect(fake.returnLabels.size).toBe(1);
  });
});
