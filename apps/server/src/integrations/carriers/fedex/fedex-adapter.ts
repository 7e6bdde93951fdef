import { carrierFields } from '../carrier-connection-fields.ts';
import type { CarrierAdapter, CarrierAdapterOptions, CarrierConnection } from '../carrier-types.ts';
import { FEDEX_ADDRESS_LIMITS, fedexCheckAddresses } from './fedex-addresses.ts';
import { createFedexClient } from './fedex-client.ts';
import { isSettingOn } from './fedex-customs.ts';
import { fedexBuyLabel, fedexFindLabel, fedexVoidLabel } from './fedex-labels.ts';
import { fedexRates } from './fedex-rates.ts';
import { fedexBuyReturnLabel } from './fedex-returns.ts';
import { fedexEndOfDay } from './fedex-end-of-day.ts';
import { FEDEX_TRACKING_LIMITS, fedexTrackParcels } from './fedex-tracking.ts';

export function createFedexAdapter(connection: CarrierConnection, options: CarrierAdapterOptions = {}): CarrierAdapter {
  const fields = carrierFields('fedex', connection);
  const accountNumber = fields.accountNumber!;
  // Read from the settings as given: an optional account setting, off unless the seller says FedEx enabled ETD.
  const shipping = {
    accountNumber,
    electronicTradeDocuments: isSettingOn(connection.settings.electronicTradeDocuments),
  };
  const client = createFedexClient(
    {
      accountKey: connection.key,
      clientId: fields.clientId!,
      clientSecret: fields.clientSecret!,
      apiBaseUrl: fields.apiBaseUrl,
    },
    options.http,
  );

  return {
    carrier: 'fedex',

    // A new token rather than a kept one, so the test proves the API and secret keys as they are now. FedEx checks
    // the account number only on a shipment, so it is shown, not proven.
    async testConnection(signal) {
      await client.newAccessToken(signal);
      return { accountName: `FedEx account ${accountNumber}` };
    },
    rates: (request, signal) => fedexRates(client, accountNumber, request, signal),
    buyLabel: (request, signal) => fedexBuyLabel(client, shipping, request, signal),
    // RETURN_SHIPMENT with a printed return label (fedex-returns.ts); cancelled like any label.
    buyReturnLabel: (request, signal) => fedexBuyReturnLabel(client, shipping, request, signal),
    findLabel: (request, signal) => fedexFindLabel(client, accountNumber, request, signal),
    voidLabel: (label, signal) => fedexVoidLabel(client, accountNumber, label, signal),
    trackParcels: (numbers, signal) => fedexTrackParcels(client, numbers, signal),
    trackingLimits: FEDEX_TRACKING_LIMITS,
    checkAddresses: (addresses, signal) => fedexCheckAddresses(client, addresses, signal),
    addressLimits: FEDEX_ADDRESS_LIMITS,
    // The Ground End of Day Close and pickups (fedex-end-of-day.ts).
    ...fedexEndOfDay(client, accountNumber),
  };
}
