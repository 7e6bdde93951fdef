import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renderLocalLabelZpl } from '../carriers/local/local-label-zpl.ts';
import { localTrackingNumber } from '../carriers/local/local-tracking.ts';
import type { ShipmentAddress } from '../carriers/carrier-types.ts';
import { pngSize, readBarcodes } from './barcode-test-reader.ts';
import { ZplPreviewError, configureZplPreview, stopZplRenderer, zplPreviewQueues, zplToPng } from './zpl-preview.ts';

afterAll(() => stopZplRenderer());
const settings = configureZplPreview({});
afterEach(() => void configureZplPreview(settings));

/** Small ZPL that keeps the renderer busy for a few hundred milliseconds: large fonts, each drawn afresh. */
const SLOW = `^XA${'^FO0,0^A0N,300,300^FDSLOW^FS'.repeat(3)}^XZ`;
const FAST = '^XA^FO0,0^GB10,10,10^FS^XZ';
const small = { widthDots: 40, heightDots: 20 };

/** What `promise` rejects with, as the route's error handler sees it. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ZplPreviewError);
  const { statusCode, reason, message } = error as ZplPreviewError;
  return { statusCode, reason, message };
}

const address: ShipmentAddress = {
  name: 'Jane Doe',
  company: null,
  street1: '1 Main St',
  street2: null,
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
  phone: null,
  email: null,
  residential: true,
};

describe('ZPL preview', () => {
  it('renders our own 4x6 label to an 812 x 1218 PNG whose barcodes decode', async () => {
    const trackingNumber = localTrackingNumber('preview-1');
    const zpl = renderLocalLabelZpl({
      from: address,
      to: { ...address, name: 'John ^Smith~' },
      parcel: { weightGrams: 900, lengthIn: 10, widthIn: 6, heightIn: 4, packageType: 'PACKAGE' },
      shipDate: '2026-11-25',
      reference: '#2002',
      serviceName: 'Local courier',
      trackingNumber,
    });
    const png = await zplToPng(zpl);
    expect(pngSize(png)).toEqual({ width: 812, height: 1218 });
    const found = await readBarcodes(png);
    expect(found).toEqual(
      expect.arrayContaining([
        { format: 'Code128', text: trackingNumber },
        { format: 'QRCode', text: trackingNumber },
      ]),
    );
  });

  it("renders a carrier's ZPL: an IMpb GS1-128 with subset C and FNC1 codes", async () => {
    const zpl = [
      '^XA^PW812^LL1218',
      '^FO40,40^A0N,40,40^FDUSPS TRACKING # EP^FS',
      '^FO60,100^BY3^BCN,200,N,N,N^FD>;>8420631182628>89205590006662200704797^FS',
      '^FO40,330^GB732,4,4^FS',
      '^XZ',
    ].join('\n');
    const found = await readBarcodes(await zplToPng(zpl));
    expect(found).toEqual([{ format: 'Code128', text: '(420)631182628(92)05590006662200704797' }]);
  });

  it('renders other label sizes and resolutions', async () => {
    const zpl = '^XA^FO20,20^BQN,2,6^FDMA,HELLO 4X4^FS^XZ';
    const png = await zplToPng(zpl, { widthDots: 1200, heightDots: 1200, dpmm: 12 });
    expect(pngSize(png)).toEqual({ width: 1200, height: 1200 });
    expect(await readBarcodes(png)).toEqual([{ format: 'QRCode', text: 'HELLO 4X4' }]);
  });

  it('refuses what it cannot preview with a 422 that says why, and keeps working after', async () => {
    expect(await refusal(zplToPng('not a label'))).toEqual({
      statusCode: 422,
      reason: 'zpl_not_previewable',
      message: 'This label cannot be previewed: it is not ZPL (it has no ^XA).',
    });
    // Within the limits, but the renderer cannot draw it: its own words, without its prefixes.
    expect(await refusal(zplToPng(`^XA^FO10,10^BD3^FD${'X'.repeat(90)}^FS^XZ`))).toEqual({
      statusCode: 422,
      reason: 'zpl_not_previewable',
      message: 'This label cannot be previewed: the ZPL renderer could not draw it (invalid length of maxicode data).',
    });
    expect(await refusal(zplToPng('^XA^FO0,0^A0N,32000,32000^FDHELLO^FS^XZ'))).toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(/a font is 32,000 dots high or wide/),
    });
    expect(await refusal(zplToPng('^XA^XZ', { widthDots: 0 }))).toMatchObject({ statusCode: 422 });
    expect(await refusal(zplToPng('^XA^XZ', { widthDots: 4000, heightDots: 4000 }))).toMatchObject({
      statusCode: 422,
    });
    const png = await zplToPng('^XA^FO10,10^GB100,100,100^FS^XZ', { widthDots: 200, heightDots: 100 });
    expect(pngSize(png)).toEqual({ width: 200, height: 100 });
  });

  it('stops a render over the time limit with a 502, failing only that preview', async () => {
    await zplToPng(FAST, small);
    configureZplPreview({ timeLimitMs: 50 });
    const slow = zplToPng(SLOW);
    const after = zplToPng(FAST, { ...small, timeoutMs: 30_000 });
    expect(await refusal(slow)).toEqual({
      statusCode: 502,
      reason: 'zpl_preview_timeout',
      message: 'The label preview took longer than 0.05 s and was stopped; try again, or download the label',
    });
    expect(pngSize(await after)).toEqual({ width: 40, height: 20 });
  });

  it("serves organisations in turn: another one's preview waits for at most one of a busy one's", async () => {
    await zplToPng(FAST, small);
    const finished: string[] = [];
    const preview = (queue: string, zpl: string, name: string) =>
      zplToPng(zpl, { queue, ...small }).then(() => void finished.push(name));
    const busy = ['A1', 'A2', 'A3', 'A4'].map((name) => preview('org-a', SLOW, name));
    expect(zplPreviewQueues()).toEqual({ active: 'org-a', waiting: { 'org-a': 3 } });
    const other = preview('org-b', FAST, 'B1');
    await Promise.all([...busy, other]);
    expect(finished).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it('refuses more waiting previews than an organisation may have with a 503, and others are still served', async () => {
    configureZplPreview({ waitingPerQueue: 2 });
    const queued = [1, 2, 3].map(() => zplToPng(FAST, { queue: 'org-a', ...small }));
    expect(await refusal(zplToPng(FAST, { queue: 'org-a', ...small }))).toEqual({
      statusCode: 503,
      reason: 'zpl_previews_busy',
      message: '2 label previews are already waiting for your organisation; try again when they are shown',
    });
    expect(pngSize(await zplToPng(FAST, { queue: 'org-b', ...small }))).toEqual({ width: 40, height: 20 });
    await Promise.all(queued);
    // The server's own drawings (the built-in carrier's PNG labels, for every batch) are held only to the total.
    const own = await Promise.all([1, 2, 3, 4].map(() => zplToPng(FAST, small)));
    expect(own.map(pngSize)).toEqual(Array(4).fill({ width: 40, height: 20 }));
  });

  it('serves previews asked for at once, and starts again after being stopped', async () => {
    const pngs = await Promise.all(
      [1, 2, 3].map((n) => zplToPng(`^XA^FO10,10^A0N,30,30^FDLabel ${n}^FS^XZ`, { widthDots: 300, heightDots: 100 })),
    );
    expect(pngs.map(pngSize)).toEqual(Array(3).fill({ width: 300, height: 100 }));
    await stopZplRenderer();
    const again = await zplToPng('^XA^FO0,0^GB10,10,10^FS^XZ', { widthDots: 100, heightDots: 50 });
    expect(pngSize(again)).toEqual({ width: 100, height: 50 });
  });
});
