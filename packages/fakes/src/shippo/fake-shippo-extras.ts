import type { FakeReply } from '../http/fake-http.ts';
import type { FakeShippoServiceLevel } from './fake-shippo-catalog.ts';

/**
 * A shipment's `extra` as the fake Shippo checks and prices it: `insurance { amount (string), currency, content,
 * provider? }` (no provider: Shippo's insurer; FEDEX, UPS or ONTRAC: the carrier's, USD only, for that carrier's
 * rates) and `signature_confirmation` (STANDARD, ADULT, CERTIFIED for USPS, INDIRECT for FedEx,
 * CARRIER_CONFIRMATION). An unknown choice is refused with Django REST framework's field errors, as Shippo answers;
 * the rates are computed with the options (`amount` includes them, `included_insurance_price` shows insurance).
 */

export interface ShippoExtra {
  reference_1?: string;
  insurance?: { amount?: unknown; currency?: unknown; content?: unknown; provider?: unknown };
  signature_confirmation?: unknown;
  /** A return shipment (fake-shippo-returns.ts). */
  is_return?: unknown;
}

const SIGNATURES = ['STANDARD', 'ADULT', 'CERTIFIED', 'INDIRECT', 'CARRIER_CONFIRMATION'];
const PROVIDERS = ['FEDEX', 'UPS', 'ONTRAC'];
/** USD: Shippo's insurer covers up to this value per shipment. */
const SHIPPO_MAX_INSURED = 10_000;
/** Cents per signature choice; the carriers that sell it (all when absent). */
const SIGNATURE_PRICES: Record<string, { cents: number; carriers?: string[] }> = {
  STANDARD: { cents: 350 },
  ADULT: { cents: 775 },
  CERTIFIED: { cents: 485, carriers: ['usps'] },
  INDIRECT: { cents: 520, carriers: ['fedex'] },
  CARRIER_CONFIRMATION: { cents: 300, carriers: [] },
};

const invalidChoice = (value: unknown) => [`"${String(value)}" is not a valid choice.`];

/** The 400 of an `extra` Shippo refuses, or null. */
export function shippoExtraRefusal(extra: ShippoExtra | undefined): FakeReply | null {
  if (!extra) return null;
  const errors: Record<string, unknown> = {};
  if (extra.signature_confirmation !== undefined && !SIGNATURES.includes(String(extra.signature_confirmation))) {
    errors.signature_confirmation = invalidChoice(extra.signature_confirmation);
  }
  const insurance = extra.insurance;
  if (insurance) {
    const problems: Record<string, string[]> = {};
    const amount = Number(insurance.amount);
    if (typeof insurance.amount !== 'string' || !(amount > 0)) problems.amount = ['A valid number is required.'];
    else if (amount > SHIPPO_MAX_INSURED) {
      problems.amount = [`Ensure this value is less than or equal to ${SHIPPO_MAX_INSURED}.`];
    }
    if (typeof insurance.currency !== 'string' || !/^[A-Z]{3}$/.test(insurance.currency)) {
      problems.currency = ['A valid ISO 4217 currency code is required.'];
    }
    if (insurance.provider !== undefined && !PROVIDERS.includes(String(insurance.provider))) {
      problems.provider = invalidChoice(insurance.provider);
    } else if (insurance.provider !== undefined && insurance.currency !== 'USD') {
      problems.currency = ['Carrier insurance is available in USD only.'];
    }
    if (Object.keys(problems).length > 0) errors.insurance = problems;
  }
  return Object.keys(errors).length > 0 ? { status: 400, body: { extra: errors } } : null;
}

/**
 * What the options add to one service level's rate, in cents, and the insurance part; or the message why the
 * service level cannot carry them (the rate is then not offered, its reason in the shipment's messages).
 */
export function shippoExtraPrice(
  extra: ShippoExtra | undefined,
  serviceLevel: FakeShippoServiceLevel,
): { cents: number; insuranceCents: number | null } | { message: string } {
  const signature = extra?.signature_confirmation === undefined ? null : String(extra.signature_confirmation);
  const offer = signature ? SIGNATURE_PRICES[signature] : undefined;
  if (signature && offer?.carriers && !offer.carriers.includes(serviceLevel.carrier)) {
    return { message: `${signature} signature confirmation is not available for ${serviceLevel.token}.` };
  }
  const insurance = extra?.insurance;
  let insuranceCents: number | null = null;
  if (insurance) {
    const provider = insurance.provider === undefined ? null : String(insurance.provider).toLowerCase();
    if (provider && provider !== serviceLevel.carrier) {
      return { message: `${String(insurance.provider)} insurance cannot cover a ${serviceLevel.carrier} shipment.` };
    }
    const value = Number(insurance.amount);
    // Shippo's insurer: 1% of the value, $1 at least; a carrier's: $1.10 per $100 past the first $100.
    insuranceCents = provider ? Math.max(0, Math.ceil((value - 100) / 100)) * 110 : Math.max(100, Math.round(value));
  }
  return { cents: (offer?.cents ?? 0) + (insuranceCents ?? 0), insuranceCents };
}
