import {
  CARRIER_NAMES,
  TRACKING_PUSH_CARRIERS,
  type Carrier,
  type CarrierPushState,
  type CarrierPushStatus,
} from '@shipdesk/contract';
import type { StatusTone } from '@/components/status-chip';

/** How a carrier account's parcels are tracked, in words (Settings > Carriers, docs/tracking.md "Pushes"). */

export const canPush = (carrier: Carrier): boolean => (TRACKING_PUSH_CARRIERS as readonly string[]).includes(carrier);

export const PUSH_STATUS_UI: Record<CarrierPushStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  disabled: { label: 'Turned off', tone: 'neutral' },
};

/** Pushes are on (whether or not they work yet): what an Admin can turn off. */
export const isPushOn = (push: CarrierPushState | undefined): boolean => !!push && push.status !== 'disabled';

/** "Pushed by UPS" or "Asked by Shipdesk (polling)". */
export function trackingHeadline(carrier: Carrier, push: CarrierPushState | undefined): string {
  return isPushOn(push) ? `Pushed by ${CARRIER_NAMES[carrier]}` : 'Asked by Shipdesk (polling)';
}

/** One sentence on what that means for the account's parcels. */
export function trackingNote(carrier: Carrier, push: CarrierPushState | undefined): string {
  const name = CARRIER_NAMES[carrier];
  switch (push?.status) {
    case 'active':
      return `${name} sends each parcel's events as they happen. Shipdesk still asks once a day, as a safety net.`;
    case 'pending':
      return `Waiting for ${name} to confirm the pushes. Shipdesk keeps asking about the parcels meanwhile.`;
    case 'failed':
      return `The pushes do not work. Shipdesk keeps asking ${name} about the parcels on its usual schedule.`;
    case 'disabled':
      return `Pushes are turned off. Shipdesk asks ${name} about each parcel on a schedule.`;
    default:
      return `Shipdesk asks ${name} about each parcel on a schedule.`;
  }
}

/** What turning pushes on does, per carrier, for the Admin who is about to. */
export function pushOffer(carrier: Carrier): string {
  switch (carrier) {
    case 'usps':
    case 'shippo':
      return `${CARRIER_NAMES[carrier]} can send each parcel's events to Shipdesk as they happen. Turning pushes on subscribes this account; parcels are then asked about only once a day.`;
    case 'ups':
      return "UPS Track Alert can send each parcel's events to Shipdesk as they happen. Turning pushes on gives you the addresses and the client id and secret to paste into UPS's developer portal.";
    case 'fedex':
      return "FedEx can send each parcel's events to Shipdesk as they happen (Advanced Integrated Visibility). Set up a webhook in FedEx's portal, give Shipdesk the security token FedEx shows, then paste Shipdesk's address into the portal.";
    default:
      return '';
  }
}
