import { CARRIER_CATALOGUE, needsCustoms } from '@shipdesk/contract';
import { ChannelError } from '../../http/channel-http.ts';
import type { LabelRequest, PurchasedLabel, PurchasedReturnLabel, ReturnLabelRequest } from '../carrier-types.ts';
import type { LocalLabelMarks } from './local-label-layout.ts';

/**
 * Return labels of the built-in carrier (docs/returns.md): the seller's own driver or courier collects the parcel
 * from the buyer, so the label is the carrier's own drawing with RETURN under the service and the RMA where the
 * order's number goes. Nothing is swapped: `from` is the buyer, `to` the returns address, as the request gives them.
 * The tracking number comes from the idempotency key like its other labels', so asking again draws the same label;
 * nothing is charged, now or on use, and voiding it is the carrier's ordinary void.
 */

type DrawLabel = (request: LabelRequest, marks: LocalLabelMarks) => Promise<PurchasedLabel>;

/** `draw`: the adapter's drawing (passed in, so this file does not import the adapter that imports it). */
export async function drawLocalReturnLabel(
  request: ReturnLabelRequest,
  draw: DrawLabel,
): Promise<PurchasedReturnLabel> {
  const rma = request.rma.trim();
  if (rma.length === 0) throw new ChannelError('invalid', 'A return label needs its return authorisation number (RMA)');
  const service = CARRIER_CATALOGUE.local.services.find((s) => s.code === request.serviceCode);
  // A return request carries no customs declaration, and a parcel crossing a border needs one.
  if (service?.scope === 'international' || needsCustoms(request.from, request.to)) {
    throw new ChannelError(
      'invalid',
      `${CARRIER_CATALOGUE.local.name} draws return labels within one country only: a return from ${request.from.country} to ${request.to.country} needs a carrier with customs forms`,
    );
  }
  const { forms: _none, ...label } = await draw(request, {
    instruction: 'RETURN',
    referenceTitle: 'RETURN RMA',
    reference: rma,
  });
  return { ...label, amountMinor: 0, payOnUse: false };
}
