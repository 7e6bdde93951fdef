import PDFDocument from 'pdfkit';
import { formatLength, formatWeight, lengthUnit, poundsText, type UnitSystem } from '@shipdesk/contract';
import type { ShipmentAddress, ShipmentParcel } from '../carrier-types.ts';
import { validLocalTrackingNumber } from './local-tracking.ts';

/**
 * The one layout of the built-in carrier's 4x6 label, in printer dots at 203 dpi (812 x 1218, origin top left, y
 * down). The ZPL and the PDF renderers draw these same elements, so both formats look alike. All text is bold (the
 * printer's font 0 is a bold face; the PDF uses Helvetica-Bold). Text is fitted here once, with Helvetica-Bold's
 * metrics: font 0 is condensed, so fitted text fits on the printer too.
 */
export const LABEL_WIDTH_DOTS = 812;
export const LABEL_HEIGHT_DOTS = 1218;
export const LABEL_DPI = 203;

interface TextElement {
  kind: 'text';
  x: number;
  y: number;
  /** The box the text is fitted and aligned in. */
  width: number;
  /** Character height in dots (the PDF's font size, scaled). */
  size: number;
  align: 'left' | 'center';
  text: string;
  /** Width of `text` in dots with Helvetica's metrics. */
  textWidth: number;
}

/** A filled rectangle: a rule when one side is thin. */
interface BoxElement {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Code128Element {
  kind: 'code128';
  x: number;
  y: number;
  height: number;
  /** Narrow bar width in dots (3 dots = 14.8 mil at 203 dpi). */
  module: number;
  data: string;
}

interface QrElement {
  kind: 'qr';
  x: number;
  y: number;
  /** Size of one QR module in dots. */
  module: number;
  data: string;
}

export type LabelElement = TextElement | BoxElement | Code128Element | QrElement;

export interface LocalLabelData {
  from: ShipmentAddress;
  to: ShipmentAddress;
  parcel: ShipmentParcel;
  shipDate: string;
  reference: string;
  serviceName: string;
  /** What the driver collects (a signature), on its own line under the service so it is never cut off. */
  instruction?: string | null;
  trackingNumber: string;
  /** The title over `reference`: ORDER when absent (a return label's is its RMA's). */
  referenceTitle?: string | undefined;
  /** The tenant's units: the weight and size print in them; absent, pounds with grams beside them, and inches. */
  units?: UnitSystem | undefined;
}

/** What sets a label apart from an outbound one (a return label: local-returns.ts). */
export interface LocalLabelMarks {
  /** Printed under the service, before any signature words, so the driver sees it at once (RETURN). */
  instruction: string;
  /** The reference block's title and what it prints, instead of the order's number. */
  referenceTitle: string;
  reference: string;
}

const MARGIN = 32;
const CONTENT = LABEL_WIDTH_DOTS - 2 * MARGIN;
const BARCODE_MODULE = 3;
const BARCODE_HEIGHT = 170;
const QR_MODULE = 7;
/** A tracking number (19 letters and digits) fits a version 1 QR code at error correction M: 21 x 21 modules. */
const QR_MODULES = 21;

// WinAnsi (the standard PDF fonts' encoding) holds Latin-1 and these; other characters lose their accents or become
// "?", on both formats alike.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

// Latin letters without a decomposition to a base letter.
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

/** The text as the label can print it: one line, characters of the WinAnsi set only. */
export function labelText(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC').replace(/\s+/g, ' ').trim()) {
    if (printable(c)) out += c;
    else {
      const base = PLAIN_LETTERS[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}

/**
 * Advance widths (per 1 unit of font size) of every printable character in Helvetica-Bold, read once from pdfkit's
 * metrics. Kerning is left out: nearly all of its pairs narrow text, and the few that widen it add at most 3% of a
 * character, which the label's margin takes.
 */
const ADVANCES = (() => {
  const measurer = new PDFDocument({ autoFirstPage: false, font: 'Helvetica-Bold' }).fontSize(1000);
  const widths = new Map<string, number>();
  for (let code = 0x20; code <= 0xff; code++) {
    const c = String.fromCharCode(code);
    if (printable(c)) widths.set(c, measurer.widthOfString(c) / 1000);
  }
  for (const c of WIN_ANSI_EXTRA) widths.set(c, measurer.widthOfString(c) / 1000);
  return widths;
})();

/** Width of label text (from `labelText`) in dots at a character height of `size` dots. */
function measure(text: string, size: number): number {
  let total = 0;
  for (const c of text) total += ADVANCES.get(c) ?? 1;
  return total * size;
}

/**
 * A line of text fitted into `width`: set smaller when it is too wide (down to two thirds of `size`, so a long
 * street or city line keeps its ZIP), then cut with an ellipsis if it still does not fit.
 */
export function text(
  x: number,
  y: number,
  width: number,
  size: number,
  value: string,
  align: 'left' | 'center' = 'left',
): TextElement {
  const whole = labelText(value);
  let fitted = whole;
  let textWidth = measure(fitted, size);
  if (textWidth > width) {
    size = Math.max(Math.ceil((size * 2) / 3), Math.floor((size * width) / textWidth));
    textWidth = measure(fitted, size);
  }
  if (textWidth > width) {
    // Shorten by the overflow's share first, then one character at a time.
    let keep = Math.max(1, Math.floor((whole.length * width) / textWidth));
    do {
      fitted = `${whole.slice(0, keep).trimEnd()}...`;
      textWidth = measure(fitted, size);
      keep--;
    } while (textWidth > width && keep > 0);
  }
  return { kind: 'text', x, y, width, size, align, text: fitted, textWidth };
}

/**
 * Text broken at spaces into lines no wider than `width` at `size` (a word wider than the line stands alone, and
 * `text` then fits it); at least one line.
 */
export function wrapText(value: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of labelText(value).split(' ')) {
    const joined = line ? `${line} ${word}` : word;
    if (line && measure(joined, size) > width) {
      lines.push(line);
      line = word;
    } else line = joined;
  }
  lines.push(line);
  return lines;
}

const rule = (y: number, thickness = 3): BoxElement => ({
  kind: 'box',
  x: MARGIN / 2,
  y,
  width: LABEL_WIDTH_DOTS - MARGIN,
  height: thickness,
});

let regionNames: Intl.DisplayNames | undefined;
/** A country's English name in capitals, or its code when the runtime does not know it. */
function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return (regionNames.of(code.toUpperCase()) ?? code).toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

const cityLine = (a: ShipmentAddress) =>
  `${a.city}${a.state ? `, ${a.state}` : ''} ${a.postalCode}`.replace(/^, /, '').trim();

export function addressLines(a: ShipmentAddress, withCountry: boolean): string[] {
  return [a.name, a.company, a.street1, a.street2, cityLine(a), withCountry ? countryName(a.country) : null].filter(
    (line): line is string => typeof line === 'string' && line.trim().length > 0,
  );
}

/** The weight in the tenant's units ('2 lb 12.1 oz', '1.25 kg'), else pounds (two decimals) with the grams beside. */
export function weightWords(grams: number, units: UnitSystem | undefined): string {
  return units ? formatWeight(Math.round(grams), units) : `${poundsText(grams)} (${Math.round(grams)} g)`;
}

/** '12 x 9.5 x 4 in', '30.5 x 24.1 x 10.2 cm': the sides in the tenant's unit (inches when not known). */
function sizeWords(p: ShipmentParcel, units: UnitSystem | undefined): string {
  const system = units ?? 'imperial';
  const side = (inches: number) => formatLength(inches, system).replace(/ (in|cm)$/, '');
  return `${side(p.lengthIn)} x ${side(p.widthIn)} x ${side(p.heightIn)} ${lengthUnit(system)}`;
}

/**
 * Code 128 modules of a built-in tracking number as the printer and bwip-js encode it: start B, `SDL`, switch to C,
 * eight digit pairs, check character, stop (11 modules per symbol, 13 for the stop).
 */
const CODE128_MODULES = 11 + 3 * 11 + 11 + 8 * 11 + 11 + 13;

/** Every element of one label, top to bottom. */
export function localLabelLayout(data: LocalLabelData): LabelElement[] {
  // The barcodes' size and the ZPL's field data rely on the number's shape.
  if (!validLocalTrackingNumber(data.trackingNumber)) throw new RangeError('Not a built-in tracking number');
  const elements: LabelElement[] = [];
  const international = data.to.country.toUpperCase() !== data.from.country.toUpperCase();

  // Ship-from block (left) and the carrier's block (right).
  const fromWidth = 440;
  elements.push(text(MARGIN, 28, fromWidth, 20, 'FROM'));
  let y = 56;
  for (const line of addressLines(data.from, false)) {
    elements.push(text(MARGIN, y, fromWidth, 24, line));
    y += 30;
  }
  const sideX = MARGIN + fromWidth + 24;
  const sideWidth = LABEL_WIDTH_DOTS - MARGIN - sideX;
  elements.push(text(sideX, 28, sideWidth, 30, 'SHIPDESK LOCAL'));
  elements.push(text(sideX, 68, sideWidth, 20, 'No postage: delivered locally'));
  elements.push(text(sideX, 110, sideWidth, 22, `Ship date ${data.shipDate}`));
  elements.push(text(sideX, 140, sideWidth, 22, `Weight ${weightWords(data.parcel.weightGrams, data.units)}`));
  elements.push(text(sideX, 170, sideWidth, 22, `Size ${sizeWords(data.parcel, data.units)}`));
  elements.push(rule(244));

  // Ship-to block in large type.
  elements.push(text(MARGIN, 262, CONTENT, 28, 'SHIP TO'));
  y = 302;
  addressLines(data.to, international).forEach((line, index) => {
    const size = index === 0 ? 52 : 44;
    elements.push(text(MARGIN + 16, y, CONTENT - 16, size, line));
    y += size + 6;
  });
  elements.push(rule(662, 4));

  // The service.
  if (data.instruction) {
    elements.push(text(MARGIN, 668, CONTENT, 36, data.serviceName.toUpperCase(), 'center'));
    elements.push(text(MARGIN, 708, CONTENT, 30, data.instruction.toUpperCase(), 'center'));
  } else {
    elements.push(text(MARGIN, 684, CONTENT, 44, data.serviceName.toUpperCase(), 'center'));
  }
  elements.push(rule(746, 4));

  // The tracking barcode, centred, with the number below.
  elements.push(text(MARGIN, 762, CONTENT, 22, 'TRACKING #', 'center'));
  elements.push({
    kind: 'code128',
    x: Math.round((LABEL_WIDTH_DOTS - CODE128_MODULES * BARCODE_MODULE) / 2),
    y: 792,
    height: BARCODE_HEIGHT,
    module: BARCODE_MODULE,
    data: data.trackingNumber,
  });
  elements.push(text(MARGIN, 974, CONTENT, 34, data.trackingNumber, 'center'));
  elements.push(rule(1024));

  // A QR code of the tracking number for a driver's phone, and the order reference.
  elements.push({ kind: 'qr', x: MARGIN, y: 1042, module: QR_MODULE, data: data.trackingNumber });
  const refX = MARGIN + QR_MODULES * QR_MODULE + 40;
  const refWidth = LABEL_WIDTH_DOTS - MARGIN - refX;
  if (data.reference.trim().length > 0) {
    elements.push(text(refX, 1046, refWidth, 22, data.referenceTitle ?? 'ORDER'));
    elements.push(text(refX, 1076, refWidth, 52, data.reference));
  }
  elements.push(text(refX, 1150, refWidth, 20, 'Scan the code to find this parcel.'));
  return elements;
}
