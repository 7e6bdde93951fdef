import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnLabel, ReturnLabelDefaults } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const LOCAL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};
const RETURNS_ADDRESS = {
  name: 'Northloop Returns',
  address1: '12 Dock Street',
  city: 'Dayton',
  state: 'OH',
  postalCode: '45402',
  country: 'US',
};

describe.each(backends)('return labels with the built-in carrier ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
  const defaults = async (orderId: string) => {
    const res = await call('GET', `/call/order/${orderId}/returnLabelDefaults`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReturnLabelDefaults;
  };
  const shippedOrder = async (): Promise<Order> => {
    const order = await paidOrder(t, tenant, { customerEmail: 'buyer@example.com' });
    const bought = await flow(t, tenant, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
    return bought.json().data.order as Order;
  };
  const outbox = () => {
    const dir = join(t.config.dataDir, 'outbox');
    try {
      return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
    } catch {
      return [];
    }
  };

  it('refuses an order with nothing shipped, then makes, lists, serves, e-mails and voids a return label', async () => {
    const unshipped = await paidOrder(t, tenant);
    const refused = await defaults(unshipped.id);
    expect(refused.refusal).toMatchObject({ reason: 'invalid_status' });
    const tooEarly = await call('POST', `/call/order/${unshipped.id}/returnLabel`, {});
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().reason).toBe('invalid_status');

    const order = await shippedOrder();
    const form = await defaults(order.id);
    expect(form.refusal).toBeNull();
    expect(form.toSource).toBe('warehouse');
    expect(form.buyerEmail).toBe('buyer@example.com');
    expect(form.deliveries).toHaveLength(1);
    expect(form.proposed).toMatchObject({ carrier: 'local', serviceCode: 'LOCAL_NEXT_DAY', weight: 900 });
    expect(form.proposed!.rma).toMatch(/^RMA-.+-1$/);
    expect(form.choices.some((c) => c.carrier === 'local' && !c.payOnUse)).toBe(true);

    const made = await call('POST', `/call/order/${order.id}/returnLabel`, { version: form.version });
    expect(made.statusCode, made.body).toBe(200);
    const label = made.json().data as ReturnLabel;
    expect(label).toMatchObject({
      carrier: 'local',
      rma: form.proposed!.rma,
      status: 'active',
      payOnUse: false,
      from: { city: expect.any(String) },
      to: { name: 'Northloop Supply', city: 'Columbus' },
      email: { status: 'queued', to: 'buyer@example.com' },
    });

    const listed = (await call('GET', `/call/order/${order.id}/returnLabels`)).json().data as ReturnLabel[];
    expect(listed.map((r) => r.id)).toEqual([label.id]);
    const document = await call('GET', `/call/returnLabel/${label.id}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');

    const sent = await waitFor(async () => {
      const [row] = (await call('GET', `/call/order/${order.id}/returnLabels`)).json().data as ReturnLabel[];
      return row!.email.status === 'sent' ? row : undefined;
    });
    expect(sent.email.sentAt).not.toBeNull();
    const mail = outbox().find((m) => m.includes(label.rma));
    expect(mail).toContain('To: buyer@example.com');
    expect(mail).toContain(`return-label-${label.rma}.pdf`);

    const again = await call('POST', `/call/order/${order.id}/returnLabel`, { rma: label.rma });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'rma_taken', errors: { rma: expect.any(String) } });

    const otherTenant = newTenantId();
    expect((await call('GET', `/call/returnLabel/${label.id}/document`, undefined, otherTenant)).statusCode).toBe(404);
    expect((await call('POST', `/call/returnLabel/${label.id}/void`, undefined, otherTenant)).statusCode).toBe(404);

    const voided = await call('POST', `/call/returnLabel/${label.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'voided', voidedAt: expect.any(String) });
    const timeline = (await call('GET', `/api/v1/orders/${order.id}/events`)).json().data as Array<{ event: string }>;
    expect(timeline.map((e) => e.event)).toEqual(
      expect.arrayContaining(['returnLabel', 'returnLabelEmailed', 'returnLabelVoided']),
    );
    // Voided, its RMA names nothing: it may be used again.
    const reused = await call('POST', `/call/order/${order.id}/returnLabel`, { rma: label.rma, emailBuyer: false });
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().data.email.status).toBe('not_sent');
  });

  it('sends parcels to the returns address when one is set, and back to the ship-from when it is removed', async () => {
    const saved = await call('POST', '/call/configs/createOrUpdate', {
      key: 'returns_address',
      options: RETURNS_ADDRESS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = await shippedOrder();
    const form = await defaults(order.id);
    expect(form).toMatchObject({ toSource: 'returns_address', to: { name: 'Northloop Returns', city: 'Dayton' } });
    const removed = await call('DELETE', '/call/configs/returns_address');
    expect(removed.json().data).toEqual({ key: 'returns_address', removed: true });
    expect((await defaults(order.id)).toSource).toBe('warehouse');
    expect((await call('DELETE', '/call/configs/warehouse_info')).statusCode).toBe(400);
  });

  it('names the field of a bad choice and buys nothing', async () => {
    const order = await shippedOrder();
    const bad = await call('POST', `/call/order/${order.id}/returnLabel`, { serviceCode: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('serviceCode');
    const rma = await call('POST', `/call/order/${order.id}/returnLabel`, { rma: 'has spaces' });
    expect(rma.statusCode).toBe(400);
    expect(JSON.stringify(rma.json().errors)).toContain('rma');
    expect((await call('GET', `/call/order/${order.id}/returnLabels`)).json().data).toEqual([]);
  });
});
