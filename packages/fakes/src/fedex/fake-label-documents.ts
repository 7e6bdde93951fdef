import { crc32, deflateSync } from 'node:zlib';

/**
 * The label files the fake carriers hand out (FedEx inline, Shippo behind its label URL): small but real documents, so
 * a test can open them as what they claim to be. A PDF page of 4×6 inches written by hand with a correct cross-
 * reference table, ZPL II text for a 4×6 label at 203 dpi (^XA … ^XZ) and a PNG built from its chunks. Each carries the
 * tracking number; the bars are an illustration drawn from its digits, not a scannable barcode.
 */

export type FakeLabelFormat = 'PDF' | 'ZPL' | 'PNG';

export interface FakeLabelContent {
  /** "FedEx", "USPS", … */
  carrier: string;
  /** The service as the carrier names it on the label. */
  service: string;
  trackingNumber: string;
  shipDate: string;
  from: string[];
  to: string[];
  reference?: string | null;
}

interface FakeLabelDocument {
  bytes: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Record<FakeLabelFormat, string> = {
  PDF: 'application/pdf',
  ZPL: 'text/plain',
  PNG: 'image/png',
};

export function fakeLabelDocument(format: FakeLabelFormat, content: FakeLabelContent): FakeLabelDocument {
  const bytes = format === 'PDF' ? labelPdf(content) : format === 'ZPL' ? labelZpl(content) : labelPng(content);
  return { bytes, contentType: CONTENT_TYPES[format] };
}

/** Printable ASCII only: what the base-14 fonts and ZPL's default code page hold. */
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

function textLines(content: FakeLabelContent): string[] {
  return [
    `${content.carrier} ${content.service}`,
    `SHIP DATE ${content.shipDate}`,
    'FROM:',
    ...content.from,
    'TO:',
    ...content.to,
    ...(content.reference ? [`REF: ${content.reference}`] : []),
  ].map(ascii);
}

/** Bar widths (1–4 units) from the tracking number's characters, bars and spaces alternating. */
function bars(trackingNumber: string): number[] {
  return [...trackingNumber].flatMap((c) => {
    const code = c.charCodeAt(0);
    return [1 + (code % 4), 1 + ((code >> 2) % 3)];
  });
}

function labelPdf(content: FakeLabelContent): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream: string[] = ['BT', '/F1 11 Tf', '14 TL', '18 410 Td'];
  for (const line of textLines(content)) stream.push(`(${escape(line)}) Tj T*`);
  stream.push('ET');
  let x = 24;
  bars(content.trackingNumber).forEach((width, i) => {
    if (i % 2 === 0) stream.push(`${x} 90 ${width * 1.5} 70 re f`);
    x += width * 1.5;
  });
  stream.push('BT', '/F1 14 Tf', `24 66 Td (TRK# ${escape(ascii(content.trackingNumber))}) Tj`, 'ET');
  // 4 × 6 inches in points.
  return onePagePdf(stream.join('\n'), 288, 432);
}

const escapePdf = (text: string) => ascii(text).replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A one-page US-letter PDF of text lines, top down (a commercial invoice, a customs form): what a carrier's
 * document beside the label looks like, small but real. Lines that do not fit the page are left out.
 */
export function fakeTextPdf(lines: string[]): Buffer {
  const fitting = lines.slice(0, 60);
  const stream = [
    'BT',
    '/F1 10 Tf',
    '12 TL',
    '48 744 Td',
    ...fitting.map((line) => `(${escapePdf(line)}) Tj T*`),
    'ET',
  ];
  // 8.5 × 11 inches in points.
  return onePagePdf(stream.join('\n'), 612, 792);
}

/** A PDF of one page of `width` × `height` points drawn by `body`, in Helvetica, with a correct cross-reference table. */
function onePagePdf(body: string, width: number, height: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: offset, generation, kind and a two-byte end of line.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function labelZpl(content: FakeLabelContent): Buffer {
  // ^ and ~ start commands: field data must not carry them.
  const field = (text: string) => text.replace(/[\^~]/g, ' ');
  const lines = [
    '^XA',
    '^PW812',
    '^LL1218',
    '^LH0,0',
    ...textLines(content).map((line, i) => `^FO40,${40 + i * 44}^A0N,34,34^FD${field(line)}^FS`),
    '^FO40,800^GB732,4,4^FS',
    '^BY3',
    `^FO80,840^BCN,200,N,N,N^FD${field(content.trackingNumber)}^FS`,
    `^FO80,1080^A0N,48,48^FDTRK# ${field(content.trackingNumber)}^FS`,
    '^XZ',
  ];
  return Buffer.from(`${lines.join('\n')}\n`, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An 8-bit greyscale image: white, with black bars drawn from the tracking number. */
function labelPng(content: FakeLabelContent): Buffer {
  const widths = bars(content.trackingNumber);
  const margin = 8;
  const width = margin * 2 + widths.reduce((sum, w) => sum + w * 2, 0);
  const height = 48;
  const row = Buffer.alloc(width, 0xff);
  let x = margin;
  widths.forEach((w, i) => {
    if (i % 2 === 0) row.fill(0x00, x, x + w * 2);
    x += w * 2;
  });
  const scanlines: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const band = y >= 8 && y < height - 8;
    // Filter type 0 (none) before every scanline.
    scanlines.push(Buffer.from([0]), band ? row : Buffer.alloc(width, 0xff));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: greyscale
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(scanlines))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
