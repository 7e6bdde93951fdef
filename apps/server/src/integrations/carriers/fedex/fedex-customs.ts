import { currencyDigits, type CustomsContentsType, type ExportFiling } from '@shipdesk/contract';
import type { LabelRequest, ShipmentCustoms } from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type {
  FedexCustomsClearanceDetail,
  FedexMoney,
  FedexShipmentSpecialServices,
  FedexShippingDocumentSpecification,
} from './fedex-wire.ts';

/**
 * A customs declaration in FedEx's Ship API words (integrations-shipping.md section 1.3): the commercial invoice's
 * heading, one commodity per declared line, who pays the duties, the exporter's filing, and the documents asked for
 * (a printed commercial invoice; with Electronic Trade Documents, FedEx also takes it electronically).
 */

/**
 * FedEx's shipment purposes. Documents and "other" travel as NOT_SOLD: nothing was sold, and FedEx has no purpose of
 * its own for either (a document-only shipment says so with isDocumentOnly).
 */
const SHIPMENT_PURPOSES: Record<
  CustomsContentsType,
  FedexCustomsClearanceDetail['commercialInvoice']['shipmentPurpose']
> = {
  merchandise: 'SOLD',
  gift: 'GIFT',
  sample: 'SAMPLE',
  returned_goods: 'REPAIR_AND_RETURN',
  documents: 'NOT_SOLD',
  other: 'NOT_SOLD',
};

/** The legends of the US Foreign Trade Regulations as FedEx prints them, or the AES ITN. */
function exportComplianceStatement(filing: ExportFiling, aesItn: string | null): string {
  switch (filing) {
    case 'AES_ITN':
      return `AES ${(aesItn ?? '').trim().toUpperCase()}`;
    case 'NOEEI_30_37_a':
      return 'NO EEI 30.37(a)';
    case 'NOEEI_30_37_f':
      return 'NO EEI 30.37(f)';
    case 'NOEEI_30_37_h':
      return 'NO EEI 30.37(h)';
    case 'NOEEI_30_36':
      return 'NO EEI 30.36';
  }
}

/** FedEx takes at most 554 characters of declaration. */
const MAX_DECLARATION = 554;

/** Decimal money from minor units, in the currency's own decimals (JPY has none). */
function money(minor: number, currency: string): FedexMoney {
  return { amount: minor / 10 ** currencyDigits(currency), currency };
}

/** A line's unit price: its total over its units, to six places rather than rounded to the cent. */
function unitPrice(valueMinor: number, quantity: number, currency: string): FedexMoney {
  const amount = valueMinor / quantity / 10 ** currencyDigits(currency);
  return { amount: Number(amount.toFixed(6)), currency };
}

/**
 * `customsClearanceDetail` for the declaration. Duties: the buyer's on delivery (DAP, RECIPIENT) or the seller's
 * (DDP, SENDER, billed to the shipper's own account). The export filing is a US rule: it goes only on shipments
 * leaving the US; Canada's exports (B13A) and other countries' are not described by it, so exportDetail is left out.
 */
export function fedexCustomsClearance(
  customs: ShipmentCustoms,
  request: Pick<LabelRequest, 'from'>,
  accountNumber: string,
): FedexCustomsClearanceDetail {
  const { currency } = customs;
  const explanation = customs.contentsExplanation?.trim();
  const total = customs.lines.reduce((sum, line) => sum + line.valueMinor, 0);
  return {
    commercialInvoice: {
      shipmentPurpose: SHIPMENT_PURPOSES[customs.contentsType],
      termsOfSale: customs.incoterm,
      customerReferences: [{ customerReferenceType: 'INVOICE_NUMBER', value: customs.invoiceNumber }],
      declarationStatement: (
        `I, ${customs.signer}, declare that the information on this invoice is true and correct, and that the ` +
        'contents of this shipment are as stated above.'
      ).slice(0, MAX_DECLARATION),
      ...(explanation ? { comments: [explanation] } : {}),
      originatorName: customs.signer,
    },
    commodities: customs.lines.map((line) => ({
      description: line.description,
      countryOfManufacture: line.originCountry,
      ...(line.hsCode ? { harmonizedCode: line.hsCode } : {}),
      quantity: line.quantity,
      quantityUnits: 'EA' as const,
      numberOfPieces: line.quantity,
      unitPrice: unitPrice(line.valueMinor, line.quantity, currency),
      customsValue: money(line.valueMinor, currency),
      // The package goes in pounds, and FedEx wants the commodities in the package's unit.
      weight: { units: 'LB' as const, value: gramsToPounds(line.weightGrams, 2) },
      partNumber: line.sku,
    })),
    dutiesPayment:
      customs.incoterm === 'DDP'
        ? { paymentType: 'SENDER', payor: { responsibleParty: { accountNumber: { value: accountNumber } } } }
        : { paymentType: 'RECIPIENT' },
    totalCustomsValue: money(total, currency),
    isDocumentOnly: customs.contentsType === 'documents',
    ...(request.from.country.toUpperCase() === 'US'
      ? { exportDetail: { exportComplianceStatement: exportComplianceStatement(customs.exportFiling, customs.aesItn) } }
      : {}),
  };
}

/** The commercial invoice FedEx draws, as a PDF on letter paper: the copy that travels with the parcel. */
export const COMMERCIAL_INVOICE_DOCUMENTS: FedexShippingDocumentSpecification = {
  shippingDocumentTypes: ['COMMERCIAL_INVOICE'],
  commercialInvoiceDetail: { documentFormat: { docType: 'PDF', stockType: 'PAPER_LETTER' } },
};

/**
 * Electronic Trade Documents, for an account FedEx has enabled for them: FedEx sends the invoice it draws to customs
 * itself. The printed copy is still asked for: a destination that does not take ETD needs the paper.
 */
export const ELECTRONIC_TRADE_DOCUMENTS: FedexShipmentSpecialServices = {
  specialServiceTypes: ['ELECTRONIC_TRADE_DOCUMENTS'],
  etdDetail: { requestedDocumentTypes: ['COMMERCIAL_INVOICE'] },
};

/** Whether an account setting says yes ("yes", "true", "on", "1"); anything else, or nothing, is no. */
export const isSettingOn = (value: string | undefined): boolean => /^(yes|y|true|on|1)$/i.test((value ?? '').trim());
