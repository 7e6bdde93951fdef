import { describe, expect, it } from 'vitest';
import { impbBarcodeData, labelPdf, labelZpl, uspsCheckDigit, uspsPic } from './fake-usps-documents.ts';

describe('the fake USPS documents', () => {
  it("makes PICs whose MOD 10 digit matches USPS's worked example", () => {
    expect(uspsCheckDigit('920559000666220070479')).toBe(7);
    expect(uspsPic('055', '900066622', 70479)).toBe('9205590006662200704797');
    expect(uspsPic('001', '900066622', 12)).toMatch(/^92001900066622000001\d\d$/);
  });

  it('writes a PDF whose cross-reference table points at its objects', () => {
    const pdf = labelPdf(['USPS (GROUND) ADVANTAGE', 'Joe \\ Doe', 'Zoë']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    const stream = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(stream + length, stream + length + 9)).toBe('endstream');
    expect(pdf).toContain('(USPS \\(GROUND\\) ADVANTAGE) Tj');
    expect(pdf).toContain('(Zo?) Tj');
  });

  it('writes 4x6 ZPL at 203 dpi with a GS1-128 IMpb', () => {
    const zpl = labelZpl({
      banner: 'PRIORITY MAIL',
      from: ['Ada Shipper'],
      to: ['Joe Doe', '1100 Wyoming St', 'St. Louis MO 63118'],
      trackingNumber: '9205590006662200704797',
      barcodeData: impbBarcodeData('63118', '9205590006662200704797'),
    });
    expect(zpl.startsWith('^XA\n^PW812^LL1218\n')).toBe(true);
    expect(zpl.endsWith('^XZ\n')).toBe(true);
    expect(zpl).toContain('^BCN,200,N,N,N^FD>;>842063118>89205590006662200704797^FS');
    expect(zpl).toContain('^FD9205 5900 0666 2200 7047 97^FS');
  });
});
