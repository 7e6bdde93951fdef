import { CARRIER_NAMES } from '@shipdesk/contract';
import type { CarrierAdapter } from '../carrier-types.ts';

/** Shipdesk's built-in carrier: no account and no API, so there is nothing to prove. */
export function createLocalAdapter(): CarrierAdapter {
  return {
    carrier: 'local',
    testConnection: async () => ({ accountName: CARRIER_NAMES.local }),
  };
}
