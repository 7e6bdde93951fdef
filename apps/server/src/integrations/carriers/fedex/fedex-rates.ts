import { CARRIER_CATALOGUE } from '@shipdesk/contract';
import type { BearerClient } from '../carrier-bearer-client.ts';
import type { CarrierRate, RateRequest } from '../carrier-types.ts';
import { amountToMinorUnits } from '../carrier-units.ts';
import { fedexAddress, fedexPackage, packagingType, PICKUP_TYPE } from './fedex-shipment.ts';
import type { FedexAnswer, FedexRateOutput, FedexRateReplyDetail, FedexRateRequest } from './fedex-wire.ts';

/**
 * FedEx's Rate API: one quote for every service FedEx offers between the two addresses, kept for the services asked
 * for. The account's negotiated price (rate type ACCOUNT) is what a label will cost; LIST is FedEx's published price,
 * taken only when FedEx sends no account rate. A quote charges nothing, so the request is safe to repeat.
 */

const NUMBER_WORDS = [
  'ZERO',
  'ONE',
  'TWO',
  'THREE',
  'FOUR',
  'FIVE',
  'SIX',
  'SEVEN',
  'EIGHT',
  'NINE',
  'TEN',
  'ELEVEN',
  'TWELVE',
  'THIRTEEN',
  'FOURTEEN',
  'FIFTEEN',
  'SIXTEEN',
  'SEVENTEEN',
  'EIGHTEEN',
  'NINETEEN',
  'TWENTY',
];

/** "THREE_DAYS" -> 3; null for UNKNOWN and anything else. */
function transitWord(value: string | undefined): number | null {
  const word = /^([A-Z]+)_DAYS?$/.exec(value ?? '')?.[1];
  const days = word ? NUMBER_WORDS.indexOf(word) : -1;
  return days > 0 ? days : null;
}

/** Business days (Monday to Friday) from the ship date to the delivery date; null when either is not a date. */
export function businessDaysBetween(shipDate: string, delivery: string): number | null {
  const start = Date.parse(`${shipDate.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${delivery.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  let days = 0;
  for (let t = start + 86_400_000; t <= end; t += 86_400_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return days;
}

function deliveryDays(detail: FedexRateReplyDetail, shipDate: string): number | null {
  const transit = detail.commit?.transitDays;
  const fromTransit = transitWord(transit?.maximumTransitTime) ?? transitWord(transit?.minimumTransitTime);
  if (fromTransit !== null) return fromTransit;
  const date = detail.commit?.dateDetail?.dayFormat;
  return date ? businessDaysBetween(shipDate, date) : null;
}

function fedexRateRequest(accountNumber: string, request: RateRequest): FedexRateRequest {
  return {
    accountNumber: { value: accountNumber },
    rateRequestControlParameters: { returnTransitTimes: true },
    requestedShipment: {
      shipper: { address: fedexAddress(request.from, false) },
      recipient: { address: fedexAddress(request.to, true) },
      shipDateStamp: request.shipDate,
      pickupType: PICKUP_TYPE,
      packagingType: packagingType(request.parcel),
      rateRequestType: ['ACCOUNT', 'LIST'],
      requestedPackageLineItems: [fedexPackage(request.parcel, undefined, request)],
    },
  };
}

/** The services asked for, or every catalogue service of the shipment's scope when none were. */
function wantedServices(request: RateRequest): Set<string> {
  if (request.serviceCodes.length > 0) return new Set(request.serviceCodes);
  const scope = request.from.country === request.to.country ? 'domestic' : 'international';
  return new Set(CARRIER_CATALOGUE.fedex.services.filter((s) => s.scope === scope).map((s) => s.code));
}

export async function fedexRates(
  client: BearerClient,
  accountNumber: string,
  request: RateRequest,
  signal?: AbortSignal,
): Promise<CarrierRate[]> {
  const answer = await client.call<FedexAnswer<FedexRateOutput> | null>(
    { method: 'POST', path: '/rate/v1/rates/quotes', json: fedexRateRequest(accountNumber, request), idempotent: true },
    signal,
  );
  const wanted = wantedServices(request);
  const rates = new Map<string, CarrierRate>();
  for (const detail of answer?.output?.rateReplyDetails ?? []) {
    const service = detail.serviceType;
    if (!service || !wanted.has(service) || rates.has(service)) continue;
    const details = detail.ratedShipmentDetails ?? [];
    const rated = details.find((d) => d.rateType === 'ACCOUNT') ?? details[0];
    if (rated?.totalNetCharge === undefined) continue;
    const currency = rated.currency ?? rated.shipmentRateDetail?.currency ?? 'USD';
    rates.set(service, {
      serviceCode: service,
      amountMinor: amountToMinorUnits(rated.totalNetCharge, currency, 'FedEx'),
      currency,
      deliveryDays: deliveryDays(detail, request.shipDate),
    });
  }
  return [...rates.values()];
}
