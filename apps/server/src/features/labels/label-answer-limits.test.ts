import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Delivery } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { startOversizedAnswerServer, type OversizedAnswerServer } from '../../../test/oversized-answer-server.ts';
import { MB } from '../../integrations/http/answer-limits.ts';
import { jobDone, jobsOf, startNow, waitFor } from '../../../test/job-helpers.ts';
import { PURCHASE_SETTLE_QUEUE } from './label-jobs.ts';
import { SERVED_DOCUMENT_LIMIT } from './labels-repository.ts';

const REFUSAL = 'USPS answered more than 12 MB; Shipdesk refused it';

/**
 * A USPS account pointed at a host of the seller's own that answers the label call with 300 MB of JSON (a base64
 * "label"), streamed: the purchase must end unconfirmed with the reason, the server's memory flat, and the jobs that
 * settle unconfirmed purchases must ask again only after a wait that doubles, never throwing.
 */
describe.each(backends)('a carrier answering past its limit ($name)', (backend) => {
  let t: TestContext;
  let carrier: OversizedAnswerServer;
  const tenant = newTenantId();
  let accountId: string;
  const escaped: unknown[] = [];
  const keep = (error: unknown) => escaped.push(error);

  beforeAll(async () => {
    process.on('unhandledRejection', keep);
    process.on('uncaughtExceptionMonitor', keep);
    carrier = await startOversizedAnswerServer({
      'POST /oauth2/v3/token': { json: { access_token: 'token', token_type: 'Bearer', expires_in: 3600 } },
      'POST /payments/v3/payment-authorization': { json: { paymentAuthorizationToken: 'payment', roles: [] } },
      'POST /labels/v3/label': {
        head: '{"trackingNumber":"9400100000000000000001","postage":8.45,"labelImage":"',
        size: 300 * MB,
        tail: '"}',
      },
    });
    t = await buildTestApp(backend, {}, undefined, {
      adapterOptions: { http: { baseDelayMs: 1, timeoutMs: 20_000 } },
    });
    await setWarehouse(t, tenant);
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carrierAccounts',
      headers: await t.auth(tenant),
      payload: {
        carrier: 'usps',
        name: 'USPS of our own',
        settings: {
          clientId: 'id',
          crid: '56982563',
          mid: '900066622',
          accountType: 'EPS',
          accountNumber: '1000123456',
          apiBaseUrl: carrier.url,
        },
        credentials: { clientSecret: 'secret' },
      },
    });
    expect(account.statusCode, account.body).toBe(201);
    accountId = account.json().data.id;
    await t.app.db.db.execute(sql`UPDATE carrier_accounts SET status = 'verified' WHERE tenant_id = ${tenant}`);
  });
  afterAll(async () => {
    await t.close();
    await carrier.close();
    process.off('unhandledRejection', keep);
    process.off('uncaughtExceptionMonitor', keep);
  });

  const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(tenant) });
  const deliveryOf = async (orderId: string) =>
    ((await get(`/api/v1/deliveries?orderId=${orderId}`)).json().data as Delivery[])[0]!;
  const labelCalls = () => carrier.count('POST', '/labels/v3/label');
  /** The unconfirmed purchase's last ask as if `seconds` ago. */
  const askedAgo = (deliveryId: string, seconds: number) =>
    t.app.db.db.execute(
      sql`UPDATE deliveries SET purchase_started_at = now() - make_interval(secs => ${seconds})
          WHERE tenant_id = ${tenant} AND id = ${Number(deliveryId)}`,
    );
  const attemptsOf = async (deliveryId: string) => {
    const result = (await t.app.db.db.execute(
      sql`SELECT (purchase_request ->> 'settleAttempts')::int AS attempts FROM deliveries
          WHERE tenant_id = ${tenant} AND id = ${Number(deliveryId)}`,
    )) as unknown as { rows: Array<{ attempts: number }> };
    return Number(result.rows[0]?.attempts);
  };
  /** The settle job waiting for the delivery's next ask: seconds until it may start. */
  const nextAsk = (deliveryId: string, attempts: number) =>
    waitFor(async () => {
      const waiting = (await jobsOf(t, PURCHASE_SETTLE_QUEUE, 'deliveryId', deliveryId)).filter(
        (job) => job.state === 'created',
      );
      return waiting.length === 1 && (await attemptsOf(deliveryId)) === attempts ? waiting[0]!.startsIn : undefined;
    });
  /** A settle job sent now (as the sweep or a duplicate would), worked to its end. */
  const askNow = async (deliveryId: string) => {
    const id = await t.app.jobs.send(PURCHASE_SETTLE_QUEUE, { tenantId: tenant, deliveryId: Number(deliveryId) });
    await jobDone(t, PURCHASE_SETTLE_QUEUE, id!);
  };
  /** The waiting settle job starts now (its wait over), and is worked to its end. */
  const waitOver = async (deliveryId: string) => {
    const [waiting] = (await jobsOf(t, PURCHASE_SETTLE_QUEUE, 'deliveryId', deliveryId)).filter(
      (job) => job.state === 'created',
    );
    await startNow(t, PURCHASE_SETTLE_QUEUE, 'deliveryId', deliveryId);
    await jobDone(t, PURCHASE_SETTLE_QUEUE, waiting!.id);
  };
  let unconfirmed: Delivery;

  it('refuses a 300 MB label answer: unconfirmed with the reason, read no further, memory flat', async () => {
    const order = await paidOrder(t, tenant);
    // The engine's first polls and upkeep (pg-boss on the same database) grow PGlite's heap once; let them pass
    // before the measure, which is of this purchase alone.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const answer = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: {
        carrier: 'usps',
        carrierAccountId: accountId,
        serviceCode: 'USPS_GROUND_ADVANTAGE',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    clearInterval(sample);
    peak = Math.max(peak, process.memoryUsage.rss());

    expect(answer.statusCode, answer.body).toBe(502);
    expect(answer.json()).toMatchObject({
      reason: 'purchase_unconfirmed',
      message: `USPS did not confirm the purchase (${REFUSAL}). Shipdesk keeps asking USPS whether it made the label before this delivery can be bought again.`,
    });
    expect(peak - before).toBeLessThan(64 * MB);
    // Asked once: not retried, and not asked again at once (the same answer would come back).
    expect(labelCalls()).toBe(1);
    await carrier.answers[0]!.done;
    expect(carrier.answers[0]).toMatchObject({ closedEarly: true });
    expect(carrier.answers[0]!.sent).toBeLessThan(64 * MB);

    unconfirmed = await deliveryOf(order.id);
    expect(unconfirmed).toMatchObject({
      status: 'planned',
      purchaseState: 'unconfirmed',
      purchaseProblem: REFUSAL,
      label: null,
    });
    expect(await attemptsOf(unconfirmed.deliveryId)).toBe(1);
  });

  it('settles it with a wait that doubles after each refused ask, keeping the reason, and never throws', async () => {
    const { deliveryId } = unconfirmed;
    // One failed ask: the next is a job 20 s (and a second) later, and an ask before then asks nothing.
    const first = await nextAsk(deliveryId, 1);
    expect(first).toBeGreaterThan(15);
    expect(first).toBeLessThanOrEqual(21);
    await askNow(deliveryId);
    expect(labelCalls()).toBe(1);
    await askedAgo(deliveryId, 21);
    await waitOver(deliveryId);
    expect(labelCalls()).toBe(2);
    expect(await attemptsOf(deliveryId)).toBe(2);
    for (let i = 0; i < 3; i++) await askNow(deliveryId);
    expect(labelCalls()).toBe(2);

    // Two failed asks: 40 s.
    const second = await nextAsk(deliveryId, 2);
    expect(second).toBeGreaterThan(35);
    expect(second).toBeLessThanOrEqual(41);
    await askedAgo(deliveryId, 30);
    await askNow(deliveryId);
    expect(labelCalls()).toBe(2);
    await askedAgo(deliveryId, 41);
    await waitOver(deliveryId);
    expect(labelCalls()).toBe(3);
    expect(await nextAsk(deliveryId, 3)).toBeGreaterThan(75);

    // Asked directly (a batch resuming its item), it answers what it knows rather than throwing.
    await expect(t.app.labels.purchases.settle(tenant, Number(deliveryId))).resolves.toBe('unconfirmed');
    expect(labelCalls()).toBe(4);
    expect(await deliveryOf(unconfirmed.orderId)).toMatchObject({
      purchaseState: 'unconfirmed',
      purchaseProblem: REFUSAL,
    });
    await Promise.all(carrier.answers.map((answer) => answer.done));
    expect(carrier.answers.every((answer) => answer.closedEarly && answer.sent < 64 * MB)).toBe(true);
    expect(escaped).toEqual([]);
  });

  it('refuses to read back a stored document past the served limit, and still voids its label', async () => {
    const order = await paidOrder(t, tenant);
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: {
        carrier: 'local',
        serviceCode: 'LOCAL_COURIER',
        parcel: { weight: 900, length: 8, width: 6, height: 4 },
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const label = bought.json().data.label as { id: string; deliveryId: string };
    // As if stored before answers had limits: made in the database, never sent to it.
    await t.app.db.db.execute(
      sql`UPDATE shipping_labels SET document = convert_to(repeat('A', ${SERVED_DOCUMENT_LIMIT + 1}), 'UTF8')
          WHERE tenant_id = ${tenant} AND id = ${Number(label.id)}`,
    );
    for (const path of ['shipLabel', 'labelPreview']) {
      const refused = await get(`/call/shipment/${label.deliveryId}/${path}`);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json()).toMatchObject({
        reason: 'label_document_too_large',
        message: "This label's document is 16 MB, more than Shipdesk serves (16 MB): void the label and buy it again",
      });
    }
    const voided = await get(`/call/usps/cancelShipment/${label.deliveryId}`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.label).toMatchObject({ status: 'voided' });
  });
});
