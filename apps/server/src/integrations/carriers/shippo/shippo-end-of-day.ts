import { abortableSleep, ChannelError } from '../../http/channel-http.ts';
import type { CarrierAdapter, CarrierScanForm, ScanFormRequest } from '../carrier-types.ts';
import type { ShippoLabelContext } from './shippo-labels.ts';
import { shippoAddress } from './shippo-shipment.ts';
import type { ShippoTransaction } from './shippo-wire.ts';

/**
 * Shippo's end of the day (integrations-shipping.md section 5, docs/end-of-day.md): a manifest for the day's USPS
 * labels bought through Shippo (USPS's SCAN form, made by Shippo). `POST /manifests/` takes the carrier account the
 * labels were bought with (read from the first label's rate), the shipment date, the ship-from as an address object
 * (`POST /addresses/` first) and the labels' transaction ids. Shippo answers QUEUED, SUCCESS or ERROR; a queued
 * manifest is read again (`GET /manifests/{id}`) for a bounded time. Its document is a PDF behind a link, fetched and
 * kept. Labels of several Shippo USPS accounts on one day: Shippo refuses the others' transactions (unconfirmed).
 */

interface ShippoManifest {
  object_id?: string;
  status?: string;
  documents?: string[];
  errors?: unknown[];
}

const PENDING_READS = 10;
const PENDING_WAIT_MS = 500;

function errorText(errors: unknown[] | undefined): string | null {
  const texts = (errors ?? []).map((e) =>
    typeof e === 'string' ? e : e && typeof e === 'object' ? String((e as { text?: string }).text ?? '') : '',
  );
  const joined = texts.filter(Boolean).join('; ');
  return joined || null;
}

/** The carrier account (Shippo's object id) the label was bought with, from its rate. */
async function carrierAccountOf(context: ShippoLabelContext, transactionId: string, signal?: AbortSignal) {
  const transaction = await context.client.call<ShippoTransaction | null>(
    { path: `/transactions/${encodeURIComponent(transactionId)}` },
    signal,
  );
  let rate: unknown = transaction?.rate;
  if (typeof rate === 'string') {
    rate = await context.client.call<unknown>({ path: `/rates/${encodeURIComponent(rate)}` }, signal);
  }
  const account = (rate as { carrier_account?: string } | null)?.carrier_account;
  if (!account) throw new ChannelError('malformed', 'Shippo answered a label without its carrier account');
  return account;
}

async function createShippoManifest(
  context: ShippoLabelContext,
  request: ScanFormRequest,
  signal?: AbortSignal,
): Promise<CarrierScanForm> {
  const labels = request.labels.filter((label) => label.serviceCode.startsWith('usps_'));
  if (labels.length === 0) throw new ChannelError('invalid', 'A Shippo manifest needs a USPS label of the day');
  const carrierAccount = await carrierAccountOf(context, labels[0]!.carrierShipmentId, signal);
  const address = await context.client.call<{ object_id?: string } | null>(
    { method: 'POST', path: '/addresses/', json: shippoAddress(request.from, false), idempotent: true },
    signal,
  );
  if (!address?.object_id) throw new ChannelError('malformed', 'Shippo answered the ship-from without its id');
  let manifest =
    (await context.client.call<ShippoManifest | null>(
      {
        method: 'POST',
        path: '/manifests/',
        json: {
          carrier_account: carrierAccount,
          // Noon UTC is the mailing date's own day across the US (as for the labels' shipments).
          shipment_date: `${request.shipDate}T12:00:00Z`,
          address_from: address.object_id,
          transactions: labels.map((label) => label.carrierShipmentId),
          async: false,
        },
        // A second manifest of the same labels is refused by Shippo: never resent blindly.
        idempotent: false,
      },
      signal,
    )) ?? {};
  for (let read = 0; manifest.status === 'QUEUED' && read < PENDING_READS; read++) {
    await (context.sleep ?? abortableSleep)(PENDING_WAIT_MS, signal);
    const path = `/manifests/${encodeURIComponent(manifest.object_id ?? '')}`;
    manifest = (await context.client.call<ShippoManifest | null>({ path }, signal)) ?? {};
  }
  if (manifest.status === 'ERROR') {
    throw new ChannelError('invalid', 'Shippo could not make the manifest', null, errorText(manifest.errors));
  }
  if (manifest.status !== 'SUCCESS') {
    throw new ChannelError('timeout', `Shippo has not finished the manifest (${manifest.status ?? 'no status'})`);
  }
  const url = manifest.documents?.[0];
  if (!url || !manifest.object_id)
    throw new ChannelError('malformed', 'Shippo answered the manifest without a document');
  const bytes = await context.download(url, signal);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new ChannelError('malformed', "Shippo's manifest document is not a PDF file");
  }
  return { carrierRef: manifest.object_id, document: new Uint8Array(bytes), contentType: 'application/pdf' };
}

/** Shippo's manifests, for its adapter (no pickups: Shippo has no cancel for them). */
export function shippoEndOfDay(context: ShippoLabelContext): Required<Pick<CarrierAdapter, 'createScanForm'>> {
  return { createScanForm: (request, signal) => createShippoManifest(context, request, signal) };
}
