import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { LabelRequest, ShipmentAddress, ShipmentCustoms, ShipmentCustomsLine } from '../carrier-types.ts';
import { createLocalAdapter } from './local-adapter.ts';
import { APPROXIMATE_SDR_PER_CURRENCY_UNIT, localCustomsForm, valueInSdr } from './local-customs-form.ts';
import { pdfPageTexts, pdfTexts } from './local-pdf-test-text.ts';

const address = (overrides: Partial<ShipmentAddress> = {}): ShipmentAddress => ({
  name: 'Acme Outdoor Supply',
  company: 'Acme Inc.',
  street1: '12 Warehouse Way',
  street2: null,
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
  phone: '+1 503 555 0100',
  email: null,
  residential: false,
  ...overrides,
});

const line = (overrides: Partial<ShipmentCustomsLine> = {}): ShipmentCustomsLine => ({
  sku: 'TEE-1',
  description: 'Cotton T-shirt',
  hsCode: '610910',
  originCountry: 'PT',
  quantity: 2,
  valueMinor: 2500,
  weightGrams: 300,
  ...overrides,
});

const customs = (overrides: Partial<ShipmentCustoms> = {}): ShipmentCustoms => ({
  contentsType: 'merchandise',
  contentsExplanation: null,
  nonDelivery: 'return',
  incoterm: 'DAP',
  invoiceNumber: 'INV-1001',
  invoiceDate: '2026-11-25',
  exportFiling: 'NOEEI_30_37_a',
  aesItn: null,
  currency: 'USD',
  signer: 'Dana Whitfield',
  lines: [line(), line({ sku: 'MUG-1', description: 'Ceramic mug', hsCode: null, originCountry: 'CN', quantity: 1 })],
  ...overrides,
});

const request = (overrides: Partial<LabelRequest> = {}): LabelRequest => ({
  from: address(),
  to: address({
    name: 'Émilie Tremblay',
    company: null,
    street1: '350 Rue Sainte-Catherine O',
    city: 'Montréal',
    state: 'QC',
    postalCode: 'H3B 1A7',
    country: 'CA',
    phone: '+1 514 555 0199',
  }),
  parcel: { weightGrams: 900, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' },
  shipDate: '2026-11-25',
  reference: '#1001',
  serviceCode: 'LOCAL_COURIER',
  format: 'pdf',
  idempotencyKey: 'customs-key-1',
  units: 'metric',
  customs: customs(),
  ...overrides,
});

const adapter = createLocalAdapter();

/** The form bought with `overrides`: which one, its PDF, and its texts page by page. */
async function boughtForm(overrides: Partial<LabelRequest> = {}) {
  const label = await adapter.buyLabel(request(overrides));
  expect(label.forms?.document?.contentType).toBe('application/pdf');
  const bytes = label.forms!.document!.bytes;
  return { label, form: label.forms!.form, bytes, pages: await pdfPageTexts(bytes) };
}

/** Whether the tick box before `words` holds an X (the X is drawn just before the box's words). */
const ticked = (texts: string[], words: string) => texts[texts.indexOf(words) - 1] === 'X';

describe('built-in carrier customs form: which one', () => {
  const lines = (valueMinor: number) => [{ valueMinor }];

  it('is a CN 22 up to 300 SDR and 2 kg, a CN 23 above either', () => {
    const rate = APPROXIMATE_SDR_PER_CURRENCY_UNIT.USD!;
    const most = Math.floor((300 / rate) * 100);
    expect(localCustomsForm({ currency: 'USD', lines: lines(most) }, 2000)).toBe('cn22');
    expect(localCustomsForm({ currency: 'USD', lines: [{ valueMinor: most - 100 }, { valueMinor: 101 }] }, 2000)).toBe(
      'cn23',
    );
    expect(localCustomsForm({ currency: 'USD', lines: lines(most) }, 2001)).toBe('cn23');
    expect(localCustomsForm({ currency: 'USD', lines: lines(1000) }, 50)).toBe('cn22');
  });

  it("converts with the currency's own decimals and rate", () => {
    // 40,000 yen (no decimals) is some 200 SDR; 400.00 dollars some 294; 400.00 pounds some 396.
    expect(valueInSdr(40_000, 'JPY')).toBeCloseTo(200, 0);
    expect(localCustomsForm({ currency: 'JPY', lines: lines(40_000) }, 500)).toBe('cn22');
    expect(localCustomsForm({ currency: 'USD', lines: lines(40_000) }, 500)).toBe('cn22');
    expect(localCustomsForm({ currency: 'GBP', lines: lines(40_000) }, 500)).toBe('cn23');
    expect(localCustomsForm({ currency: 'eur', lines: lines(30_000) }, 500)).toBe('cn22');
  });

  it('is a CN 23 for a currency without a rate, and follows the rates it is given', () => {
    expect(valueInSdr(100, 'XYZ')).toBeNull();
    expect(localCustomsForm({ currency: 'XYZ', lines: lines(100) }, 100)).toBe('cn23');
    expect(localCustomsForm({ currency: 'XYZ', lines: lines(100) }, 100, { XYZ: 1 })).toBe('cn22');
    expect(localCustomsForm({ currency: 'USD', lines: lines(100) }, 100, { USD: 10 })).toBe('cn22');
    expect(localCustomsForm({ currency: 'USD', lines: lines(10_000) }, 100, { USD: 10 })).toBe('cn23');
  });
});

describe('built-in carrier customs form: the pages', () => {
  it('prints a CN 22 of one 4x6 page: category, lines, totals, date and signer', async () => {
    const { form, bytes, pages, label } = await boughtForm();
    expect(form).toBe('cn22');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const texts = pages[0]!;
    expect(texts).toContain('CUSTOMS DECLARATION CN 22');
    expect(texts).toContain(`Item no. ${label.trackingNumber}`);
    expect(ticked(texts, 'Sale of goods')).toBe(true);
    expect(ticked(texts, 'Gift')).toBe(false);
    // Line 1, then line 2 (no HS code: an empty cell), in the tenant's units and the currency's decimals.
    const first = texts.indexOf('Cotton T-shirt');
    expect(texts.slice(first - 1, first + 6)).toEqual(['1', 'Cotton T-shirt', '2', '300 g', '25.00', '610910', 'PT']);
    const second = texts.indexOf('Ceramic mug');
    // No HS code: an empty cell.
    expect(texts.slice(second - 1, second + 5)).toEqual(['2', 'Ceramic mug', '1', '300 g', '25.00', 'CN']);
    expect(texts).toContain('Value USD');
    expect(texts).toContain('Total value 50.00 USD');
    expect(texts).toContain('Total net weight 600 g');
    expect(texts).toContain('Total gross weight 900 g');
    expect(texts).toContain('2026-11-25');
    expect(texts).toContain('Dana Whitfield');
    expect(texts.join(' ')).toContain('certify that the particulars given in this declaration are correct');
    expect(texts).toContain('Page 1 of 1');
    // CN 22 has no address blocks.
    expect(texts).not.toContain('TO (addressee)');
  });

  it('words weights in imperial units and values without decimals in yen, and an "Other" with its explanation', async () => {
    const { pages } = await boughtForm({
      units: 'imperial',
      customs: customs({
        currency: 'JPY',
        contentsType: 'other',
        contentsExplanation: 'Spare parts',
        lines: [line({ valueMinor: 4500, weightGrams: 1250 })],
      }),
    });
    const texts = pages[0]!;
    expect(ticked(texts, 'Other')).toBe(true);
    expect(ticked(texts, 'Sale of goods')).toBe(false);
    expect(texts).toContain('Explanation: Spare parts');
    expect(texts).toContain('2 lb 12.1 oz');
    expect(texts).toContain('4500');
    expect(texts).toContain('Total value 4500 JPY');
  });

  it('prints a CN 23 with sender, addressee, invoice, non-delivery, incoterm and filing', async () => {
    const { form, pages } = await boughtForm({
      parcel: { weightGrams: 2500, lengthIn: 10, widthIn: 8, heightIn: 4, packageType: 'PACKAGE' },
      customs: customs({ nonDelivery: 'abandon', exportFiling: 'AES_ITN', aesItn: 'X20261202123456' }),
    });
    expect(form).toBe('cn23');
    expect(pages).toHaveLength(1);
    const texts = pages[0]!;
    expect(texts).toContain('CUSTOMS DECLARATION CN 23');
    expect(texts).toContain('Invoice no. INV-1001');
    const from = texts.indexOf('FROM (sender)');
    expect(texts.slice(from, from + 7)).toEqual([
      'FROM (sender)',
      'Acme Outdoor Supply',
      'Acme Inc.',
      '12 Warehouse Way',
      'Portland, OR 97201',
      'UNITED STATES',
      'Tel. +1 503 555 0100',
    ]);
    const to = texts.indexOf('TO (addressee)');
    expect(texts.slice(to, to + 6)).toEqual([
      'TO (addressee)',
      'Émilie Tremblay',
      '350 Rue Sainte-Catherine O',
      'Montréal, QC H3B 1A7',
      'CANADA',
      'Tel. +1 514 555 0199',
    ]);
    expect(ticked(texts, 'Treat as abandoned')).toBe(true);
    expect(ticked(texts, 'Return to sender')).toBe(false);
    expect(texts).toContain('Terms of delivery (Incoterm): DAP: duties and taxes paid by the addressee');
    expect(texts).toContain("Exporter's filing: AES ITN X20261202123456");
    expect(texts).toContain('Total gross weight 2.5 kg');
    expect(texts).toContain('Dana Whitfield');
    expect(texts).toContain('Page 1 of 1');
  });

  it('words the exemption legend and the return, and is a CN 23 for a currency without a rate', async () => {
    const { form, pages } = await boughtForm({ customs: customs({ currency: 'XAF' }) });
    expect(form).toBe('cn23');
    expect(pages[0]).toContain("Exporter's filing: NO EEI 30.37(a)");
    expect(ticked(pages[0]!, 'Return to sender')).toBe(true);
    expect(pages[0]).toContain('Total value 5000 XAF');
  });

  it('continues a CN 23 on more pages until every line is printed, each page numbered', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      line({
        sku: `SKU-${i + 1}`,
        description:
          i % 3 === 0
            ? `Hand-knitted merino wool scarf with fringed ends, pattern number ${i + 1}, in a gift box`
            : `Item number ${i + 1}`,
        valueMinor: 1000 + i,
        weightGrams: 10,
      }),
    );
    const { form, pages, bytes } = await boughtForm({ customs: customs({ lines: many }) });
    expect(form).toBe('cn23');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect((await PDFDocument.load(bytes)).getPage(pages.length - 1).getSize()).toEqual({ width: 288, height: 432 });
    const m = pages.length;
    pages.forEach((texts, index) => {
      expect(texts).toContain(`Page ${index + 1} of ${m}`);
      if (index > 0) expect(texts).toContain('CUSTOMS DECLARATION CN 23 (continued)');
      if (index < m - 1) expect(texts.some((t) => t.endsWith(`continued on page ${index + 2}`))).toBe(true);
    });
    // The addressee, the totals and the signature are on page 1 only.
    expect(pages[0]).toContain('TO (addressee)');
    expect(pages[0]).toContain('Total value 617.70 USD');
    expect(pages[1]).not.toContain('TO (addressee)');
    // Every line once, in order, across the pages.
    const all = pages.flat();
    const values = all.filter((t) => /^10\.\d\d$/.test(t));
    expect(values).toEqual(
      many.map((l) => `${Math.floor(l.valueMinor / 100)}.${String(l.valueMinor % 100).padStart(2, '0')}`),
    );
    for (const l of many.filter((_, i) => i % 3 !== 0)) expect(all.filter((t) => t === l.description)).toHaveLength(1);
    // The long descriptions wrap over lines instead of being cut.
    expect(all.join(' ')).toContain('pattern number 58, in a gift box');
    expect(all.some((t) => t.endsWith('...'))).toBe(false);
    expect(pages[0]!.find((t) => t.startsWith('Lines 1 to'))).toMatch(/^Lines 1 to \d+ of 60; continued on page 2$/);
  });
});

describe('built-in carrier labels with customs', () => {
  it('returns the form beside a ZPL label, as a PDF, and the same form again when found', async () => {
    const label = await adapter.buyLabel(request({ format: 'zpl' }));
    expect(label.contentType).toBe('text/plain');
    expect(new TextDecoder().decode(label.document).startsWith('^XA')).toBe(true);
    expect(label.forms?.form).toBe('cn22');
    expect(Buffer.from(label.forms!.document!.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(adapter.findLabel(request({ format: 'zpl' }))).resolves.toEqual(label);
  });

  it('keeps the label a label: the customs page is its own document', async () => {
    const label = await adapter.buyLabel(request());
    expect(pdfTexts(label.document)).not.toContain('CUSTOMS DECLARATION CN 22');
    expect(pdfTexts(label.forms!.document!.bytes)).toContain('CUSTOMS DECLARATION CN 22');
  });

  it('returns no forms without a declaration', async () => {
    const none = await adapter.buyLabel(request({ customs: null }));
    expect(none.forms).toBeUndefined();
    const absent = await adapter.buyLabel(request({ customs: undefined }));
    expect(absent.forms).toBeUndefined();
  });
});
