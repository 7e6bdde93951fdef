/**
 * The carriers and their names: what every screen that names a carrier needs, apart from the accounts' wire shapes
 * and fields (carriers.ts), so that the order list does not load those.
 */
export const CARRIERS = ['usps', 'ups', 'fedex', 'shippo', 'local'] as const;
export type Carrier = (typeof CARRIERS)[number];
/** The carriers a seller connects with an account of their own. */
export const ACCOUNT_CARRIERS = ['usps', 'ups', 'fedex', 'shippo'] as const satisfies readonly Carrier[];
export const BUILT_IN_CARRIER: Carrier = 'local';

export const CARRIER_NAMES: Record<Carrier, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  shippo: 'Shippo',
  local: 'Shipdesk Local',
};

export const isCarrier = (value: unknown): value is Carrier =>
  typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);
