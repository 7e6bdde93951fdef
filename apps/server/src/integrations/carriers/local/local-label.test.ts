import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { pngSize, readBarcodes, type GreyBitmap } from '../../documents/barcode-test-reader.ts';
import { stopZplRenderer } from '../../documents/zpl-preview.ts';
import type { LabelRequest, ShipmentAddress } from '../carrier-types.ts';
import { createLocalAdapter } from './local-adapter.ts';
import { labelText } from './local-label-layout.ts';
import { pdfTexts } from './local-pdf-test-text.ts';
import { zplFieldData } from './local-label-zpl.ts';
import { validLocalTrackingNumber } from './local-tracking.ts';

afterAll(() => stopZplRenderer());

const address = (overrides: Partial<ShipmentAddress>): ShipmentAddress => ({
  name: 'Acme Outdoor Supply',
  company: null,
  street1: '12 Warehouse Way',
  street2: null,
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
  phone: null,
  email: null,
  residential: false,
  ...overrides,
});

const request = (overrides: Partial<LabelRequest> = {}): LabelRequest => ({
  from: address({ company: 'Acme Inc.', street2: 'Dock 3' }),
  to: address({
    name: 'Zoë Carter ^XZ ~JR _x',
    company: 'Carter & Sons',
    street1: '1600 Amphitheatre Parkway',
    street2: 'Apt 4B',
    city: 'Mountain View',
    state: 'CA',
    postalCode: '94043-1351',
    residential: true,
  }),
  parcel: { weightGrams: 1250, lengthIn: 12, widthIn: 9.5, heightIn: 4, packageType: 'PACKAGE' },
  shipDate: '2026-11-25',
  reference: '#1001',
  serviceCode: 'LOCAL_NEXT_DAY',
  format: 'pdf',
  idempotencyKey: '8d3c1b7e-2f6a-4a59-9d0e-5b7c2a1f4e33',
  ...overrides,
});

const adapter = createLocalAdapter();
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Every filled rectangle of the page drawn at 203 dpi: the bars, rules and QR modules as a printer would see them. */
function rasterizeRectangles(pdf: Uint8Array): GreyBitmap {
  const width = 812;
  const height = 1218;
  const pixels = new Uint8Array(width * height).fill(255);
  const scale = 203 / 72;
  for (const m of latin1(pdf).matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)) {
    const [x, y, w, h] = m.slice(1, 5).map((n) => Number(n) * scale) as [number, number, number, number];
    for (let row = Math.round(y); row < Math.round(y + h) && row < height; row++) {
      pixels.fill(0, row * width + Math.round(x), row * width + Math.min(width, Math.round(x + w)));
    }
  }
  return { width, height, pixels };
}

describe('built-in carrier labels', () => {
  it('draws a PDF of one 4x6 page with the ship-to block, the service and the order reference', async () => {
    const label = await adapter.buyLabel(request());
    expect(label.contentType).toBe('application/pdf');
    expect(validLocalTrackingNumber(label.trackingNumber)).toBe(true);
    const pdf = await PDFDocument.load(label.document);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });

    const texts = pdfTexts(label.document);
    expect(texts).toContain('Zoë Carter ^XZ ~JR _x');
    expect(texts).toContain('Carter & Sons');
    expect(texts).toContain('Mountain View, CA 94043-1351');
    expect(texts).toContain('Portland, OR 97201');
    expect(texts).toContain('LOCAL DELIVERY, NEXT DAY');
    expect(texts).toContain('#1001');
    expect(texts).toContain(label.trackingNumber);
    expect(texts).toContain('Weight 2.76 lb (1250 g)');
    expect(texts).toContain('Size 12 x 9.5 x 4 in');
    expect(texts).toContain('Ship date 2026-11-25');
    // Same country: no country line.
    expect(texts).not.toContain('UNITED STATES');
    // Vector only: no image and no embedded font.
    expect(latin1(label.document)).not.toMatch(/\/Subtype \/Image|\/FontFile/);
  });

  it('prints the weight and size in the tenant’s units when the request names them', async () => {
    const metric = pdfTexts((await adapter.buyLabel(request({ units: 'metric' }))).document);
    expect(metric).toContain('Weight 1.25 kg');
    expect(metric).toContain('Size 30.5 x 24.1 x 10.2 cm');
    const imperial = pdfTexts((await adapter.buyLabel(request({ units: 'imperial' }))).document);
    expect(imperial).toContain('Weight 2 lb 12.1 oz');
    expect(imperial).toContain('Size 12 x 9.5 x 4 in');
  });

  it("draws the PDF's Code 128 and QR code as rectangles that decode to the tracking number", async () => {
    const label = await adapter.buyLabel(request());
    const found = await readBarcodes(rasterizeRectangles(label.document));
    expect(found).toEqual(
      expect.arrayContaining([
        { format: 'Code128', text: label.trackingNumber },
        { format: 'QRCode', text: label.trackingNumber },
      ]),
    );
    // The same bars from bwip-js's own PNG decode too.
    const png = await bwipjs.toBuffer({
      bcid: 'code128',
      text: label.trackingNumber,
      scale: 3,
      height: 15,
      paddingwidth: 12,
      paddingheight: 4,
      backgroundcolor: 'FFFFFF',
    });
    expect(await readBarcodes(new Uint8Array(png))).toEqual([{ format: 'Code128', text: label.trackingNumber }]);
  });

  it('prints the country when the parcel leaves the sender’s country, and fits long lines', async () => {
    const long = 'Bartholomew Maximilian Featherstonehaugh-Worthington the Third';
    const to = address({
      name: long,
      country: 'CA',
      state: 'QC',
      city: 'Saint-Jean-sur-Richelieu',
      postalCode: 'J3B 1A1',
    });
    const label = await adapter.buyLabel(request({ to, reference: '' }));
    const texts = pdfTexts(label.document);
    expect(texts).toContain('CANADA');
    // A line a little too long is set smaller and kept whole; a much longer one is cut.
    expect(texts).toContain('Saint-Jean-sur-Richelieu, QC J3B 1A1');
    const name = texts.find((t) => t.startsWith('Bartholomew'));
    expect(name).toMatch(/\.\.\.$/);
    expect(name!.length).toBeLessThan(long.length);
    // No reference, no reference block.
    expect(texts).not.toContain('ORDER');
  });

  it('writes ZPL II for 812 x 1218 dots with user text escaped', async () => {
    const label = await adapter.buyLabel(request({ format: 'zpl' }));
    expect(label.contentType).toBe('text/plain');
    const zpl = new TextDecoder().decode(label.document);
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    for (const command of ['^PW812', '^LL1218', '^CI28', '^BY3', `^BCN,170,N,N,N,A^FD${label.trackingNumber}^FS`]) {
      expect(zpl).toContain(command);
    }
    expect(zpl).toContain(`^BQN,2,7^FDMA,${label.trackingNumber}^FS`);
    expect(zpl).toContain('^FH^FDZoë Carter _5EXZ _7EJR _5Fx^FS');
    // No ^ or ~ of the user's reaches the printer as a command.
    expect(zpl).not.toContain('^XZ ~JR');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~');
    expect(zpl).toContain('^FB748,1,0,C^FH^FDLOCAL DELIVERY, NEXT DAY^FS');
  });

  it('escapes field data for ^FH, and doubles backslashes inside ^FB blocks', () => {
    expect(zplFieldData('a^b~c_d\\e')).toBe('a_5Eb_7Ec_5Fd\\e');
    expect(zplFieldData('a\\&b', true)).toBe('a\\\\&b');
    expect(labelText('Łódź\tstreet\n 12 \u0007 日本 €5')).toBe('Lódz street 12 ? ?? €5');
  });

  it('renders the ZPL to a PNG preview whose barcodes decode', async () => {
    const label = await adapter.buyLabel(request({ format: 'png' }));
    expect(label.contentType).toBe('image/png');
    expect(pngSize(label.document)).toEqual({ width: 812, height: 1218 });
    const found = await readBarcodes(label.document);
    expect(found).toEqual(
      expect.arrayContaining([
        { format: 'Code128', text: label.trackingNumber },
        { format: 'QRCode', text: label.trackingNumber },
      ]),
    );
  });

  it('draws the same bytes again for the same request, and another number for another key', async () => {
    for (const format of ['pdf', 'zpl'] as const) {
      const first = await adapter.buyLabel(request({ format }));
      const again = await adapter.findLabel(request({ format }));
      expect(again).toEqual(first);
    }
    const other = await adapter.buyLabel(request({ idempotencyKey: 'another-purchase' }));
    expect(other.trackingNumber).not.toBe((await adapter.buyLabel(request())).trackingNumber);
  });
});
