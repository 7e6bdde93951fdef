import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { createOrder } from '../../../test/order-helpers.ts';

describe.each(backends)('order notes ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const manager = { sub: 'manager-1', email: 'manager@example.com' };
  const add = async (orderId: string, note: string, roleId: 2 | 3 = Role.Admin, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orderNotes',
      headers: { ...(await t.auth(tenant, roleId, roleId === Role.Manager ? manager : {})), ...headers },
      payload: { order_id: orderId, note },
    });
  const edit = async (id: string, note: string, roleId: 2 | 3 = Role.Admin, extra = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/orderNotes/${id}`,
      headers: await t.auth(tenant, roleId, extra),
      payload: { note },
    });
  const list = async (orderId: string, tenantId = tenant) =>
    t.app.inject({ method: 'GET', url: `/api/v1/orderNotes?order_id=${orderId}`, headers: await t.auth(tenantId) });

  it('adds, lists and edits notes, each with a timeline row', async () => {
    const order = await createOrder(t, tenant);
    const added = await add(order.id, '  Leave at the back door  ');
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json().data;
    expect(note).toMatchObject({ order_id: order.id, note: 'Leave at the back door', editable: true });

    const edited = await edit(note.id, 'Leave with the neighbour');
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: note.id, note: 'Leave with the neighbour' });

    const notes = (await list(order.id)).json().data;
    expect(notes.map((n: { note: string }) => n.note)).toEqual(['Leave with the neighbour']);
    const events = (
      await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/events`, headers: await t.auth(tenant) })
    ).json().data;
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({
        event: 'noteEdited',
        payload: { noteId: note.id, previous: 'Leave at the back door' },
      }),
      expect.objectContaining({ event: 'noteAdded', payload: { noteId: note.id } }),
    ]);
  });

  it('lets only the author or an Admin edit a note', async () => {
    const order = await createOrder(t, tenant);
    const byAdmin = (await add(order.id, 'Fragile')).json().data;
    const refused = await edit(byAdmin.id, 'Not fragile', Role.Manager, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'not_note_author' });
    const asManager = (await list(order.id)).json().data;
    expect(asManager[0].note).toBe('Fragile');

    const byManager = (await add(order.id, 'Call first', Role.Manager)).json().data;
    expect((await edit(byManager.id, 'Call first, twice', Role.Manager, manager)).statusCode).toBe(200);
    expect((await edit(byManager.id, 'Call first (checked)', Role.Admin)).statusCode).toBe(200);
  });

  it('refuses blank notes and unknown fields, and replays with an Idempotency-Key', async () => {
    const order = await createOrder(t, tenant);
    const blank = await add(order.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('note');
    const empty = await add(order.id, '');
    expect(empty.json().errors).toHaveProperty('note');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orderNotes',
      headers: await t.auth(tenant),
      payload: { order_id: order.id, note: 'x', pinned: true },
    });
    expect(extra.json().errors).toHaveProperty('pinned');

    const key = { 'idempotency-key': `note-${order.id}` };
    const first = await add(order.id, 'Gift wrap', Role.Admin, key);
    const second = await add(order.id, 'Gift wrap', Role.Admin, key);
    expect(second.json()).toEqual(first.json());
    expect((await list(order.id)).json().data).toHaveLength(1);
  });

  it("keeps another tenant's notes out of reach", async () => {
    const order = await createOrder(t, tenant);
    const note = (await add(order.id, 'Secret')).json().data;
    expect((await list(order.id, other)).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orderNotes/${note.id}`,
      headers: await t.auth(other),
      payload: { note: 'Hacked' },
    });
    expect(res.statusCode).toBe(404);
    expect((await list(order.id)).json().data[0].note).toBe('Secret');
  });
});
