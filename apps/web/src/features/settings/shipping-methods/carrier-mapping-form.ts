import type { Path } from 'react-hook-form';
import type { CarrierMapping, CarrierMappingInput, MappingDestination } from '@shipdesk/contract';
import {
  carrierKey,
  findCarrierServiceOption,
  splitCarrierKey,
  type CarrierServiceOption,
} from '@/entities/carrier-catalogue/carrier-services';

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

export function defaultCarrierMappingForm(mapping?: CarrierMapping): CarrierMappingFormValues {
  if (!mapping) return { destination: 'any', carrierMethod: '', packageType: '', carrierAccountId: '' };
  return {
    destination: mapping.destination,
    carrierMethod: carrierKey(mapping.carrier, mapping.carrierMethod),
    packageType: mapping.packageType ?? '',
    carrierAccountId: mapping.carrierAccountId ?? '',
  };
}

export function toCarrierMappingInput(values: CarrierMappingFormValues, shipMethodId: string): CarrierMappingInput {
  const service = splitCarrierKey(values.carrierMethod);
  // The form checks the choice against the catalogue's options first.
  if (!service) throw new Error(`Not a carrier service: ${values.carrierMethod}`);
  return {
    shipMethodId,
    destination: values.destination,
    carrier: service.carrier,
    carrierMethod: service.code,
    packageType: values.packageType || null,
    carrierAccountId: values.carrierAccountId || null,
  };
}

export function validateCarrierMappingForm(
  values: CarrierMappingFormValues,
  options: readonly CarrierServiceOption[],
): Record<string, string> {
  if (!values.carrierMethod) return { carrierMethod: 'Choose a carrier service' };
  if (!findCarrierServiceOption(options, values.carrierMethod)) {
    return {
      carrierMethod:
        values.destination === 'any'
          ? 'Choose a carrier service from the list'
          : `Choose a service for ${values.destination} destinations`,
    };
  }
  return {};
}
