import { describe, expect, it } from 'vitest';
import { crossesCustoms, customsRefusal, invoiceForm } from './fake-ups-customs.ts';
import type { UpsInternationalForms, UpsProduct, UpsShipmentBody } from './fake-ups-wire.ts';

const address = (CountryCode: string, StateProvinceCode?: string) => ({
  Name: 'Party',
  Address: { AddressLine: ['1 Main St'], City: 'City', PostalCode: '12345', CountryCode, StateProvinceCode },
});

const PRODUCT: UpsProduct = {
  Description: ['Ceramic coffee mug'],
  Unit: { Number: '3', Value: '12.00', UnitOfMeasurement: { Code: 'PCS' } },
  CommodityCode: '691200',
  OriginCountryCode: 'PT',
  PartNumber: 'MUG-1',
  ProductWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '2.7' },
};

const FORMS: UpsInternationalForms = {
  FormType: ['01'],
  InvoiceNumber: 'INV-1001',
  InvoiceDate: '20261202',
  TermsOfShipment: 'DAP',
  ReasonForExport: 'SALE',
  CurrencyCode: 'USD',
  Contacts: { SoldTo: address('CA', 'ON') },
  OverridePaperlessIndicator: 'Y',
  Product: [PRODUCT],
};

function shipment(forms: UpsInternationalForms | null, overrides: Partial<UpsShipmentBody> = {}): UpsShipmentBody {
  return {
    Description: 'Ceramic coffee mug',
    Shipper: address('US', 'GA'),
    ShipFrom: address('US', 'GA'),
    ShipTo: address('CA', 'ON'),
    ...(forms ? { ShipmentServiceOptions: { InternationalForms: forms } } : {}),
    ...overrides,
  };
}

const withProduct = (product: Partial<UpsProduct>) => shipment({ ...FORMS, Product: [{ ...PRODUCT, ...product }] });

describe('the fake UPS customs', () => {
  it('knows which shipments cross a customs border', () => {
    expect(crossesCustoms(shipment(null))).toBe(true);
    expect(crossesCustoms(shipment(null, { ShipTo: address('US', 'MD') }))).toBe(false);
    expect(crossesCustoms(shipment(null, { ShipTo: address('US', 'AE') }))).toBe(true);
    expect(crossesCustoms(shipment(null, { ShipTo: address('US', 'GU') }))).toBe(true);
    expect(crossesCustoms(shipment(null, { ShipFrom: undefined }))).toBe(true);
  });

  it('accepts a complete invoice, and a domestic shipment without one', () => {
    expect(customsRefusal(shipment(FORMS))).toBeNull();
    expect(customsRefusal(shipment(null, { ShipTo: address('US', 'MD'), Description: undefined }))).toBeNull();
    expect(customsRefusal(withProduct({ CommodityCode: undefined }))).toBeNull();
  });

  it('refuses what UPS refuses, with a code and its words', () => {
    const refusals: Array<[UpsShipmentBody, string, RegExp]> = [
      [shipment(null), '120449', /International Forms are required/],
      [shipment(null, { ShipTo: address('US', 'AP') }), '120449', /International Forms are required/],
      [shipment(FORMS, { Description: ' ' }), '120214', /Shipment Description is required/],
      [shipment({ ...FORMS, Product: [] }), '120451', /At least one Product/],
      [shipment({ ...FORMS, InvoiceNumber: undefined }), '120453', /InvoiceNumber/],
      [shipment({ ...FORMS, Contacts: {} }), '120457', /SoldTo is required/],
      [withProduct({ OriginCountryCode: undefined }), '120462', /^Product 1: .*OriginCountryCode/],
      [withProduct({ CommodityCode: '69120' }), '120463', /CommodityCode: it must be 6 to 15 digits/],
      [withProduct({ CommodityCode: '6912AB' }), '120463', /CommodityCode/],
      [withProduct({ CommodityCode: '1234567890123456' }), '120463', /CommodityCode/],
      [withProduct({ Unit: { ...PRODUCT.Unit, Value: '0.00' } }), '120465', /greater than zero/],
      [withProduct({ Unit: { ...PRODUCT.Unit, Value: '-1' } }), '120465', /greater than zero/],
      [withProduct({ Description: ['x'.repeat(36)] }), '120461', /Description/],
      [withProduct({ Description: ['a', 'b', 'c', 'd'] }), '120461', /Description/],
      [
        shipment({ ...FORMS, EEIFilingOption: { Code: '1', ShipperFiled: { Code: 'A' } } }),
        '120471',
        /PreDepartureITNNumber/,
      ],
    ];
    for (const [body, code, message] of refusals) {
      const refusal = customsRefusal(body);
      expect(refusal?.code).toBe(code);
      expect(refusal?.message).toMatch(message);
    }
    const filed = { Code: '1', ShipperFiled: { Code: 'A', PreDepartureITNNumber: 'X20261202123456' } };
    expect(customsRefusal(shipment({ ...FORMS, EEIFilingOption: filed }))).toBeNull();
  });

  it('answers the invoice as a one-page PDF listing the products, unless a paperless account is not asked for one', () => {
    const content = { trackingNumber: '1Z1A2B3C1110000002', shipper: ['Shipdesk Demo'] };
    const form = invoiceForm(shipment(FORMS), content, false)!;
    expect(form).toMatchObject({ Code: '01', Image: { ImageFormat: { Code: 'PDF' } } });
    expect(form.FormGroupId).toHaveLength(26);
    const pdf = Buffer.from(form.Image.GraphicImage, 'base64').toString('latin1');
    expect(pdf).toMatch(/^%PDF-1\.4\n[\s\S]*\/Count 1[\s\S]*%%EOF\n$/);
    expect(pdf).toContain('INVOICE INV-1001');
    expect(pdf).toContain('3 x Ceramic coffee mug');
    expect(pdf).toContain('TOTAL 36.00 USD');

    expect(invoiceForm(shipment(FORMS), content, true)).toBeDefined();
    const paperless = shipment({ ...FORMS, OverridePaperlessIndicator: undefined });
    expect(invoiceForm(paperless, content, true)).toBeUndefined();
    expect(invoiceForm(paperless, content, false)).toBeDefined();
    expect(invoiceForm(shipment(null), content, false)).toBeUndefined();
  });
});
