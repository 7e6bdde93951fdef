import { minorToDecimal, type CustomsContentsType, type Incoterm } from '@shipdesk/contract';
import type { PurchasedForms, ShipmentCustoms } from '../carrier-types.ts';
import type { ShippoCustomsDeclarationRequest, ShippoCustomsItem } from './shippo-wire.ts';

/**
 * A Shippo customs declaration (integrations-shipping.md §1.4) from the server's, and the form the label travels on.
 * The declaration goes inline in the shipment the label is bought from: the shipment request is the one that is sent
 * again after a lost answer, so a retry carries the whole declaration with it, and no declaration object is left
 * behind (or paired with the wrong shipment) when a purchase stops between two calls. Shippo creates the declaration
 * with the shipment, as `POST /customs/declarations/` would.
 */

const CONTENTS_TYPES: Record<CustomsContentsType, ShippoCustomsDeclarationRequest['contents_type']> = {
  merchandise: 'MERCHANDISE',
  gift: 'GIFT',
  documents: 'DOCUMENTS',
  sample: 'SAMPLE',
  returned_goods: 'RETURN_MERCHANDISE',
  other: 'OTHER',
};

/**
 * DDP is Shippo's own word. DAP (the buyer pays duties on delivery) is sent as DDU, "delivered duty unpaid", which is
 * what Shippo names that choice for every carrier; its DAP is offered for DHL Express and DPD UK only. Unconfirmed:
 * Shippo's docs list the incoterms without saying which carrier reads DDU as DAP.
 */
const INCOTERMS: Record<Incoterm, ShippoCustomsDeclarationRequest['incoterm']> = { DDP: 'DDP', DAP: 'DDU' };

/** Line totals: every unit's weight in grams (Shippo takes g) and value as a decimal string of the currency. */
function shippoItem(line: ShipmentCustoms['lines'][number], currency: string): ShippoCustomsItem {
  return {
    description: line.description,
    quantity: line.quantity,
    net_weight: String(line.weightGrams),
    mass_unit: 'g',
    value_amount: minorToDecimal(line.valueMinor, currency),
    value_currency: currency,
    origin_country: line.originCountry,
    ...(line.hsCode ? { tariff_number: line.hsCode } : {}),
    ...(line.sku ? { sku_code: line.sku } : {}),
  };
}

export function shippoCustomsDeclaration(customs: ShipmentCustoms): ShippoCustomsDeclarationRequest {
  const explanation = customs.contentsExplanation?.trim();
  return {
    certify: true,
    certify_signer: customs.signer,
    contents_type: CONTENTS_TYPES[customs.contentsType],
    ...(customs.contentsType === 'other' && explanation ? { contents_explanation: explanation } : {}),
    non_delivery_option: customs.nonDelivery === 'abandon' ? 'ABANDON' : 'RETURN',
    incoterm: INCOTERMS[customs.incoterm],
    eel_pfc: customs.exportFiling,
    ...(customs.exportFiling === 'AES_ITN' && customs.aesItn ? { aes_itn: customs.aesItn.trim().toUpperCase() } : {}),
    ...(customs.invoiceNumber.trim() ? { invoice: customs.invoiceNumber.trim() } : {}),
    items: customs.lines.map((line) => shippoItem(line, customs.currency)),
  };
}

/** USPS First-Class Package International Service: its items valued up to $400 travel on a CN 22 (PS Form 2976). */
const FIRST_CLASS_INTERNATIONAL = 'usps_first_class_package_international_service';
const CN22_MAX_CENTS = 40_000;

/**
 * The form printed inside the label when Shippo answers no commercial invoice (postal carriers: USPS prints its customs
 * form on the label image). CN 22 for First-Class Package International up to $400 (USPS's values are in US dollars),
 * CN 23 otherwise: Priority Mail International's flat-rate envelopes and small boxes up to $400 take a CN 22 too, but
 * the package type does not say which flat-rate packaging the parcel is, so those stay CN 23, the form that holds more.
 */
export function printedCustomsForm(customs: ShipmentCustoms, serviceCode: string): PurchasedForms {
  const total = customs.lines.reduce((sum, line) => sum + line.valueMinor, 0);
  const small = serviceCode === FIRST_CLASS_INTERNATIONAL && customs.currency === 'USD' && total <= CN22_MAX_CENTS;
  return { form: small ? 'cn22' : 'cn23', document: null };
}
