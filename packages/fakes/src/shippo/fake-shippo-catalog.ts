import type { FakeReply } from '../http/fake-http.ts';
import { fedexTrackingNumber, upsTrackingNumber, uspsTrackingNumber } from '../fedex/fake-tracking-numbers.ts';
import type { ShippoAddress, ShippoParcel } from './fake-shippo-wire.ts';

/**
 * What the fake Shippo resells: the service levels of each carrier an account can hold, priced from the parcel's
 * weight and the distance between the postal codes, and the tracking numbers each carrier issues. Shippo's field
 * validation answers Django REST framework's field-keyed messages.
 */

export interface FakeShippoServiceLevel {
  token: string;
  name: string;
  carrier: string;
  /** Cents for the first pound, and per pound after it. */
  base: number;
  perLb: number;
  days: number;
  international: boolean;
}

const level = (
  carrier: string,
  token: string,
  name: string,
  base: number,
  perLb: number,
  days: number,
  international = false,
): FakeShippoServiceLevel => ({ carrier, token, name, base, perLb, days, international });

export const SERVICE_LEVELS: FakeShippoServiceLevel[] = [
  level('usps', 'usps_ground_advantage', 'Ground Advantage', 545, 48, 4),
  level('usps', 'usps_priority', 'Priority Mail', 865, 95, 2),
  level('usps', 'usps_priority_express', 'Priority Mail Express', 2_990, 240, 1),
  level('usps', 'usps_priority_mail_international', 'Priority Mail International', 4_650, 410, 8, true),
  level(
    'usps',
    'usps_first_class_package_international_service',
    'First-Class Package International',
    1_650,
    290,
    12,
    true,
  ),
  level('ups', 'ups_worldwide_expedited', 'Worldwide Expedited', 6_840, 520, 4, true),
  level('fedex', 'fedex_international_priority', 'FedEx International Priority', 7_290, 560, 3, true),
  level('ups', 'ups_ground', 'Ground', 1_095, 70, 3),
  level('ups', 'ups_next_day_air', 'Next Day Air', 4_420, 380, 1),
  level('fedex', 'fedex_ground', 'FedEx Ground', 1_060, 66, 3),
  level('fedex', 'fedex_2_day', 'FedEx 2Day', 2_870, 210, 2),
];

export const PROVIDERS: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };

/** USPS service type codes by service level, as the fake prints them in its tracking numbers. */
const USPS_SERVICE_TYPES: Record<string, string> = {
  usps_ground_advantage: '001',
  usps_priority: '055',
  usps_priority_express: '701',
  usps_priority_mail_international: '055',
};

export function trackingNumberFor(serviceLevel: FakeShippoServiceLevel): string {
  if (serviceLevel.carrier === 'ups')
    return upsTrackingNumber('1A2B3C', serviceLevel.token === 'ups_ground' ? '03' : '01');
  if (serviceLevel.carrier === 'fedex') return fedexTrackingNumber();
  return uspsTrackingNumber(USPS_SERVICE_TYPES[serviceLevel.token] ?? '055');
}

const TO_POUNDS: Record<string, number> = { lb: 1, oz: 1 / 16, g: 1 / 453.59237, kg: 2.20462 };

export function parcelPounds(parcel: ShippoParcel): number {
  return Number(parcel.weight ?? 0) * (TO_POUNDS[parcel.mass_unit ?? ''] ?? Number.NaN);
}

export function priceCents(serviceLevel: FakeShippoServiceLevel, pounds: number, from: string, to: string): number {
  const zone = Math.min(8, 2 + Math.abs((Number(from.charAt(0)) || 0) - (Number(to.charAt(0)) || 0)));
  return serviceLevel.base + serviceLevel.perLb * Math.max(0, Math.ceil(pounds) - 1) + 60 * (zone - 2);
}

const REQUIRED = 'This field is required.';

/** Django REST framework's 400 for the address and parcel fields Shippo requires, or null. */
export function shipmentFieldErrors(
  from: ShippoAddress | undefined,
  to: ShippoAddress | undefined,
  parcels: ShippoParcel[] | undefined,
): FakeReply | null {
  const errors: Record<string, unknown> = {};
  for (const [field, address] of [
    ['address_from', from],
    ['address_to', to],
  ] as const) {
    if (!address) {
      errors[field] = [REQUIRED];
      continue;
    }
    const missing: Record<string, string[]> = {};
    for (const key of ['name', 'street1', 'city', 'zip', 'country'] as const)
      if (!address[key]) missing[key] = [REQUIRED];
    if (address.country === 'US' && !address.state) missing.state = ['A state is required for addresses in the US.'];
    if (Object.keys(missing).length > 0) errors[field] = missing;
  }
  if (!parcels?.length) errors.parcels = [REQUIRED];
  else {
    const parcel = parcels[0]!;
    const pounds = parcelPounds(parcel);
    if (!(pounds > 0))
      errors.parcels = [{ weight: ['Ensure the weight is a positive number with a valid mass_unit.'] }];
    else if (!['in', 'cm', 'ft', 'mm', 'm', 'yd'].includes(parcel.distance_unit ?? '')) {
      errors.parcels = [{ distance_unit: [`"${parcel.distance_unit ?? ''}" is not a valid choice.`] }];
    }
  }
  return Object.keys(errors).length > 0 ? { status: 400, body: errors } : null;
}

/** label_file_type tokens and the file each one is. */
export const LABEL_FILE_TYPES: Record<string, 'PDF' | 'ZPL' | 'PNG'> = {
  PDF: 'PDF',
  PDF_4x6: 'PDF',
  PDF_4x8: 'PDF',
  PDF_A4: 'PDF',
  PDF_A6: 'PDF',
  'PDF_2.3x7.5': 'PDF',
  PNG: 'PNG',
  'PNG_2.3x7.5': 'PNG',
  ZPLII: 'ZPL',
};
