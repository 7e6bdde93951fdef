import { labelPdf, labelZpl } from '../usps/fake-usps-documents.ts';

/**
 * What the fake UPS prints: 1Z tracking numbers with UPS's check digit, a tiny valid GIF (what the Shipping API
 * answers for LabelImageFormat GIF), ZPL text, and a PDF from Label Recovery.
 */

/** UPS's check digit over the 15 characters after "1Z": letters count as (code - 63) mod 10, even positions twice. */
export function upsCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    total += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (total % 10)) % 10;
}

/** 1Z + shipper number (6) + service (2) + package serial (7) + check digit: 18 characters. */
export function upsTrackingNumber(shipperNumber: string, service: string, serial: number): string {
  const body = `${shipperNumber.toUpperCase().padEnd(6, '0').slice(0, 6)}${service.padStart(2, '0').slice(-2)}${String(serial % 10_000_000).padStart(7, '0')}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}

/** A 1 x 1 GIF89a: header, screen descriptor, two-colour table, image, LZW data, trailer. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAkQBADs=', 'base64');

interface UpsLabelContent {
  service: string;
  trackingNumber: string;
  from: readonly string[];
  to: readonly string[];
}

/** The label in a UPS image format: GIF, ZPL or (Label Recovery only) PDF. */
export function upsLabelDocument(format: string, label: UpsLabelContent): Buffer {
  if (format === 'GIF') return GIF;
  const banner = `UPS ${label.service}`;
  if (format === 'PDF') {
    return labelPdf([banner, ...label.from, '', 'SHIP TO:', ...label.to, '', `TRACKING #: ${label.trackingNumber}`]);
  }
  return Buffer.from(
    labelZpl({
      banner,
      from: label.from,
      to: label.to,
      trackingNumber: label.trackingNumber,
      barcodeData: `>:${label.trackingNumber}`,
    }),
    'utf8',
  );
}
