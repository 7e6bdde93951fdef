import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeUspsAnyLabel, FakeUspsInternationalLabel, FakeUspsLabelState } from './fake-usps-label-store.ts';
import { uspsError } from './fake-usps-replies.ts';
import type { UspsLabelAddress, UspsTrackingAnswer, UspsTrackingEvent } from './fake-usps-wire.ts';

/**
 * Tracking 3.0 of the fake USPS (`GET /tracking/v3/tracking/{trackingNumber}?expand=SUMMARY|DETAIL`): what its labels'
 * events say. A label stays "Pre-Shipment" until a test scans it; a cancelled one never moves. The event codes are
 * the common ones (GX label created, 03 accepted, 01 delivered, 53 delivery attempted).
 */

const TRACKING_API = '/tracking/v3';

const CATEGORY: Record<FakeUspsLabelState, string> = {
  created: 'Pre-Shipment',
  canceled: 'Pre-Shipment',
  refund_requested: 'Pre-Shipment',
  accepted: 'Accepted',
  delivered: 'Delivered',
  alert: 'Alert',
};

export function trackingEvent(
  eventType: string,
  eventCode: string,
  address: UspsLabelAddress | undefined,
): UspsTrackingEvent {
  return {
    eventType,
    eventTimestamp: new Date().toISOString(),
    eventCountry: null,
    eventCity: address?.city?.toUpperCase() ?? null,
    eventState: address?.state ?? null,
    eventZIP: address?.ZIPCode ?? null,
    firm: null,
    name: null,
    authorizedAgent: false,
    eventCode,
  };
}

const isInternational = (label: FakeUspsAnyLabel): label is FakeUspsInternationalLabel =>
  'internationalTrackingNumber' in label.answer;

/** Where a label goes, as tracking events name it: an international addressee's province and postal code. */
function destinationOf(label: FakeUspsAnyLabel): UspsLabelAddress {
  if (!isInternational(label)) return label.request.toAddress ?? {};
  const to = label.request.toAddress ?? {};
  return { city: to.city, state: to.province ?? '', ZIPCode: to.postalCode ?? '' };
}

/** The tracking answer of a label, or USPS's 404 for a number it does not know. */
export function trackingReply(label: FakeUspsAnyLabel | undefined, request: FakeRequest): FakeReply {
  const trackingNumber = request.params.trackingNumber!;
  if (!label) {
    return uspsError(404, TRACKING_API, 'Not Found', [
      {
        code: '-2147219283',
        title: 'Tracking number not found',
        detail: `A status update is not yet available on your package ${trackingNumber}.`,
      },
    ]);
  }
  const latest = label.events[0]!;
  const from = label.request.fromAddress!;
  const to = destinationOf(label);
  const answer: UspsTrackingAnswer = {
    trackingNumber,
    mailClass: label.request.packageDescription!.mailClass!,
    serviceTypeCode: isInternational(label) ? '' : label.answer.serviceTypeCode,
    status: latest.eventType,
    statusCategory: CATEGORY[label.state],
    statusSummary: `Your item's latest status: ${latest.eventType}, ${latest.eventCity ?? ''} ${latest.eventState ?? ''}.`,
    originCity: from.city!.toUpperCase(),
    originState: from.state!,
    originZIP: from.ZIPCode!,
    destinationCity: to.city!.toUpperCase(),
    destinationState: to.state!,
    destinationZIP: to.ZIPCode!,
    ...(request.query.get('expand') === 'DETAIL' ? { trackingEvents: label.events } : {}),
  };
  return { status: 200, body: answer };
}

/** An acceptance scan, a delivery or a delivery exception, as the newest event. */
export function advanceLabel(
  label: FakeUspsAnyLabel,
  state: 'accepted' | 'delivered' | 'alert',
  eventType: string | undefined,
): void {
  const from = label.request.fromAddress;
  const to = destinationOf(label);
  const next = {
    accepted: () => trackingEvent(eventType ?? 'USPS picked up item', '03', from),
    delivered: () => trackingEvent(eventType ?? 'Delivered, In/At Mailbox', '01', to),
    alert: () => trackingEvent(eventType ?? 'Delivery Attempted - No Access to Delivery Location', '53', to),
  }[state]();
  label.state = state;
  label.events.unshift(next);
}
