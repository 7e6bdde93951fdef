import { afterEach, describe, expect, it } from 'vitest';
import { startFakeUsps, type FakeUsps } from './fake-usps-server.ts';

/** The fake's SCAN form and Carrier Pickup APIs on the wire, as any USPS client would meet them. */

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
let fake: FakeUsps;

afterEach(async () => {
  await fake?.close();
});

async function authorized() {
  fake = await startFakeUsps({ clientId: 'id', clientSecret: 'secret', accounts: [ACCOUNT], quota: null });
  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const credentials = { grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' };
  const token = (await (await send('POST', '/oauth2/v3/token', credentials)).json()) as { access_token: string };
  const role = { ...ACCOUNT, CRID: ACCOUNT.crid, MID: ACCOUNT.mid, manifestMID: ACCOUNT.mid };
  const roles = [
    { roleName: 'PAYER', ...role },
    { roleName: 'LABEL_OWNER', ...role },
  ];
  const bearer = { authorization: `Bearer ${token.access_token}` };
  const payment = (await (await send('POST', '/payments/v3/payment-authorization', { roles }, bearer)).json()) as {
    paymentAuthorizationToken: string;
  };
  const headers = { ...bearer, 'x-payment-authorization-token': payment.paymentAuthorizationToken };
  return { send, headers };
}

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const address = { firm: 'Acme', streetAddress: '1 Main St', city: 'St. Louis', state: 'MO', ZIPCode: '63116' };
const label = (mailingDate = today) => ({
  imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
  toAddress: { ...address, ZIPCode: '63118' },
  fromAddress: address,
  packageDescription: {
    mailClass: 'USPS_GROUND_ADVANTAGE',
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 1,
    processingCategory: 'MACHINABLE',
    mailingDate,
  },
});
const scanForm = (trackingNumbers: string[]) => ({
  imageInfo: { imageType: 'PDF', labelType: '8.5X11LABEL' },
  mailingDate: today,
  entryFacilityZIPCode: '63116',
  destinationEntryFacilityType: 'NONE',
  shipment: { trackingNumbers },
  fromAddress: address,
});

describe('the fake USPS SCAN form API', () => {
  it('makes a form for the day’s labels, answered multipart with the PDF, and refuses them on a second form', async () => {
    const { send, headers } = await authorized();
    const json = { ...headers, accept: 'application/vnd.usps.labels+json' };
    const bought = await Promise.all(
      [label(), label()].map(
        async (body) =>
          (await (await send('POST', '/labels/v3/label', body, json)).json()) as {
            trackingNumber: string;
          },
      ),
    );
    const numbers = bought.map((b) => b.trackingNumber);
    const made = await send('POST', '/scan-forms/v3/scan-form', scanForm(numbers), headers);
    expect(made.status).toBe(200);
    const text = await made.text();
    expect(text).toContain('name="SCANFormMetaData"');
    const image = /name="SCANFormImage"[^\r]*\r\n\r\n([^\r]+)/.exec(text)![1]!;
    expect(Buffer.from(image, 'base64').toString('latin1')).toMatch(/^%PDF-/);
    expect(fake.scanForms[0]!.trackingNumbers).toEqual(numbers);

    const again = await send('POST', '/scan-forms/v3/scan-form', scanForm(numbers.slice(0, 1)), headers);
    expect(again.status).toBe(400);
    const refusal = (await again.json()) as { error: { errors: { detail: string }[] } };
    expect(refusal.error.errors[0]!.detail).toMatch(/already included on SCAN Form/);
  });

  it('refuses a cancelled label and a label of another mailing date', async () => {
    const { send, headers } = await authorized();
    const json = { ...headers, accept: 'application/vnd.usps.labels+json' };
    const voided = (await (await send('POST', '/labels/v3/label', label(), json)).json()) as { trackingNumber: string };
    await send('DELETE', `/labels/v3/label/${voided.trackingNumber}`, undefined, headers);
    const later = (await (await send('POST', '/labels/v3/label', label(tomorrow), json)).json()) as {
      trackingNumber: string;
    };
    const refused = await send('POST', '/scan-forms/v3/scan-form', scanForm([voided.trackingNumber]), headers);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toMatch(/has been canceled/);
    const otherDay = await send('POST', '/scan-forms/v3/scan-form', scanForm([later.trackingNumber]), headers);
    expect(JSON.stringify(await otherDay.json())).toMatch(/MAILING_DATE_MISMATCH/);
    expect(fake.scanForms).toHaveLength(0);
  });
});

describe('the fake USPS Carrier Pickup API', () => {
  const pickup = (pickupDate: string) => ({
    pickupDate,
    pickupAddress: { firstName: 'Ann', lastName: 'Lee', address },
    packages: [{ packageType: 'USPS_GROUND_ADVANTAGE', packageCount: 3 }],
    estimatedWeight: 4,
    pickupLocation: { packageLocation: 'FRONT_DOOR' },
  });
  const monday = (() => {
    const d = new Date(Date.now() + 86_400_000);
    while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  })();

  it('books a pickup, answers it with an ETag, and cancels it with If-Match only', async () => {
    const { send, headers } = await authorized();
    const booked = await send('POST', '/pickup/v3/carrier-pickup', pickup(monday), headers);
    const { confirmationNumber, packages } = (await booked.json()) as {
      confirmationNumber: string;
      packages: { packageCount: string }[];
    };
    expect(confirmationNumber).toMatch(/^WTC/);
    expect(packages[0]!.packageCount).toBe('3');
    const path = `/pickup/v3/carrier-pickup/${confirmationNumber}`;
    expect((await send('DELETE', path, undefined, { ...headers, 'if-match': '"stale"' })).status).toBe(412);
    const etag = (await send('GET', path, undefined, headers)).headers.get('etag')!;
    expect((await send('DELETE', path, undefined, { ...headers, 'if-match': etag })).status).toBe(200);
    expect(fake.pickups.get(confirmationNumber)!.canceled).toBe(true);
    expect((await send('DELETE', path, undefined, { ...headers, 'if-match': etag })).status).toBe(404);
  });

  it('refuses a past date and a Sunday', async () => {
    const { send, headers } = await authorized();
    const past = await send('POST', '/pickup/v3/carrier-pickup', pickup('2020-01-06'), headers);
    expect(JSON.stringify(await past.json())).toMatch(/is in the past/);
    const sunday = new Date(`${monday}T12:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() + 6);
    const refused = await send('POST', '/pickup/v3/carrier-pickup', pickup(sunday.toISOString().slice(0, 10)), headers);
    expect(JSON.stringify(await refused.json())).toMatch(/Monday through Saturday/);
    expect(fake.pickups.size).toBe(0);
  });
});
