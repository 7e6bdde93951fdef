import { describe, expect, it } from 'vitest';
import { commercialInvoicePdf, fedexCustomsRefusal, isInternational } from './fake-fedex-customs.ts';
import type { FedexCustomsClearanceDetail, FedexShipRequest } from './fake-fedex-wire.ts';

type Shipment = NonNullable<FedexShipRequest['requestedShipment']>;

const error = (reply: ReturnType<typeof fedexCustomsRefusal>) =>
  (reply?.body as { errors: Array<{ code: string; message: string }> } | undefined)?.errors[0];

const CUSTOMS: FedexCustomsClearanceDetail = {
  commercialInvoice: {
    shipmentPurpose: 'SOLD',
    termsOfSale: 'DAP',
    customerReferences: [{ customerReferenceType: 'INVOICE_NUMBER', value: 'INV-7' }],
  },
  commodities: [
    {
      description: 'Ceramic coffee mug',
      countryOfManufacture: 'CN',
      harmonizedCode: '691200',
      quantity: 2,
      quantityUnits: 'EA',
      customsValue: { amount: 24.1, currency: 'USD' },
      weight: { units: 'LB', value: 1.77 },
      partNumber: 'MUG-1',
    },
    {
      description: 'Cotton T-shirt',
      countryOfManufacture: 'US',
      quantity: 3,
      quantityUnits: 'EA',
      customsValue: { amount: 50.2, currency: 'USD' },
    },
  ],
  dutiesPayment: { paymentType: 'RECIPIENT' },
  totalCustomsValue: { amount: 74.3, currency: 'USD' },
};

function shipment(customs: FedexCustomsClearanceDetail | undefined, to = 'CA'): Shipment {
  return {
    shipper: { contact: { companyName: 'Acme Outdoor' }, address: { city: 'Seattle', countryCode: 'US' } },
    recipients: [{ contact: { personName: 'Emile' }, address: { city: 'Toronto', countryCode: to } }],
    customsClearanceDetail: customs,
  };
}

const withCommodity = (change: object) => ({
  ...CUSTOMS,
  commodities: [{ ...CUSTOMS.commodities![0]!, ...change }, CUSTOMS.commodities![1]!],
});

describe('fake FedEx customs', () => {
  it('refuses an international shipment without customs, and lets a domestic one through', () => {
    expect(isInternational(shipment(undefined))).toBe(true);
    const refused = fedexCustomsRefusal(shipment(undefined), undefined);
    expect(refused?.status).toBe(400);
    expect(error(refused)).toEqual({
      code: 'CUSTOMSCLEARANCEDETAIL.REQUIRED',
      message: 'Customs clearance detail is required for international shipments. Please update and try again.',
    });
    expect(fedexCustomsRefusal(shipment(undefined, 'US'), undefined)).toBeNull();
    // Totals that add up in cents even where floating point does not (24.1 + 50.2 = 74.30000000000001).
    expect(fedexCustomsRefusal(shipment(CUSTOMS), undefined)).toBeNull();
  });

  it('refuses what FedEx refuses in a declaration, with its codes', () => {
    const codeOf = (customs: FedexCustomsClearanceDetail) => error(fedexCustomsRefusal(shipment(customs), '740561073'));
    expect(codeOf({ ...CUSTOMS, commodities: [] })?.code).toBe('COMMODITIES.REQUIRED');
    expect(codeOf(withCommodity({ countryOfManufacture: undefined }))).toEqual({
      code: 'COMMODITY.COUNTRYOFMANUFACTURE.REQUIRED',
      message: 'Country of manufacture is required for commodity 1. Please update and try again.',
    });
    expect(codeOf(withCommodity({ customsValue: { amount: 0, currency: 'USD' } }))?.code).toBe(
      'COMMODITY.CUSTOMSVALUE.INVALID',
    );
    expect(codeOf(withCommodity({ harmonizedCode: '69120' }))?.code).toBe('COMMODITY.HARMONIZEDCODE.INVALID');
    expect(codeOf(withCommodity({ harmonizedCode: '6912.00' }))?.code).toBe('COMMODITY.HARMONIZEDCODE.INVALID');
    expect(codeOf(withCommodity({ harmonizedCode: '691200000000001' }))?.code).toBe('COMMODITY.HARMONIZEDCODE.INVALID');
    expect(codeOf(withCommodity({ harmonizedCode: '69120000000000' }))).toBeUndefined();
    expect(codeOf({ ...CUSTOMS, totalCustomsValue: { amount: 74, currency: 'USD' } })?.code).toBe(
      'TOTALCUSTOMSVALUE.MISMATCH',
    );
    expect(codeOf({ ...CUSTOMS, dutiesPayment: { paymentType: 'SENDER' } })?.code).toBe(
      'DUTIESPAYMENT.PAYOR.ACCOUNTNUMBER.INVALID',
    );
    const ddp = { paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: '740561073' } } } };
    expect(codeOf({ ...CUSTOMS, dutiesPayment: ddp })).toBeUndefined();
    const etdWithoutDetail = {
      ...shipment(CUSTOMS),
      shipmentSpecialServices: { specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'] },
    };
    expect(error(fedexCustomsRefusal(etdWithoutDetail, undefined))?.code).toBe('ETDDETAIL.REQUIRED');
  });

  it('draws the commercial invoice as a one-page PDF listing the commodities', () => {
    const pdf = commercialInvoicePdf(shipment(CUSTOMS), '794612345678', '2026-06-02', CUSTOMS).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('/Count 1');
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
    expect(pdf).toContain('COMMERCIAL INVOICE');
    expect(pdf).toContain('Invoice number INV-7');
    expect(pdf).toContain('2  Ceramic coffee mug \\(MUG-1\\)  691200  CN  1.77 LB  -  24.10 USD');
    expect(pdf).toContain('3  Cotton T-shirt  -  US');
    expect(pdf).toContain('TOTAL 74.30 USD');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
