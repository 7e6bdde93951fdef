import { describe, expect, it } from 'vitest';
import { upsCheckDigit, upsLabelDocument, upsTrackingNumber } from './fake-ups-documents.ts';

const content = { service: 'GROUND', trackingNumber: '1Z1A2B3C031234567X', from: ['Ada'], to: ['Joe'] };

describe('the fake UPS documents', () => {
  it("makes 1Z numbers whose last character is UPS's check digit", () => {
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
    const number = upsTrackingNumber('1a2b3c', '03', 1_234_567);
    expect(number).toMatch(/^1Z1A2B3C031234567\d$/);
    expect(Number(number[17])).toBe(upsCheckDigit(number.slice(2, 17)));
  });

  it('prints a valid GIF, ZPL and (recovered) PDF', () => {
    const gif = upsLabelDocument('GIF', content);
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(gif.readUInt16LE(6)).toBe(1);
    expect(gif.readUInt16LE(8)).toBe(1);
    expect(gif.at(-1)).toBe(0x3b);
    expect(upsLabelDocument('ZPL', content).toString()).toMatch(
      /^\^XA\n[\s\S]*\^FD>:1Z1A2B3C031234567X\^FS[\s\S]*\^XZ\n$/,
    );
    expect(upsLabelDocument('PDF', content).toString('latin1')).toMatch(
      /^%PDF-1\.4\n[\s\S]*TRACKING #: 1Z1A2B3C031234567X/,
    );
  });
});
