import { afterEach, describe, expect, it } from 'vitest';
import { s10CheckDigit, s10Number } from './fake-usps-international.ts';
import { startFakeUsps, type FakeUsps } from './fake-usps-server.ts';

/** The fake's International Labels on the wire: its customs-form refusals, its multipart answer, its void. */

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
      body: body === undefined ? undefined : JSON.stringify(body),
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

const item = (overrides: Record<string, unknown> = {}) => ({
  itemDescription: 'Cotton T-shirt',
  itemQuantity: 1,
  itemTotalValue: 12.5,
  itemTotalWeight: 0.4,
  weightUOM: 'lb',
  HSTariffNumber: '610910',
  countryofOrigin: 'PT',
  ...overrides,
});

const label = (customsForm: unknown) => ({
  imageInfo: { imageType: 'PDF', labelType: '4X6LABEL' },
  toAddress: {
    firstName: 'Marie',
    lastName: 'Tremblay',
    streetAddress: '111 Wellington St',
    city: 'Ottawa',
    province: 'ON',
    postalCode: 'K1A 0A9',
    countryISOAlpha2Code: 'CA',
  },
  fromAddress: { firm: 'Shipdesk Demo', streetAddress: '1 Main St', city: 'St. Louis', state: 'MO', ZIPCode: '63116' },
  packageDescription: {
    mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 1,
    processingCategory: 'MACHINABLE',
    mailingDate: new Date().toISOString().slice(0, 10),
    packageOptions: { nonDeliveryOption: 'RETURN' },
  },
  ...(customsForm === undefined ? {} : { customsForm }),
});

const form = (overrides: Record<string, unknown> = {}) => ({
  customsContentType: 'MERCHANDISE',
  AESITN: 'NO EEI 30.37(a)',
  contents: [item()],
  ...overrides,
});

const LABEL_PATH = '/international-labels/v3/international-label';

describe('the fake USPS International Labels', () => {
  it('makes S10 numbers with their check digit', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
    expect(s10Number('RR', 47_312_482)).toBe('RR473124829US');
  });

  it('refuses a customs form the way USPS does, and charges nothing', async () => {
    const { send, headers } = await authorized();
    const refusal = async (customsForm: unknown) => {
      const answer = await send('POST', LABEL_PATH, label(customsForm), headers);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { error: { errors: Array<{ code: string }> } };
      return body.error.errors.map((e) => e.code);
    };
    expect(await refusal(undefined)).toEqual(['MISSING_CUSTOMS_FORM']);
    expect(await refusal(form({ customsContentType: 'SALE' }))).toEqual(['INVALID_CUSTOMS_CONTENT_TYPE']);
    expect(await refusal(form({ contents: [] }))).toEqual(['INVALID_CONTENTS']);
    expect(await refusal(form({ contents: Array.from({ length: 31 }, () => item()) }))).toEqual(['INVALID_CONTENTS']);
    expect(await refusal(form({ contents: [item({ itemDescription: 'None' })] }))).toEqual([
      'INVALID_ITEM_DESCRIPTION',
    ]);
    expect(await refusal(form({ contents: [item({ itemDescription: ' ' })] }))).toEqual(['INVALID_ITEM_DESCRIPTION']);
    expect(await refusal(form({ contents: [item({ HSTariffNumber: '6109.10' })] }))).toEqual([
      'INVALID_HS_TARIFF_NUMBER',
    ]);
    expect(await refusal(form({ contents: [item({ countryofOrigin: 'PRT' })] }))).toEqual([
      'INVALID_COUNTRY_OF_ORIGIN',
    ]);
    expect(await refusal(form({ contents: [item({ itemTotalValue: 0 })] }))).toEqual(['INVALID_ITEM_VALUE']);
    expect(await refusal(form({ AESITN: undefined }))).toEqual(['MISSING_AESITN']);
    expect(await refusal(form({ customsContentType: 'OTHER' }))).toEqual(['MISSING_CONTENT_COMMENTS']);
    expect(fake.charges).toEqual([]);
  });

  it('answers multipart with an S10 number, prints the declaration, and cancels the label', async () => {
    const { send, headers } = await authorized();
    const answer = await send('POST', LABEL_PATH, label(form()), headers);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const body = await answer.text();
    const metadata = JSON.parse(
      /name="labelMetadata"\r\nContent-Type: application\/json\r\n\r\n(.+)\r\n/.exec(body)![1]!,
    );
    expect(metadata.internationalTrackingNumber).toMatch(/^CP\d{9}US$/);
    const image = /name="labelImage"; filename="labelImage"\r\n\r\n(.+)\r\n/.exec(body)![1]!;
    const pdf = Buffer.from(image, 'base64').toString('latin1');
    expect(pdf).toContain('(CN 23 CUSTOMS DECLARATION \\(PS 2976-A\\)) Tj');
    expect(pdf).toContain('1 x Cotton T-shirt  12.50 USD  0.4 lb  HS 610910  PT');

    const number = metadata.internationalTrackingNumber as string;
    const domestic = await send('DELETE', `/labels/v3/label/${number}`, undefined, headers);
    expect(domestic.status).toBe(404);
    const cancel = await send('DELETE', `${LABEL_PATH}/${number}`, undefined, headers);
    expect(await cancel.json()).toEqual({ trackingNumber: number, status: 'CANCELED' });
    expect(fake.refunds).toEqual([{ trackingNumber: number, amount: metadata.postage, status: 'CANCELED' }]);
  });
});
