import { randomUUID } from 'node:crypto';
import type { FakeReply } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';
import { fedexOptionsCents, fedexOptionsRefusal } from './fake-fedex-options.ts';
import type { FedexAddress, FedexPackageLineItem, FedexRateReplyDetail, FedexRateRequest } from './fake-fedex-wire.ts';

/**
 * What the fake FedEx sells and for how much: the services between two addresses (Ground to businesses, Home Delivery
 * to residences, the Express services within the US, the international ones across borders), a price from the weight
 * and a zone read off the postal codes, and the delivery commitment. The Rate API and the Ship API both use it, so a
 * label costs what its quote said.
 */

interface FakeFedexService {
  name: string;
  /** Cents for the first pound, and per pound after it. */
  base: number;
  perLb: number;
  /** Business days, or null for Ground, whose transit depends on the zone. */
  days: number | null;
  international: boolean;
}

export const FEDEX_SERVICES: Record<string, FakeFedexService> = {
  FEDEX_GROUND: { name: 'FedEx Ground', base: 1_045, perLb: 62, days: null, international: false },
  GROUND_HOME_DELIVERY: { name: 'FedEx Home Delivery', base: 1_120, perLb: 62, days: null, international: false },
  FEDEX_EXPRESS_SAVER: { name: 'FedEx Express Saver', base: 2_410, perLb: 180, days: 3, international: false },
  FEDEX_2_DAY: { name: 'FedEx 2Day', base: 2_890, perLb: 215, days: 2, international: false },
  STANDARD_OVERNIGHT: { name: 'FedEx Standard Overnight', base: 5_230, perLb: 340, days: 1, international: false },
  PRIORITY_OVERNIGHT: { name: 'FedEx Priority Overnight', base: 6_150, perLb: 390, days: 1, international: false },
  INTERNATIONAL_ECONOMY: { name: 'FedEx International Economy', base: 7_480, perLb: 520, days: 5, international: true },
  INTERNATIONAL_PRIORITY: {
    name: 'FedEx International Priority',
    base: 9_260,
    perLb: 610,
    days: 3,
    international: true,
  },
};

const MAX_POUNDS = 150;
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const NUMBER_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN'];

/** The services FedEx offers between the two addresses. Residential delivery is Home Delivery's, not Ground's. */
export function offeredServices(shipper: FedexAddress | undefined, recipient: FedexAddress | undefined): string[] {
  const international = (shipper?.countryCode ?? 'US') !== (recipient?.countryCode ?? 'US');
  return Object.entries(FEDEX_SERVICES)
    .filter(([code, service]) => {
      if (service.international !== international) return false;
      if (code === 'FEDEX_GROUND') return recipient?.residential !== true;
      if (code === 'GROUND_HOME_DELIVERY') return recipient?.residential === true;
      return true;
    })
    .map(([code]) => code);
}

/** 2 to 8, from how far apart the first digits of the postal codes are. */
export function zone(shipper: FedexAddress | undefined, recipient: FedexAddress | undefined): number {
  const first = (address: FedexAddress | undefined) => Number((address?.postalCode ?? '0').charAt(0)) || 0;
  return Math.min(8, 2 + Math.abs(first(shipper) - first(recipient)));
}

export function pounds(items: FedexPackageLineItem[] | undefined): number {
  const weight = items?.[0]?.weight;
  const value = Number(weight?.value ?? 0);
  return weight?.units === 'KG' ? value * 2.20462 : value;
}

/** The account's price in cents: base, pounds past the first, a zone step, and a residential surcharge. */
export function accountCents(service: string, lb: number, zoneNumber: number, residential: boolean): number {
  const s = FEDEX_SERVICES[service]!;
  const extraPounds = Math.max(0, Math.ceil(lb) - 1);
  return s.base + s.perLb * extraPounds + 85 * (zoneNumber - 2) + (residential && !s.international ? 540 : 0);
}

export const dollars = (cents: number) => Math.round(cents) / 100;

export function transitDays(service: string, zoneNumber: number): number {
  return FEDEX_SERVICES[service]?.days ?? Math.min(5, Math.max(1, zoneNumber - 2));
}

/** The date `days` business days after `shipDate` (YYYY-MM-DD). */
export function businessDaysAfter(shipDate: string, days: number): Date {
  const date = new Date(`${shipDate}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
  }
  return date;
}

export function rateQuotes(body: FedexRateRequest): FakeReply {
  const shipment = body.requestedShipment;
  const shipper = shipment?.shipper?.address;
  const recipient = shipment?.recipient?.address;
  if (!body.accountNumber?.value) {
    return fedexError(400, 'ACCOUNTNUMBER.REQUIRED', 'Please provide a valid account number.');
  }
  if (!shipper?.postalCode || !recipient?.postalCode || !recipient.countryCode) {
    return fedexError(400, 'RATE.LOCATION.NOSERVICE', 'Rating is temporarily unavailable, please try again later.');
  }
  const lb = pounds(shipment?.requestedPackageLineItems);
  if (!(lb > 0)) return fedexError(400, 'WEIGHT.REQUIRED', 'Please provide a valid package weight.');
  if (lb > MAX_POUNDS) {
    return fedexError(400, 'PACKAGE.WEIGHT.EXCEEDED', 'The package weight exceeds the maximum for the service.');
  }
  const item = shipment?.requestedPackageLineItems?.[0];
  const optionsRefused = fedexOptionsRefusal(item, shipment?.packagingType);
  if (optionsRefused) return optionsRefused;
  const shipDate = shipment?.shipDateStamp ?? new Date().toISOString().slice(0, 10);
  const zoneNumber = zone(shipper, recipient);
  const wanted = shipment?.serviceType;
  const services = offeredServices(shipper, recipient).filter((code) => !wanted || code === wanted);
  if (services.length === 0) {
    return fedexError(400, 'SERVICE.UNAVAILABLE.ERROR', 'The requested service is not available.');
  }
  const types = shipment?.rateRequestType?.length ? shipment.rateRequestType : ['LIST'];
  const withTransit = body.rateRequestControlParameters?.returnTransitTimes === true;

  const rateReplyDetails: FedexRateReplyDetail[] = services.map((code) => {
    const account = accountCents(code, lb, zoneNumber, recipient.residential !== false) + fedexOptionsCents(item);
    const detail = (rateType: 'ACCOUNT' | 'LIST', cents: number) => ({
      rateType,
      totalBaseCharge: dollars(cents * 0.9),
      totalNetCharge: dollars(cents),
      totalNetFedExCharge: dollars(cents),
      currency: 'USD',
      shipmentRateDetail: { rateZone: String(zoneNumber), currency: 'USD', totalSurcharges: dollars(cents * 0.1) },
    });
    const ratedShipmentDetails = [
      ...(types.includes('ACCOUNT') ? [detail('ACCOUNT', account)] : []),
      ...(types.includes('LIST') ? [detail('LIST', account * 1.18)] : []),
    ];
    const days = transitDays(code, zoneNumber);
    const arrives = businessDaysAfter(shipDate, days);
    const commit = !withTransit
      ? undefined
      : FEDEX_SERVICES[code]!.days === null
        ? { transitDays: { minimumTransitTime: `${NUMBER_WORDS[days]}_DAYS`, description: `${days} Business Days` } }
        : {
            dateDetail: {
              dayOfWeek: DAY_NAMES[arrives.getUTCDay()]!,
              dayFormat: `${arrives.toISOString().slice(0, 10)}T10:30:00`,
            },
          };
    return {
      serviceType: code,
      serviceName: FEDEX_SERVICES[code]!.name,
      packagingType: shipment?.packagingType ?? 'YOUR_PACKAGING',
      ratedShipmentDetails,
      ...(commit ? { commit } : {}),
    };
  });
  return {
    status: 200,
    body: {
      transactionId: randomUUID(),
      output: { rateReplyDetails, quoteDate: shipDate, encoded: false },
    },
  };
}
