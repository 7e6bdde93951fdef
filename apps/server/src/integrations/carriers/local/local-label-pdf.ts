import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import {
  LABEL_DPI,
  LABEL_HEIGHT_DOTS,
  LABEL_WIDTH_DOTS,
  localLabelLayout,
  type LabelElement,
  type LocalLabelData,
} from './local-label-layout.ts';

/** PDF points per printer dot. */
const PT = 72 / LABEL_DPI;
const PAGE: [number, number] = [(LABEL_WIDTH_DOTS * 72) / LABEL_DPI, (LABEL_HEIGHT_DOTS * 72) / LABEL_DPI];

/** Code 128 bar and space widths in modules (bars at even indexes), from bwip-js's encoder. */
function code128Widths(data: string): number[] {
  const [symbol] = bwipjs.raw('code128', data, {}) as Array<{ sbs?: number[] }>;
  if (!symbol?.sbs) throw new Error('bwip-js gave no Code 128 bars');
  return symbol.sbs;
}

/**
 * The QR matrix of `data` (1 = dark, row by row). Error correction M like the ZPL; the mask is fixed, which skips
 * bwip-js's trial of all eight masks (two thirds of its time) and still gives a valid symbol.
 */
function qrMatrix(data: string): { size: number; modules: number[] } {
  const [symbol] = bwipjs.raw('qrcode', data, 'eclevel=M mask=3') as Array<{
    pixs?: number[];
    pixx?: number;
  }>;
  if (!symbol?.pixs || !symbol.pixx) throw new Error('bwip-js gave no QR matrix');
  return { size: symbol.pixx, modules: symbol.pixs };
}

function draw(doc: PDFKit.PDFDocument, element: LabelElement): void {
  switch (element.kind) {
    case 'text': {
      const offset = element.align === 'center' ? (element.width - element.textWidth) / 2 : 0;
      doc
        .fontSize(element.size * PT)
        .text(element.text, (element.x + offset) * PT, element.y * PT, { lineBreak: false });
      return;
    }
    case 'box':
      doc.rect(element.x * PT, element.y * PT, element.width * PT, element.height * PT).fill();
      return;
    case 'code128': {
      // Every bar is a rectangle of one path, filled once.
      let x = element.x;
      const widths = code128Widths(element.data);
      for (let i = 0; i < widths.length; i++) {
        const width = widths[i]! * element.module;
        if (i % 2 === 0) doc.rect(x * PT, element.y * PT, width * PT, element.height * PT);
        x += width;
      }
      doc.fill();
      return;
    }
    case 'qr': {
      // Runs of dark modules in a row become one rectangle.
      const { size, modules } = qrMatrix(element.data);
      const m = element.module;
      for (let row = 0; row < size; row++) {
        let col = 0;
        while (col < size) {
          if (modules[row * size + col] !== 1) {
            col++;
            continue;
          }
          const start = col;
          while (col < size && modules[row * size + col] === 1) col++;
          doc.rect((element.x + start * m) * PT, (element.y + row * m) * PT, (col - start) * m * PT, m * PT);
        }
      }
      doc.fill();
      return;
    }
  }
}

/** What a document's PDF says of itself; `date`, YYYY-MM-DD, is its creation date (the same data, the same bytes). */
interface PdfInfo {
  title: string;
  date: string;
}

/**
 * 4x6 inch pages (288 x 432 pt), one per list of elements, drawn in vectors: the standard Helvetica-Bold font (not
 * embedded), barcodes as filled rectangles. The content streams are left uncompressed: deflate would add about a
 * sixth to the time of a label, for 3 kB instead of 11 kB. The same pages give the same bytes.
 */
export async function renderPagesPdf(pages: readonly LabelElement[][], info: PdfInfo): Promise<Uint8Array> {
  const created = new Date(`${info.date}T00:00:00Z`);
  const doc = new PDFDocument({
    size: PAGE,
    margin: 0,
    compress: false,
    autoFirstPage: false,
    // The one font of the pages, made the default so that pdfkit loads no other.
    font: 'Helvetica-Bold',
    info: {
      Title: info.title,
      Creator: 'Shipdesk',
      Producer: 'Shipdesk',
      CreationDate: Number.isNaN(created.getTime()) ? new Date(0) : created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const page of pages) {
    doc.addPage({ size: PAGE, margin: 0 });
    doc.fillColor('black');
    for (const element of page) draw(doc, element);
  }
  doc.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The label: one page, titled with its tracking number, dated the ship date. */
export function renderLocalLabelPdf(data: LocalLabelData): Promise<Uint8Array> {
  return renderPagesPdf([localLabelLayout(data)], {
    title: `Shipdesk Local label ${data.trackingNumber}`,
    date: data.shipDate,
  });
}
