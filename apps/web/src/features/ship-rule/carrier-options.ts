import { CARRIER_CATALOGUE, type CarrierCatalogueEntry, type PackageSizes } from '@shipdesk/contract';
import {
  carrierKey,
  carrierServiceOptions,
  catalogueWith,
  serviceReachText,
  splitCarrierKey,
} from '@/entities/carrier-catalogue/carrier-services';

/** A carrier service or package type as an option: `carrier:code`, its name, its carrier's name for grouping. */
export interface CarrierOption {
  key: string;
  name: string;
  carrierName: string;
  detail?: string;
}

/**
 * The services to choose from: those of the carriers the tenant can ship with now, plus those of the carrier of any
 * value already chosen (an account no longer verified keeps an existing rule readable and editable).
 */
export function serviceOptions(
  catalogue: readonly CarrierCatalogueEntry[],
  chosen: readonly string[],
): CarrierOption[] {
  const entries = catalogueWith(
    catalogue,
    chosen.map((key) => splitCarrierKey(key)?.carrier),
  );
  return carrierServiceOptions(entries).map((option) => ({
    key: option.key,
    name: option.service.name,
    carrierName: option.carrierName,
    detail: serviceReachText(option.service),
  }));
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
