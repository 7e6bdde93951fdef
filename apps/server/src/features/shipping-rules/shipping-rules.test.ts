import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  Role,
  type Order,
  type RuleApplicationList,
  type RuleDryRun,
  type RuleSet,
  type RuleSetList,
  type ShipMethod,
  type ShippingRule,
} from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

const rule = (overrides: Partial<ShippingRule> & Pick<ShippingRule, 'id' | 'actions'>): ShippingRule => ({
  name: `Rule ${overrides.id}`,
  enabled: true,
  match: 'all',
  conditions: [],
  stop: false,
  ...overrides,
});

describe.each(backends)('shipping rules ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  let express: ShipMethod;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    express = (await call('POST', '/api/v1/shipMethods', { name: 'Express' })).json().data;
    const mapped = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: express.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_SAME_DAY',
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
  });
  afterAll(() => t.close());

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, tenantId = tenant, role?: never) {
    void role;
    return t.app.inject({ method, url, headers: await t.auth(tenantId), ...(payload ? { payload } : {}) });
  }
  const save = (rules: ShippingRule[], version: number, scope = 'all') =>
    call('PUT', `/api/v1/shippingRuleByStore/${scope}`, { version, rules });
  const why = async (orderId: string) =>
    (await call('GET', `/call/order/${orderId}/shippingRules`)).json().data as RuleApplicationList;
  const order = async (id: string) => (await call('GET', `/api/v1/orders/${id}`)).json().data as Order;

  const vip = () =>
    rule({
      id: 'vip',
      name: 'VIP goes express',
      conditions: [{ field: 'tags', operator: 'hasAny', value: ['vip'] }],
      actions: [
        { type: 'setShipMethod', shipMethodId: express.id },
        { type: 'addTag', tag: 'rush' },
      ],
      stop: true,
    });
  const heavy = () =>
    rule({
      id: 'heavy',
      name: 'Heavy and dear: signature, insurance',
      conditions: [
        { field: 'weight', operator: 'gt', value: 500 },
        { field: 'total', operator: 'gte', value: 2000 },
      ],
      actions: [
        { type: 'requireSignature', kind: 'adult' },
        { type: 'insure', above: 1000 },
        { type: 'addNote', text: 'Check the packing' },
      ],
    });

  it('lists the all-stores set first, unsaved at version 0, and saves versions with a history', async () => {
    const list = (await call('GET', '/call/shippingRuleSet/list')).json().data as RuleSetList;
    expect(list.ruleSets[0]).toMatchObject({ scope: 'all', storeId: null, storeName: 'All stores', version: 0 });

    const first = await save([vip()], 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ scope: 'all', version: 1, updatedBy: expect.stringContaining('@') });
    // The editor started from version 0 too: someone saved since, nothing is written.
    const stale = await save([heavy()], 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'stale_version' });
    const second = await save([vip(), heavy()], 1);
    expect(second.json().data).toMatchObject({ version: 2 });

    const versions = (await call('GET', '/call/shippingRuleSet/all/versions')).json().data;
    expect(versions.versions.map((v: { version: number; ruleCount: number }) => [v.version, v.ruleCount])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    const old = (await call('GET', '/call/shippingRuleSet/all/versions/1')).json().data as RuleSet;
    expect(old.rules.map((r) => r.id)).toEqual(['vip']);
    expect((await call('GET', '/call/shippingRuleSet/all/versions/9')).statusCode).toBe(404);
  });

  it('refuses a bad rule set naming the rule and the field, and saves nothing', async () => {
    const before = (await call('GET', '/call/shippingRuleSet/list')).json().data.ruleSets[0] as RuleSet;
    const bad = await save(
      [
        vip(),
        rule({
          id: 'bad',
          name: 'Runaway',
          conditions: [{ field: 'sku', operator: 'matches', value: '(?<=a)b' }],
          actions: [{ type: 'setShipMethod', shipMethodId: '999999' }],
        }),
      ],
      before.version,
    );
    expect(bad.statusCode, bad.body).toBe(400);
    const errors = bad.json().errors as Record<string, string>;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['rules[1].conditions[0].value', 'rules[1].actions[0].shipMethodId']),
    );
    expect(errors['rules[1].conditions[0].value']).toContain('Runaway');
    const unknownOperator = await save(
      [
        rule({
          id: 'x',
          conditions: [{ field: 'weight', operator: 'hasAny', value: [1] }],
          actions: [vip().actions[1]!],
        }),
      ],
      before.version,
    );
    expect(unknownOperator.statusCode).toBe(400);
    expect(Object.keys(unknownOperator.json().errors)).toContain('rules[0].conditions[0].operator');
    const after = (await call('GET', '/call/shippingRuleSet/list')).json().data.ruleSets[0] as RuleSet;
    expect(after.version).toBe(before.version);
  });

  it('runs on a new order before it is shown, records why, and keeps what a person set by hand', async () => {
    const made = await createOrder(t, tenant, { tags: ['vip'] });
    const shown = await order(made.id);
    expect(shown.shipping).toMatchObject({
      shipMethod: { id: express.id },
      carrier: 'local',
      carrierMethod: 'LOCAL_SAME_DAY',
    });
    expect(shown.tags).toEqual(['vip', 'rush']);
    // "stop here" on the VIP rule: the heavy rule never ran.
    const applications = (await why(made.id)).applications;
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({ trigger: 'created', versions: { all: 2 }, changed: true });
    expect(applications[0]!.rules.map((r) => [r.ruleId, r.matched, r.stopped])).toEqual([['vip', true, true]]);

    const plain = await createOrder(t, tenant, { tags: ['regular'] });
    const result = (await why(plain.id)).applications[0]!;
    const vipResult = result.rules.find((r) => r.ruleId === 'vip')!;
    expect(vipResult.matched).toBe(false);
    expect(vipResult.failedConditions.join(' ')).toContain('regular');
    const heavyResult = result.rules.find((r) => r.ruleId === 'heavy')!;
    expect(heavyResult.matched).toBe(true);
    const plainNow = await order(plain.id);
    expect(plainNow.ruleSettings).toMatchObject({ signature: 'adult', insuredValue: plainNow.total });
    const timeline = (await call('GET', `/api/v1/orders/${plain.id}/events`)).json().data;
    expect(JSON.stringify(timeline)).toContain('shippingRules');

    // A person chooses the service: applying again leaves it, and the why says so.
    const chosen = await call('POST', `/call/order/${made.id}/updateOrderShipping`, {
      carrier: 'local',
      carrierMethod: 'LOCAL_NEXT_DAY',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const applied = await call('POST', '/call/shippingRules/apply', { orderIds: [made.id] });
    expect(applied.json().data).toMatchObject({ evaluated: 1 });
    expect((await order(made.id)).shipping).toMatchObject({ carrierMethod: 'LOCAL_NEXT_DAY', chosenByUser: true });
    const latest = (await why(made.id)).applications[0]!;
    expect(latest.trigger).toBe('manual');
    const kept = latest.rules[0]!.actions.find((a) => a.target === 'shipMethod' || a.target === 'carrierService');
    expect(kept?.outcome).toBe('kept');
  });

  it('dry-runs a draft on recent orders with the same result a real application gives', async () => {
    const orders = await Promise.all([1, 2, 3].map(() => createOrder(t, tenant, { tags: ['gift'] })));
    const draft = [
      rule({
        id: 'gift',
        name: 'Gifts get a note',
        conditions: [{ field: 'tags', operator: 'hasAny', value: ['gift'] }],
        actions: [{ type: 'addTag', tag: 'wrap' }],
        stop: true,
      }),
      rule({
        id: 'never',
        conditions: [{ field: 'country', operator: 'in', value: ['JP'] }],
        actions: [{ type: 'addTag', tag: 'jp' }],
      }),
      rule({
        id: 'shadowed',
        conditions: [{ field: 'tags', operator: 'hasAny', value: ['gift'] }],
        actions: [{ type: 'addTag', tag: 'x' }],
      }),
    ];
    const run = await call('POST', '/call/shippingRuleSet/all/dryRun', { rules: draft, limit: 3 });
    expect(run.statusCode, run.body).toBe(200);
    const dry = run.json().data as RuleDryRun;
    expect(dry.evaluated).toBe(3);
    expect(dry.changedCount).toBe(3);
    expect(dry.neverMatched).toEqual(['never']);
    expect(dry.shadowed).toEqual([{ ruleId: 'shadowed', by: 'gift' }]);
    const predicted = dry.changed.map((c) => [c.orderId, c.changes.map((x) => `${x.target}:${x.after}`)]);
    // Nothing was saved or changed by the dry-run.
    expect((await order(orders[0]!.id)).tags).toEqual(['gift']);

    const current = (await call('GET', '/call/shippingRuleSet/list')).json().data.ruleSets[0] as RuleSet;
    expect((await save(draft, current.version)).statusCode).toBe(200);
    await call('POST', '/call/shippingRules/apply', { orderIds: orders.map((o) => o.id) });
    const real = await Promise.all(
      orders.map(async (o) => {
        const application = (await why(o.id)).applications[0]!;
        const changes = application.rules.flatMap((r) =>
          r.actions.filter((a) => a.outcome === 'set').map((a) => `${a.target}:${a.value}`),
        );
        return [o.id, changes];
      }),
    );
    expect(real.sort()).toEqual(predicted.sort());
    expect((await order(orders[0]!.id)).tags).toEqual(['gift', 'wrap']);
  });

  it("keeps another tenant's rule sets and orders out of reach", async () => {
    const other = newTenantId();
    const list = (await call('GET', '/call/shippingRuleSet/list', undefined, other)).json().data as RuleSetList;
    expect(list.ruleSets).toEqual([expect.objectContaining({ scope: 'all', version: 0, rules: [] })]);
    // The other tenant cannot name this tenant's method in a rule, nor read this tenant's orders' why.
    const refused = await call('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: [vip()] }, other);
    expect(refused.statusCode).toBe(400);
    const someOrder = await createOrder(t, tenant);
    expect((await call('GET', `/call/order/${someOrder.id}/shippingRules`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', '/call/shippingRuleSet/12345/versions', undefined, other)).statusCode).toBe(404);
  });

  it('lets a Manager read the rule sets but not change them', async () => {
    const headers = await t.auth(tenant, Role.Manager);
    expect((await t.app.inject({ method: 'GET', url: '/call/shippingRuleSet/list', headers })).statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/shippingRuleByStore/all',
      headers,
      payload: { version: 0, rules: [] },
    });
    expect(put.statusCode).toBe(403);
  });

  it('imports the order even when a rule cannot be applied', async () => {
    // A rule set the validator would refuse, written past it: the order comes in all the same.
    await t.app.db.db.execute(
      sql`UPDATE shipping_rule_sets SET rules = '[{"id":"broken","name":"Broken","enabled":true,"match":"all",
          "conditions":[{"field":"sku","operator":"matches","value":"("}],"actions":[{"type":"addTag","tag":"b"}],
          "stop":false}]'::jsonb, version = version + 1 WHERE tenant_id = ${tenant} AND scope = 'all'`,
    );
    const made = await createOrder(t, tenant);
    expect((await order(made.id)).tags).toEqual([]);
  });
});
