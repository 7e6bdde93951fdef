import { afterEach, describe, expect, it } from 'vitest';
import { promisedDay } from '../tracking/fake-parcel-journey.ts';
import { startFakeUsps, type FakeUsps } from './fake-usps-server.ts';
import type { UspsTrackingDetail, UspsTrackingNotFound } from './fake-usps-wire.ts';

/** The fake's Tracking 3.2 on the wire: every label sold moves along its journey as the fake's clock moves. */

const ACCOUNT = { crid: '56982563', mid: '900066622', accountType: 'EPS' as const, accountNumber: '1000123456' };
const TRACKING = '/tracking/v3r2/tracking';
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
  const headers = { ...bearer, 'x-payment-authorization-token': payment.paymentAuthorizationToken };
  const description = {
    rateIndicator: 'SP',
    weightUOM: 'lb',
    weight: 1,
    processingCategory: 'MACHINABLE',
    mailingDate: new Date().toISOString().slice(0, 10),
  };
  const from = { firm: 'Shipdesk Demo', streetAddress: '1 Main St', city: 'St. Louis', state: 'MO', ZIPCode: '63116' };
  /** A domestic label to Joe (or `name`) in Denver, CO; its tracking number. */
  const buy = async (name = 'Joe Doe') => {
    const [firstName, lastName] = name.split(' ');
    const body = {
      imageInfo: { imageType: 'NONE', labelType: '4X6LABEL' },
      toAddress: { firstName, lastName, streetAddress: '9 Elm St', city: 'Denver', state: 'CO', ZIPCode: '80202' },
      fromAddress: from,
      packageDescription: { ...description, mailClass: 'USPS_GROUND_ADVANTAGE' },
    };
    const accept = { ...headers, accept: 'application/vnd.usps.labels+json' };
    return ((await (await send('POST', '/labels/v3/label', body, accept)).json()) as { trackingNumber: string })
      .trackingNumber;
  };
  const buyInternational = async () => {
    await send(
      'POST',
      '/international-labels/v3/international-label',
      {
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
        fromAddress: from,
        packageDescription: {
          ...description,
          mailClass: 'PRIORITY_MAIL_INTERNATIONAL',
          packageOptions: { nonDeliveryOption: 'RETURN' },
        },
        customsForm: {
          customsContentType: 'MERCHANDISE',
          AESITN: 'NO EEI 30.37(a)',
          contents: [
            {
              itemDescription: 'Cotton T-shirt',
              itemQuantity: 1,
              itemTotalValue: 12.5,
              itemTotalWeight: 0.4,
              weightUOM: 'lb',
              HSTariffNumber: '610910',
              countryofOrigin: 'PT',
            },
          ],
        },
      },
      headers,
    );
    return [...fake.internationalLabels.keys()].at(-1)!;
  };
  const buyReturn = async () => {
    const body = {
      imageInfo: { imageType: 'PDF', labelType: '4X6LABEL', receiptOption: 'NONE' },
      toAddress: { firm: 'Acme Returns', streetAddress: '1 Dock Rd', city: 'St. Louis', state: 'MO', ZIPCode: '63118' },
      fromAddress: {
        firstName: 'Joe',
        lastName: 'Doe',
        streetAddress: '9 Elm St',
        city: 'Denver',
        state: 'CO',
        ZIPCode: '80202',
      },
      packageDescription: { ...description, mailClass: 'PRIORITY_MAIL_RETURN_SERVICE' },
    };
    await send('POST', '/labels/v3/return-label', body, headers);
    return [...fake.returnLabels.keys()].at(-1)!;
  };
  const track = async (numbers: unknown, auth: Record<string, string> = bearer) => {
    const items = Array.isArray(numbers) ? numbers.map((trackingNumber: unknown) => ({ trackingNumber })) : numbers;
    const answer = await send('POST', TRACKING, items, auth);
    return { status: answer.status, body: (await answer.json()) as unknown };
  };
  const details = async (numbers: string[]) => (await track(numbers)).body as UspsTrackingDetail[];
  const cancel = (trackingNumber: string) => send('DELETE', `/labels/v3/label/${trackingNumber}`, undefined, headers);
  return { buy, buyInternational, buyReturn, track, details, cancel };
}

const codes = (detail: UspsTrackingDetail) => detail.trackingEvents.map((event) => event.eventCode);

describe('the fake USPS Tracking 3.2', () => {
  it('moves a label along its journey on the clock, newest event first, with local times and their offsets', async () => {
    const usps = await authorized();
    const number = await usps.buy();
    const soldAt = fake.clock.now();
    const [created] = await usps.details([number]);
    expect(created).toMatchObject({
      trackingNumber: number,
      statusCode: '200',
      statusCategory: 'Pre-Shipment',
      status: 'Shipping Label Created, USPS Awaiting Item',
      deliveryDateExpectation: { expectedDeliveryDate: promisedDay(soldAt) },
    });
    expect(codes(created!)).toEqual(['GX']);

    const seen: Array<[number, string, string[]]> = [
      [2, 'Accepted', ['03', 'GX']],
      [8, 'In Transit', ['10', '03', 'GX']],
      [20, 'In Transit', ['07', '10', '03', 'GX']],
      [24, 'Out for Delivery', ['OF', '07', '10', '03', 'GX']],
      [30, 'Delivered', ['01', 'OF', '07', '10', '03', 'GX']],
    ];
    let hours = 0;
    for (const [at, category, expected] of seen) {
      fake.clock.advanceHours(at - hours);
      hours = at;
      const [detail] = await usps.details([number]);
      expect(detail!.statusCategory).toBe(category);
      expect(codes(detail!)).toEqual(expected);
    }
    const [delivered] = await usps.details([number]);
    const events = delivered!.trackingEvents;
    expect(events[0]).toMatchObject({ eventType: 'Delivered, In/At Mailbox', eventCity: 'DENVER', eventState: 'CO' });
    expect(events[0]!.eventZIPCode).toBe('80202');
    expect(events[0]!.GMTOffset).toMatch(/^-0[67]:00$/);
    expect(events.at(-1)!.GMTOffset).toMatch(/^-0[45]:00$/);
    for (const event of events) {
      expect(event.eventTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      expect(Date.parse(`${event.eventTimestamp}${event.GMTOffset}`)).toBe(Date.parse(event.GMTTimestamp));
    }
    expect(Date.parse(events[0]!.GMTTimestamp) - Date.parse(events.at(-1)!.GMTTimestamp)).toBe(30 * 3_600_000);
  });

  it("ends each journey its destination's words choose in USPS's codes and categories", async () => {
    const usps = await authorized();
    const names = ['Joe EXCEPTION', 'Joe RETURNED', 'Joe PICKUP', 'Joe LATE'];
    const numbers = await Promise.all(names.map((name) => usps.buy(name)));
    fake.clock.advanceHours(40);
    const midway = await usps.details(numbers);
    expect(midway.map((d) => [d.trackingEvents[0]!.eventCode, d.statusCategory])).toEqual([
      ['02', 'Delivery Attempt: Action Needed'],
      ['02', 'Delivery Attempt: Action Needed'],
      ['16', 'Available for Pickup'],
      ['10', 'In Transit'],
    ]);
    fake.clock.advanceHours(132);
    const after = await usps.details(numbers);
    expect(after.map((d) => [d.trackingEvents[0]!.eventCode, d.statusCategory])).toEqual([
      ['02', 'Delivery Attempt: Action Needed'],
      ['09', 'Return to Sender'],
      ['16', 'Available for Pickup'],
      ['01', 'Delivered'],
    ]);
    expect(after[3]!.deliveryDateExpectation.expectedDeliveryDate < after[3]!.trackingEvents[0]!.GMTTimestamp).toBe(
      true,
    );
  });

  it('tracks international and return labels too, and answers 207 with a 404 entry for an unknown number', async () => {
    const usps = await authorized();
    const abroad = await usps.buyInternational();
    const back = await usps.buyReturn();
    fake.clock.advanceHours(30);
    const answer = await usps.track([abroad, '9205590006662200704797', back]);
    expect(answer.status).toBe(207);
    const [international, unknown, returned] = answer.body as [
      UspsTrackingDetail,
      UspsTrackingNotFound,
      UspsTrackingDetail,
    ];
    expect(international.trackingNumber).toMatch(/^[A-Z]{2}\d{9}US$/);
    expect(international.trackingEvents[0]).toMatchObject({ eventCode: '01', eventCity: 'OTTAWA', eventCountry: 'CA' });
    expect(international.trackingEvents.at(-1)).toMatchObject({ eventCode: 'GX', eventCountry: null });
    expect(unknown).toMatchObject({
      trackingNumber: '9205590006662200704797',
      statusCode: '404',
      error: { errors: [{ title: 'Tracking number not found' }] },
    });
    expect(returned).toMatchObject({ statusCategory: 'Delivered', destinationCity: 'ST. LOUIS' });
    expect((await usps.track([abroad, back])).status).toBe(200);
  });

  it('takes 1 to 35 numbers of 4 to 34 characters with a valid token, counted against the quota', async () => {
    const usps = await authorized();
    const number = await usps.buy();
    const many = await usps.track(Array.from({ length: 36 }, () => number));
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toContain('between 1 and 35 tracking numbers');
    expect((await usps.track(Array.from({ length: 35 }, () => number))).status).toBe(200);
    expect((await usps.track([])).status).toBe(400);
    expect((await usps.track({ trackingNumber: number })).status).toBe(400);
    expect((await usps.track(['123'])).status).toBe(400);
    expect((await usps.track([number], { authorization: 'Bearer nope' })).status).toBe(401);
    fake.setQuota({ requests: 0 });
    const limited = await usps.track([number]);
    expect(limited.status).toBe(429);
    expect(JSON.stringify(limited.body)).toContain('exceeded its quota');
  });

  it("stops the journey at a test's own scan, delivery or alert, and refuses to cancel a label the journey scanned", async () => {
    const usps = await authorized();
    const scanned = await usps.buy();
    const alerted = await usps.buy();
    fake.clock.advanceHours(3);
    fake.scan(scanned);
    fake.alert(alerted, 'Receptacle Blocked');
    fake.clock.advanceHours(40);
    const [held, blocked] = await usps.details([scanned, alerted]);
    expect(codes(held!)).toEqual(['03', '03', 'GX']);
    expect(held!.trackingEvents[0]!.eventType).toBe('USPS picked up item');
    expect(blocked).toMatchObject({ statusCategory: 'Alert', status: 'Receptacle Blocked' });
    fake.deliver(scanned);
    expect((await usps.details([scanned]))[0]!.statusCategory).toBe('Delivered');

    const moving = await usps.buy();
    fake.clock.advanceHours(2);
    const refused = await usps.cancel(moving);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('LABEL_SCANNED');
  });

  it('shows a cancelled label as created, and nothing after it', async () => {
    const usps = await authorized();
    const number = await usps.buy();
    fake.clock.advanceHours(1);
    expect((await usps.cancel(number)).status).toBe(200);
    fake.clock.advanceHours(50);
    const [cancelled] = await usps.details([number]);
    expect(cancelled).toMatchObject({ statusCategory: 'Pre-Shipment' });
    expect(codes(cancelled!)).toEqual(['GX']);
  });
});
