import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RuleApplicationList, ShippingRule, Store } from '@shipdesk/contract';
import { sql } from 'drizzle-orm';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { scriptedChannel, type ScriptedChannel } from '../../../test/scripted-channel.ts';
import { settleSyncRun } from '../../../test/store-helpers.ts';

describe.each(backends)('shipping rules on imported orders ($name)', (backend) => {
  let t: TestContext;
  let channel: ScriptedChannel;
  const tenant = newTenantId();
  beforeAll(async () => {
    channel = scriptedChannel(12, 5);
    t = await buildTestApp(backend, {}, undefined, {
      adapters: (_type, connection) => channel.adapter(connection.credentials),
    });
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.auth(tenant), ...(payload && { payload }) });

  it("runs the store's set, then the all-stores set, on every order a pull brings, before it is listed", async () => {
    const store = (
      await call('POST', '/api/v1/stores', {
        name: 'Main shop',
        sourceType: 'Shopify',
        settings: { shopDomain: 'main-shop.myshopify.com' },
        credentials: { accessToken: 'good-token', clientSecret: 'shpss_secret_value_1234' },
      })
    ).json().data as Store;
    const express = (await call('POST', '/api/v1/shipMethods', { name: 'Express' })).json().data as { id: string };
    const mapped = await call('POST', '/api/v1/shipMethodCarrierMethodMappings', {
      shipMethodId: express.id,
      carrier: 'local',
      carrierMethod: 'LOCAL_SAME_DAY',
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    const storeRules: ShippingRule[] = [
      {
        id: 'heavy',
        name: 'Three shirts or more',
        enabled: true,
        match: 'all',
        conditions: [{ field: 'itemCount', operator: 'gte', value: 3 }],
        actions: [
          { type: 'addTag', tag: 'bulky' },
          { type: 'setShipMethod', shipMethodId: express.id },
          { type: 'addNote', text: 'Pack in a double-wall box' },
        ],
        stop: true,
      },
    ];
    const allRules: ShippingRule[] = [
      {
        id: 'apparel',
        name: 'Apparel signed for',
        enabled: true,
        match: 'any',
        conditions: [{ field: 'category', operator: 'in', value: ['apparel'] }],
        actions: [{ type: 'requireSignature', kind: 'standard' }],
        stop: false,
      },
    ];
    expect(
      (await call('PUT', `/api/v1/shippingRuleByStore/${store.id}`, { version: 0, rules: storeRules })).statusCode,
    ).toBe(200);
    expect((await call('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules: allRules })).statusCode).toBe(
      200,
    );

    expect((await call('GET', `/call/store/${store.id}/pullOrders`)).statusCode).toBe(202);
    await settleSyncRun(t, tenant, store.id);
    const list = (await call('GET', '/api/v1/orders?size=100')).json().data as { rows: Array<{ id: string }> };
    expect(list.rows).toHaveLength(12);
    for (const row of list.rows) {
      const order = (await call('GET', `/api/v1/orders/${row.id}`)).json().data as Order;
      const items = order.lines.reduce((n, l) => n + l.quantity, 0);
      const why = (await call('GET', `/call/order/${row.id}/shippingRules`)).json().data as RuleApplicationList;
      expect(why.applications).toHaveLength(1);
      expect(why.applications[0]).toMatchObject({ trigger: 'import', versions: { [store.id]: 1, all: 1 } });
      // The timeline: the import's row, then the application's, both written by the pull's insert.
      const events = (await call('GET', `/api/v1/orders/${row.id}/events`)).json().data as Array<{ event: string }>;
      expect(events.map((e) => e.event).sort()).toEqual(['imported', 'shippingRules']);
      const notes = (await call('GET', `/api/v1/orderNotes?order_id=${row.id}`)).json().data as Array<{
        note: string;
      }>;
      if (items >= 3) {
        // The store's rule stopped the evaluation: the all-stores set did not run.
        expect(order.tags).toContain('bulky');
        expect(order.ruleSettings.signature).toBeNull();
        // The method a rule chose, and its carrier service for the destination, written with the order.
        expect(order.shipping).toMatchObject({ shipMethod: { id: express.id }, carrier: 'local' });
        expect(order.shipping.carrierMethod).toBe('LOCAL_SAME_DAY');
        expect(notes.map((n) => n.note)).toEqual(['Pack in a double-wall box']);
      } else {
        expect(notes).toEqual([]);
        expect(order.tags).not.toContain('bulky');
        expect(order.shipping.shipMethod?.id).not.toBe(express.id);
        expect(order.ruleSettings.signature).toBe('standard');
        expect(why.applications[0]!.rules.map((r) => [r.ruleId, r.matched])).toEqual([
          ['heavy', false],
          ['apparel', true],
        ]);
      }
    }
  });

  it('pulls and applies with a saved set whose pattern RE2 refuses: that rule fails with why, the rest runs', async () => {
    const other = newTenantId();
    const as = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: await t.auth(other), ...(payload && { payload }) });
    const store = (
      await as('POST', '/api/v1/stores', {
        name: 'Second shop',
        sourceType: 'Shopify',
        settings: { shopDomain: 'second-shop.myshopify.com' },
        credentials: { accessToken: 'good-token', clientSecret: 'shpss_secret_value_1234' },
      })
    ).json().data as Store;
    const rules: ShippingRule[] = [
      {
        id: 'lookbehind',
        name: 'Shirts not after X',
        enabled: true,
        match: 'all',
        conditions: [{ field: 'sku', operator: 'matches', value: '^sku-' }],
        actions: [{ type: 'addTag', tag: 'shirt' }],
        stop: false,
      },
      {
        id: 'every',
        name: 'Every order',
        enabled: true,
        match: 'all',
        conditions: [],
        actions: [{ type: 'addTag', tag: 'ruled' }],
        stop: false,
      },
    ];
    expect((await as('PUT', '/api/v1/shippingRuleByStore/all', { version: 0, rules })).statusCode).toBe(200);
    // Saved before patterns ran on RE2: a look-behind, which JavaScript ran and RE2 refuses.
    for (const table of ['shipping_rule_sets', 'shipping_rule_set_versions']) {
      await t.app.db.db.execute(sql`
        UPDATE ${sql.identifier(table)} SET rules = replace(rules::text, '"^sku-"', '"(?<!x)sku-"')::jsonb
        WHERE tenant_id = ${other}`);
    }
    const failure =
      'condition 1 cannot be used: the pattern uses look-ahead or look-behind ((?=, (?!, (?<=, (?<!), which rules do not support';

    expect((await as('GET', '/call/shippingRuleSet/list')).statusCode).toBe(200);
    expect((await as('GET', `/call/store/${store.id}/pullOrders`)).statusCode).toBe(202);
    await settleSyncRun(t, other, store.id);
    const list = (await as('GET', '/api/v1/orders?size=100')).json().data as { rows: Array<{ id: string }> };
    expect(list.rows).toHaveLength(12);
    const ids = list.rows.map((row) => row.id);
    for (const id of ids) {
      const order = (await as('GET', `/api/v1/orders/${id}`)).json().data as Order;
      expect(order.tags).toEqual(['web', 'ruled']);
      const why = (await as('GET', `/call/order/${id}/shippingRules`)).json().data as RuleApplicationList;
      expect(why.applications[0]!.rules.map((r) => [r.ruleId, r.matched, r.error])).toEqual([
        ['lookbehind', false, failure],
        ['every', true, undefined],
      ]);
    }

    const applied = await as('POST', '/call/shippingRules/apply', { orderIds: ids });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ evaluated: 12, changed: 0 });
    const why = (await as('GET', `/call/order/${ids[0]}/shippingRules`)).json().data as RuleApplicationList;
    expect(why.applications[0]).toMatchObject({ trigger: 'manual' });
    expect(why.applications[0]!.rules[0]).toMatchObject({ ruleId: 'lookbehind', matched: false, error: failure });
  });
});
