import type { MappingDestination, UnmappedService } from '@shipdesk/contract';
import { formatCount } from '@/lib/format';

export const DESTINATION_LABELS: Record<MappingDestination, string> = {
  any: 'Any destination',
  domestic: 'Domestic',
  international: 'International',
};

export function openOrdersText(count: number): string {
  return `${formatCount(count)} open order${count === 1 ? '' : 's'}`;
}

/** "12 open orders ask for “Free Shipping”" */
export function unmappedText(service: UnmappedService): string {
  const verb = service.openOrders === 1 ? 'asks' : 'ask';
  return `${openOrdersText(service.openOrders)} ${verb} for “${service.requestedService}”`;
}

/** The stores whose orders ask for it: "Northloop Supply, Entered by hand". */
export function unmappedStoresText(service: UnmappedService): string {
  return service.stores.map((store) => store.name).join(', ');
}
