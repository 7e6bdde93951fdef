import type { Path } from 'react-hook-form';
import type {
  Carrier,
  CarrierCatalogueEntry,
  CarrierMapping,
  CarrierMappingInput,
  CarrierService,
  MappingDestination,
} from '@shipdesk/contract';

/** One carrier service of the catalogue as an option of the picker, grouped by its carrier. */
export interface ServiceOption {
  /** `carrier:code`, the form's value. */
  key: string;
  carrier: Carrier;
  carrierName: string;
  service: CarrierService;
}

export const serviceKey = (carrier: string, code: string) => `${carrier}:${code}`;

/**
 * The form of a carrier mapping. `carrierMethod` holds the option's key, so the server's `errors.carrierMethod`
 * lands on the service picker.
 */
export interface CarrierMappingFormValues {
  destination: MappingDestination;
  carrierMethod: string;
  /** '' for the carrier's default packaging. */
  packageType: string;
  /** '' for the carrier's default account. */
  carrierAccountId: string;
}

export const CARRIER_MAPPING_FIELDS: Path<CarrierMappingFormValues>[] = [
  'destination',
  'carrierMethod',
  'packageType',
  'carrierAccountId',
];

/** The services a mapping for `destination` may use, by carrier in the catalogue's order: any takes every one. */
export function serviceOptions(
  catalogue: readonly CarrierCatalogueEntry[],
  destination: MappingDestination,
): ServiceOption[] {
  return catalogue.flatMap((entry) =>
    entry.services
      .filter((service) => destination === 'any' || service.scope === destination)
      .map((service) => ({
        key: serviceKey(entry.carrier, service.code),
        carrier: entry.carrier,
        carrierName: entry.name,
        service,
      })),
  );
}

export function findServiceOption(options: readonly ServiceOption[], key: string): ServiceOption | undefined {
  return options.find((option) => option.key === key);
}

export function defaultCarrierMappingForm(mapping?: CarrierMapping): CarrierMappingFormValues {
  if (!mapping) return { destination: 'any', carrierMethod: '', packageType: '', carrierAccountId: '' };
  return {
    destination: mapping.destination,
    carrierMethod: serviceKey(mapping.carrier, mapping.carrierMethod),
    packageType: mapping.packageType ?? '',
    carrierAccountId: mapping.carrierAccountId ?? '',
  };
}

export function toCarrierMappingInput(values: CarrierMappingFormValues, shipMethodId: string): CarrierMappingInput {
  const at = values.carrierMethod.indexOf(':');
  return {
    shipMethodId,
    destination: values.destination,
    carrier: values.carrierMethod.slice(0, at) as Carrier,
    carrierMethod: values.carrierMethod.slice(at + 1),
    packageType: values.packageType || null,
    carrierAccountId: values.carrierAccountId || null,
  };
}

export function validateCarrierMappingForm(
  values: CarrierMappingFormValues,
  options: readonly ServiceOption[],
): Record<string, string> {
  if (!values.carrierMethod) return { carrierMethod: 'Choose a carrier service' };
  if (!findServiceOption(options, values.carrierMethod)) {
    return {
      carrierMethod:
        values.destination === 'any'
          ? 'Choose a carrier service from the list'
          : `Choose a service for ${values.destination} destinations`,
    };
  }
  return {};
}
