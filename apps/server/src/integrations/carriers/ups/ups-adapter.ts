import { carrierFields } from '../carrier-connection-fields.ts';
import type { CarrierAdapter, CarrierAdapterOptions, CarrierConnection } from '../carrier-types.ts';
import { createUpsClient } from './ups-client.ts';

export function createUpsAdapter(connection: CarrierConnection, options: CarrierAdapterOptions = {}): CarrierAdapter {
  const fields = carrierFields('ups', connection);
  const accountNumber = fields.accountNumber!.toUpperCase();
  const client = createUpsClient(
    {
      accountKey: connection.key,
      clientId: fields.clientId!,
      clientSecret: fields.clientSecret!,
      accountNumber,
      apiBaseUrl: fields.apiBaseUrl,
    },
    options.http,
  );

  return {
    carrier: 'ups',

    // A new token rather than a kept one, so the test proves the credentials (for this shipper) as they are now.
    async testConnection(signal) {
      await client.newAccessToken(signal);
      return { accountName: `UPS shipper ${accountNumber}` };
    },
  };
}
