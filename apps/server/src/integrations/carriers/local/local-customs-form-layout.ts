import { minorToDecimal, type CustomsContentsType, type ExportFiling, type UnitSystem } from '@shipdesk/contract';
import type { ShipmentAddress, ShipmentCustoms, ShipmentCustomsLine } from '../carrier-types.ts';
import {
  LABEL_HEIGHT_DOTS,
  LABEL_WIDTH_DOTS,
  addressLines,
  text,
  weightWords,
  wrapText,
  type LabelElement,
} from './local-label-layout.ts';

/**
 * The pages of the built-in carrier's CN 22 / CN 23 (UPU), drawn with the label's elements on the label's 4x6 page
 * (dots at 203 dpi). Page 1 holds the whole form and as many contents lines as fit; the lines that do not continue
 * on more pages, each page saying "Page n of m", so that every line is printed.
 */

interface LocalCustomsFormData {
  form: 'cn22' | 'cn23';
  customs: ShipmentCustoms;
  from: ShipmentAddress;
  to: ShipmentAddress;
  /** The parcel's weight, packing included (the form's gross weight). */
  grossGrams: number;
  trackingNumber: string;
  /** The tenant's units, as on the label. */
  units?: UnitSystem | undefined;
}

const MARGIN = 32;
const CONTENT = LABEL_WIDTH_DOTS - 2 * MARGIN;
const HALF = (CONTENT - 20) / 2;
const RIGHT = MARGIN + HALF + 20;

/** The boxes of the contents' category, in the form's order and words ("Sale of goods": newer editions). */
const CATEGORIES: ReadonlyArray<[CustomsContentsType, string]> = [
  ['gift', 'Gift'],
  ['documents', 'Documents'],
  ['sample', 'Commercial sample'],
  ['returned_goods', 'Returned goods'],
  ['merchandise', 'Sale of goods'],
  ['other', 'Other'],
];

/** The exporter's legend (US Foreign Trade Regulations) as it is written on the form. */
const FILING_WORDS: Record<Exclude<ExportFiling, 'AES_ITN'>, string> = {
  NOEEI_30_37_a: 'NO EEI 30.37(a)',
  NOEEI_30_37_f: 'NO EEI 30.37(f)',
  NOEEI_30_37_h: 'NO EEI 30.37(h)',
  NOEEI_30_36: 'NO EEI 30.36',
};

const INCOTERM_WORDS = {
  DAP: 'DAP: duties and taxes paid by the addressee',
  DDP: 'DDP: duties and taxes paid by the sender',
} as const;

const CERTIFICATE =
  'I, the undersigned, whose name and address are given on the item, certify that the particulars given in this ' +
  'declaration are correct and that this item does not contain any dangerous article or articles prohibited by ' +
  'legislation or by postal or customs regulations.';

// The contents table: its columns (x, width), the rows' type size and line height.
const ROW_SIZE = 17;
const ROW_LINE = 21;
const ROW_PAD = 6;
const HEADER_HEIGHT = 26;
const COLUMNS = (() => {
  const widths = { no: 30, description: 0, quantity: 48, weight: 104, value: 100, hs: 100, origin: 48 };
  const gap = 6;
  const fixed = Object.values(widths).reduce((a, b) => a + b, 0);
  widths.description = CONTENT - fixed - gap * (Object.keys(widths).length - 1);
  let x = MARGIN;
  const columns = {} as Record<keyof typeof widths, { x: number; width: number }>;
  for (const [key, width] of Object.entries(widths) as Array<[keyof typeof widths, number]>) {
    columns[key] = { x, width };
    x += width + gap;
  }
  return columns;
})();

/** Where the contents table sits on each kind of page: its header's top and the bottom its rows may reach. */
const TABLE = {
  cn22: { top: 262, bottom: 926 },
  cn23: { top: 504, bottom: 926 },
  continuation: { top: 134, bottom: 1170 },
} as const;
/** The line under a page's last row saying where the rest continues. */
const NOTE_HEIGHT = 26;

const rule = (y: number, thickness = 2): LabelElement => ({
  kind: 'box',
  x: MARGIN / 2,
  y,
  width: LABEL_WIDTH_DOTS - MARGIN,
  height: thickness,
});

/** A tick box (an outline), with an X in it when ticked, and its words beside: the X comes just before the words. */
function tickBox(x: number, y: number, width: number, ticked: boolean, words: string): LabelElement[] {
  const side = 20;
  const line = 2;
  const elements: LabelElement[] = [
    { kind: 'box', x, y, width: side, height: line },
    { kind: 'box', x, y: y + side - line, width: side, height: line },
    { kind: 'box', x, y, width: line, height: side },
    { kind: 'box', x: x + side - line, y, width: line, height: side },
  ];
  if (ticked) elements.push(text(x, y + 2, side, 17, 'X', 'center'));
  elements.push(text(x + side + 8, y, width - side - 8, 18, words));
  return elements;
}

interface Row {
  height: number;
  elements: (y: number) => LabelElement[];
}

/** One contents line: the description wrapped over as many lines as it takes, the figures on its first line. */
function contentsRow(line: ShipmentCustomsLine, index: number, data: LocalCustomsFormData): Row {
  const c = COLUMNS;
  const description = wrapText(line.description, c.description.width, ROW_SIZE);
  const currency = data.customs.currency;
  return {
    height: description.length * ROW_LINE + ROW_PAD,
    elements: (y) => [
      text(c.no.x, y, c.no.width, ROW_SIZE, String(index + 1)),
      ...description.map((part, i) => text(c.description.x, y + i * ROW_LINE, c.description.width, ROW_SIZE, part)),
      text(c.quantity.x, y, c.quantity.width, ROW_SIZE, String(line.quantity), 'center'),
      text(c.weight.x, y, c.weight.width, ROW_SIZE, weightWords(line.weightGrams, data.units)),
      text(c.value.x, y, c.value.width, ROW_SIZE, minorToDecimal(line.valueMinor, currency)),
      ...(line.hsCode ? [text(c.hs.x, y, c.hs.width, ROW_SIZE, line.hsCode)] : []),
      text(c.origin.x, y, c.origin.width, ROW_SIZE, line.originCountry.toUpperCase(), 'center'),
      rule(y + description.length * ROW_LINE + ROW_PAD / 2 - 1, 1),
    ],
  };
}

function tableHeader(y: number, currency: string): LabelElement[] {
  const c = COLUMNS;
  const size = 15;
  return [
    text(c.no.x, y, c.no.width, size, 'No.'),
    text(c.description.x, y, c.description.width, size, 'Detailed description of contents'),
    text(c.quantity.x, y, c.quantity.width, size, 'Qty', 'center'),
    text(c.weight.x, y, c.weight.width, size, 'Net weight'),
    text(c.value.x, y, c.value.width, size, `Value ${currency}`),
    text(c.hs.x, y, c.hs.width, size, 'HS tariff no.'),
    text(c.origin.x, y, c.origin.width, size, 'Origin', 'center'),
    rule(y + HEADER_HEIGHT - 6),
  ];
}

/**
 * The rows cut into pages: page 1 holds what fits above the form's totals, the next pages the rest. A page followed
 * by another keeps room for the note that says so; every page takes at least one row.
 */
function paginate(rows: Row[], first: { top: number; bottom: number }): Row[][] {
  const total = rows.reduce((sum, row) => sum + row.height, 0);
  if (total <= first.bottom - first.top - HEADER_HEIGHT) return [rows];
  const pages: Row[][] = [];
  let room = first.bottom - first.top - HEADER_HEIGHT - NOTE_HEIGHT;
  let page: Row[] = [];
  rows.forEach((row, index) => {
    const rest = rows.slice(index).reduce((sum, r) => sum + r.height, 0);
    // The last page needs no note: the rows that fit without one stay together.
    const last = rest <= room + NOTE_HEIGHT;
    if (page.length > 0 && row.height > room && !last) {
      pages.push(page);
      page = [];
      room = TABLE.continuation.bottom - TABLE.continuation.top - HEADER_HEIGHT - NOTE_HEIGHT;
    }
    page.push(row);
    room -= row.height;
  });
  pages.push(page);
  return pages;
}

function title(data: LocalCustomsFormData, continued: boolean): LabelElement[] {
  const name = data.form === 'cn22' ? 'CN 22' : 'CN 23';
  const invoice = data.customs.invoiceNumber.trim();
  return [
    text(MARGIN, 24, CONTENT, 36, `CUSTOMS DECLARATION ${name}${continued ? ' (continued)' : ''}`),
    text(MARGIN, 70, HALF, 18, 'Designated operator: SHIPDESK LOCAL'),
    text(RIGHT, 70, HALF, 18, 'May be opened officially'),
    text(MARGIN, 96, HALF, 18, `Item no. ${data.trackingNumber}`),
    ...(data.form === 'cn23' && invoice ? [text(RIGHT, 96, HALF, 18, `Invoice no. ${invoice}`)] : []),
    rule(124),
  ];
}

function categories(data: LocalCustomsFormData, top: number): LabelElement[] {
  const { contentsType, contentsExplanation } = data.customs;
  const third = Math.floor(CONTENT / 3);
  const elements: LabelElement[] = [text(MARGIN, top, CONTENT, 15, 'Category of item')];
  CATEGORIES.forEach(([type, words], index) => {
    const x = MARGIN + (index % 3) * third;
    const y = top + 22 + Math.floor(index / 3) * 28;
    elements.push(...tickBox(x, y, third - 8, type === contentsType, words));
  });
  if (contentsType === 'other' && contentsExplanation?.trim()) {
    elements.push(text(MARGIN, top + 22 + 56, CONTENT, 18, `Explanation: ${contentsExplanation}`));
  }
  return elements;
}

function addressBlock(x: number, top: number, heading: string, address: ShipmentAddress): LabelElement[] {
  const lines = [...addressLines(address, true), ...(address.phone ? [`Tel. ${address.phone}`] : [])];
  return [
    text(x, top, HALF, 15, heading),
    ...lines.slice(0, 7).map((line, i) => text(x, top + 22 + i * 21, HALF, 17, line)),
  ];
}

/** CN 23's additions: who sends and who receives, what to do if it cannot be delivered, the terms and the filing. */
function cn23Details(data: LocalCustomsFormData): LabelElement[] {
  const { customs } = data;
  const filing =
    customs.exportFiling === 'AES_ITN' ? `AES ITN ${customs.aesItn ?? ''}` : FILING_WORDS[customs.exportFiling];
  return [
    ...addressBlock(MARGIN, 130, 'FROM (sender)', data.from),
    ...addressBlock(RIGHT, 130, 'TO (addressee)', data.to),
    rule(304),
    ...categories(data, 310),
    rule(414),
    text(MARGIN, 422, 190, 18, 'If undeliverable:'),
    ...tickBox(MARGIN + 190, 420, 250, customs.nonDelivery === 'return', 'Return to sender'),
    ...tickBox(MARGIN + 440, 420, CONTENT - 440, customs.nonDelivery === 'abandon', 'Treat as abandoned'),
    text(MARGIN, 450, CONTENT, 18, `Terms of delivery (Incoterm): ${INCOTERM_WORDS[customs.incoterm]}`),
    text(MARGIN, 474, CONTENT, 18, `Exporter's filing: ${filing}`),
    rule(498),
  ];
}

/** The totals, the certificate, the date and who signs: the foot of page 1 of both forms. */
function closing(data: LocalCustomsFormData): LabelElement[] {
  const { customs } = data;
  const net = customs.lines.reduce((sum, line) => sum + line.weightGrams, 0);
  const value = customs.lines.reduce((sum, line) => sum + line.valueMinor, 0);
  const certificate = wrapText(CERTIFICATE, CONTENT, 15);
  return [
    rule(932),
    text(MARGIN, 940, HALF, 18, `Total net weight ${weightWords(net, data.units)}`),
    text(RIGHT, 940, HALF, 18, `Total value ${minorToDecimal(value, customs.currency)} ${customs.currency}`),
    text(MARGIN, 966, HALF, 18, `Total gross weight ${weightWords(data.grossGrams, data.units)}`),
    rule(994),
    ...certificate.map((line, i) => text(MARGIN, 1002 + i * 19, CONTENT, 15, line)),
    text(MARGIN, 1084, CONTENT, 15, "Date and sender's signature"),
    text(MARGIN, 1106, 180, 26, customs.invoiceDate),
    text(MARGIN + 200, 1106, CONTENT - 200, 26, customs.signer),
    rule(1142, 1),
  ];
}

/** Every page of the form, each a list of elements, page 1 first. */
export function localCustomsFormPages(data: LocalCustomsFormData): LabelElement[][] {
  const rows = data.customs.lines.map((line, index) => contentsRow(line, index, data));
  const first = TABLE[data.form];
  const pages = paginate(rows, first);
  const currency = data.customs.currency;
  let lineNumber = 0;
  return pages.map((page, index) => {
    const elements: LabelElement[] = [];
    const table = index === 0 ? first : TABLE.continuation;
    if (index === 0) {
      elements.push(...title(data, false));
      elements.push(...(data.form === 'cn23' ? cn23Details(data) : categories(data, 132)));
      if (data.form === 'cn22') elements.push(rule(table.top - 8));
      elements.push(...closing(data));
    } else {
      elements.push(...title(data, true));
    }
    elements.push(...tableHeader(table.top, currency));
    let y = table.top + HEADER_HEIGHT;
    for (const row of page) {
      elements.push(...row.elements(y));
      y += row.height;
    }
    const from = lineNumber + 1;
    lineNumber += page.length;
    if (index < pages.length - 1) {
      const next = `Lines ${from} to ${lineNumber} of ${rows.length}; continued on page ${index + 2}`;
      elements.push(text(MARGIN, y + 4, CONTENT, 16, next));
    }
    const pageWords = `Page ${index + 1} of ${pages.length}`;
    elements.push(text(MARGIN, LABEL_HEIGHT_DOTS - 40, CONTENT, 18, pageWords, 'center'));
    return elements;
  });
}
