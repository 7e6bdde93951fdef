import { randomBytes } from 'node:crypto';
import type { FakeHandler, FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import { labelPdf } from './fake-usps-documents.ts';
import { multipart } from './fake-usps-label-replies.ts';
import type { FakeUspsAnyLabel, UspsLabelsState } from './fake-usps-label-store.ts';
import { bearerOf, header, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import type { UspsErrorDetail } from './fake-usps-wire.ts';

/**
 * The fake USPS's end of the day (integrations-shipping.md sections 5 and 6): SCAN forms (`POST
 * /scan-forms/v3/scan-form` with `shipment.trackingNumbers`, answered multipart with a `SCANFormMetaData` JSON part
 * and the base64 PDF `SCANFormImage`), refusing cancelled labels, labels of another mailing date and labels already on
 * a form; and Carrier Pickup v3 (`POST /pickup/v3/carrier-pickup`, `GET` with an ETag, `DELETE` with `If-Match`),
 * refusing a past date, a Sunday, and a cancel of an unknown or already cancelled confirmation.
 */

const SCAN_API = '/scan-forms/v3';
const PICKUP_API = '/pickup/v3';
const SCAN_PARTS = { metadata: 'SCANFormMetaData', image: 'SCANFormImage' };
const PACKAGE_TYPES = [
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL',
  'USPS_GROUND_ADVANTAGE',
  'FIRST-CLASS_PACKAGE_SERVICE',
  'RETURNS',
  'INTERNATIONAL',
  'OTHER',
];
const LOCATIONS = [
  'FRONT_DOOR',
  'BACK_DOOR',
  'SIDE_DOOR',
  'KNOCK_ON_DOOR',
  'MAIL_ROOM',
  'OFFICE',
  'PORCH',
  'RECEPTION',
  'MAILBOX',
  'OTHER',
];

interface UspsAddressLike {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress?: string;
  city?: string;
  state?: string;
  ZIPCode?: string;
}

interface UspsScanFormRequest {
  imageInfo?: { imageType?: string; labelType?: string };
  mailingDate?: string;
  overwriteMailingDate?: boolean;
  entryFacilityZIPCode?: string;
  destinationEntryFacilityType?: string;
  shipment?: { trackingNumbers?: string[]; MID?: string; manifestMID?: string };
  fromAddress?: UspsAddressLike;
}

interface UspsPickupRequest {
  pickupDate?: string;
  pickupAddress?: { firstName?: string; lastName?: string; firm?: string; address?: UspsAddressLike };
  packages?: { packageType?: string; packageCount?: number | string }[];
  estimatedWeight?: number;
  pickupLocation?: { packageLocation?: string; specialInstructions?: string; dogPresent?: boolean };
}

interface FakeUspsScanForm {
  manifestNumber: string;
  mailingDate: string;
  trackingNumbers: string[];
}

interface FakeUspsPickup {
  confirmationNumber: string;
  request: UspsPickupRequest;
  etag: string;
  canceled: boolean;
}

/** What the end of the day reads of the labels' state: the token check, the labels sold and the clock. */
type UspsEndOfDayContext = Pick<UspsLabelsState, 'context' | 'labels' | 'internationalLabels' | 'clock'>;

export interface FakeUspsEndOfDayLists {
  /** The SCAN forms made, oldest first. */
  readonly scanForms: FakeUspsScanForm[];
  /** Carrier pickups booked, by confirmation number (cancelled ones kept, marked). */
  readonly pickups: Map<string, FakeUspsPickup>;
}

const missing = (parameter: string): UspsErrorDetail => ({
  code: 'MISSING_FIELD',
  title: 'Missing field',
  detail: `${parameter} is required.`,
  source: { parameter },
});

const mailingDateOf = (label: FakeUspsAnyLabel) =>
  (label.request as { packageDescription?: { mailingDate?: string } }).packageDescription?.mailingDate ?? null;

const isDate = (value: string | undefined): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function createUspsEndOfDay(usps: UspsEndOfDayContext) {
  const context = { bearerWorks: usps.context.bearerWorks, clock: usps.clock };
  const scanForms: FakeUspsScanForm[] = [];
  /** Which form each tracking number is on. */
  const onForm = new Map<string, string>();
  let serial = 1;

  function labelRefusals(body: UspsScanFormRequest, numbers: string[]): UspsErrorDetail[] {
    return numbers.flatMap((number): UspsErrorDetail[] => {
      const parameter = { parameter: 'shipment.trackingNumbers' };
      const label: FakeUspsAnyLabel | undefined = usps.labels.get(number) ?? usps.internationalLabels.get(number);
      if (!label) {
        return [
          {
            code: 'LABEL_NOT_FOUND',
            title: 'Invalid tracking number',
            detail: `No label ${number} was found.`,
            source: parameter,
          },
        ];
      }
      if (label.state === 'canceled' || label.state === 'refund_requested') {
        const detail = `Label ${number} has been canceled and cannot be included on a SCAN Form.`;
        return [{ code: 'LABEL_CANCELED', title: 'Invalid tracking number', detail, source: parameter }];
      }
      const form = onForm.get(number);
      if (form) {
        const detail = `Label ${number} is already included on SCAN Form ${form}.`;
        return [{ code: 'LABEL_ALREADY_MANIFESTED', title: 'Invalid tracking number', detail, source: parameter }];
      }
      if (!body.overwriteMailingDate && mailingDateOf(label) !== body.mailingDate) {
        const detail = `Label ${number} has mailing date ${mailingDateOf(label) ?? '(none)'}, not ${body.mailingDate}.`;
        return [{ code: 'MAILING_DATE_MISMATCH', title: 'Invalid mailingDate', detail, source: parameter }];
      }
      return [];
    });
  }

  function createScanForm(request: FakeRequest): FakeReply {
    if (!context.bearerWorks(bearerOf(request))) return invalidToken(SCAN_API);
    const parsed = jsonBody<UspsScanFormRequest>(request, SCAN_API);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    const refusals: UspsErrorDetail[] = [];
    if (!isDate(body.mailingDate)) refusals.push(missing('mailingDate'));
    if (!/^\d{5}$/.test(body.entryFacilityZIPCode ?? '')) refusals.push(missing('entryFacilityZIPCode'));
    if (!body.destinationEntryFacilityType) refusals.push(missing('destinationEntryFacilityType'));
    const from = body.fromAddress;
    if (!from?.streetAddress || !from.city || !from.state || !from.ZIPCode) refusals.push(missing('fromAddress'));
    else if (!from.firm && !from.firstName && !from.lastName) refusals.push(missing('fromAddress.firm'));
    const numbers = body.shipment?.trackingNumbers;
    if (!Array.isArray(numbers) || numbers.length === 0) refusals.push(missing('shipment.trackingNumbers'));
    if (refusals.length > 0) return uspsError(400, SCAN_API, 'Bad Request', refusals);
    const labels = labelRefusals(body, numbers!);
    if (labels.length > 0) return uspsError(400, SCAN_API, 'Bad Request', labels);

    const manifestNumber = `9275${String(Date.now()).slice(-8)}${String(serial++).padStart(4, '0')}`;
    const form = { manifestNumber, mailingDate: body.mailingDate!, trackingNumbers: [...numbers!] };
    scanForms.push(form);
    for (const number of numbers!) onForm.set(number, manifestNumber);
    const image = labelPdf([
      'PS Form 5630 - SCAN FORM',
      `Electronic File Number ${manifestNumber}`,
      `Mailing date ${form.mailingDate}`,
      from!.firm ?? [from!.firstName, from!.lastName].filter(Boolean).join(' '),
      `${from!.streetAddress}, ${from!.city} ${from!.state} ${from!.ZIPCode}`,
      `${numbers!.length} pieces`,
      ...numbers!,
    ]);
    const metadata = { ...body, manifestNumber, trackingNumbers: numbers };
    return multipart(metadata, image.toString('base64'), SCAN_PARTS);
  }

  return { scanForms, createScanForm, ...createUspsPickups(context) };
}

/** Carrier Pickup v3: booked, read (with its ETag) and cancelled (with If-Match). */
function createUspsPickups(context: { bearerWorks(token: string | undefined): boolean; clock: { now(): number } }) {
  const pickups = new Map<string, FakeUspsPickup>();

  function pickupRefusals(body: UspsPickupRequest): UspsErrorDetail[] {
    const refusals: UspsErrorDetail[] = [];
    const today = new Date(context.clock.now()).toISOString().slice(0, 10);
    if (!isDate(body.pickupDate)) refusals.push(missing('pickupDate'));
    else if (body.pickupDate < today) {
      refusals.push({
        code: 'INVALID_PICKUP_DATE',
        title: 'Invalid pickupDate',
        detail: `pickupDate ${body.pickupDate} is in the past.`,
        source: { parameter: 'pickupDate' },
      });
    } else if (new Date(`${body.pickupDate}T12:00:00Z`).getUTCDay() === 0) {
      refusals.push({
        code: 'INVALID_PICKUP_DATE',
        title: 'Invalid pickupDate',
        detail: 'Carrier Pickup is available Monday through Saturday.',
        source: { parameter: 'pickupDate' },
      });
    }
    const address = body.pickupAddress?.address;
    if (!address?.streetAddress || !address.city || !address.state || !address.ZIPCode) {
      refusals.push(missing('pickupAddress.address'));
    }
    const packages = body.packages;
    if (!Array.isArray(packages) || packages.length === 0) refusals.push(missing('packages'));
    else if (packages.some((p) => !PACKAGE_TYPES.includes(p.packageType ?? '') || !(Number(p.packageCount) > 0))) {
      refusals.push({
        code: 'INVALID_PACKAGES',
        title: 'Invalid packages',
        detail: `Each package needs a packageType (${PACKAGE_TYPES.join(', ')}) and a packageCount above 0.`,
        source: { parameter: 'packages' },
      });
    }
    if (!(typeof body.estimatedWeight === 'number' && body.estimatedWeight > 0))
      refusals.push(missing('estimatedWeight'));
    const location = body.pickupLocation?.packageLocation ?? '';
    if (!LOCATIONS.includes(location)) refusals.push(missing('pickupLocation.packageLocation'));
    else if (location === 'OTHER' && !body.pickupLocation?.specialInstructions) {
      refusals.push(missing('pickupLocation.specialInstructions'));
    }
    return refusals;
  }

  const echo = (pickup: FakeUspsPickup): FakeReply => ({
    status: 200,
    headers: { etag: pickup.etag },
    body: {
      confirmationNumber: pickup.confirmationNumber,
      ...pickup.request,
      packages: pickup.request.packages!.map((p) => ({ ...p, packageCount: String(p.packageCount) })),
    },
  });

  function createPickup(request: FakeRequest): FakeReply {
    if (!context.bearerWorks(bearerOf(request))) return invalidToken(PICKUP_API);
    const parsed = jsonBody<UspsPickupRequest>(request, PICKUP_API);
    if ('reply' in parsed) return parsed.reply;
    const refusals = pickupRefusals(parsed.value);
    if (refusals.length > 0) return uspsError(400, PICKUP_API, 'Bad Request', refusals);
    const confirmationNumber = `WTC${randomBytes(5).toString('hex').toUpperCase()}`;
    const pickup = {
      confirmationNumber,
      request: parsed.value,
      etag: `"${randomBytes(6).toString('hex')}"`,
      canceled: false,
    };
    pickups.set(confirmationNumber, pickup);
    return echo(pickup);
  }

  function found(request: FakeRequest): FakeUspsPickup | FakeReply {
    if (!context.bearerWorks(bearerOf(request))) return invalidToken(PICKUP_API);
    const pickup = pickups.get(request.params.confirmationNumber ?? '');
    if (pickup && !pickup.canceled) return pickup;
    return uspsError(404, PICKUP_API, 'Not Found', [
      {
        code: 'PICKUP_NOT_FOUND',
        title: 'Pickup not found',
        detail: `No scheduled pickup with confirmation number ${request.params.confirmationNumber} was found.`,
      },
    ]);
  }

  function getPickup(request: FakeRequest): FakeReply {
    const pickup = found(request);
    return 'confirmationNumber' in pickup ? echo(pickup) : pickup;
  }

  function cancelPickup(request: FakeRequest): FakeReply {
    const pickup = found(request);
    if (!('confirmationNumber' in pickup)) return pickup;
    if (header(request, 'if-match') !== pickup.etag) {
      return uspsError(412, PICKUP_API, 'Precondition Failed', [
        { code: 'ETAG_MISMATCH', title: 'Precondition Failed', detail: 'If-Match does not match the current ETag.' },
      ]);
    }
    pickup.canceled = true;
    return { status: 200 };
  }

  return { pickups, createPickup, getPickup, cancelPickup };
}

type UspsEndOfDay = ReturnType<typeof createUspsEndOfDay>;

/** The SCAN form and pickup routes on the fake's router, counted against its quota. */
export function uspsEndOfDayRoutes(
  router: FakeRouter,
  limited: (apiVersion: string, handler: FakeHandler) => FakeHandler,
  endOfDay: UspsEndOfDay,
): FakeRouter {
  const pickup = `${PICKUP_API}/carrier-pickup`;
  return router
    .on('POST', `${SCAN_API}/scan-form`, limited(SCAN_API, endOfDay.createScanForm))
    .on('POST', pickup, limited(PICKUP_API, endOfDay.createPickup))
    .on('GET', `${pickup}/:confirmationNumber`, limited(PICKUP_API, endOfDay.getPickup))
    .on('DELETE', `${pickup}/:confirmationNumber`, limited(PICKUP_API, endOfDay.cancelPickup));
}
