import {
  CARRIER_CATALOGUE,
  CARRIER_NAMES,
  findPackageType,
  formatLength,
  formatWeight,
  needsCustoms,
  type CarrierService,
  type UnitSystem,
} from '@shipdesk/contract';
import { zplToPng } from '../../documents/zpl-preview.ts';
import { ChannelError } from '../../http/channel-http.ts';
import type { CarrierAdapter, CarrierRate, LabelRequest, PurchasedLabel, ShipmentParcel } from '../carrier-types.ts';
import type { LocalLabelData, LocalLabelMarks } from './local-label-layout.ts';
import { optionsRefusal } from '../carrier-options.ts';
import { drawLocalCustomsForm } from './local-customs-form.ts';
import { drawLocalReturnLabel } from './local-returns.ts';
import { localTrackingNumber } from './local-tracking.ts';

/**
 * Shipdesk's built-in carrier: the seller's own deliveries and local couriers. It has no account and no API: labels
 * cost nothing, are drawn here (PDF, ZPL, or PNG from the ZPL) and nothing is kept. The tracking number is a function
 * of the purchase's idempotency key, so `findLabel` simply draws the same label again.
 */

const CATALOGUE = CARRIER_CATALOGUE.local;

const CONTENT_TYPES = { pdf: 'application/pdf', zpl: 'text/plain', png: 'image/png' } as const;

// The drawing code (pdfkit and the font metrics, some 100 ms to load) comes in with the first label, not at start.
let renderers: Promise<{
  pdf: (data: LocalLabelData) => Promise<Uint8Array>;
  zpl: (data: LocalLabelData) => string;
}> | null = null;
const loadRenderers = () =>
  (renderers ??= Promise.all([import('./local-label-pdf.ts'), import('./local-label-zpl.ts')]).then(([pdf, zpl]) => ({
    pdf: pdf.renderLocalLabelPdf,
    zpl: zpl.renderLocalLabelZpl,
  })));

/**
 * Why the built-in carrier cannot take `parcel`, or null when it can; limits in `units` (the tenant's) when given, else
 * grams and inches.
 */
export function localParcelProblem(parcel: ShipmentParcel, units?: UnitSystem): string | null {
  const packageType = findPackageType('local', parcel.packageType);
  if (!packageType) return `${CATALOGUE.name} has no package type ${parcel.packageType}`;
  const measures = [parcel.weightGrams, parcel.lengthIn, parcel.widthIn, parcel.heightIn];
  if (!measures.every((n) => Number.isFinite(n) && n >= 0)) return 'The parcel needs a weight and a size';
  const { maxWeightGrams, maxLengthIn, maxLengthPlusGirthIn } = CATALOGUE.limits;
  const most = Math.min(maxWeightGrams, packageType.maxWeightGrams);
  const inches = (n: number) => (units ? formatLength(n, units) : `${n} in`);
  if (parcel.weightGrams > most) {
    return `${CATALOGUE.name} takes parcels up to ${units ? formatWeight(most, units) : `${most} g`}`;
  }
  const [length, ...others] = [parcel.lengthIn, parcel.widthIn, parcel.heightIn].sort((a, b) => b - a);
  if (length! > maxLengthIn) return `${CATALOGUE.name} takes parcels up to ${inches(maxLengthIn)} long`;
  if (length! + 2 * (others[0]! + others[1]!) > maxLengthPlusGirthIn) {
    return `${CATALOGUE.name} takes parcels up to ${inches(maxLengthPlusGirthIn)} length plus girth`;
  }
  return null;
}

function localService(code: string): CarrierService {
  const service = CATALOGUE.services.find((s) => s.code === code);
  if (!service) throw new ChannelError('invalid', `${CATALOGUE.name} has no service ${code}`);
  return service;
}

const SIGNATURE_WORDS = { standard: 'SIGNATURE REQUIRED', adult: 'ADULT SIGNATURE (21+, ID)' } as const;

/**
 * Draws the label of `request`: the same request (and idempotency key) always gives the same label. `marks`: what a
 * return label prints instead (local-returns.ts).
 */
export async function drawLocalLabel(
  request: LabelRequest,
  marks: LocalLabelMarks | null = null,
): Promise<PurchasedLabel> {
  const service = localService(request.serviceCode);
  const problem = localParcelProblem(request.parcel, request.units);
  if (problem) throw new ChannelError('invalid', problem);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(request.shipDate) || Number.isNaN(Date.parse(request.shipDate))) {
    throw new ChannelError('invalid', `The ship date ${request.shipDate} is not a date (YYYY-MM-DD)`);
  }
  if (request.idempotencyKey.length === 0) throw new ChannelError('invalid', 'A label needs an idempotency key');

  // Nobody insures the seller's own deliveries, and a pickup has no delivery to sign for: refused, never dropped.
  const refusal = optionsRefusal('local', request.serviceCode, request);
  if (refusal) throw new ChannelError('invalid', refusal);

  const trackingNumber = localTrackingNumber(request.idempotencyKey);
  const data: LocalLabelData = {
    from: request.from,
    to: request.to,
    parcel: request.parcel,
    shipDate: request.shipDate,
    reference: marks?.reference ?? request.reference,
    referenceTitle: marks?.referenceTitle,
    // The driver reads what to collect on its own line under the service's name (appended to the name, a long one
    // cut it off).
    serviceName: service.name,
    instruction:
      [marks?.instruction, request.signature ? SIGNATURE_WORDS[request.signature] : null].filter(Boolean).join(' - ') ||
      null,
    trackingNumber,
    units: request.units,
  };
  const render = await loadRenderers();
  let document: Uint8Array;
  switch (request.format) {
    case 'pdf':
      document = await render.pdf(data);
      break;
    case 'zpl':
      document = new TextEncoder().encode(render.zpl(data));
      break;
    case 'png':
      // The printer's drawing of the ZPL, so a PNG label looks as the thermal printer prints it.
      document = await zplToPng(render.zpl(data));
      break;
    default:
      throw new ChannelError('invalid', `${CATALOGUE.name} has no label format ${String(request.format)}`);
  }
  // A parcel crossing a customs border travels with a CN 22 or CN 23, always a PDF beside the label.
  const forms = request.customs
    ? await drawLocalCustomsForm({ ...request, customs: request.customs }, trackingNumber)
    : null;
  return {
    trackingNumber,
    carrierShipmentId: trackingNumber,
    amountMinor: 0,
    currency: 'USD',
    format: request.format,
    contentType: CONTENT_TYPES[request.format],
    document,
    ...(forms ? { forms } : {}),
  };
}

/** Shipdesk's built-in carrier: no account and no API, so there is nothing to prove and nothing to pay. */
export function createLocalAdapter(): CarrierAdapter {
  return {
    carrier: 'local',
    testConnection: async () => ({ accountName: CARRIER_NAMES.local }),

    rates: async (request, signal) => {
      signal?.throwIfAborted();
      if (localParcelProblem(request.parcel)) return [];
      // Asked for none: the services of the shipment's scope (abroad: the parcel the seller posts with a customs form).
      const scope = needsCustoms(request.from, request.to) ? 'international' : 'domestic';
      const wanted = request.serviceCodes.length === 0 ? null : new Set(request.serviceCodes);
      return CATALOGUE.services
        .filter((service) => (wanted === null ? service.scope === scope : wanted.has(service.code)))
        .filter((service) => !optionsRefusal('local', service.code, request))
        .map((service): CarrierRate => ({
          serviceCode: service.code,
          amountMinor: 0,
          currency: 'USD',
          deliveryDays: service.deliveryDays.min,
        }));
    },

    buyLabel: async (request, signal) => {
      signal?.throwIfAborted();
      return drawLocalLabel(request);
    },

    // Nothing was kept: the label bought under this key is the one drawn again from it.
    findLabel: async (request, signal) => {
      signal?.throwIfAborted();
      return drawLocalLabel(request);
    },

    // Nothing was charged, so there is nothing to refund.
    voidLabel: async (_label, signal) => {
      signal?.throwIfAborted();
      return { status: 'voided', message: null };
    },

    // Drawn like its labels, marked RETURN with the RMA; voided as they are (nothing was charged).
    buyReturnLabel: async (request, signal) => {
      signal?.throwIfAborted();
      return drawLocalReturnLabel(request, drawLocalLabel);
    },
  };
}
