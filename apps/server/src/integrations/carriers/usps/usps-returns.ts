import { findCarrierService } from '@shipdesk/contract';
import { LABEL_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { ChannelError } from '../../http/channel-http.ts';
import type { PurchasedReturnLabel, ReturnLabelRequest } from '../carrier-types.ts';
import type { UspsClient } from './usps-client.ts';
import { isUspsDomestic, uspsImageType, uspsLabelRequest, uspsPurchasedLabel } from './usps-labels.ts';
import { uspsMultipartLabel } from './usps-multipart.ts';
import type { UspsLabelAnswer, UspsLabelRequest } from './usps-wire.ts';

/**
 * USPS return labels (integrations-shipping.md section 3, docs/returns.md): the standalone `POST
 * /labels/v3/return-label`, paid with the payment authorization token like a domestic label. The parcel goes from the
 * buyer (`fromAddress`) to the seller (`toAddress`) on the return service of the outbound mail class, with the RMA as
 * its printed reference. USPS calls these pay-on-use labels: nothing is charged until the parcel is scanned, so the
 * label is always pay-on-use whatever the request asked, and its price is what USPS will charge then. It is cancelled
 * like a domestic label (`DELETE /labels/v3/label/{trackingNumber}`), which voidLabel already does.
 */

/** The outbound mail class's return service. USPS sells returns only for these three (Ground Advantage, PM, PME). */
const RETURN_CLASSES: Record<string, string> = {
  USPS_GROUND_ADVANTAGE: 'USPS_GROUND_ADVANTAGE_RETURN_SERVICE',
  PRIORITY_MAIL: 'PRIORITY_MAIL_RETURN_SERVICE',
  PRIORITY_MAIL_EXPRESS: 'PRIORITY_MAIL_EXPRESS_RETURN_SERVICE',
};

/** The return-label body: the domestic label's, without the outbound's `returnLabel` switch or a customs form. */
type UspsReturnLabelRequest = Omit<UspsLabelRequest, 'imageInfo' | 'customsForm'> & {
  imageInfo: Omit<UspsLabelRequest['imageInfo'], 'returnLabel'>;
};

/** The return service of `serviceCode`, or the refusal in words (a class USPS sells no return service for). */
function uspsReturnClass(serviceCode: string): string {
  const returnClass = RETURN_CLASSES[serviceCode];
  if (returnClass) return returnClass;
  const name = findCarrierService('usps', serviceCode)?.name ?? serviceCode;
  throw new ChannelError(
    'invalid',
    `USPS sells no return label for ${name}: choose USPS Ground Advantage, Priority Mail or Priority Mail Express`,
  );
}

function uspsReturnLabelRequest(request: ReturnLabelRequest): UspsReturnLabelRequest {
  if (!isUspsDomestic(request.from) || !isUspsDomestic(request.to)) {
    throw new ChannelError('invalid', 'USPS return labels go between US addresses only: choose another carrier');
  }
  const {
    imageInfo,
    customsForm: _none,
    ...rest
  } = uspsLabelRequest({
    ...request,
    // No declaration: a return label is domestic mail only.
    customs: null,
    serviceCode: uspsReturnClass(request.serviceCode),
    imageType: uspsImageType(request.format),
    // The RMA is what the seller's dock matches the parcel with, so it is the printed reference.
    reference: request.rma,
  });
  const { returnLabel: _outbound, ...returnImageInfo } = imageInfo;
  return { ...rest, imageInfo: returnImageInfo };
}

/**
 * Buys one return label under the request's idempotency key (sent as for domestic labels, so a lost answer can be
 * asked again without a second label). The answer is multipart: returnLabelMetadata and the base64 returnLabelImage.
 */
export async function buyUspsReturnLabel(
  client: UspsClient,
  request: ReturnLabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedReturnLabel> {
  const body = uspsReturnLabelRequest(request);
  const answer = await client.paymentText(
    {
      method: 'POST',
      path: '/labels/v3/return-label',
      headers: { accept: 'multipart/mixed, multipart/form-data', 'X-Idempotency-Key': request.idempotencyKey },
      json: body,
      idempotent: false,
      answerLimit: LABEL_ANSWER_LIMIT,
    },
    signal,
  );
  const { metadata, labelImage } = uspsMultipartLabel<Omit<UspsLabelAnswer, 'labelImage'> | null>(
    answer.contentType,
    answer.text,
    { metadata: 'returnLabelMetadata', image: 'returnLabelImage' },
  );
  // Pay-on-use: a price USPS does not state is not a charge (0), rather than a malformed answer.
  const label = uspsPurchasedLabel(
    { ...metadata, postage: metadata?.postage ?? 0, ...(labelImage ? { labelImage } : {}) },
    request.format,
    body.imageInfo.imageType,
  );
  return { ...label, payOnUse: true };
}
