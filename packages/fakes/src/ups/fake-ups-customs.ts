import { createHash } from 'node:crypto';
import { labelPdf } from '../usps/fake-usps-documents.ts';
import type { UpsInternationalForms, UpsProduct, UpsShipmentBody } from './fake-ups-wire.ts';

/**
 * Customs in the fake UPS's Shipping API (integrations-shipping.md section 1.2): a shipment that crosses a customs
 * border must carry a Description and a commercial invoice (`ShipmentServiceOptions.InternationalForms`, FormType 01)
 * whose fields the fake checks as UPS documents them, and an accepted one answers the invoice as a one-page PDF in
 * `ShipmentResults.Form`. The error codes are the fake's own, in UPS's style; the messages say what UPS's say.
 * Stricter than UPS in one respect, on purpose: UPS lets a shipper print their own invoice, the fake refuses an
 * international shipment without one, so that a client that forgets the declaration is caught.
 */

/** US "states" whose parcels cross a customs border: military (AA, AE, AP), territories and freely associated states. */
const US_CUSTOMS_STATES = new Set(['AA', 'AE', 'AP', 'AS', 'GU', 'MP', 'VI', 'FM', 'MH', 'PW']);
const INVOICE = '01';
const MAX_PRODUCTS = 50;

interface Refusal {
  code: string;
  message: string;
}

const list = <T>(value: T[] | T | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Whether the shipment crosses a customs border: another country, or a US military or customs-territory address. */
export function crossesCustoms(shipment: UpsShipmentBody): boolean {
  const from = (shipment.ShipFrom ?? shipment.Shipper)?.Address?.CountryCode?.toUpperCase() ?? '';
  const to = shipment.ShipTo?.Address;
  const country = to?.CountryCode?.toUpperCase() ?? '';
  if (from !== country) return true;
  return country === 'US' && US_CUSTOMS_STATES.has(to?.StateProvinceCode?.toUpperCase() ?? '');
}

const internationalForms = (shipment: UpsShipmentBody): UpsInternationalForms | undefined =>
  shipment.ShipmentServiceOptions?.InternationalForms;

function productRefusal(product: UpsProduct, index: number): Refusal | null {
  const at = `Product ${index + 1}`;
  const description = list(product.Description);
  if (description.length < 1 || description.length > 3 || description.some((d) => !d?.trim() || d.length > 35)) {
    return { code: '120461', message: `${at}: Missing or invalid Product Description (1 to 3 lines of 35 characters)` };
  }
  const origin = product.OriginCountryCode;
  if (typeof origin !== 'string' || !/^[A-Z]{2}$/.test(origin)) {
    return { code: '120462', message: `${at}: Missing or invalid Product OriginCountryCode` };
  }
  const commodity = product.CommodityCode;
  if (commodity !== undefined && (typeof commodity !== 'string' || !/^\d{6,15}$/.test(commodity))) {
    return { code: '120463', message: `${at}: Invalid CommodityCode: it must be 6 to 15 digits` };
  }
  const number = product.Unit?.Number;
  if (typeof number !== 'string' || !/^\d{1,7}$/.test(number) || Number(number) < 1) {
    return { code: '120464', message: `${at}: Missing or invalid Unit Number` };
  }
  const value = product.Unit?.Value;
  if (typeof value !== 'string' || !/^\d+(\.\d{1,6})?$/.test(value) || value.length > 19 || Number(value) <= 0) {
    return { code: '120465', message: `${at}: Invalid Unit Value: the amount should be greater than zero` };
  }
  if (!product.Unit?.UnitOfMeasurement?.Code) {
    return { code: '120466', message: `${at}: Missing Unit UnitOfMeasurement Code` };
  }
  const weight = product.ProductWeight;
  if (
    weight &&
    (!/^\d{1,4}(\.\d)?$/.test(String(weight.Weight)) || !['LBS', 'KGS'].includes(weight.UnitOfMeasurement?.Code ?? ''))
  ) {
    return {
      code: '120467',
      message: `${at}: Invalid ProductWeight: up to 5 characters with one decimal, in LBS or KGS`,
    };
  }
  return null;
}

/** Why UPS refuses the invoice's own fields, or null. */
function invoiceRefusal(forms: UpsInternationalForms): Refusal | null {
  const types = list(forms.FormType);
  if (types.length === 0) return { code: '120450', message: 'Missing International Forms FormType' };
  const products = list(forms.Product);
  if (products.length === 0)
    return { code: '120451', message: 'At least one Product is required for International Forms' };
  if (products.length > MAX_PRODUCTS)
    return { code: '120452', message: `At most ${MAX_PRODUCTS} Products are allowed` };
  if (types.includes(INVOICE)) {
    if (!forms.InvoiceNumber?.trim() || forms.InvoiceNumber.length > 35) {
      return { code: '120453', message: 'Missing or invalid InvoiceNumber: it is required for the Invoice form' };
    }
    if (!/^\d{8}$/.test(forms.InvoiceDate ?? '')) {
      return { code: '120454', message: 'Missing or invalid InvoiceDate: the format is yyyyMMdd' };
    }
    if (!forms.ReasonForExport?.trim() || forms.ReasonForExport.length > 20) {
      return { code: '120455', message: 'Missing or invalid ReasonForExport: it is required for the Invoice form' };
    }
    if (!/^[A-Z]{3}$/.test(forms.CurrencyCode ?? '')) {
      return { code: '120456', message: 'Missing or invalid CurrencyCode for the Invoice form' };
    }
    const soldTo = forms.Contacts?.SoldTo;
    if (!soldTo?.Name || !soldTo.Address?.CountryCode || !soldTo.Address.City || !soldTo.Address.AddressLine?.length) {
      return {
        code: '120457',
        message: 'SoldTo is required for the Invoice form (Name, AddressLine, City, CountryCode)',
      };
    }
  }
  if (forms.TermsOfShipment !== undefined && !/^[A-Z]{3}$/.test(forms.TermsOfShipment)) {
    return { code: '120458', message: `Invalid TermsOfShipment ${forms.TermsOfShipment}` };
  }
  const filing = forms.EEIFilingOption;
  if (filing) {
    if (!['1', '2', '3'].includes(filing.Code ?? ''))
      return { code: '120470', message: 'Invalid EEIFilingOption Code' };
    // The fake takes an ITN as the Census Bureau writes it (X and 14 digits); UPS's 17-character length is unconfirmed.
    const shipper = filing.ShipperFiled;
    if (filing.Code === '1' && shipper?.Code === 'A' && !/^X\d{14}$/.test(shipper.PreDepartureITNNumber ?? '')) {
      return { code: '120471', message: 'Missing or invalid PreDepartureITNNumber for Shipper Filed option A' };
    }
  }
  for (const [index, product] of products.entries()) {
    const refusal = productRefusal(product, index);
    if (refusal) return refusal;
  }
  return null;
}

/** Why UPS refuses the shipment's customs, or null. */
export function customsRefusal(shipment: UpsShipmentBody): Refusal | null {
  const forms = internationalForms(shipment);
  if (crossesCustoms(shipment)) {
    if (!shipment.Description?.trim()) {
      return { code: '120214', message: 'Shipment Description is required for this shipment.' };
    }
    if (!forms) {
      return {
        code: '120449',
        message: 'International Forms are required for this shipment: an Invoice (FormType 01) with its Products',
      };
    }
  }
  return forms ? invoiceRefusal(forms) : null;
}

interface InvoiceContent {
  trackingNumber: string;
  shipper: readonly string[];
}

/** The commercial invoice as UPS prints it, one 4x6 page: the invoice's fields, the buyer and each product. */
function invoicePdf(forms: UpsInternationalForms, content: InvoiceContent): Buffer {
  const soldTo = forms.Contacts?.SoldTo;
  const products = list(forms.Product);
  const shown = products.slice(0, 12);
  const currency = forms.CurrencyCode ?? '';
  const total = products.reduce((sum, p) => sum + Number(p.Unit?.Number) * Number(p.Unit?.Value), 0);
  return labelPdf([
    'UPS COMMERCIAL INVOICE',
    `INVOICE ${forms.InvoiceNumber ?? ''}  DATE ${forms.InvoiceDate ?? ''}`,
    `TRACKING # ${content.trackingNumber}`,
    `TERMS ${forms.TermsOfShipment ?? '-'}  REASON ${forms.ReasonForExport ?? ''}`,
    `SHIPPER: ${content.shipper.filter(Boolean).join(', ')}`,
    `SOLD TO: ${soldTo?.Name ?? ''}, ${soldTo?.Address?.City ?? ''} ${soldTo?.Address?.CountryCode ?? ''}`,
    '',
    ...shown.map((p) => {
      const hs = typeof p.CommodityCode === 'string' ? ` HS ${p.CommodityCode}` : '';
      return `${String(p.Unit?.Number)} x ${list(p.Description).join(' ')} (${p.OriginCountryCode ?? ''}${hs}) @ ${String(p.Unit?.Value)}`;
    }),
    ...(products.length > shown.length ? [`... and ${products.length - shown.length} more products`] : []),
    `TOTAL ${total.toFixed(2)} ${currency}`,
    ...(forms.Comments ? [forms.Comments] : []),
    (forms.DeclarationStatement ?? '').slice(0, 60),
  ]);
}

/**
 * The answer's `ShipmentResults.Form`: every requested form in one PDF. A paperless account (`paperless`) sends the
 * invoice to customs itself and answers no copy unless the request asks for one (OverridePaperlessIndicator).
 */
export function invoiceForm(shipment: UpsShipmentBody, content: InvoiceContent, paperless: boolean) {
  const forms = internationalForms(shipment);
  if (!forms) return undefined;
  if (paperless && forms.OverridePaperlessIndicator === undefined) return undefined;
  const groupId = createHash('sha256').update(content.trackingNumber).digest('hex').slice(0, 26).toUpperCase();
  return {
    Code: '01' as const,
    Description: 'All Requested International Forms',
    Image: { ImageFormat: { Code: 'PDF' }, GraphicImage: invoicePdf(forms, content).toString('base64') },
    FormGroupId: groupId,
  };
}
