import { currencyDigits, type CustomsContentsType, type ExportFiling } from '@shipdesk/contract';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import type { PurchasedForms, ShipmentCustoms, ShipmentCustomsLine, ShipmentRequest } from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type {
  UpsEeiFilingOption,
  UpsInternationalForms,
  UpsParty,
  UpsProduct,
  UpsShipForm,
  UpsSoldTo,
} from './ups-wire.ts';

/**
 * A customs declaration in UPS's Shipping API (integrations-shipping.md section 1.2): a commercial invoice (FormType
 * 01) in `ShipmentServiceOptions.InternationalForms`, one Product per declared line, and the invoice UPS answers with
 * in `ShipmentResults.Form`. The limits of carrier-customs.ts (50 lines, descriptions of 105 characters) hold before
 * anything is built here. Rates are asked without the declaration: UPS prices the parcel, not its contents.
 *
 * What UPS's invoice has no field for: the seller's non-delivery choice (return or abandon). UPS handles an
 * undeliverable international parcel by its own terms, so the choice stays with the label record and is not sent.
 */

/** UPS's longest line of text in a form (a product's description line, the shipment's description). */
const LINE = 35;

const FORM_INVOICE = '01';

/** What the shipper certifies on the invoice (UPS prints it above the signature). */
const DECLARATION =
  'I hereby certify that the information on this invoice is true and correct and the contents and value of this ' +
  'shipment is as stated above.';

/** The legend of the exporter's filing, as US exporters print it on commercial documents. */
const FILING_LEGENDS: Record<Exclude<ExportFiling, 'AES_ITN'>, string> = {
  NOEEI_30_37_a: 'NO EEI 30.37(a)',
  NOEEI_30_37_f: 'NO EEI 30.37(f)',
  NOEEI_30_37_h: 'NO EEI 30.37(h)',
  NOEEI_30_36: 'NO EEI 30.36',
};

/** ReasonForExport takes SALE, GIFT, SAMPLE, RETURN, REPAIR, INTERCOMPANYDATA or free text of up to 20 characters. */
const REASON_LENGTH = 20;
const REASONS: Partial<Record<CustomsContentsType, string>> = {
  merchandise: 'SALE',
  gift: 'GIFT',
  sample: 'SAMPLE',
  returned_goods: 'RETURN',
};

/**
 * The reason for export. Documents and "other" have no code of UPS's: the seller's explanation is sent as free text
 * (what it says is what customs read); without one, documents are "DOCUMENTS" and anything else "OTHER".
 */
export function upsReasonForExport(customs: Pick<ShipmentCustoms, 'contentsType' | 'contentsExplanation'>): string {
  const coded = REASONS[customs.contentsType];
  if (coded) return coded;
  const explanation = (customs.contentsExplanation ?? '').replace(/\s+/g, ' ').trim();
  if (explanation) return explanation.slice(0, REASON_LENGTH).trim();
  return customs.contentsType === 'documents' ? 'DOCUMENTS' : 'OTHER';
}

/**
 * A text as UPS's 1-3 description lines of at most 35 characters, broken between words. A word longer than a line,
 * or words that do not fit three lines so broken, are cut at 35 characters instead, so no character of the
 * (at most 105 character) description is lost.
 */
export function upsDescriptionLines(text: string): string[] {
  const words = text.replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  let current = '';
  for (const word of words.split(' ')) {
    const joined = current ? `${current} ${word}` : word;
    if (joined.length <= LINE) current = joined;
    else if (word.length > LINE) return cutLines(words);
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines.length <= 3 ? lines : cutLines(words);
}

function cutLines(text: string): string[] {
  const lines: string[] = [];
  for (let at = 0; at < text.length && lines.length < 3; at += LINE) lines.push(text.slice(at, at + LINE).trim());
  return lines.filter(Boolean);
}

/**
 * The shipment's Description, which UPS requires on an international shipment: what the parcel holds, from the
 * lines' descriptions (each once, in order), cut at a word to 35 characters.
 */
export function upsShipmentDescription(customs: ShipmentCustoms): string {
  const descriptions = new Map<string, string>();
  for (const line of customs.lines) {
    const description = line.description.replace(/\s+/g, ' ').trim();
    if (description && !descriptions.has(description.toLowerCase())) {
      descriptions.set(description.toLowerCase(), description);
    }
  }
  const text = [...descriptions.values()].join(', ');
  if (text.length <= LINE) return text || 'Merchandise';
  const cut = text.slice(0, LINE + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, LINE)).replace(/[,\s]+$/, '');
}

/**
 * The value of ONE unit (UPS's Unit.Value) as a decimal: the line's total divided by its quantity, exact in the
 * currency's minor units, otherwise to UPS's six decimals (1000 cents for 3 units: "3.333333").
 */
export function upsUnitValue(valueMinor: number, quantity: number, currency: string): string {
  const digits = currencyDigits(currency);
  const SIX = 6;
  const scaled = BigInt(valueMinor) * 10n ** BigInt(SIX - Math.min(digits, SIX));
  const count = BigInt(Math.max(1, quantity));
  // Half up on the seventh decimal.
  const unit = (scaled * 2n + count) / (count * 2n);
  const text = unit.toString().padStart(SIX + 1, '0');
  const whole = text.slice(0, -SIX);
  // Trailing zeros past the currency's own decimals say nothing: 12.500000 is 12.50.
  const fraction = text.slice(-SIX).replace(/0+$/, '').padEnd(digits, '0');
  return fraction ? `${whole}.${fraction}` : whole;
}

function upsProduct(line: ShipmentCustomsLine, currency: string): UpsProduct {
  return {
    Description: upsDescriptionLines(line.description),
    Unit: {
      Number: String(line.quantity),
      Value: upsUnitValue(line.valueMinor, line.quantity, currency),
      UnitOfMeasurement: { Code: 'PCS' },
    },
    ...(line.hsCode ? { CommodityCode: line.hsCode } : {}),
    OriginCountryCode: line.originCountry.toUpperCase(),
    ...(line.sku.trim() ? { PartNumber: line.sku.trim().slice(0, LINE) } : {}),
    // The line's net weight, pounds to one decimal (UPS's format for it), at least 0.1.
    ProductWeight: {
      UnitOfMeasurement: { Code: 'LBS' },
      Weight: String(Math.max(0.1, gramsToPounds(line.weightGrams, 1))),
    },
  };
}

/**
 * The exporter's filing as UPS takes it. An ITN: EEIFilingOption Code 1 (shipper filed), ShipperFiled Code A with the
 * ITN. UNCONFIRMED: integrations-shipping.md section 1.2 could not confirm which sub-field holds the ITN; UPS's
 * Shipping.yaml names `PreDepartureITNNumber`, but documents it for the EEI form (11) with 17 characters where an ITN
 * has 15. Kept in this one function so that a correction touches nothing else.
 */
function upsEeiFilingOption(customs: Pick<ShipmentCustoms, 'exportFiling' | 'aesItn'>): UpsEeiFilingOption | null {
  if (customs.exportFiling !== 'AES_ITN' || !customs.aesItn) return null;
  return { Code: '1', ShipperFiled: { Code: 'A', PreDepartureITNNumber: customs.aesItn.trim().toUpperCase() } };
}

/**
 * The filing's legend for the invoice's Comments, which UPS prints on the invoice as they are: "NO EEI 30.37(a)" for
 * an exemption, "AES X20261202123456" for a filed EEI. Comments rather than DeclarationStatement: the declaration is
 * the shipper's certification, which customs read word for word, and the legend is a separate statement.
 */
export function upsFilingLegend(customs: Pick<ShipmentCustoms, 'exportFiling' | 'aesItn'>): string {
  if (customs.exportFiling === 'AES_ITN') return `AES ${(customs.aesItn ?? '').trim().toUpperCase()}`;
  return FILING_LEGENDS[customs.exportFiling];
}

/** The buyer as the invoice's SoldTo: the recipient's party without what only a ship-to takes. */
function soldTo(party: UpsParty): UpsSoldTo {
  const { ResidentialAddressIndicator: _residential, ...address } = party.Address;
  return {
    Name: party.Name,
    AttentionName: party.AttentionName || party.Name,
    ...(party.Phone ? { Phone: party.Phone } : {}),
    ...(party.EMailAddress ? { EMailAddress: party.EMailAddress } : {}),
    // UPS's SoldTo postal code is at most 9 characters (a US ZIP+4 without its dash).
    Address: { ...address, PostalCode: address.PostalCode.slice(0, 9) },
  };
}

/** The commercial invoice for `request.customs`; `buyer` is the recipient's party as the shipment sends it. */
export function upsInternationalForms(
  request: Pick<ShipmentRequest, 'reference'> & { customs: ShipmentCustoms },
  buyer: UpsParty,
): UpsInternationalForms {
  const { customs } = request;
  const filing = upsEeiFilingOption(customs);
  const reference = request.reference.trim().slice(0, LINE);
  return {
    FormType: [FORM_INVOICE],
    InvoiceNumber: customs.invoiceNumber.trim().slice(0, LINE),
    InvoiceDate: customs.invoiceDate.replaceAll('-', ''),
    ...(reference ? { PurchaseOrderNumber: reference } : {}),
    TermsOfShipment: customs.incoterm,
    ReasonForExport: upsReasonForExport(customs),
    Comments: upsFilingLegend(customs),
    DeclarationStatement: DECLARATION,
    CurrencyCode: customs.currency.toUpperCase(),
    Contacts: { SoldTo: soldTo(buyer) },
    // A paperless account has UPS send the invoice to customs electronically and answer no copy; the seller still
    // wants one to print and keep, so a copy is always asked for.
    OverridePaperlessIndicator: 'Y',
    ...(filing ? { EEIFilingOption: filing } : {}),
    Product: customs.lines.map((line) => upsProduct(line, customs.currency)),
  };
}

/**
 * The invoice of the answer's `ShipmentResults.Form` (a base64 PDF of every requested form), as the label's forms.
 * The answer it comes in is read within the label's answer limit (LABEL_ANSWER_LIMIT). No form in the answer (UPS
 * answered without a copy), or one in another image format than the PDF UPS documents: the forms with no document of
 * their own. Never a failure: the label is bought by then, and must not be lost over its invoice.
 */
export function upsPurchasedForms(form: UpsShipForm | undefined): PurchasedForms {
  const image = form?.Image?.GraphicImage;
  const code = form?.Image?.ImageFormat?.Code?.toUpperCase() ?? 'PDF';
  if (!image || code !== 'PDF') return { form: 'commercial_invoice', document: null };
  return {
    form: 'commercial_invoice',
    document: { contentType: 'application/pdf', bytes: asBytes(labelFromBase64(image)) },
  };
}
