import { findCarrierService } from '@shipdesk/contract';
import { ChannelError } from '../../http/channel-http.ts';
import type {
  BookedPickup,
  CarrierAdapter,
  CarrierScanForm,
  PickupReference,
  PickupRequest,
  ScanFormRequest,
} from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type { UspsClient } from './usps-client.ts';
import { uspsAddress, uspsZip } from './usps-labels.ts';
import { uspsMultipartLabel } from './usps-multipart.ts';

/**
 * USPS's end of the day (integrations-shipping.md sections 5 and 6, docs/end-of-day.md). A SCAN form (PS 5630) is
 * `POST /scan-forms/v3/scan-form` with the labels' tracking numbers, answered multipart: a JSON metadata part with
 * the form's number (`manifestNumber`, the Electronic File Number) and the base64 PDF. The spec names the parts
 * SCANFormMetaData and SCANFormImage, USPS's published sample "Scan Form Response" and "label": both are read. The
 * spec declares no payment authorization header for it (unconfirmed whether USPS wants one), so none is sent.
 * Carrier Pickup v3 books a pickup for the next delivery day (no time window: USPS comes with the mail carrier);
 * a cancel reads the pickup's ETag first and sends it as If-Match, as USPS asks.
 */

const SCAN_PARTS = [
  { metadata: 'SCANFormMetaData', image: 'SCANFormImage' },
  { metadata: 'Scan Form Response', image: 'label' },
];

interface UspsScanFormMetadata {
  manifestNumber?: string;
  trackingNumbers?: string[];
}

/** The form's parts under the spec's names, else the sample's; a body with neither is malformed. */
function scanFormParts(contentType: string, text: string) {
  let failure: unknown = null;
  for (const names of SCAN_PARTS) {
    try {
      return uspsMultipartLabel<UspsScanFormMetadata | null>(contentType, text, names);
    } catch (error) {
      failure ??= error;
    }
  }
  throw failure;
}

async function createUspsScanForm(
  client: UspsClient,
  request: ScanFormRequest,
  signal?: AbortSignal,
): Promise<CarrierScanForm> {
  if (request.labels.length === 0) throw new ChannelError('invalid', 'A SCAN form needs at least one label');
  const { phone: _phone, email: _email, ...fromAddress } = uspsAddress(request.from, true);
  const answer = await client.plainCall(
    {
      method: 'POST',
      path: '/scan-forms/v3/scan-form',
      headers: { accept: 'multipart/form-data, multipart/mixed' },
      json: {
        imageInfo: { imageType: 'PDF', labelType: '8.5X11LABEL' },
        mailingDate: request.shipDate,
        overwriteMailingDate: false,
        entryFacilityZIPCode: uspsZip(request.from.postalCode).ZIPCode,
        destinationEntryFacilityType: 'NONE',
        shipment: { trackingNumbers: request.labels.map((label) => label.trackingNumber) },
        fromAddress,
      },
      // Asked again after a lost answer, USPS refuses the labels as already on a form: never resent blindly.
      idempotent: false,
    },
    signal,
  );
  const { metadata, labelImage } = scanFormParts(answer.headers.get('content-type') ?? '', answer.text);
  if (!metadata?.manifestNumber || !labelImage) {
    throw new ChannelError('malformed', 'USPS answered the SCAN form without its number or its image', 200);
  }
  return {
    carrierRef: metadata.manifestNumber,
    document: new Uint8Array(Buffer.from(labelImage, 'base64')),
    contentType: 'application/pdf',
  };
}

/** Carrier Pickup's package types, by the catalogue's mail classes. */
const PACKAGE_TYPES: Record<string, string> = {
  USPS_GROUND_ADVANTAGE: 'USPS_GROUND_ADVANTAGE',
  PRIORITY_MAIL: 'PRIORITY_MAIL',
  PRIORITY_MAIL_EXPRESS: 'PRIORITY_MAIL_EXPRESS',
};

function packageTypeOf(serviceCode: string): string {
  if (PACKAGE_TYPES[serviceCode]) return PACKAGE_TYPES[serviceCode];
  return findCarrierService('usps', serviceCode)?.scope === 'international' ? 'INTERNATIONAL' : 'OTHER';
}

/** The seller's words for where the parcels wait, as one of USPS's package locations (OTHER with the words). */
function packageLocation(location: string | null): { packageLocation: string; specialInstructions?: string } {
  const words = (location ?? '').trim();
  if (!words) return { packageLocation: 'FRONT_DOOR' };
  const known = ['FRONT_DOOR', 'BACK_DOOR', 'SIDE_DOOR', 'KNOCK_ON_DOOR', 'MAIL_ROOM', 'OFFICE', 'PORCH', 'RECEPTION'];
  const key = words.toUpperCase().replace(/[\s-]+/g, '_');
  if (known.includes(key)) return { packageLocation: key };
  if (key === 'MAILBOX') return { packageLocation: 'MAILBOX' };
  return { packageLocation: 'OTHER', specialInstructions: words.slice(0, 255) };
}

async function bookUspsPickup(client: UspsClient, request: PickupRequest, signal?: AbortSignal): Promise<BookedPickup> {
  const { phone, email, firm, firstName, lastName, ...address } = uspsAddress(request.address);
  const types = [...new Set(request.serviceCodes.map(packageTypeOf))];
  const contact = email ? [{ email }] : phone ? [{ phone }] : [];
  const answer = await client.call<{ confirmationNumber?: string } | null>(
    {
      method: 'POST',
      path: '/pickup/v3/carrier-pickup',
      json: {
        pickupDate: request.pickupDate,
        // Undefined names are left out of the JSON: USPS wants a person's names or a firm.
        pickupAddress: { firstName, lastName, firm, address, contact },
        // One line for the day's parcels: USPS asks per mail class, the product counts parcels per pickup.
        packages: [{ packageType: types.length === 1 ? types[0] : 'OTHER', packageCount: request.parcels }],
        estimatedWeight: Math.max(0.1, gramsToPounds(request.weightGrams, 1)),
        pickupLocation: packageLocation(request.location),
      },
      idempotent: false,
    },
    signal,
  );
  if (!answer?.confirmationNumber) {
    throw new ChannelError('malformed', 'USPS answered the pickup without a confirmation number', 200);
  }
  return { confirmation: answer.confirmationNumber, message: null };
}

async function cancelUspsPickup(client: UspsClient, pickup: PickupReference, signal?: AbortSignal): Promise<void> {
  const path = `/pickup/v3/carrier-pickup/${encodeURIComponent(pickup.confirmation)}`;
  const found = await client.plainCall({ method: 'GET', path, idempotent: true }, signal);
  const etag = found.headers.get('etag');
  if (!etag) throw new ChannelError('malformed', 'USPS answered the pickup without its ETag', found.status);
  await client.plainCall({ method: 'DELETE', path, headers: { 'If-Match': etag }, idempotent: false }, signal);
}

/** USPS's end-of-day capabilities, for its adapter. */
export function uspsEndOfDay(
  client: UspsClient,
): Required<Pick<CarrierAdapter, 'createScanForm' | 'bookPickup' | 'cancelPickup'>> {
  return {
    createScanForm: (request, signal) => createUspsScanForm(client, request, signal),
    bookPickup: (request, signal) => bookUspsPickup(client, request, signal),
    cancelPickup: (pickup, signal) => cancelUspsPickup(client, pickup, signal),
  };
}
