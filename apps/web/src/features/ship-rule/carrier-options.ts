import {
  CARRIER_CATALOGUE,
  type CarrierCatalogueEntry,
  type CarrierService,
  type PackageSizes,
} from '@shipdesk/contract';
import { carrierKey, splitCarrierKey } from './action-form';

/** A carrier service or package type as an option: `carrier:code`, its name, its carrier's name for grouping. */
export interface CarrierOption {
  key: string;
  name: string;
  carrierName: string;
  detail?: string;
}

/** "2–5 business days", "1 business day", "Same day". */
export function deliveryDaysText({ min, max }: CarrierService['deliveryDays']): string {
  if (max === 0) return 'Same day';
  if (min === max) return `${min} business day${min === 1 ? '' : 's'}`;
  return `${min}–${max} business days`;
}

/**
 * The entries to choose from: the carriers the tenant can ship with now, plus the carrier of any value already
 * chosen (an account no longer verified keeps an existing rule readable and editable).
 */
function entriesWith(catalogue: readonly CarrierCatalogueEntry[], chosen: readonly string[]) {
  const entries = [...catalogue];
  for (const key of chosen) {
    const carrier = splitCarrierKey(key)?.carrier;
    if (carrier && !entries.some((e) => e.carrier === carrier)) entries.push(CARRIER_CATALOGUE[carrier]);
  }
  return entries;
}

export function serviceOptions(
  catalogue: readonly CarrierCatalogueEntry[],
  chosen: readonly string[],
): CarrierOption[] {
  return entriesWith(catalogue, chosen).flatMap((entry) =>
    entry.services.map((service) => ({
      key: carrierKey(entry.carrier, service.code),
      name: service.name,
      carrierName: entry.name,
      detail: `${service.scope === 'domestic' ? 'Domestic' : 'International'} · ${deliveryDaysText(service.deliveryDays)}`,
    })),
  );
}

export function packageTypeOptions(packageSizes: PackageSizes | undefined, chosen: string): CarrierOption[] {
  const options: CarrierOption[] = (packageSizes?.packageTypes ?? []).map((type) => ({
    key: carrierKey(type.carrier, type.code),
    name: type.name,
    carrierName: CARRIER_CATALOGUE[type.carrier].name,
  }));
  const split = splitCarrierKey(chosen);
  if (split && !options.some((o) => o.key === chosen)) {
    const entry = CARRIER_CATALOGUE[split.carrier];
    const type = entry.packageTypes.find((p) => p.code === split.code);
    options.push({ key: chosen, name: type?.name ?? split.code, carrierName: entry.name });
  }
  return options;
}
