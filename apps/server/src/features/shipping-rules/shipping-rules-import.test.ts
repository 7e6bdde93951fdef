import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, RuleApplicationList, ShippingRule, Store } from '@shipdesk/contract';
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
});
