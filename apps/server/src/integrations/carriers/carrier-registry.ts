import type { CarrierAdapterFactory } from './carrier-types.ts';
import { createFedexAdapter } from './fedex/fedex-adapter.ts';
import { createLocalAdapter } from './local/local-adapter.ts';
import { createShippoAdapter } from './shippo/shippo-adapter.ts';
import { createUpsAdapter } from './ups/ups-adapter.ts';
import { createUspsAdapter } from './usps/usps-adapter.ts';

/**
 * The adapter of a carrier account. A connection missing a required field throws a ChannelError naming the fields
 * (kind 'auth' for a missing secret, 'invalid' for a missing setting).
 */
export const createCarrierAdapter: CarrierAdapterFactory = (carrier, connection, options) => {
  switch (carrier) {
    case 'usps':
      return createUspsAdapter(connection, options);
    case 'ups':
      return createUpsAdapter(connection, options);
    case 'fedex':
      return createFedexAdapter(connection, options);
    case 'shippo':
      return createShippoAdapter(connection, options);
    case 'local':
      return createLocalAdapter();
  }
};
