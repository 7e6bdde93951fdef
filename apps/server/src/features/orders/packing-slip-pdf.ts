import bwipjs from 'bwip-js';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** What one packing slip shows. */
export interface PackingSlip {
  orderNumber: string;
  /** Already formatted in the tenant's time zone. */
  orderDate: string;
  shipFrom: string[] | null;
  shipTo: string[];
  requestedShippingMethod: string | null;
  lines: Array<{ sku: string; name: string; quantity: number }>;
  notice?: string;
}

const PAGE_SIZES = {
  '4x6': [4 * 72, 6 * 72],
  letter: [8.5 * 72, 11 * 72],
} as const;
export type PackingSlipFormat = keyof typeof PAGE_SIZES;

/** Code 128 bar and space widths (in modules) for `text`, from bwip-js. */
function code128(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {}) as Array<{ sbs?: number[] }>;
  return symbol?.sbs ?? [];
}

/**
 * A PDF with one page per order (more when an order's lines do not fit). Text is drawn with the standard Helvetica
 * fonts, so it is extractable (pdftotext, search, screen readers); characters outside WinAnsi become "?".
 */
export async function renderPackingSlips(
  slips: readonly PackingSlip[],
  format: PackingSlipFormat = '4x6',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(slips.length === 1 ? `Packing slip ${slips[0]!.orderNumber}` : `Packing slips (${slips.length})`);
  doc.setCreator('Shipdesk');
  doc.setProducer('Shipdesk');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const clean = (text: string) =>
    [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => (supported.has(c.codePointAt(0)!) ? c : '?')).join('');

  const [width, height] = PAGE_SIZES[format];
  const small = format === '4x6';
  const margin = small ? 14 : 36;
  const size = small ? 8 : 10;
  const lineGap = size + 3;

  const fit = (text: string, font: PDFFont, fontSize: number, maxWidth: number) => {
    let t = clean(text);
    if (font.widthOfTextAtSize(t, fontSize) <= maxWidth) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, fontSize) > maxWidth) t = t.slice(0, -1);
    return `${t}...`;
  };

  for (const slip of slips) {
    let page: PDFPage = doc.addPage([width, height]);
    let y = height - margin;
    const text = (t: string, x: number, font = regular, fontSize = size, maxWidth = width - margin - x) => {
      page.drawText(fit(t, font, fontSize, maxWidth), { x, y, size: fontSize, font, color: rgb(0, 0, 0) });
    };

    y -= size + 6;
    text('PACKING SLIP', margin, bold, size + 6);
    y -= lineGap + 6;
    text(`Order ${slip.orderNumber}`, margin, bold, size + 2);
    y -= lineGap;
    text(`Date ${slip.orderDate}`, margin);
    if (slip.requestedShippingMethod) {
      y -= lineGap;
      text(`Ship method ${slip.requestedShippingMethod}`, margin);
    }

    // The barcode of the order number, for scanning at the packing bench.
    const bars = code128(slip.orderNumber);
    const modules = bars.reduce((a, b) => a + b, 0);
    if (modules > 0) {
      const barHeight = small ? 28 : 36;
      const module = Math.min(small ? 1.1 : 1.4, (width - 2 * margin) / modules);
      y -= barHeight + 8;
      let x = margin;
      bars.forEach((w, i) => {
        if (i % 2 === 0) page.drawRectangle({ x, y, width: w * module, height: barHeight, color: rgb(0, 0, 0) });
        x += w * module;
      });
    }

    const column = (width - 2 * margin) / 2;
    const block = (title: string, lines: string[], x: number, top: number) => {
      let yy = top;
      page.drawText(clean(title), { x, y: yy, size, font: bold });
      for (const l of lines) {
        yy -= lineGap;
        page.drawText(fit(l, regular, size, column - 6), { x, y: yy, size, font: regular });
      }
      return yy;
    };
    y -= lineGap + 8;
    const top = y;
    const left = block('Ship from', slip.shipFrom ?? ['(set the warehouse address in Settings)'], margin, top);
    const right = block('Ship to', slip.shipTo, margin + column, top);
    y = Math.min(left, right) - lineGap - 6;

    const qtyX = width - margin - (small ? 24 : 40);
    const skuWidth = small ? 70 : 130;
    const header = () => {
      page.drawLine({
        start: { x: margin, y: y + size + 2 },
        end: { x: width - margin, y: y + size + 2 },
        thickness: 0.7,
      });
      text('SKU', margin, bold);
      text('Item', margin + skuWidth, bold);
      text('Qty', qtyX, bold);
      y -= lineGap;
    };
    header();
    for (const line of slip.lines) {
      if (y < margin + lineGap) {
        page = doc.addPage([width, height]);
        y = height - margin - size;
        text(`Order ${slip.orderNumber} (continued)`, margin, bold);
        y -= lineGap + 4;
        header();
      }
      text(line.sku, margin, regular, size, skuWidth - 6);
      text(line.name, margin + skuWidth, regular, size, qtyX - margin - skuWidth - 6);
      text(String(line.quantity), qtyX);
      y -= lineGap;
    }
    const units = slip.lines.reduce((n, l) => n + l.quantity, 0);
    if (y >= margin) {
      page.drawLine({
        start: { x: margin, y: y + size + 2 },
        end: { x: width - margin, y: y + size + 2 },
        thickness: 0.7,
      });
      text(`${units} item${units === 1 ? '' : 's'}`, margin, bold);
    }
    if (slip.notice && y - lineGap >= margin) {
      y -= lineGap;
      text(slip.notice, margin);
    }
  }
  // Plain objects (no object streams): small files either way, and simple readers can find the pages.
  return doc.save({ useObjectStreams: false });
}
