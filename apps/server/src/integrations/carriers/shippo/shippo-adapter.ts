import { carrierFields } from '../carrier-connection-fields.ts';
import type { CarrierAdapter, CarrierAdapterOptions, CarrierConnection } from '../carrier-types.ts';
import { SHIPPO_ADDRESS_LIMITS, shippoCheckAddresses } from './shippo-addresses.ts';
import { createShippoClient } from './shippo-client.ts';
import { shippoEndOfDay } from './shippo-end-of-day.ts';
import { createLabelFileDownload } from './shippo-label-file.ts';
import { shippoBuyLabel, shippoFindLabel, shippoVoidLabel, type ShippoLabelContext } from './shippo-labels.ts';
import { shippoBuyReturnLabel } from './shippo-returns.ts';
import { shippoRates } from './shippo-shipment.ts';
import { shippoTrackingLimits, shippoTrackParcels } from './shippo-tracking.ts';
import { shippoSubscribeTracking, shippoUnsubscribeTracking } from './shippo-tracking-push.ts';

export function createShippoAdapter(
  connection: CarrierConnection,
  options: CarrierAdapterOptions = {},
): CarrierAdapter {
  const fields = carrierFields('shippo', connection);
  const client = createShippoClient({ apiToken: fields.apiToken!, apiBaseUrl: fields.apiBaseUrl }, options.http);
  const labels: ShippoLabelContext = {
    client,
    download: createLabelFileDownload(options.http),
    sleep: options.http?.sleep,
  };

  return {
    carrier: 'shippo',

    // The cheapest authenticated read; its objects name their owner, the Shippo user the token belongs to.
    async testConnection(signal) {
      const page = await client.listCarrierAccounts({ results: 1 }, signal);
      const first = page?.results?.[0];
      if (!first?.object_owner) return { accountName: null };
      return { accountName: first.test ? `${first.object_owner} (test mode)` : first.object_owner };
    },
    rates: (request, signal) => shippoRates(client, request, signal),
    buyLabel: (request, signal) => shippoBuyLabel(labels, request, signal),
    // A shipment marked is_return, addresses as the outbound had them (shippo-returns.ts); refunded like any label.
    buyReturnLabel: (request, signal) => shippoBuyReturnLabel(labels, request, signal),
    findLabel: (request, signal) => shippoFindLabel(labels, request, signal),
    voidLabel: (label, signal) => shippoVoidLabel(labels, label, signal),
    trackParcels: (numbers, signal) => shippoTrackParcels(client, numbers, signal),
    trackingLimits: shippoTrackingLimits(fields.apiToken!),
    subscribeTrackingPush: (request, signal) => shippoSubscribeTracking(client, fields.apiToken!, request, signal),
    unsubscribeTrackingPush: (id, signal) => shippoUnsubscribeTracking(client, id, signal),
    checkAddresses: (addresses, signal) => shippoCheckAddresses(client, addresses, signal),
    addressLimits: SHIPPO_ADDRESS_LIMITS,
    // Manifests for USPS labels bought through Shippo (shippo-end-of-day.ts).
    ...shippoEndOfDay(labels),
  };
}
