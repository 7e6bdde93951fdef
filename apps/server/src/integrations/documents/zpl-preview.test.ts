import { afterAll, describe, expect, it } from 'vitest';
import { renderLocalLabelZpl } from '../carriers/local/local-label-zpl.ts';
import { localTrackingNumber } from '../carriers/local/local-tracking.ts';
import type { ShipmentAddress } from '../carriers/carrier-types.ts';
import { pngSize, readBarcodes } from './barcode-test-reader.ts';
import { ZPL_PREVIEW_MAX_CHARS, stopZplRenderer, zplToPng } from './zpl-preview.ts';

afterAll(() => stopZplRenderer());

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

  it('rejects what it cannot render, and keeps working after', async () => {
    await expect(zplToPng('not a label')).rejects.toThrow(/could not be rendered/);
    await expect(zplToPng('^XA'.padEnd(ZPL_PREVIEW_MAX_CHARS + 1, ' '))).rejects.toThrow(RangeError);
    await expect(zplToPng('^XA^XZ', { widthDots: 0 })).rejects.toThrow(RangeError);
    const png = await zplToPng('^XA^FO10,10^GB100,100,100^FS^XZ', { widthDots: 200, heightDots: 100 });
    expect(pngSize(png)).toEqual({ width: 200, height: 100 });
  });

  it('restarts a renderer that takes too long, failing only that preview', async () => {
    const slow = zplToPng('^XA^FO0,0^GB10,10,10^FS^XZ', { timeoutMs: 1 });
    const after = zplToPng('^XA^FO0,0^GB10,10,10^FS^XZ', { widthDots: 40, heightDots: 20 });
    await expect(slow).rejects.toThrow(/took too long/);
    expect(pngSize(await after)).toEqual({ width: 40, height: 20 });
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
