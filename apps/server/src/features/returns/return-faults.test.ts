import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Order, ReturnLabel, ReturnLabelDefaults } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { connectCarrier, startCarrierFakes, type CarrierFakes } from '../../../test/carrier-helpers.ts';
import { jobsOf, startNow, waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { RETURN_EMAIL_RETRIES } from './returns-jobs.ts';

const LOCAL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};
const UPS_SHIP = /^\/api\/shipments\/[^/]+\/ship$/;
const UPS_TRACK = /^\/api\/track\//;

type Rows<T> = { rows: T[] };

describe.each(backends)('return labels that go wrong ($name)', (backend) => {
  let t: TestContext;
  let fakes: CarrierFakes;
  const tenant = newTenantId();
  let usps: string;
  let ups: string;

  beforeAll(async () => {
    fakes = await startCarrierFakes();
    t = await buildTestApp(
      backend,
      // A mailer whose server is not there: every e-mail fails in the mailer's words.
      { smtpUrl: 'smtp://127.0.0.1:1' },
      undefined,
      { adapterOptions: { http: { baseDelayMs: 1, retries: 0, timeoutMs: 1_500 } } },
    );
    await setWarehouse(t, tenant);
    usps = await connectCarrier(t, tenant, 'usps', fakes);
    ups = await connectCarrier(t, tenant, 'ups', fakes);
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    who = tenant,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers: { ...(await t.auth(who)), ...headers }, ...(payload ? { payload } : {}) });
  const defaults = async (orderId: string) =>
    (await call('GET', `/call/order/${orderId}/returnLabelDefaults`)).json().data as ReturnLabelDefaults;
  const listed = async (orderId: string) =>
    (await call('GET', `/call/order/${orderId}/returnLabels`)).json().data as ReturnLabel[];
  const events = async (orderId: string) =>
    (await call('GET', `/api/v1/orders/${orderId}/events`)).json().data as Array<{
      event: string;
      payload: Record<string, unknown>;
    }>;
  /** Every return row of the order, those being bought included (the list hides them). */
  const rows = async (orderId: string) =>
    (
      (await t.app.db.db.execute(
        sql`SELECT id, status, rma FROM return_labels WHERE tenant_id = ${tenant} AND order_id = ${Number(orderId)} ORDER BY id`,
      )) as unknown as Rows<{ id: string | number; status: string; rma: string }>
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));
  /** An order whose units went out with the built-in carrier (any carrier may make its return). */
  const shippedOrder = async (overrides: Parameters<typeof paidOrder>[2] = {}): Promise<Order> => {
    const order = await paidOrder(t, tenant, { customerEmail: 'buyer@example.com', ...overrides });
    const bought = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
    return bought.json().data.order as Order;
  };
  const uspsReturn = () => ({
    carrier: 'usps',
    carrierAccountId: usps,
    serviceCode: 'PRIORITY_MAIL',
    emailBuyer: false,
  });
  const upsReturn = () => ({ carrier: 'ups', carrierAccountId: ups, serviceCode: '03', emailBuyer: false });

  it("answers a carrier's refusal in its words and leaves nothing: no row, the RMA free", async () => {
    // The fake USPS's undeliverable ZIP: its label checks refuse the buyer's address.
    const order = await shippedOrder({
      shippingAddress: {
        name: 'Ada Lovelace',
        address1: '12 St James Square',
        city: 'New York',
        state: 'NY',
        postalCode: '00000',
        country: 'US',
      },
    });
    const rma = (await defaults(order.id)).proposed!.rma;
    const refused = await call('POST', `/call/order/${order.id}/returnLabel`, uspsReturn());
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'carrier_refused',
      message: expect.stringMatching(/^USPS did not sell the return label: .*Address Not Found/),
    });
    expect(fakes.usps.requests.some((r) => r.path === '/labels/v3/return-label')).toBe(true);
    expect(await listed(order.id)).toEqual([]);
    expect(await rows(order.id)).toEqual([]);
    expect((await events(order.id)).map((e) => e.event)).not.toContain('returnLabel');
    // The RMA names nothing: proposed again, and a return with it is made.
    expect((await defaults(order.id)).proposed!.rma).toBe(rma);
    const made = await call('POST', `/call/order/${order.id}/returnLabel`, { rma, emailBuyer: false });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ rma, carrier: 'local' });
  });

  it('keeps a return whose answer was lost, its RMA held, until the settle job finds the label the carrier made', async () => {
    const order = await shippedOrder();
    const charges = fakes.ups.charges.length;
    fakes.ups.dropNextShipAnswer();
    fakes.ups.failWithServerError({ path: UPS_TRACK, times: 1 });
    const lost = await call('POST', `/call/order/${order.id}/returnLabel`, upsReturn());
    expect(lost.statusCode, lost.body).toBe(502);
    expect(lost.json()).toMatchObject({ reason: 'purchase_unconfirmed', message: expect.stringContaining('is held') });
    // UPS made (and charged) it; Shipdesk holds the reservation and shows nothing yet.
    expect(fakes.ups.charges.length).toBe(charges + 1);
    const [held] = await rows(order.id);
    expect(held).toMatchObject({ status: 'buying' });
    expect(await listed(order.id)).toEqual([]);
    const taken = await call('POST', `/call/order/${order.id}/returnLabel`, { rma: held!.rma, emailBuyer: false });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ reason: 'rma_taken' });

    // The settle job was sent with the reservation, due three minutes later.
    const [job] = await jobsOf(t, 'return-label-settle', 'returnId', held!.id);
    expect(job).toMatchObject({ state: 'created' });
    expect(job!.startsIn).toBeGreaterThan(170);
    expect(job!.startsIn).toBeLessThanOrEqual(180);
    // Its time come: the reservation is as old as the wait, and the job may start now.
    await t.app.db.db.execute(
      sql`UPDATE return_labels SET created_at = now() - interval '181 seconds' WHERE tenant_id = ${tenant} AND id = ${held!.id}`,
    );
    expect(await startNow(t, 'return-label-settle', 'returnId', held!.id)).toBe(1);
    const [recorded] = await waitFor(async () => {
      const found = await listed(order.id);
      return found.length > 0 ? found : undefined;
    });
    expect(recorded).toMatchObject({ id: String(held!.id), rma: held!.rma, carrier: 'ups', status: 'active' });
    // The label UPS made, not a second one.
    expect(fakes.ups.charges.length).toBe(charges + 1);
    expect(fakes.ups.labels.get(recorded!.trackingNumber)?.returnService).toBe('9');
    const row = (await events(order.id)).find((e) => e.event === 'returnLabel');
    expect(row?.payload).toMatchObject({ rma: held!.rma, carrier: 'ups', trackingNumber: recorded!.trackingNumber });
  });

  it('drops a reservation the carrier made nothing of once it can say so', async () => {
    const order = await shippedOrder();
    const charges = fakes.ups.charges.length;
    // The ship call never reaches UPS's books (no answer, nothing made), and the look-up fails the first time.
    fakes.ups.fail({ kind: 'hang' }, { path: UPS_SHIP, times: 1 });
    fakes.ups.failWithServerError({ path: UPS_TRACK, times: 1 });
    const lost = await call('POST', `/call/order/${order.id}/returnLabel`, upsReturn());
    expect(lost.statusCode, lost.body).toBe(502);
    expect(lost.json()).toMatchObject({ reason: 'purchase_unconfirmed' });
    const [held] = await rows(order.id);
    expect(held).toMatchObject({ status: 'buying' });

    // Too early: a reservation younger than the wait is left alone (its buyer may still be asking).
    await t.app.returns.purchases.settle(tenant, held!.id);
    expect(await rows(order.id)).toEqual([held]);
    await t.app.db.db.execute(
      sql`UPDATE return_labels SET created_at = now() - interval '181 seconds' WHERE tenant_id = ${tenant} AND id = ${held!.id}`,
    );
    await t.app.returns.purchases.settle(tenant, held!.id);
    expect(await rows(order.id)).toEqual([]);
    expect(fakes.ups.charges.length).toBe(charges);
    expect((await events(order.id)).map((e) => e.event)).not.toContain('returnLabel');
    const again = await call('POST', `/call/order/${order.id}/returnLabel`, { ...upsReturn(), rma: held!.rma });
    expect(again.statusCode, again.body).toBe(200);
    expect(fakes.ups.charges.length).toBe(charges + 1);
  });

  it('finds a USPS return whose answer was lost as the return USPS made, never buying an outbound label for it', async () => {
    const order = await shippedOrder();
    const outbound = fakes.usps.charges.length;
    const returns = fakes.usps.returnLabels.size;
    fakes.usps.dropNextLabelAnswer();
    const found = await call('POST', `/call/order/${order.id}/returnLabel`, uspsReturn());
    // USPS made the return (it keeps the idempotency key's answer): asked again under the key, it is recorded.
    expect(fakes.usps.returnLabels.size).toBe(returns + 1);
    expect(found.statusCode, found.body).toBe(200);
    const label = found.json().data as ReturnLabel;
    expect(fakes.usps.returnLabels.has(label.trackingNumber)).toBe(true);
    expect(label).toMatchObject({ carrier: 'usps', payOnUse: true, status: 'active' });
    expect(fakes.usps.charges.length).toBe(outbound);
  });

  it('asks USPS again for a return that never reached it, as a return: no outbound label is bought', async () => {
    const order = await shippedOrder();
    const outbound = fakes.usps.charges.length;
    fakes.usps.fail({ kind: 'hang' }, { path: /^\/labels\/v3\/return-label$/, times: 1 });
    const answered = await call('POST', `/call/order/${order.id}/returnLabel`, uspsReturn());
    // Whatever the answer, nothing outbound was bought from the buyer to the seller and recorded as the return.
    expect(fakes.usps.charges.length, 'USPS sold an outbound label to find the lost return').toBe(outbound);
    expect(answered.statusCode, answered.body).toBe(200);
    const label = answered.json().data as ReturnLabel;
    expect(fakes.usps.returnLabels.has(label.trackingNumber)).toBe(true);
  });

  it('answers the same Idempotency-Key and body with the same label, bought once', async () => {
    const order = await shippedOrder();
    const sold = fakes.usps.returnLabels.size;
    const key = { 'idempotency-key': `return-${order.id}` };
    const body = uspsReturn();
    const first = await call('POST', `/call/order/${order.id}/returnLabel`, body, tenant, key);
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('POST', `/call/order/${order.id}/returnLabel`, body, tenant, key);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(fakes.usps.returnLabels.size).toBe(sold + 1);
    expect(await rows(order.id)).toHaveLength(1);
    expect((await events(order.id)).filter((e) => e.event === 'returnLabel')).toHaveLength(1);
    const other = await call('POST', `/call/order/${order.id}/returnLabel`, { ...body, rma: 'OTHER-1' }, tenant, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ reason: 'idempotency_key_reused' });
    expect(await rows(order.id)).toHaveLength(1);
  });

  it("writes the mailer's failure on the return after its retries, and sends it again on asking", async () => {
    const order = await shippedOrder();
    const made = await call('POST', `/call/order/${order.id}/returnLabel`, {});
    expect(made.statusCode, made.body).toBe(200);
    const label = made.json().data as ReturnLabel;
    expect(label.email).toMatchObject({ status: 'queued', to: 'buyer@example.com' });

    // The first run fails: the return says it is trying again, in the mailer's words; the engine retries later.
    const retrying = await waitFor(async () => {
      const [row] = await listed(order.id);
      return row?.email.message ? row : undefined;
    });
    expect(retrying.email).toMatchObject({ status: 'queued', message: expect.stringMatching(/^Trying again: \S/) });
    const words = retrying.email.message!.slice('Trying again: '.length);
    // The engine keeps the job for its next try (the message is written just before the run fails).
    const job = await waitFor(async () => {
      const [found] = await jobsOf(t, 'return-label-email', 'returnId', label.id);
      return found?.state === 'retry' ? found : undefined;
    });
    expect(job.startsIn).toBeGreaterThan(20);

    // The last retry (run directly rather than waiting minutes for the engine's backoff) gives up and says why.
    const job0 = { tenantId: tenant, returnId: Number(label.id) };
    const lastRun = {
      id: 'last',
      retryCount: RETURN_EMAIL_RETRIES,
      holder: 'test',
      shouldYield: () => false,
      stopping: () => false,
    };
    await t.app.returns.emails.send(job0, lastRun);
    const [failed] = await listed(order.id);
    expect(failed!.email).toEqual({
      status: 'failed',
      to: 'buyer@example.com',
      sentAt: null,
      message: `The e-mail could not be sent: ${words}`,
    });
    const timeline = await events(order.id);
    expect(timeline.find((e) => e.event === 'returnLabelEmailFailed')?.payload).toMatchObject({
      returnLabelId: label.id,
      rma: label.rma,
      to: 'buyer@example.com',
      message: failed!.email.message,
    });
    expect(timeline.map((e) => e.event)).not.toContain('returnLabelEmailed');

    const again = await call('POST', `/call/returnLabel/${label.id}/email`, { email: 'someone@example.com' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.email).toEqual({
      status: 'queued',
      to: 'someone@example.com',
      sentAt: null,
      message: null,
    });
    expect(await jobsOf(t, 'return-label-email', 'returnId', label.id)).toHaveLength(2);
  });

  it('refuses a void the carrier refuses, in its words, and the return stands', async () => {
    const order = await shippedOrder();
    const made = await call('POST', `/call/order/${order.id}/returnLabel`, uspsReturn());
    expect(made.statusCode, made.body).toBe(200);
    const label = made.json().data as ReturnLabel;
    // The buyer handed it in: USPS no longer cancels it.
    fakes.usps.scan(label.trackingNumber);
    const refused = await call('POST', `/call/returnLabel/${label.id}/void`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'void_refused',
      message: expect.stringMatching(/^USPS refused to void the return label: \S/),
    });
    expect(await listed(order.id)).toEqual([label]);
    expect((await events(order.id)).map((e) => e.event)).not.toContain('returnLabelVoided');
    // Its RMA still names it.
    const taken = await call('POST', `/call/order/${order.id}/returnLabel`, { rma: label.rma, emailBuyer: false });
    expect(taken.json()).toMatchObject({ reason: 'rma_taken' });
  });

  it("answers 404 to another tenant for the order's and the return's every route", async () => {
    const order = await shippedOrder();
    const made = await call('POST', `/call/order/${order.id}/returnLabel`, { emailBuyer: false });
    expect(made.statusCode, made.body).toBe(200);
    const { id } = made.json().data as ReturnLabel;
    const stranger = newTenantId();
    await setWarehouse(t, stranger);
    const asked = [
      ['GET', `/call/order/${order.id}/returnLabelDefaults`],
      ['GET', `/call/order/${order.id}/returnLabels`],
      ['POST', `/call/order/${order.id}/returnLabel`, {}],
      ['GET', `/call/returnLabel/${id}/document`],
      ['GET', `/call/returnLabel/${id}/preview`],
      ['POST', `/call/returnLabel/${id}/void`],
      ['POST', `/call/returnLabel/${id}/email`, { email: 'thief@example.com' }],
    ] as const;
    for (const [method, url, payload] of asked) {
      const res = await call(method, url, payload, stranger);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Nothing of the owner's moved.
    expect(await listed(order.id)).toMatchObject([{ id, status: 'active', email: { status: 'not_sent', to: null } }]);
  });
});
