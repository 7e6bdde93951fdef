import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, buildTestApp, newTenantId, type TestContext } from '../../../test/app-helper.ts';
import { paidOrder, setWarehouse } from '../../../test/label-helpers.ts';
import { flow } from '../../../test/order-helpers.ts';
import { configureZplPreview, stopZplRenderer, zplPreviewQueues } from '../../integrations/documents/zpl-preview.ts';

/**
 * The ZPL preview renderer is one per server, shared by every organisation: an organisation whose carrier (or
 * whoever) hands it hostile ZPL gets a 422 saying why, and cannot make another organisation's previews wait.
 */

const LOCAL = {
  carrier: 'local',
  serviceCode: 'LOCAL_NEXT_DAY',
  parcel: { weight: 900, length: 8, width: 6, height: 4 },
};
/** Small, within the limits, and a few hundred milliseconds to draw: three fields in 300-dot letters. */
const SLOW = `^XA${'^FO0,0^A0N,300,300^FDSLOW^FS'.repeat(3)}^XZ`;

interface BoughtLabel {
  id: string;
  deliveryId: string;
}

const settings = configureZplPreview({});
afterAll(() => stopZplRenderer());

async function waitUntil(done: () => boolean): Promise<void> {
  for (let tries = 0; !done(); tries += 1) {
    expect(tries, 'waited 5 s').toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(backends)('label previews shared by every organisation ($name)', (backend) => {
  let t: TestContext;
  const tenantA = newTenantId();
  const tenantB = newTenantId();
  let labelA: BoughtLabel;
  let labelB: BoughtLabel;
  let bought: string;

  const buyZplLabel = async (tenant: string): Promise<BoughtLabel> => {
    await setWarehouse(t, tenant);
    const order = await paidOrder(t, tenant);
    const res = await flow(t, tenant, order.id, 'zpl', { version: order.version, label: LOCAL });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.label as BoughtLabel;
  };
  const store = (label: BoughtLabel, zpl: string) =>
    t.app.db.db.execute(sql`update shipping_labels set document = convert_to(${zpl}, 'UTF8') where id = ${label.id}`);
  const preview = async (tenant: string, label: BoughtLabel) =>
    t.app.inject({ url: `/call/shipment/${label.deliveryId}/labelPreview`, headers: await t.auth(tenant) });

  beforeAll(async () => {
    t = await buildTestApp(backend);
    labelA = await buyZplLabel(tenantA);
    labelB = await buyZplLabel(tenantB);
    const document = await t.app.inject({
      url: `/call/shipment/${labelA.deliveryId}/shipLabel`,
      headers: await t.auth(tenantA),
    });
    bought = document.body;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    configureZplPreview(settings);
    await store(labelA, bought);
    await store(labelB, bought);
  });

  it('answers each hostile ZPL with a 422 that says why, never a 500, and previews the next label', async () => {
    const hostile: Array<[string, string, RegExp]> = [
      [
        'a ~DG graphic of 3.8 MB',
        `~DGR:BIG.GRF,1900000,1000,${'F0'.repeat(1_900_000)}^XA^FO0,0^XGR:BIG.GRF,1,1^FS^XZ`,
        /it is 3\.8 MB of ZPL \(3,800,057 characters\), and a preview takes labels up to 1 MB/,
      ],
      [
        'a 32,000-dot font',
        '^XA^FO0,0^A0N,32000,32000^FDHELLO^FS^XZ',
        /a font is 32,000 dots high or wide, and a preview draws fonts up to 300 dots/,
      ],
      [
        '400 QR codes',
        `^XA${Array.from({ length: 400 }, (_, i) => `^FO${(i % 20) * 40},0^BQN,2,10^FDMA,${'X'.repeat(200)}^FS`).join('')}^XZ`,
        /it has more than 20 barcodes/,
      ],
      [
        'an endless loop of fields',
        `^XA${'^FO0,0^FDloop^FS'.repeat(50_000)}^XZ`,
        /it has more than 1,000 fields, boxes and graphics/,
      ],
      [
        'a stored format recalled over and over',
        `^XA^DFR:LOOP.ZPL^FS${'^FO0,0^FN1^FDx^FS'.repeat(200)}^XZ${'^XA^XFR:LOOP.ZPL^FS^XZ'.repeat(50)}`,
        /it has more than 1,000 fields/,
      ],
      [
        'ZPL the renderer cannot draw',
        `^XA^FO10,10^BD3^FD${'X'.repeat(90)}^FS^XZ`,
        /the ZPL renderer could not draw it \(invalid length of maxicode data\)/,
      ],
    ];
    for (const [what, zpl, why] of hostile) {
      await store(labelA, zpl);
      const res = await preview(tenantA, labelA);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(res.json(), what).toMatchObject({ code: 422, success: false, reason: 'zpl_not_previewable' });
      expect(res.json().message, what).toMatch(/^This label cannot be previewed: /);
      expect(res.json().message, what).toMatch(why);
    }
    await store(labelA, bought);
    const res = await preview(tenantA, labelA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers a render over the time limit with a 502 that says so, and the renderer serves the next one', async () => {
    expect((await preview(tenantB, labelB)).statusCode).toBe(200);
    configureZplPreview({ timeLimitMs: 50 });
    await store(labelA, SLOW);
    const res = await preview(tenantA, labelA);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      reason: 'zpl_preview_timeout',
      message: 'The label preview took longer than 0.05 s and was stopped; try again, or download the label',
    });
    configureZplPreview(settings);
    expect((await preview(tenantB, labelB)).statusCode).toBe(200);
  });

  it("serves another organisation's preview after at most one of those a busy organisation queued", async () => {
    expect((await preview(tenantB, labelB)).statusCode).toBe(200);
    await store(labelA, SLOW);
    const finished: string[] = [];
    const ask = (tenant: string, label: BoughtLabel, name: string) =>
      preview(tenant, label).then((res) => {
        finished.push(name);
        return res.statusCode;
      });
    const busy = [1, 2, 3, 4].map((n) => ask(tenantA, labelA, `A${n}`));
    // All four of A's are with the renderer (one drawn, three waiting) before B asks.
    await waitUntil(() => (zplPreviewQueues().waiting[tenantA] ?? 0) === 3);
    const other = ask(tenantB, labelB, 'B');
    expect(await Promise.all([...busy, other])).toEqual([200, 200, 200, 200, 200]);
    expect(finished.indexOf('B')).toBeLessThanOrEqual(1);
    expect(finished).toHaveLength(5);
  });

  it('refuses an organisation more waiting previews than its share with a 503; others are still served', async () => {
    configureZplPreview({ waitingPerQueue: 2 });
    await store(labelA, SLOW);
    const asked = Promise.all([1, 2, 3, 4].map(() => preview(tenantA, labelA)));
    await waitUntil(() => (zplPreviewQueues().waiting[tenantA] ?? 0) === 2);
    const other = await preview(tenantB, labelB);
    const answers = await asked;
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 503]);
    expect(answers.find((res) => res.statusCode === 503)!.json()).toMatchObject({
      reason: 'zpl_previews_busy',
      message: '2 label previews are already waiting for your organisation; try again when they are shown',
    });
    expect(other.statusCode).toBe(200);
  });
});
