import { CARRIER_NAMES, findCarrierService, type Carrier } from '@shipdesk/contract';
import type { ShipmentInsurance, SignatureOption } from './carrier-types.ts';

/**
 * What each carrier insures and which of its services take a signature, as far as Shipdesk knows it before asking
 * (docs/label-options.md). The carrier has the last word: a purchase is sent with its options and a refusal comes back
 * in the carrier's own words. This table only keeps rates honest (a service that cannot carry the options is not
 * priced as if it could) and refuses a declared value above the carrier's limit before anything is sent. Figures
 * marked unconfirmed in ../shared/integrations-shipping.md live here, in one place, to be corrected without code.
 */
interface CarrierOptionRules {
  /** The highest declared value the carrier insures, in cents (USD); 0: the carrier insures nothing. */
  maxInsuredMinor: number;
  /** Whether the insurer can be chosen (the carrier's coverage or the aggregator's). */
  insuranceChoice: boolean;
  /** Services that take no signature at all, with the carrier's reason. */
  noSignature: Readonly<Record<string, string>>;
  /** Services that take a standard signature but no adult signature, with the carrier's reason. */
  noAdultSignature: Readonly<Record<string, string>>;
}

const CARRIER_OPTION_RULES: Record<Carrier, CarrierOptionRules> = {
  // Unconfirmed: USPS insures domestic parcels up to $5,000 (930 up to $500, 931 above). Adult Signature (922/923)
  // is sold with Priority Mail Express, Priority Mail, Ground Advantage and Parcel Select, not with Media Mail.
  usps: {
    maxInsuredMinor: 500_000,
    insuranceChoice: false,
    // Abroad, USPS sells Tracking Plus signatures only (not sent by Shipdesk): no signature on its international mail.
    noSignature: {
      'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': 'USPS sells no signature on delivery with international mail',
      PRIORITY_MAIL_INTERNATIONAL: 'USPS sells no signature on delivery with international mail',
      PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'USPS sells no signature on delivery with international mail',
    },
    noAdultSignature: { MEDIA_MAIL: 'Adult Signature Required (922) is not available with Media Mail' },
  },
  // Unconfirmed: UPS declared value up to $50,000 per package.
  ups: { maxInsuredMinor: 5_000_000, insuranceChoice: false, noSignature: {}, noAdultSignature: {} },
  // Unconfirmed: FedEx declared value up to $50,000 per package (less for envelopes and paks: FedEx says so then).
  fedex: { maxInsuredMinor: 5_000_000, insuranceChoice: false, noSignature: {}, noAdultSignature: {} },
  // Shippo's insurer (XCover) or the carrier's (FedEx, UPS); unconfirmed: $10,000 per shipment.
  shippo: { maxInsuredMinor: 1_000_000, insuranceChoice: true, noSignature: {}, noAdultSignature: {} },
  // The seller's own deliveries: nobody insures them; the driver collects the signature the label asks for.
  local: {
    maxInsuredMinor: 0,
    insuranceChoice: false,
    noSignature: { LOCAL_PICKUP: 'A customer pickup has no delivery to sign for' },
    noAdultSignature: { LOCAL_PICKUP: 'A customer pickup has no delivery to sign for' },
  },
};

interface ShipmentOptions {
  insurance?: ShipmentInsurance | null;
  signature?: SignatureOption | null;
}

/** Why a declared value cannot be insured by `carrier`, or null. */
export function insuranceRefusal(carrier: Carrier, insurance: ShipmentInsurance | null | undefined): string | null {
  if (!insurance || insurance.amountMinor <= 0) return null;
  const rules = CARRIER_OPTION_RULES[carrier];
  const name = CARRIER_NAMES[carrier];
  if (rules.maxInsuredMinor === 0) {
    return `${name} insures nothing: choose a carrier that insures, or clear the insured value for this label`;
  }
  if (insurance.amountMinor > rules.maxInsuredMinor) {
    const most = (rules.maxInsuredMinor / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    return `${name} insures up to ${most} per parcel`;
  }
  return null;
}

/** Why `serviceCode` cannot carry the signature asked for, in the carrier's words, or null. */
export function signatureRefusal(
  carrier: Carrier,
  serviceCode: string,
  signature: SignatureOption | null | undefined,
): string | null {
  if (!signature) return null;
  const rules = CARRIER_OPTION_RULES[carrier];
  const reason = rules.noSignature[serviceCode] ?? (signature === 'adult' ? rules.noAdultSignature[serviceCode] : null);
  if (!reason) return null;
  const service = findCarrierService(carrier, serviceCode)?.name ?? serviceCode;
  return `${service} cannot carry ${signature === 'adult' ? 'an adult signature' : 'a signature'}: ${reason}`;
}

/** Why this service cannot carry these options, or null: what the rates leave a service out for. */
export function optionsRefusal(carrier: Carrier, serviceCode: string, options: ShipmentOptions): string | null {
  return insuranceRefusal(carrier, options.insurance) ?? signatureRefusal(carrier, serviceCode, options.signature);
}
