import { inflateSync } from 'node:zlib';
import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderLocalLabelPdf } from '../carriers/local/local-label-pdf.ts';
import type { LocalLabelData } from '../carriers/local/local-label-layout.ts';
import { localTrackingNumber } from '../carriers/local/local-tracking.ts';
import { documentKind, imageToPdfPage, mergePdfs, mergeZpl, streamMergedPdf } from './pdf-merge.ts';

const label = (n: number): Promise<Uint8Array> => {
  const address = {
    name: `Customer ${n}`,
    company: null,
    street1: `${n} Main St`,
    street2: null,
    city: 'Portland',
    state: 'OR',
    postalCode: '97201',
    country: 'US',
    phone: null,
    email: null,
    residential: true,
  };
  const data: LocalLabelData = {
    from: { ...address, name: 'Acme' },
    to: address,
    parcel: { weightGrams: 800, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' },
    shipDate: '2026-11-25',
    reference: `#${1000 + n}`,
    serviceName: 'Local delivery, same day',
    trackingNumber: localTrackingNumber(`merge-${n}`),
  };
  return renderLocalLabelPdf(data);
};

const barcodePng = async (options: { bcid: string; text: string; height?: number }) =>
  new Uint8Array(await bwipjs.toBuffer({ scale: 2, backgroundcolor: 'FFFFFF', ...options }));

/** The transformation matrices (a b c d e f) of the page's content, composed in order. */
function composedMatrix(pdf: Uint8Array): number[] {
  const text = Buffer.from(pdf).toString('latin1');
  let content = '';
  for (const m of text.matchAll(/\/FlateDecode[^]*?stream\r?\n([^]*?)\r?\nendstream/g)) {
    const inflated = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    if (inflated.includes(' Do')) content = inflated;
  }
  let [a, b, c, d, e, f] = [1, 0, 0, 1, 0, 0];
  for (const m of content.matchAll(/(\S+) (\S+) (\S+) (\S+) (\S+) (\S+) cm/g)) {
    const [a2, b2, c2, d2, e2, f2] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    [a, b, c, d, e, f] = [
      a2 * a + b2 * c,
      a2 * b + b2 * d,
      c2 * a + d2 * c,
      c2 * b + d2 * d,
      e2 * a + f2 * c + e,
      e2 * b + f2 * d + f,
    ];
  }
  return [a, b, c, d, e, f];
}

/** Where the image (the unit square under the matrix) lands on the page: [left, bottom, right, top]. */
function imageBox([a, b, c, d, e, f]: number[]): number[] {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([x, y]) => [a! * x! + c! * y! + e!, b! * x! + d! * y! + f!]);
  const xs = corners.map((p) => p[0]!);
  const ys = corners.map((p) => p[1]!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((n) => Math.round(n * 100) / 100);
}

/**
 * Reads the merged file the strict way a printer driver does: the trailer names the cross-reference table, whose
 * every row must point at the start of its object; the pages are counted by walking the page tree from the catalog.
 */
function strictlyRead(pdf: Uint8Array): { objects: number; pages: number } {
  const text = Buffer.from(pdf).toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(first).toBe('0');
  const rowsAt = text.indexOf('\n', text.indexOf('\n', startxref) + 1) + 1;
  const offsets: number[] = [];
  for (let n = 0; n < Number(count); n++) {
    const row = text.slice(rowsAt + n * 20, rowsAt + n * 20 + 20);
    expect(row).toMatch(n === 0 ? /^0{10} 65535 f \n$/ : /^\d{10} 00000 n \n$/);
    offsets.push(Number(row.slice(0, 10)));
  }
  const body = (n: number) => {
    const at = offsets[n]!;
    expect(text.startsWith(`${n} 0 obj\n`, at)).toBe(true);
    return text.slice(at, text.indexOf('endobj', at));
  };
  const trailer = text.slice(text.lastIndexOf('trailer'));
  expect(Number(/\/Size (\d+)/.exec(trailer)![1])).toBe(Number(count));
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)![1]);
  const tree = Number(/\/Pages (\d+) 0 R/.exec(body(root))![1]);
  const kids = [...body(tree).matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  for (const kid of kids) expect(body(kid)).toContain(`/Parent ${tree} 0 R`);
  expect(Number(/\/Count (\d+)/.exec(body(tree))![1])).toBe(kids.length);
  return { objects: Number(count) - 1, pages: kids.length };
}

describe('label document merge', () => {
  it('knows documents by their first bytes', async () => {
    expect(documentKind(await label(1))).toBe('pdf');
    expect(documentKind(await barcodePng({ bcid: 'qrcode', text: 'x' }))).toBe('png');
    expect(documentKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(documentKind(new TextEncoder().encode('^XA^XZ'))).toBeNull();
    expect(documentKind(new Uint8Array())).toBeNull();
  });

  it('merges three PDFs into one of three 4x6 pages, in order', async () => {
    const merged = await mergePdfs([await label(1), await label(2), await label(3)]);
    const pdf = await PDFDocument.load(merged);
    expect(pdf.getPageCount()).toBe(3);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });
    const text = Buffer.from(merged).toString('latin1');
    const order = [1, 2, 3].map((n) => text.indexOf(Buffer.from(`Customer ${n}`).toString('hex')));
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('keeps every page of a multi-page PDF and its size', async () => {
    const letter = await PDFDocument.create();
    letter.addPage([612, 792]);
    letter.addPage([612, 792]);
    const merged = await PDFDocument.load(await mergePdfs([await letter.save(), await label(4)]));
    expect(merged.getPages().map((p) => p.getSize())).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
      { width: 288, height: 432 },
    ]);
  });

  it('puts a PNG label on a 4x6 page, centred and as large as fits', async () => {
    const merged = await mergePdfs([await barcodePng({ bcid: 'qrcode', text: 'SDL1' })]);
    const pdf = await PDFDocument.load(merged);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    // A square image fills the width and sits in the middle.
    expect(imageBox(composedMatrix(merged))).toEqual([0, 72, 288, 360]);
  });

  it('turns a landscape image a quarter clockwise to fill the portrait page', async () => {
    const wide = await barcodePng({ bcid: 'code128', text: 'SDL1234567890123456', height: 8 });
    const doc = await PDFDocument.create();
    await imageToPdfPage(doc, wide);
    const saved = await doc.save();
    const [a, b, c, d] = composedMatrix(saved);
    // Rotated -90 degrees: the image's x axis points down the page.
    expect(Math.abs(a!)).toBeLessThan(1e-6);
    expect(b).toBeLessThan(0);
    expect(c).toBeGreaterThan(0);
    expect(Math.abs(d!)).toBeLessThan(1e-6);
    const [left, bottom, right, top] = imageBox(composedMatrix(saved));
    expect(left).toBeGreaterThanOrEqual(0);
    expect(bottom).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(288);
    expect(top).toBeLessThanOrEqual(432);
    expect(top! - bottom!).toBeCloseTo(432, 1);
    expect(left! + right!).toBeCloseTo(288, 1);
  });

  it('takes documents one at a time from an async source: a thousand labels make a thousand pages', async () => {
    const one = await label(5);
    async function* labels() {
      for (let i = 0; i < 1000; i++) yield one;
    }
    const merged = await PDFDocument.load(await mergePdfs(labels()));
    expect(merged.getPageCount()).toBe(1000);
  });

  it('writes a file whose cross-reference table and page tree hold, PDFs and images mixed', async () => {
    const letter = await PDFDocument.create();
    letter.addPage([612, 792]);
    letter.addPage([612, 792]);
    const merged = await mergePdfs([
      await label(7),
      await barcodePng({ bcid: 'qrcode', text: 'SDL7' }),
      await letter.save(),
      await label(8),
    ]);
    expect(strictlyRead(merged).pages).toBe(5);
    const pdf = await PDFDocument.load(merged);
    expect(pdf.getPages().map((p) => p.getWidth())).toEqual([288, 288, 612, 612, 288]);
    expect(pdf.getCreator()).toBe('Shipdesk');
  });

  it('streams a long merge in pieces, the first only after the first document was read', async () => {
    const one = await label(9);
    let read = 0;
    async function* labels() {
      for (let i = 0; i < 300; i++) {
        read++;
        yield one;
      }
    }
    const pieces: Uint8Array[] = [];
    const readBeforeEachPiece: number[] = [];
    for await (const piece of streamMergedPdf(labels())) {
      readBeforeEachPiece.push(read);
      pieces.push(piece);
    }
    // The labels are read while the file is written, not all before it.
    expect(pieces.length).toBeGreaterThan(10);
    expect(readBeforeEachPiece[0]).toBeLessThan(20);
    expect(pieces.slice(0, -1).every((piece) => piece.length >= 64 * 1024)).toBe(true);
    expect(strictlyRead(Buffer.concat(pieces)).pages).toBe(300);
  });

  it('refuses what is not a PDF, PNG or JPEG, and an empty batch', async () => {
    const zpl = new TextEncoder().encode('^XA^XZ');
    await expect(mergePdfs([await label(6), zpl])).rejects.toThrow('Document 2 is neither a PDF nor a PNG or JPEG');
    await expect(mergePdfs([])).rejects.toThrow(RangeError);
    // A refused first document fails before any byte is handed on.
    const stream = streamMergedPdf([zpl, await label(6)]);
    await expect(stream.next()).rejects.toThrow('Document 1 is neither');
    await expect(imageToPdfPage(await PDFDocument.create(), zpl)).rejects.toThrow(RangeError);
  });

  it('concatenates ZPL documents into one stream', () => {
    const stream = mergeZpl(['\uFEFF^XA^FDone^FS^XZ\n', '', '  \n', '^XA^FDtwo^FS^XZ\r\n^XA^FDthree^FS^XZ']);
    expect(stream).toBe('^XA^FDone^FS^XZ\n^XA^FDtwo^FS^XZ\r\n^XA^FDthree^FS^XZ\n');
    expect(mergeZpl([])).toBe('');
  });
});
