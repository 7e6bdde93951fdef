import { randomBytes } from 'node:crypto';
import type { FakeReply } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';
import { fakeTextPdf } from './fake-label-documents.ts';
import type { FedexCommodity, FedexCustomsClearanceDetail, FedexParty, FedexShipRequest } from './fake-fedex-wire.ts';

/**
 * The customs of the fake FedEx's international shipments (integrations-shipping.md section 1.3): a shipment whose
 * recipient is in another country than its shipper needs `customsClearanceDetail`, and what it declares is checked
 * as FedEx refuses it (commodities with their country of manufacture, a value, an HS code of 6 to 14 digits, a total
 * that adds up). An accepted one gets the commercial invoice it asked for as a one-page PDF listing the commodities,
 * and Electronic Trade Documents are echoed in `completedEtdDetail`.
 */

type RequestedShipment = NonNullable<FedexShipRequest['requestedShipment']>;

const SHIPMENT_PURPOSES = new Set(['GIFT', 'NOT_SOLD', 'PERSONAL_EFFECTS', 'REPAIR_AND_RETURN', 'SAMPLE', 'SOLD']);
const DUTIES_PAYMENT_TYPES = new Set(['SENDER', 'RECIPIENT', 'THIRD_PARTY', 'COLLECT']);
const HARMONIZED_CODE = /^\d{6,14}$/;

const refuse = (code: string, message: string) => fedexError(400, code, message);

/** Whether the shipment leaves the shipper's country. */
export function isInternational(shipment: RequestedShipment): boolean {
  const from = shipment.shipper?.address?.countryCode ?? 'US';
  const to = shipment.recipients?.[0]?.address?.countryCode ?? from;
  return from.toUpperCase() !== to.toUpperCase();
}

/** Cents of a FedEx amount, so that totals compare without floating-point noise. */
const cents = (amount: number | undefined) => Math.round((amount ?? 0) * 100);

function commodityRefusal(commodity: FedexCommodity, index: number): FakeReply | null {
  const which = `commodity ${index + 1}`;
  if (!commodity.description?.trim()) {
    return refuse('COMMODITY.DESCRIPTION.REQUIRED', `Commodity description is required for ${which}.`);
  }
  if (!/^[A-Z]{2}$/.test(commodity.countryOfManufacture ?? '')) {
    return refuse(
      'COMMODITY.COUNTRYOFMANUFACTURE.REQUIRED',
      `Country of manufacture is required for ${which}. Please update and try again.`,
    );
  }
  if (commodity.harmonizedCode !== undefined && !HARMONIZED_CODE.test(commodity.harmonizedCode)) {
    return refuse(
      'COMMODITY.HARMONIZEDCODE.INVALID',
      `Harmonized code of ${which} is invalid. It must be 6 to 14 digits.`,
    );
  }
  if (!(cents(commodity.customsValue?.amount) > 0)) {
    return refuse('COMMODITY.CUSTOMSVALUE.INVALID', `Customs value of ${which} must be greater than zero.`);
  }
  if (!Number.isInteger(commodity.quantity) || commodity.quantity! < 1) {
    return refuse('COMMODITY.QUANTITY.INVALID', `Quantity of ${which} must be a whole number of at least 1.`);
  }
  return null;
}

/** The refusal of a shipment's customs, or null: what FedEx checks before it ships across a border. */
export function fedexCustomsRefusal(shipment: RequestedShipment, accountNumber: string | undefined): FakeReply | null {
  const customs = shipment.customsClearanceDetail;
  if (!customs) {
    if (!isInternational(shipment)) return null;
    return refuse(
      'CUSTOMSCLEARANCEDETAIL.REQUIRED',
      'Customs clearance detail is required for international shipments. Please update and try again.',
    );
  }
  if (!customs.commercialInvoice) {
    return refuse('COMMERCIALINVOICE.REQUIRED', 'Commercial invoice is required for international shipments.');
  }
  const purpose = customs.commercialInvoice.shipmentPurpose;
  if (purpose !== undefined && !SHIPMENT_PURPOSES.has(purpose)) {
    return refuse('SHIPMENTPURPOSE.INVALID', `The shipment purpose ${purpose} is invalid.`);
  }
  const commodities = customs.commodities ?? [];
  if (commodities.length === 0) {
    return refuse('COMMODITIES.REQUIRED', 'At least one commodity is required for international shipments.');
  }
  for (const [index, commodity] of commodities.entries()) {
    const refused = commodityRefusal(commodity, index);
    if (refused) return refused;
  }
  const sum = commodities.reduce((total, commodity) => total + cents(commodity.customsValue?.amount), 0);
  if (customs.totalCustomsValue === undefined || cents(customs.totalCustomsValue.amount) !== sum) {
    return refuse(
      'TOTALCUSTOMSVALUE.MISMATCH',
      'Total customs value must equal the sum of the customs values of the commodities.',
    );
  }
  const duties = customs.dutiesPayment?.paymentType;
  if (!duties || !DUTIES_PAYMENT_TYPES.has(duties)) {
    return refuse('DUTIESPAYMENT.PAYMENTTYPE.INVALID', 'Duties payment type is required and must be valid.');
  }
  const payor = customs.dutiesPayment?.payor?.responsibleParty?.accountNumber?.value;
  if (duties === 'SENDER' && (!payor || (accountNumber && payor !== accountNumber))) {
    return refuse(
      'DUTIESPAYMENT.PAYOR.ACCOUNTNUMBER.INVALID',
      "Duties billed to the sender need the shipper's account number as payor.",
    );
  }
  return etdRefusal(shipment);
}

/** ETD asked for without saying which documents, or the other way round. */
function etdRefusal(shipment: RequestedShipment): FakeReply | null {
  const services = shipment.shipmentSpecialServices;
  const etd = services?.specialServiceTypes?.includes('ELECTRONIC_TRADE_DOCUMENTS') ?? false;
  if (etd && !services?.etdDetail?.requestedDocumentTypes?.length) {
    return refuse('ETDDETAIL.REQUIRED', 'ETD detail is required for Electronic Trade Documents.');
  }
  if (!etd && services?.etdDetail) {
    return refuse('ETD.SPECIALSERVICE.REQUIRED', 'ETD detail requires the ELECTRONIC_TRADE_DOCUMENTS special service.');
  }
  for (const type of services?.specialServiceTypes ?? []) {
    if (type !== 'ELECTRONIC_TRADE_DOCUMENTS') {
      return refuse('SPECIALSERVICETYPE.INVALID', `The special service type ${type} is invalid.`);
    }
  }
  return null;
}

/** Whether the shipment asked for the commercial invoice to be drawn. */
export const wantsCommercialInvoice = (shipment: RequestedShipment): boolean =>
  !!shipment.customsClearanceDetail &&
  (shipment.shippingDocumentSpecification?.shippingDocumentTypes ?? []).includes('COMMERCIAL_INVOICE');

/** Whether ETD was asked for. */
export const wantsEtd = (shipment: RequestedShipment): boolean =>
  shipment.shipmentSpecialServices?.specialServiceTypes?.includes('ELECTRONIC_TRADE_DOCUMENTS') ?? false;

const money = (amount: { amount?: number; currency?: string } | undefined) =>
  amount?.amount === undefined ? '-' : `${amount.amount.toFixed(2)} ${amount.currency ?? ''}`.trim();

const party = (p: FedexParty | undefined) =>
  [p?.contact?.companyName ?? p?.contact?.personName, p?.address?.city, p?.address?.countryCode]
    .filter(Boolean)
    .join(', ');

/** The commercial invoice: who ships to whom, the invoice's terms, one line per commodity, the total. */
export function commercialInvoicePdf(
  shipment: RequestedShipment,
  trackingNumber: string,
  shipDate: string,
  customs: FedexCustomsClearanceDetail,
): Buffer {
  const invoice = customs.commercialInvoice ?? {};
  const number = invoice.customerReferences?.find((r) => r.customerReferenceType === 'INVOICE_NUMBER')?.value;
  return fakeTextPdf([
    'COMMERCIAL INVOICE',
    `FedEx tracking ${trackingNumber}    Date ${shipDate}`,
    `Invoice number ${number ?? '-'}    Terms of sale ${invoice.termsOfSale ?? '-'}    Purpose ${invoice.shipmentPurpose ?? '-'}`,
    `Shipper: ${party(shipment.shipper)}`,
    `Recipient: ${party(shipment.recipients?.[0])}`,
    `Duties paid by ${customs.dutiesPayment?.paymentType ?? '-'}`,
    ...(customs.exportDetail?.exportComplianceStatement ? [customs.exportDetail.exportComplianceStatement] : []),
    '',
    'QTY  DESCRIPTION  HS CODE  ORIGIN  WEIGHT  UNIT VALUE  TOTAL VALUE',
    ...(customs.commodities ?? []).map((c) =>
      [
        c.quantity,
        c.partNumber ? `${c.description} (${c.partNumber})` : c.description,
        c.harmonizedCode ?? '-',
        c.countryOfManufacture,
        `${c.weight?.value ?? 0} ${c.weight?.units ?? ''}`.trim(),
        money(c.unitPrice),
        money(c.customsValue),
      ].join('  '),
    ),
    '',
    `TOTAL ${money(customs.totalCustomsValue)}`,
    invoice.declarationStatement ?? '',
    invoice.originatorName ? `Signed: ${invoice.originatorName}` : '',
  ]);
}

/** `completedEtdDetail`: the folder FedEx keeps the shipment's electronic documents in. */
export const completedEtdDetail = (types: string[] | undefined) => ({
  folderId: randomBytes(8).toString('hex'),
  type: (types ?? ['COMMERCIAL_INVOICE'])[0]!,
  uploadDocumentReferenceDetails: [],
});
