import type { FakeReply } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';
import type { FedexPackageLineItem } from './fake-fedex-wire.ts';

/**
 * The package options the fake FedEx checks and prices as the Rate and Ship APIs do: `declaredValue` (FedEx's
 * maximum liability, refused above the limit) and the SIGNATURE_OPTION special service with its
 * `signatureOptionType`. Unknown codes are refused with FedEx's error shape; each option adds a surcharge (made-up
 * figures) to the quote and the label, so a price shows it.
 */

/** Surcharge in cents per signature option. */
const FEDEX_SIGNATURE_CENTS: Record<string, number> = {
  SERVICE_DEFAULT: 0,
  NO_SIGNATURE_REQUIRED: 0,
  INDIRECT: 550,
  DIRECT: 675,
  ADULT: 785,
};
const SPECIAL_SERVICES = new Set(['SIGNATURE_OPTION']);
/** Declared value limits in USD: $50,000 per package, $500 for envelopes and paks. */
const FEDEX_MAX_DECLARED = 50_000;
const SMALL_PACKAGING_MAX_DECLARED = 500;

/** The refusal of the package's options, or null. */
export function fedexOptionsRefusal(item: FedexPackageLineItem | undefined, packagingType?: string): FakeReply | null {
  const special = item?.packageSpecialServices;
  for (const type of special?.specialServiceTypes ?? []) {
    if (!SPECIAL_SERVICES.has(type)) {
      return fedexError(400, 'SPECIALSERVICETYPE.INVALID', `The special service type ${type} is invalid.`);
    }
  }
  const signature = special?.signatureOptionType;
  if (signature !== undefined && FEDEX_SIGNATURE_CENTS[signature] === undefined) {
    return fedexError(400, 'SIGNATUREOPTIONTYPE.INVALID', `The signature option type ${signature} is invalid.`);
  }
  if (signature !== undefined && !special?.specialServiceTypes?.includes('SIGNATURE_OPTION')) {
    return fedexError(
      400,
      'SIGNATUREOPTION.SPECIALSERVICE.REQUIRED',
      'SIGNATURE_OPTION must be requested to use a signature option type.',
    );
  }
  const declared = item?.declaredValue;
  if (declared !== undefined) {
    const amount = Number(declared.amount);
    if (!(amount >= 0) || !declared.currency) {
      return fedexError(400, 'DECLAREDVALUE.INVALID', 'Please enter a valid declared value amount and currency.');
    }
    const small = packagingType === 'FEDEX_ENVELOPE' || packagingType === 'FEDEX_PAK';
    const limit = small ? SMALL_PACKAGING_MAX_DECLARED : FEDEX_MAX_DECLARED;
    if (amount > limit) {
      return fedexError(
        400,
        'DECLAREDVALUE.EXCEEDS.LIMIT',
        `The declared value exceeds the maximum of ${limit} USD allowed for this package.`,
      );
    }
  }
  return null;
}

/** The options' surcharges in cents: the signature's, and $1.25 per $100 of declared value past the first $100. */
export function fedexOptionsCents(item: FedexPackageLineItem | undefined): number {
  const signature = item?.packageSpecialServices?.signatureOptionType;
  const declared = Number(item?.declaredValue?.amount ?? 0);
  const insured = declared > 100 ? Math.ceil((declared - 100) / 100) * 125 : 0;
  return (signature ? (FEDEX_SIGNATURE_CENTS[signature] ?? 0) : 0) + insured;
}
