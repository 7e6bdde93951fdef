import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fakeLabelDocument, type FakeLabelContent } from './fake-label-documents.ts';
import {
  fedexCheckDigit,
  fedexTrackingNumber,
  upsCheckDigit,
  upsTrackingNumber,
  uspsCheckDigit,
  uspsTrackingNumber,
} from './fake-tracking-numbers.ts';

const CONTENT: FakeLabelContent = {
  carrier: 'FedEx',
  service: 'FedEx Home Delivery',
  trackingNumber: '794612345670',
  shipDate: '2026-06-02',
  from: ['Dana Whitfield', '120 Harbor Way (Suite 4)', 'Seattle WA 98104'],
  to: ['Priya Raman', '44 Elm Street', 'Springfield IL 62701'],
  reference: '#1001',
};

describe('the fake carriers’ label files', () => {
  it('writes a PDF whose cross-reference table points at its objects', () => {
    const { bytes, contentType } = fakeLabelDocument('PDF', CONTENT);
    expect(contentType).toBe('application/pdf');
    const pdf = bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);

    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref).startsWith('xref\n0 6\n')).toBe(true);
    const entries = pdf.slice(startxref).split('\n').slice(2, 8);
    expect(entries[0]).toBe('0000000000 65535 f ');
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      expect(pdf.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)?.[1]);
    const start = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(start + length)).toMatch(/^\nendstream/);
    expect(pdf).toContain('(TRK# 794612345670) Tj');
    // Parentheses in text are escaped.
    expect(pdf).toContain('(120 Harbor Way \\(Suite 4\\)) Tj');
  });

  it('writes ZPL for a 4x6 label at 203 dpi with the tracking number', () => {
    const zpl = fakeLabelDocument('ZPL', CONTENT).bytes.toString('latin1');
    expect(zpl.startsWith('^XA\n^PW812\n^LL1218')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^BCN,200,N,N,N^FD794612345670^FS');
  });

  it('builds a PNG of valid chunks', () => {
    const png = fakeLabelDocument('PNG', CONTENT).bytes;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks: Array<{ type: string; data: Buffer }> = [];
    for (let at = 8; at < png.length;) {
      const length = png.readUInt32BE(at);
      const type = png.subarray(at + 4, at + 8).toString('latin1');
      const data = png.subarray(at + 8, at + 8 + length);
      expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type, data });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const width = chunks[0]!.data.readUInt32BE(0);
    const height = chunks[0]!.data.readUInt32BE(4);
    // One filter byte and `width` grey samples per row.
    expect(inflateSync(chunks[1]!.data)).toHaveLength(height * (width + 1));
  });
});

describe('the fake carriers’ tracking numbers', () => {
  it('carry the check digits the carriers publish', () => {
    expect(fedexCheckDigit('12345678901')).toBe(2);
    expect(uspsCheckDigit('920559000666220070479')).toBe(7);
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
    for (let i = 0; i < 20; i++) {
      const fedex = fedexTrackingNumber();
      expect(Number(fedex[11])).toBe(fedexCheckDigit(fedex.slice(0, 11)));
      const usps = uspsTrackingNumber();
      expect(Number(usps[21])).toBe(uspsCheckDigit(usps.slice(0, 21)));
      const ups = upsTrackingNumber();
      expect(Number(ups[17])).toBe(upsCheckDigit(ups.slice(2, 17)));
    }
  });
});
