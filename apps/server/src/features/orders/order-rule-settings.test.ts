import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, type BoxSize, type Order, type RuleApplicationList, type ShippingRule } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder, flow } from '../../../test/order-helpers.ts';

/** Every order of the tenant is insured for its total and asks for a standard signature. */
const INSURE_ALL: ShippingRule = {
  id: 'insure',
  name: 'Insure everything',
  enabled: true,
  match: 'all',
  conditions: [],
  actions: [
    { type: 'insure', above: 0 },
    { type: 'requireSignature', kind: 'standard' },
  ],
  stop: false,
};

describe.each(backends)('order rule settings set by hand ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  let boxes: BoxSize[];
  beforeAll(async () => {
    t = await buildTestApp(backend);
    const saved = await call('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: [INSURE_ALL] });
    expect(saved.statusCode, saved.body).toBe(200);
    boxes = (await call('GET', '/api/v1/orderBoxSizes')).json().data;
    expect(boxes.length).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    tenantId = tenant,
    headers: Record<string, string> = {},
  ) {
    const auth = await t.auth(tenantId);
    return t.app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
  }
  const update = (orderId: string, body: object, tenantId = tenant, headers: Record<string, string> = {}) =>
    call('POST', `/call/order/${orderId}/updateRuleSettings`, body, tenantId, headers);
  const order = async (id: string) => (await call('GET', `/api/v1/orders/${id}`)).json().data as Order;
  const latestWhy = async (id: string) =>
    ((await call('GET', `/call/order/${id}/shippingRules`)).json().data as RuleApplicationList).applications[0]!;
  const events = async (id: string) =>
    (await call('GET', `/api/v1/orders/${id}/events`)).json().data as Array<{
      event: string;
      actor: string;
      payload: Record<string, unknown>;
    }>;
  const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string> }).errors;

  it('keeps a value set by hand through a run of the rules, and hands it back on request', async () => {
    const made = await createOrder(t, tenant);
    expect(made.ruleSettings).toMatchObject({ insuredValue: made.total, signature: 'standard', handSet: [] });

    const spy = vi.spyOn(t.app.realtime, 'toTenant');
    const set = await update(made.id, { insuredValue: 5000, signature: null, version: made.version });
    expect(set.statusCode, set.body).toBe(200);
    const setOrder = set.json().data as Order;
    expect(setOrder.ruleSettings).toMatchObject({
      insuredValue: 5000,
      signature: null,
      handSet: ['insuredValue', 'signature'],
    });
    expect(setOrder.version).toBe(made.version + 1);
    expect(spy).toHaveBeenCalledWith(tenant, 'orders:changed', {
      orderIds: [made.id],
      event: 'ruleSettingsUpdated',
      version: setOrder.version,
    });
    spy.mockRestore();

    // The rules run again: what a person set wins, and the why says so.
    const applied = await call('POST', '/call/shippingRules/apply', { orderIds: [made.id] });
    expect(applied.json().data).toMatchObject({ evaluated: 1 });
    expect((await order(made.id)).ruleSettings).toMatchObject({ insuredValue: 5000, signature: null });
    const why = await latestWhy(made.id);
    expect(why.trigger).toBe('manual');
    const outcomes = Object.fromEntries(why.rules[0]!.actions.map((a) => [a.target, a.outcome]));
    expect(outcomes).toEqual({ insuredValue: 'kept', signature: 'kept' });

    // Handed back: the rule's value applies again, the signature stays set by hand.
    const current = await order(made.id);
    const handedBack = await update(made.id, { automatic: ['insuredValue'], version: current.version });
    expect(handedBack.statusCode, handedBack.body).toBe(200);
    expect((handedBack.json().data as Order).ruleSettings).toMatchObject({
      insuredValue: made.total,
      signature: null,
      handSet: ['signature'],
    });
    const rerun = await latestWhy(made.id);
    expect(rerun.trigger).toBe('manual');
    expect(rerun.rules[0]!.actions.find((a) => a.target === 'insuredValue')?.outcome).toBe('set');
    expect(rerun.rules[0]!.actions.find((a) => a.target === 'signature')?.outcome).toBe('kept');

    const timeline = await events(made.id);
    const mine = timeline.filter((e) => e.event === 'ruleSettingsUpdated');
    expect(mine).toHaveLength(2);
    expect(mine.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ set: { insuredValue: 5000, signature: null }, automatic: [], currency: 'USD' }),
        expect.objectContaining({ set: {}, automatic: ['insuredValue'] }),
      ]),
    );
    expect(mine[0]!.actor).toContain('@');
  });

  it('sets a box and a hold date, and clears a handed-back field no rule sets', async () => {
    const made = await createOrder(t, tenant);
    const box = boxes[0]!;
    const set = await update(made.id, { boxSizeId: box.id, holdUntil: '2031-02-28' });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json().data as Order).ruleSettings).toMatchObject({
      boxSizeId: box.id,
      holdUntil: '2031-02-28',
      handSet: ['boxSize', 'holdUntil'],
    });
    const named = (await events(made.id)).find((e) => e.event === 'ruleSettingsUpdated')!;
    expect(named.payload).toMatchObject({ set: { boxSizeId: box.id, holdUntil: '2031-02-28' }, boxSizeName: box.name });

    const back = await update(made.id, { automatic: ['boxSize', 'holdUntil'] });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json().data as Order).ruleSettings).toMatchObject({ boxSizeId: null, holdUntil: null, handSet: [] });
  });

  it('replays an answer for the same Idempotency-Key and writes once', async () => {
    const made = await createOrder(t, tenant);
    const headers = { 'idempotency-key': `rule-settings-${made.id}` };
    const first = await update(made.id, { insuredValue: 100 }, tenant, headers);
    const second = await update(made.id, { insuredValue: 100 }, tenant, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await events(made.id)).filter((e) => e.event === 'ruleSettingsUpdated')).toHaveLength(1);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const made = await createOrder(t, tenant);
    const otherBox = ((await call('GET', '/api/v1/orderBoxSizes', undefined, other)).json().data as BoxSize[])[0]!;
    const cases: Array<[object, string]> = [
      [{ holdUntil: '2025-02-30' }, 'holdUntil'],
      [{ holdUntil: '01/02/2025' }, 'holdUntil'],
      [{ insuredValue: -1 }, 'insuredValue'],
      [{ insuredValue: 12.5 }, 'insuredValue'],
      [{ signature: 'notarised' }, 'signature'],
      [{ boxSizeId: '999999999' }, 'boxSizeId'],
      [{ boxSizeId: otherBox.id }, 'boxSizeId'],
      [{ insuredValue: 100, automatic: ['insuredValue'] }, 'insuredValue'],
      [{ boxSizeId: null, automatic: ['boxSize'] }, 'boxSizeId'],
      [{ automatic: ['tags'] }, 'automatic.0'],
      [{ automatic: ['signature', 'signature'] }, 'automatic'],
      [{ colour: 'red' }, 'colour'],
      [{}, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await update(made.id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(errorsOf(res)), `${JSON.stringify(body)}: ${res.body}`).toContain(field);
    }
    const after = await order(made.id);
    expect(after.version).toBe(made.version);
    expect(after.ruleSettings).toEqual(made.ruleSettings);
  });

  it("answers 404 for another tenant's order or an unknown one, 409 for a stale version", async () => {
    const made = await createOrder(t, tenant);
    expect((await update(made.id, { insuredValue: 1 }, other)).statusCode).toBe(404);
    expect((await update('999999999', { insuredValue: 1 })).statusCode).toBe(404);
    const stale = await update(made.id, { insuredValue: 1, version: made.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale_version' });
    expect((await order(made.id)).ruleSettings.handSet).toEqual([]);
  });

  it('refuses a shipped or cancelled order with 409 invalid_status', async () => {
    const shipped = await createOrder(t, tenant);
    expect((await flow(t, tenant, shipped.id, 'approve', { version: shipped.version })).statusCode).toBe(200);
    const approved = await order(shipped.id);
    const done = await flow(t, tenant, shipped.id, 'shipComplete', { version: approved.version });
    expect(done.statusCode, done.body).toBe(200);
    const cancelled = await createOrder(t, tenant);
    const cancel = await flow(t, tenant, cancelled.id, 'cancel', { version: cancelled.version, reason: 'test' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const id of [shipped.id, cancelled.id]) {
      const res = await update(id, { signature: 'adult' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ reason: 'invalid_status' });
    }
  });

  it('lets a Manager set them, as a Manager chooses how an order ships', async () => {
    const made = await createOrder(t, tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: `/call/order/${made.id}/updateRuleSettings`,
      headers: await t.auth(tenant, Role.Manager),
      payload: { signature: 'adult' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Order).ruleSettings).toMatchObject({ signature: 'adult', handSet: ['signature'] });
  });
});
