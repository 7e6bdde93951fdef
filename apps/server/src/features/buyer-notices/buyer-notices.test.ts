import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type RoleId,
  type BuyerNoticeSettings,
  type BuyerNoticeSettingsInput,
  type Order,
} from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { waitFor } from '../../../test/job-helpers.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import { orders } from '../orders/orders-tables.ts';
import { stores } from '../stores/stores-tables.ts';
import { queueBuyerNotice } from './index.ts';
import { buyerNotices } from './buyer-notices-tables.ts';

const LOCAL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};

const ON: BuyerNoticeSettingsInput = {
  shippedEnabled: true,
  deliveredEnabled: true,
  evenWhenChannelNotifies: false,
  shippedSubject: 'Order {{order_number}} shipped with {{carrier}}',
  shippedBody: null,
  deliveredSubject: null,
  deliveredBody: null,
  senderName: 'Northloop Goods',
  replyTo: 'help@northloop.example',
  logoUrl: 'https://cdn.northloop.example/logo.png',
};

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(raw.replace(/\n[ \t]+/g, ' '))?.[1];

describe.each(backends)('buyer e-mails ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const other = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
    await setWarehouse(t, other);
  });
  afterAll(() => t.close());

  const call = async (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    who = tenant,
    role: RoleId = Role.Admin,
  ) => t.app.inject({ method, url, headers: await t.auth(who, role), ...(payload ? { payload } : {}) });
  const outbox = () => {
    const dir = join(t.config.dataDir, 'outbox');
    try {
      // Quoted-printable undone (soft line breaks, "="), enough to read the parts.
      return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\n/g, '').replace(/=3D/g, '='));
    } catch {
      return [];
    }
  };
  const mailsTo = (to: string) => outbox().filter((raw) => header(raw, 'To') === to);
  const notices = (who: string, labelId: number) =>
    t.app.db.withTenant(who, (tx) =>
      tx
        .select()
        .from(buyerNotices)
        .where(and(eq(buyerNotices.tenantId, who), eq(buyerNotices.labelId, labelId))),
    );
  const ship = async (email: string, who = tenant) => {
    const order = await paidOrder(t, who, { customerEmail: email, customerName: 'Ada <b>Lovelace</b>' });
    const bought = await flow(t, who, order.id, 'shipLabel', { version: order.version, label: LOCAL });
    expect(bought.statusCode, bought.body).toBe(200);
    const label = bought.json().data.label as { id: string; deliveryId: string };
    return { order: bought.json().data.order as Order, labelId: Number(label.id), deliveryId: label.deliveryId };
  };
  const timeline = async (orderId: string) => {
    const res = await call('GET', `/api/v1/orders/${orderId}/events`);
    return res.statusCode === 200
      ? (res.json().data as Array<{ event: string; payload: Record<string, unknown> }>)
      : [];
  };

  it('lists manual orders and the stores, checks the fields it saves, and lets only Admins save', async () => {
    const listed = await call('GET', '/call/buyerNotices/settings', undefined, tenant, Role.Manager);
    expect(listed.statusCode, listed.body).toBe(200);
    const [manual] = listed.json().data as BuyerNoticeSettings[];
    expect(manual).toMatchObject({ storeKey: 'manual', shippedEnabled: false, channelNotifies: false });

    const bad = await call('PUT', '/call/buyerNotices/settings/manual', {
      ...ON,
      shippedBody: 'Hi {{buyer_name}}, {{coupon}} {{ order_total }}',
      replyTo: 'not an address',
      logoUrl: 'http://cdn.example/logo.png',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const errors = bad.json().errors as Record<string, string>;
    expect(Object.keys(errors).sort()).toEqual(['logoUrl', 'replyTo', 'shippedBody']);
    expect(errors.shippedBody).toContain('{{coupon}}, {{order_total}}');

    const manager = await call('PUT', '/call/buyerNotices/settings/manual', ON, tenant, Role.Manager);
    expect(manager.statusCode).toBe(403);
    const saved = await call('PUT', '/call/buyerNotices/settings/manual', ON);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ storeKey: 'manual', shippedEnabled: true, replyTo: ON.replyTo });

    // A save from a screen opened before that one is refused and changes nothing; one from the saved version is not.
    const first = saved.json().data as BuyerNoticeSettings;
    const late = await call('PUT', '/call/buyerNotices/settings/manual', {
      ...ON,
      senderName: 'Late tab',
      expectedUpdatedAt: null,
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ reason: 'stale_version' });
    expect(late.json().message).toContain('since you opened them');
    const fresh = await call('PUT', '/call/buyerNotices/settings/manual', {
      ...ON,
      senderName: 'Fresh tab',
      expectedUpdatedAt: first.updatedAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const again = await call('PUT', '/call/buyerNotices/settings/manual', {
      ...ON,
      senderName: 'Late tab',
      expectedUpdatedAt: first.updatedAt,
    });
    expect(again.statusCode).toBe(409);
    const after = (await call('GET', '/call/buyerNotices/settings')).json().data as BuyerNoticeSettings[];
    expect(after.find((s) => s.storeKey === 'manual')?.senderName).toBe('Fresh tab');
    await call('PUT', '/call/buyerNotices/settings/manual', ON);
  });

  it('e-mails the buyer once when the label is bought: From name, Reply-To, subject and the tracking page link', async () => {
    const { order, labelId } = await ship('shipped-once@example.com');
    // The e-mail is written before its row commits: wait for the row.
    const rows = await waitFor(async () => {
      const found = await notices(tenant, labelId);
      return found[0]?.status === 'sent' ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    const [mail, ...more] = mailsTo('shipped-once@example.com');
    expect(more).toEqual([]);
    expect(header(mail!, 'From')).toMatch(/^"?Northloop Goods"? </);
    expect(header(mail!, 'Reply-To')).toBe('help@northloop.example');
    expect(header(mail!, 'Subject')).toContain(`Order ${order.orderNumber} shipped with `);
    const token = await t.app.db.withTenant(tenant, async (tx) => {
      const [row] = await tx
        .select({ token: shippingLabels.publicToken })
        .from(shippingLabels)
        .where(and(eq(shippingLabels.tenantId, tenant), eq(shippingLabels.id, labelId)));
      return row!.token!;
    });
    expect(mail).toContain(`/t/${token}`);
    // The buyer's name is escaped in the HTML part, never markup.
    expect(mail).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail).toContain('https://cdn.northloop.example/logo.png');

    const events = await waitFor(async () => {
      const found = (await timeline(order.id)).filter((e) => e.event === 'buyerNoticeSent');
      return found.length > 0 ? found : undefined;
    });
    expect(events[0]!.payload).toMatchObject({ kind: 'shipped', to: 'shipped-once@example.com' });

    // Queued again (a retry, a second instance) and the job run again: still one row and one e-mail.
    const queuedAgain = await t.app.db.withTenant(tenant, (tx) => queueBuyerNotice(tx, tenant, labelId, 'shipped'));
    expect(queuedAgain).toBe(false);
    const run = { id: 'x', retryCount: 0, holder: 'test', shouldYield: () => false, stopping: () => false };
    await t.app.buyerNotices.sender.send({ tenantId: tenant, labelId, kind: 'shipped' }, run);
    await t.app.buyerNotices.sender.send({ tenantId: tenant, labelId, kind: 'shipped' }, run);
    expect(mailsTo('shipped-once@example.com')).toHaveLength(1);
  });

  it('sends once when a failed send is retried on two instances at the same time', async () => {
    await call('PUT', '/call/buyerNotices/settings/manual', ON);
    // The mailer refuses the first try: the row stays queued for the engine's retry.
    const mailer = t.app.mailer;
    const send = mailer.send.bind(mailer);
    let refusals = 1;
    mailer.send = async (message) => {
      if (refusals-- > 0) throw new Error('421 Service not available');
      return send(message);
    };
    try {
      const { labelId } = await ship('retried@example.com');
      await waitFor(async () => {
        const [row] = await notices(tenant, labelId);
        return row?.message?.startsWith('Trying again: 421') ? row : undefined;
      });
      expect(mailsTo('retried@example.com')).toHaveLength(0);
      // The engine's retry here and the sweep's new job on another instance run together: one e-mail.
      const job = { tenantId: tenant, labelId, kind: 'shipped' as const };
      const run = (holder: string) => ({
        id: holder,
        retryCount: 1,
        holder,
        shouldYield: () => false,
        stopping: () => false,
      });
      await Promise.all([t.app.buyerNotices.sender.send(job, run('a')), t.app.buyerNotices.sender.send(job, run('b'))]);
      expect(mailsTo('retried@example.com')).toHaveLength(1);
      expect((await notices(tenant, labelId)).map((n) => n.status)).toEqual(['sent']);
    } finally {
      mailer.send = send;
    }
  });

  it('sends the delivered e-mail once the built-in parcel is marked delivered', async () => {
    const { deliveryId, labelId } = await ship('delivered@example.com');
    const delivered = await call('POST', `/call/shipment/${deliveryId}/markDelivered`, undefined, tenant, Role.Manager);
    expect(delivered.statusCode, delivered.body).toBe(200);
    // The e-mail is written before its row commits: wait for the rows.
    const rows = await waitFor(async () => {
      const found = (await notices(tenant, labelId)).map((n) => `${n.kind}:${n.status}`).sort();
      return found.join() === 'delivered:sent,shipped:sent' ? found : undefined;
    });
    expect(rows).toHaveLength(2);
    const mails = mailsTo('delivered@example.com');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => header(m, 'Subject')).some((s) => /was delivered$/.test(s!))).toBe(true);
  });

  it("does not send a voided label's queued e-mail", async () => {
    await call('PUT', '/call/buyerNotices/settings/manual', { ...ON, shippedEnabled: false });
    const { labelId } = await ship('voided@example.com');
    expect(await notices(tenant, labelId)).toEqual([]);
    await call('PUT', '/call/buyerNotices/settings/manual', ON);
    // Queued (its job sent) and the label voided in one transaction: the job finds the label voided.
    await t.app.db.withTenant(tenant, async (tx) => {
      expect(await queueBuyerNotice(tx, tenant, labelId, 'shipped')).toBe(true);
      await tx
        .update(shippingLabels)
        .set({ status: 'voided' })
        .where(and(eq(shippingLabels.tenantId, tenant), eq(shippingLabels.id, labelId)));
    });
    const [row] = await waitFor(async () => {
      const found = await notices(tenant, labelId);
      return found[0]?.status === 'queued' ? undefined : found;
    });
    expect(row).toMatchObject({ status: 'skipped', message: 'The label was voided before its e-mail went' });
    expect(mailsTo('voided@example.com')).toEqual([]);
  });

  it("leaves a channel's buyers to the channel unless the seller asks for both", async () => {
    const { labelId } = await ship('channel@example.com');
    const storeId = await t.app.db.withTenant(tenant, async (tx) => {
      const [store] = await tx
        .insert(stores)
        .values({ tenantId: tenant, name: 'Shopify shop', sourceType: 'Shopify' })
        .returning({ id: stores.id });
      const [label] = await tx.select().from(shippingLabels).where(eq(shippingLabels.id, labelId));
      await tx
        .update(orders)
        .set({ storeId: store!.id, sourceType: 'Shopify' })
        .where(and(eq(orders.tenantId, tenant), eq(orders.id, label!.orderId)));
      await tx.execute(sql`DELETE FROM buyer_notices WHERE tenant_id = ${tenant} AND label_id = ${labelId}`);
      return store!.id;
    });
    const saved = await call('PUT', `/call/buyerNotices/settings/${storeId}`, ON);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.channelNotifies).toBe(true);
    const queue = () => t.app.db.withTenant(tenant, (tx) => queueBuyerNotice(tx, tenant, labelId, 'shipped'));
    expect(await queue()).toBe(false);
    expect(await notices(tenant, labelId)).toEqual([
      expect.objectContaining({ status: 'skipped', message: 'Shopify e-mails its buyers itself' }),
    ]);
    await t.app.db.withTenant(tenant, (tx) =>
      tx.execute(sql`DELETE FROM buyer_notices WHERE tenant_id = ${tenant} AND label_id = ${labelId}`),
    );
    await call('PUT', `/call/buyerNotices/settings/${storeId}`, { ...ON, evenWhenChannelNotifies: true });
    expect(await queue()).toBe(true);
  });

  it("never e-mails another tenant's buyer, nor saves another tenant's store", async () => {
    const theirs = await ship('theirs@example.com', other);
    // Their label is not ours: nothing queued in our name, nothing sent.
    expect(await t.app.db.withTenant(tenant, (tx) => queueBuyerNotice(tx, tenant, theirs.labelId, 'shipped'))).toBe(
      false,
    );
    expect(await notices(other, theirs.labelId)).toEqual([]);
    expect(mailsTo('theirs@example.com')).toEqual([]);
    const theirStore = await t.app.db.withTenant(other, async (tx) => {
      const [store] = await tx
        .insert(stores)
        .values({ tenantId: other, name: 'Their shop', sourceType: 'Magento' })
        .returning({ id: stores.id });
      return store!.id;
    });
    expect((await call('PUT', `/call/buyerNotices/settings/${theirStore}`, ON)).statusCode).toBe(404);
    const preview = await call('POST', '/call/buyerNotices/preview', {
      kind: 'shipped',
      storeKey: 'manual',
      subject: null,
      body: null,
      orderId: theirs.order.id,
    });
    expect(preview.statusCode).toBe(404);
  });

  it('previews a template with sample values, escaped', async () => {
    const res = await call(
      'POST',
      '/call/buyerNotices/preview',
      {
        kind: 'delivered',
        storeKey: 'manual',
        senderName: 'Northloop Goods',
        subject: 'Hi {{buyer_name}}',
        body: '<script>{{tracking_url}}</script>',
      },
      tenant,
      Role.Manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain('&lt;script&gt;');
    expect(preview.subject).toMatch(/^Hi /);
    expect(preview.from).toBe('Northloop Goods');
    const unlabelled = await paidOrder(t, tenant, { customerName: 'Grace Hopper' });
    const own = await call('POST', '/call/buyerNotices/preview', {
      kind: 'shipped',
      storeKey: 'manual',
      subject: null,
      body: null,
      orderId: unlabelled.id,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.subject).toBe(`Your order ${unlabelled.orderNumber} is on its way`);
    expect(own.json().data.text).toContain('Hello Grace Hopper,');
    const unknown = await call('POST', '/call/buyerNotices/preview', {
      kind: 'shipped',
      storeKey: 'manual',
      subject: '{{nope}}',
      body: null,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('shippedSubject');
  });
});
