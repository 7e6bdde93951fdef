/**
 * What the fake carriers print: USPS package identification codes with their MOD 10 check digit (integrations.md
 * section 12), a minimal one-page 4x6 PDF, and 4x6 ZPL at 203 dpi with a GS1-128 IMpb (sections 13 and 14). The fake
 * UPS prints its PDFs with the same function. Written here on their own, never shared with the product.
 */

/** MOD 10 of USPS Pub. 199: from the rightmost digit, odd positions x 3 plus even positions, up to the next ten. */
export function uspsCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    total += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (total % 10)) % 10;
}

/** A 22-digit PIC: 92 (commercial, 9-digit MID), service type code, MID, 7-digit serial, check digit. */
export function uspsPic(serviceTypeCode: string, mid: string, serial: number): string {
  const body = `92${serviceTypeCode}${mid.padStart(9, '0').slice(-9)}${String(serial % 10_000_000).padStart(7, '0')}`;
  return `${body}${uspsCheckDigit(body)}`;
}

/** Printable ASCII only, for PDF strings and ZPL fields. */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/**
 * A valid one-page PDF of a 4x6 label (288 x 432 points) showing `lines` in Helvetica: hand-written objects and a
 * cross-reference table whose offsets are counted, so PDF readers open it without repairing it.
 */
export function labelPdf(lines: readonly string[]): Buffer {
  const content = pageContent(lines, 11);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
  ]);
}

/** A page's text: `lines` in Helvetica of `size` points, one under the other from the top left. */
function pageContent(lines: readonly string[], size: number): string {
  const text = lines
    .map((line, i) => `${i === 0 ? '' : 'T* '}(${ascii(line).replace(/[\\()]/g, '\\$&')}) Tj`)
    .join('\n');
  return `BT\n/F1 ${size} Tf\n${Math.round(size * 1.27)} TL\n18 ${size === 11 ? 400 : 414} Td\n${text}\nET\n`;
}

/**
 * A 4x6 PDF of several pages (a label and its customs continuation page), each page's lines in a smaller type so
 * that a customs declaration fits under the addresses.
 */
export function labelPdfPages(pages: readonly (readonly string[])[]): Buffer {
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its contents per page.
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  pages.forEach((lines, i) => {
    const content = pageContent(lines, 8);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  });
  return pdfOf(objects);
}

/** The objects numbered from 1, with a cross-reference table whose offsets are counted. */
function pdfOf(objects: readonly string[]): Buffer {
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface ZplLabel {
  banner: string;
  from: readonly string[];
  to: readonly string[];
  /** The tracking number shown under the barcode. */
  trackingNumber: string;
  /** The barcode's ^FD data (ZPL subset and FNC1 escapes included). */
  barcodeData: string;
  /** Customs declaration lines printed small between the addresses and the barcode (at most nine fit). */
  customs?: readonly string[];
}

/** A 4x6 label at 203 dpi (812 x 1218 dots): banner, addresses, a Code 128 barcode and the tracking number. */
export function labelZpl(label: ZplLabel): string {
  const text = (x: number, y: number, size: number, value: string) =>
    `^FO${x},${y}^A0N,${size},${size}^FD${ascii(value)}^FS`;
  return [
    '^XA',
    '^PW812^LL1218',
    text(30, 30, 48, label.banner),
    '^FO0,100^GB812,4,4^FS',
    ...label.from.map((line, i) => text(30, 130 + i * 30, 26, line)),
    ...label.to.map((line, i) => text(110, 420 + i * 36, 32, line)),
    ...(label.customs ?? []).slice(0, 9).map((line, i) => text(30, 585 + i * 21, 18, line)),
    '^FO0,780^GB812,12,12^FS',
    `^FO60,820^BY3^BCN,200,N,N,N^FD${label.barcodeData}^FS`,
    text(120, 1040, 30, label.trackingNumber.replace(/(.{4})/g, '$1 ').trim()),
    '^FO0,1090^GB812,12,12^FS',
    '^XZ',
    '',
  ].join('\n');
}

/** A continuation page of a 4x6 ZPL label: a title and lines of text. */
export function continuationZpl(title: string, lines: readonly string[]): string {
  const text = (y: number, size: number, value: string) => `^FO30,${y}^A0N,${size},${size}^FD${ascii(value)}^FS`;
  return [
    '^XA',
    '^PW812^LL1218',
    text(30, 30, title),
    ...lines.map((line, i) => text(90 + i * 34, 24, line)),
    '^XZ',
    '',
  ].join('\n');
}

/** The IMpb's barcode data: subset C, FNC1, 420 + ZIP, FNC1, PIC. */
export function impbBarcodeData(zip: string, pic: string): string {
  return `>;>8420${zip}>8${pic}`;
}
