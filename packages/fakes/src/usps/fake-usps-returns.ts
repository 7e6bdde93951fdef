import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { labelPdf, labelZpl, impbBarcodeData, uspsPic } from './fake-usps-documents.ts';
import { uspsExtras } from './fake-usps-extras.ts';
import { IMAGE_TYPES, addressRefusals, dateRefusal, missing } from './fake-usps-label-checks.ts';
import { authorize, multipart } from './fake-usps-label-replies.ts';
import { replayed, type FakeUspsLabel, type UspsLabelsState } from './fake-usps-label-store.ts';
import { uspsQuote } from './fake-usps-prices.ts';
import { header, jsonBody, uspsError } from './fake-usps-replies.ts';
import { startJourney } from './fake-usps-tracking.ts';
import type { UspsErrorDetail, UspsLabelAddress, UspsLabelAnswer, UspsLabelRequest } from './fake-usps-wire.ts';

/**
 * Return labels of the fake USPS (`POST /labels/v3/return-label`, integrations-shipping.md section 3): checked like a
 * domestic label, for one of the return services, and drawn with RETURN and the RMA (the customer reference). USPS
 * return labels are pay-on-use, so buying one charges nothing (no entry in `charges`, the balance untouched): the
 * price in the answer is what a scan would cost. A return label is kept with the domestic labels too, so it is
 * tracked, scanned and cancelled (`DELETE /labels/v3/label/{trackingNumber}`) like one; `returnLabels` lists them.
 */

const LABELS_API = '/labels/v3';
const RETURN_PARTS = { metadata: 'returnLabelMetadata', image: 'returnLabelImage' };

/** Each return service and the outbound class it is priced as. */
const RETURN_CLASSES: Record<string, string> = {
  USPS_GROUND_ADVANTAGE_RETURN_SERVICE: 'USPS_GROUND_ADVANTAGE',
  PRIORITY_MAIL_RETURN_SERVICE: 'PRIORITY_MAIL',
  PRIORITY_MAIL_EXPRESS_RETURN_SERVICE: 'PRIORITY_MAIL_EXPRESS',
};

export interface FakeUspsReturnLabel extends FakeUspsLabel {
  /** The customer reference: the return's authorisation number. */
  rma: string | null;
  payOnUse: true;
}

const nameOf = (a: UspsLabelAddress) => [a.firstName, a.lastName].filter(Boolean).join(' ') || (a.firm ?? '');
const cityLine = (a: UspsLabelAddress) => `${a.city ?? ''} ${a.state ?? ''} ${a.ZIPCode ?? ''}`;

function drawReturn(imageType: string, pic: string, rma: string | null, body: UspsLabelRequest): Buffer {
  const to = body.toAddress!;
  const from = body.fromAddress!;
  const banner = body.packageDescription!.mailClass!.replaceAll('_', ' ');
  const rmaLine = `RMA ${rma ?? '(none)'}`;
  if (imageType === 'PDF') {
    return labelPdf([
      'RETURN',
      banner,
      nameOf(from),
      from.streetAddress!,
      cityLine(from),
      '',
      nameOf(to),
      to.streetAddress!,
      cityLine(to),
      '',
      rmaLine,
      'USPS TRACKING #',
      pic,
    ]);
  }
  const zpl = labelZpl({
    banner: `RETURN ${rmaLine}`,
    from: [nameOf(from), from.streetAddress!, cityLine(from)],
    to: [nameOf(to), to.streetAddress!, cityLine(to)],
    trackingNumber: pic,
    barcodeData: impbBarcodeData(to.ZIPCode!, pic),
    customs: [banner],
  });
  return Buffer.from(zpl, 'utf8');
}

/** Why the return label cannot be made, in USPS's words (empty when it can). */
function refusalsOf(body: UspsLabelRequest): UspsErrorDetail[] {
  const image = body.imageInfo?.imageType ?? '';
  const description = body.packageDescription ?? {};
  const refusals = [
    ...addressRefusals(body.toAddress, 'toAddress'),
    ...addressRefusals(body.fromAddress, 'fromAddress'),
  ];
  if (!IMAGE_TYPES.includes(image)) {
    refusals.push({
      code: 'INVALID_IMAGE_TYPE',
      title: 'Invalid imageType',
      detail: `imageType ${image || '(none)'} is not offered here; use one of ${IMAGE_TYPES.join(', ')}.`,
    });
  }
  if (body.imageInfo?.labelType !== '4X6LABEL') refusals.push(missing('imageInfo.labelType'));
  if (description.weightUOM !== 'lb') refusals.push(missing('packageDescription.weightUOM'));
  if (!description.processingCategory) refusals.push(missing('packageDescription.processingCategory'));
  const date = dateRefusal(description.mailingDate);
  if (date) refusals.push(date);
  if (!RETURN_CLASSES[description.mailClass ?? '']) {
    refusals.push({
      code: 'INVALID_MAIL_CLASS',
      title: 'Invalid mailClass',
      detail: `${description.mailClass ?? '(none)'} is not a return service; use one of ${Object.keys(RETURN_CLASSES).join(', ')}.`,
      source: { parameter: 'packageDescription.mailClass' },
    });
  }
  if (body.customsForm !== undefined) {
    refusals.push({
      code: 'CUSTOMS_NOT_ALLOWED',
      title: 'Invalid customsForm',
      detail: 'Return labels do not take a customs form.',
      source: { parameter: 'customsForm' },
    });
  }
  return refusals;
}

/** The return-label route and the return labels sold, over the domestic labels' state (serials, idempotency keys). */
export function createUspsReturns(usps: UspsLabelsState) {
  const returnLabels = new Map<string, FakeUspsReturnLabel>();

  function createReturnLabel(request: FakeRequest): FakeReply | Promise<FakeReply> {
    const authorized = authorize(usps.context, request, LABELS_API);
    if ('reply' in authorized) return authorized.reply;
    const parsed = jsonBody<UspsLabelRequest>(request, LABELS_API);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.value;
    const again = replayed(usps, request, LABELS_API);
    if (again) return again;

    const description = body.packageDescription ?? {};
    const refusals = refusalsOf(body);
    const outbound = RETURN_CLASSES[description.mailClass ?? ''];
    const quote = uspsQuote({
      mailClass: outbound,
      rateIndicator: description.rateIndicator,
      weight: description.weight,
      originZIPCode: body.fromAddress?.ZIPCode,
      destinationZIPCode: body.toAddress?.ZIPCode,
    });
    if (outbound && !('price' in quote)) refusals.push(quote);
    const extras = uspsExtras(outbound, description.extraServices, description.packageOptions?.packageValue);
    if (!Array.isArray(extras)) refusals.push(extras);
    if (refusals.length > 0 || !('price' in quote) || !Array.isArray(extras)) {
      return uspsError(400, LABELS_API, 'Bad Request', refusals);
    }

    const owner = authorized.roles.find((role) => role.roleName === 'LABEL_OWNER') ?? authorized.roles[0]!;
    const pic = uspsPic(quote.serviceTypeCode, owner.MID, usps.serial++);
    const rma = description.customerReference?.[0]?.referenceNumber ?? null;
    const image = body.imageInfo?.imageType ?? '';
    const imageBytes = image === 'NONE' ? null : drawReturn(image, pic, rma, body);
    const to = body.toAddress!;
    const shipDay = Date.parse(`${description.mailingDate}T12:00:00Z`);
    const answer: UspsLabelAnswer = {
      labelAddress: { ...to, city: to.city?.toUpperCase(), ZIPPlus4: to.ZIPPlus4 ?? '0001', ignoreBadAddress: false },
      routingInformation: `420${to.ZIPCode}${to.ZIPPlus4 ?? '0001'}`,
      trackingNumber: pic,
      postage: quote.price,
      extraServices: extras.map(({ name, price, SKU }) => ({ name, price, SKU })),
      fees: [],
      zone: quote.zone,
      commitment: {
        name: `${quote.deliveryDays} Days`,
        scheduleDeliveryDate: new Date(shipDay + quote.deliveryDays * 86_400_000).toISOString().slice(0, 10),
      },
      weightUOM: 'LB',
      weight: description.weight!,
      dimensionalWeight: 0,
      bannerText: 'USPS TRACKING # ',
      serviceTypeCode: quote.serviceTypeCode,
      constructCode: 'C01',
      SKU: quote.SKU,
      ...(imageBytes ? { labelImage: imageBytes.toString('base64') } : {}),
    };
    const sold: FakeUspsReturnLabel = {
      trackingNumber: pic,
      idempotencyKey: header(request, 'x-idempotency-key') ?? null,
      request: body,
      answer,
      state: 'created',
      filed: false,
      disputeId: null,
      ...startJourney(usps.clock, {
        name: nameOf(to),
        street: to.streetAddress ?? '',
        city: to.city,
        state: to.state,
        postalCode: to.ZIPCode,
      }),
      rma,
      payOnUse: true,
    };
    usps.labels.set(pic, sold);
    returnLabels.set(pic, sold);
    const { labelImage, receiptImage: _receipt, ...metadata } = answer;
    const replay = () => multipart(metadata, labelImage, RETURN_PARTS);
    // Pay-on-use: nothing is charged now, but the key still answers this label again.
    const key = header(request, 'x-idempotency-key');
    if (key) usps.byKey.set(key, { body: request.body, replay });
    if (usps.dropAnswers > 0) {
      usps.dropAnswers -= 1;
      return new Promise<FakeReply>(() => {});
    }
    return replay();
  }

  return { returnLabels, createReturnLabel };
}
