import {
  CARRIER_CATALOGUE,
  isCarrier,
  type Carrier,
  type CarrierCatalogueEntry,
  type CarrierService,
  type MappingDestination,
} from '@shipdesk/contract';

/**
 * A carrier's service or package type as one value, `carrier:code`: what the pickers hold, so a server error naming
 * the field lands on the picker.
 */
export const carrierKey = (carrier: string, code: string) => `${carrier}:${code}`;

export function splitCarrierKey(key: string): { carrier: Carrier; code: string } | null {
  const at = key.indexOf(':');
  const carrier = key.slice(0, at);
  return isCarrier(carrier) && at > 0 ? { carrier, code: key.slice(at + 1) } : null;
}

/** One carrier service of the catalogue as an option of a picker, grouped by its carrier. */
export interface CarrierServiceOption {
  /** `carrier:code`, the form's value. */
  key: string;
  carrier: Carrier;
  carrierName: string;
  service: CarrierService;
}

/**
 * The catalogue's carriers, plus those of values already chosen when the catalogue no longer lists them (their account
 * stopped passing the connection test): what an order ships with, or a mapping or rule names, stays on show and can
 * be kept.
 */
export function catalogueWith(
  listed: readonly CarrierCatalogueEntry[],
  chosen: readonly (Carrier | null | undefined)[],
): readonly CarrierCatalogueEntry[] {
  const entries = [...listed];
  for (const carrier of chosen) {
    if (carrier && !entries.some((entry) => entry.carrier === carrier)) entries.push(CARRIER_CATALOGUE[carrier]);
  }
  return entries.length === listed.length ? listed : entries;
}

/** The services for `destination`, by carrier in the catalogue's order: any destination takes every one. */
export function carrierServiceOptions(
  catalogue: readonly CarrierCatalogueEntry[],
  destination: MappingDestination = 'any',
): CarrierServiceOption[] {
  return catalogue.flatMap((entry) =>
    entry.services
      .filter((service) => destination === 'any' || service.scope === destination)
      .map((service) => ({
        key: carrierKey(entry.carrier, service.code),
        carrier: entry.carrier,
        carrierName: entry.name,
        service,
      })),
  );
}

export function findCarrierServiceOption(
  options: readonly CarrierServiceOption[],
  key: string,
): CarrierServiceOption | undefined {
  return options.find((option) => option.key === key);
}

/** "2–5 business days", "1 business day", "Same day". */
export function deliveryDaysText({ min, max }: CarrierService['deliveryDays']): string {
  if (max === 0) return 'Same day';
  if (min === max) return `${min} business day${min === 1 ? '' : 's'}`;
  return `${min}–${max} business days`;
}

/** "Domestic · 2–5 business days" */
export function serviceReachText(service: Pick<CarrierService, 'scope' | 'deliveryDays'>): string {
  return `${service.scope === 'domestic' ? 'Domestic' : 'International'} · ${deliveryDaysText(service.deliveryDays)}`;
}
