import type { CustomsContentsType, CustomsForm, ExportFiling } from '@shipdesk/contract';
import type { ShipmentCustoms } from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type { UspsCustomsContentType, UspsCustomsForm } from './usps-international-wire.ts';

/**
 * A customs declaration in USPS's `customsForm` (../shared/integrations-shipping.md §1.1), the same shape for
 * International Labels and for Domestic Labels to military and territory addresses. carrier-customs.ts has already
 * checked what USPS limits (30 lines, descriptions of 30 characters, values in US dollars, no DDP), so this only
 * spells the declaration in USPS's words.
 */

const CONTENT_TYPES: Record<CustomsContentsType, UspsCustomsContentType> = {
  merchandise: 'MERCHANDISE',
  gift: 'GIFT',
  documents: 'DOCUMENT',
  sample: 'COMMERCIAL_SAMPLE',
  returned_goods: 'RETURNED_GOODS',
  other: 'OTHER',
};

/** The exemption legends USPS prints in the AES/ITN box when no EEI was filed (15 CFR 30.36 and 30.37). */
const EXEMPTION_LEGENDS: Record<Exclude<ExportFiling, 'AES_ITN'>, string> = {
  NOEEI_30_37_a: 'NO EEI 30.37(a)',
  NOEEI_30_37_f: 'NO EEI 30.37(f)',
  NOEEI_30_37_h: 'NO EEI 30.37(h)',
  NOEEI_30_36: 'NO EEI 30.36',
};

/** USPS's invoiceNumber takes at most 15 characters. */
const USPS_INVOICE_NUMBER_LENGTH = 15;
/** contentComments takes at most 25 characters (the contract's explanation has the same limit). */
const USPS_CONTENT_COMMENTS_LENGTH = 25;

/** What goes in `AESITN`: the ITN of the EEI filed in AES, or the exemption legend of the filing. */
export function uspsAesItn(customs: Pick<ShipmentCustoms, 'exportFiling' | 'aesItn'>): string {
  if (customs.exportFiling === 'AES_ITN') return (customs.aesItn ?? '').trim().toUpperCase();
  return EXEMPTION_LEGENDS[customs.exportFiling];
}

/**
 * The declaration as USPS's customsForm. Values are line totals in dollars, weights line totals in pounds (at least
 * 0.01: USPS refuses a zero weight). The invoice number goes only when it fits USPS's 15 characters: a longer one
 * (a marketplace's order id) would have the whole label refused, and the invoice number is optional on the form.
 */
export function uspsCustomsForm(customs: ShipmentCustoms): UspsCustomsForm {
  const invoiceNumber = customs.invoiceNumber.trim();
  const comments = customs.contentsExplanation?.trim();
  return {
    customsContentType: CONTENT_TYPES[customs.contentsType],
    ...(customs.contentsType === 'other' && comments
      ? { contentComments: comments.slice(0, USPS_CONTENT_COMMENTS_LENGTH) }
      : {}),
    AESITN: uspsAesItn(customs),
    ...(invoiceNumber && invoiceNumber.length <= USPS_INVOICE_NUMBER_LENGTH ? { invoiceNumber } : {}),
    contents: customs.lines.map((line) => ({
      itemDescription: line.description.trim(),
      itemQuantity: line.quantity,
      itemTotalValue: line.valueMinor / 100,
      itemTotalWeight: Math.max(0.01, gramsToPounds(line.weightGrams)),
      weightUOM: 'lb' as const,
      ...(line.hsCode ? { HSTariffNumber: line.hsCode.replace(/\D/g, '') } : {}),
      countryofOrigin: line.originCountry.toUpperCase(),
    })),
  };
}

/** The most a PS Form 2976 (CN 22) may declare, in cents; above it the declaration travels on a 2976-A (CN 23). */
const CN22_MAX_CENTS = 40_000;
/** The letter-post class whose small packets may travel on a CN 22; every other class uses the CN 23. */
const CN22_MAIL_CLASS = 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE';

/**
 * The form USPS prints on the label (§1.0): a CN 22 (PS 2976) for First-Class Package International declaring up to
 * $400, a CN 23 (PS 2976-A) otherwise. The form is part of the label image, so there is no separate document.
 */
export function uspsCustomsFormKind(mailClass: string, customs: ShipmentCustoms): CustomsForm {
  const total = customs.lines.reduce((sum, line) => sum + line.valueMinor, 0);
  return mailClass === CN22_MAIL_CLASS && total <= CN22_MAX_CENTS ? 'cn22' : 'cn23';
}
