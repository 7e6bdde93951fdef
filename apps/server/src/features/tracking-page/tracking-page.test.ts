import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shipdesk/contract';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';

const PARCEL = { weight: 900, length: 8, width: 6, height: 4 };
const BUYER = {
  name: 'Grace Hopper',
  company: 'Hopper Analytics',
  address1: '77 Cobol Lane',
  address2: 'Apt 4B',
  city: 'Arlington',
  state: 'VA',
  postalCode: '22201',
  country: 'US',
  phone: '555-0100',
};

describe.each(backends)('the public tracking page ($name)', (backend) => {
  let t: TestContext;
  const tenant = newTenantId();
  const stranger = newTenantId();
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await setWarehouse(t, tenant);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, who = tenant) =>
    t.app.inject({ method, url, headers: await t.auth(who) });
  const shipped = async () => {
    const order = await paidOrder(t, tenant, { customerEmail: 'grace@example.com', shippingAddress: BUYER });
    const bought = await flow(t, tenant, order.id, 'shipLabel', {
      version: order.version,
      label: { carrier: 'local', serviceCode: 'LOCAL_NEXT_DAY', parcel: PARCEL },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { order: after, label } = bought.json().data as { order: Order; label: { deliveryId: string } };
    return { order: after, deliveryId: label.deliveryId };
  };
  const linkOf = async (deliveryId: string, who = tenant) => {
    const res = await call('POST', `/call/shipment/${deliveryId}/trackingLink`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { url: string }).url;
  };
  /** The page, as a buyer's browser asks for it: no sign-in. */
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: new URL(url, 'http://x').pathname,
      headers: { accept: 'text/html', ...headers },
    });

  it("shows the parcel's status, events and destination city, and nothing of the buyer's address or name", async () => {
    const { order, deliveryId } = await shipped();
    // The carrier's words carry a signer's name, a postal code and an e-mail: the page drops them.
    await t.app.db.db.execute(sql`
      INSERT INTO tracking_events (tenant_id, label_id, key, at, status, code, description, location, source)
      SELECT tenant_id, id, 'k1', now() - interval '2 hours', 'in_transit', 'AR',
        'Arrived at facility in 22201, signed by GRACE HOPPER', 'ARLINGTON, VA 22201, US', 'poll'
      FROM shipping_labels WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    await t.app.db.db
      .execute(sql`UPDATE shipping_labels SET parcel_status = 'in_transit', parcel_expected = '2099-01-02'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    await t.app.db.db.execute(sql`
      INSERT INTO buyer_notice_settings (tenant_id, store_key, sender_name, logo_url)
      SELECT tenant_id, coalesce(store_id::text, 'manual'), 'Blue Mug Co', 'https://cdn.example.com/mug.png'
      FROM orders WHERE tenant_id = ${tenant} AND id = ${Number(order.id)}
      ON CONFLICT DO NOTHING`);

    const url = await linkOf(deliveryId);
    expect(url).toMatch(/\/t\/[A-Za-z0-9_-]{22}$/);
    expect(await linkOf(deliveryId)).toBe(url);
    const res = await page(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('In transit');
    expect(html).toContain('Arrived at facility in');
    expect(html).toContain('ARLINGTON, VA, US');
    expect(html).toContain('Arlington, VA');
    expect(html).toContain('Blue Mug Co');
    expect(html).toContain('https://cdn.example.com/mug.png');
    expect(html).toContain('Expected Friday, January 2');
    expect(html).toContain('Local delivery');
    for (const secret of ['Grace', 'GRACE', 'Hopper', 'HOPPER', 'Cobol', 'Apt 4B', '22201', '555-0100', 'grace@']) {
      expect(html, secret).not.toContain(secret);
    }
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // The page's one style is admitted by its hash, so a browser applies it under the page's policy.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';/);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);

    const again = await page(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page(url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('forgets a cached page when the parcel moves (marked delivered) and answers a new ETag', async () => {
    const { deliveryId } = await shipped();
    const url = await linkOf(deliveryId);
    const before = await page(url);
    expect(before.body).toContain('Label created');
    expect(before.body).toContain('No news from the carrier yet');
    // Cached now: a change behind the app's back is not seen...
    await t.app.db.db.execute(sql`UPDATE shipping_labels SET tracking_number = 'CHANGED-BEHIND'
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)}`);
    expect((await page(url)).body).not.toContain('CHANGED-BEHIND');
    // ...but the parcel's own change is, at once.
    const marked = await call('POST', `/call/shipment/${deliveryId}/markDelivered`);
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await page(url, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toMatch(/<h1 id="status" class="done">Delivered<\/h1>/);
    expect(after.body).toContain('Delivered by the seller');
    expect(after.body).not.toMatch(/[\w.-]+@[\w-]+\.\w+/);
  });

  it('answers its 404 page for an unknown, malformed or voided link', async () => {
    for (const path of [
      '/t/AAAAAAAAAAAAAAAAAAAAAA',
      '/t/short',
      '/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/t/a%2F..%2Fb',
    ]) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.body, path).toContain("We can't find this parcel");
      expect(res.body, path).not.toContain('<script>');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    const { deliveryId } = await shipped();
    const url = await linkOf(deliveryId);
    expect((await page(url)).statusCode).toBe(200);
    const voided = await call('GET', `/call/usps/cancelShipment/${deliveryId}`);
    expect(voided.statusCode, voided.body).toBe(200);
    const gone = await page(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain("We can't find this parcel");
    // No standing label, no link.
    expect((await call('POST', `/call/shipment/${deliveryId}/trackingLink`)).statusCode).toBe(404);
  });

  it("never gives another tenant a link to this tenant's parcel; only its token shows it", async () => {
    const { deliveryId } = await shipped();
    const denied = await call('POST', `/call/shipment/${deliveryId}/trackingLink`, stranger);
    expect(denied.statusCode).toBe(404);
    expect(
      await t.app.db.db.execute(sql`SELECT 1 FROM shipping_labels
      WHERE tenant_id = ${tenant} AND delivery_id = ${Number(deliveryId)} AND public_token IS NOT NULL`),
    ).toMatchObject({
      rows: [],
    });
    expect((await call('POST', '/call/shipment/987654321/trackingLink')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/call/shipment/${deliveryId}/trackingLink` })).statusCode).toBe(
      401,
    );
  });

  it('keeps robots out of the pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /t/');
  });
});
