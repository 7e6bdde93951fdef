import type { TrackedParcel } from '../../integrations/carriers/carrier-types.ts';
import { fedexParcel } from '../../integrations/carriers/fedex/fedex-tracking.ts';
import type { FedexTrackResult } from '../../integrations/carriers/fedex/fedex-wire.ts';
import { shippoParcel } from '../../integrations/carriers/shippo/shippo-tracking.ts';
import type { ShippoTrack } from '../../integrations/carriers/shippo/shippo-wire.ts';
import { upsStatusOf } from '../../integrations/carriers/ups/ups-tracking.ts';
import { uspsTrackedParcel } from '../../integrations/carriers/usps/usps-tracking.ts';
import type { UspsTrackingResult } from '../../integrations/carriers/usps/usps-wire.ts';

/**
 * A carrier's push read into the parcels it speaks of, with the same code tables its adapter's polling uses (each
 * carrier's *-tracking.ts), so that a pushed event and the same event polled have one status and one key.
 * Anything unreadable answers no parcel (counted by the caller), never an error the carrier would retry forever.
 */

type Body = Record<string, unknown>;

function usps(body: Body): TrackedParcel[] {
  let payload: UspsTrackingResult;
  try {
    payload = JSON.parse(String(body.payload)) as UspsTrackingResult;
  } catch {
    return [];
  }
  const number = payload?.trackingNumber;
  return typeof number === 'string' && number ? [uspsTrackedParcel(number, payload)] : [];
}

function shippo(body: Body): TrackedParcel[] {
  if (body.event !== 'track_updated') return [];
  const track = body.data as ShippoTrack | undefined;
  const number = track?.tracking_number;
  const parcel = typeof number === 'string' && number ? shippoParcel(number, track ?? null) : null;
  return parcel ? [parcel] : [];
}

interface UpsAlert {
  trackingNumber?: string;
  gmtActivityDate?: string;
  gmtActivityTime?: string;
  activityLocation?: { city?: string; stateProvince?: string; postalCode?: string; country?: string };
  activityStatus?: { type?: string; code?: string; description?: string; descriptionCode?: string };
  scheduledDeliveryDate?: string;
}

/** Track Alert's own codes for what its status codes say (7.1): OT on the van, FS delivered. */
const UPS_ALERT_CODES: Record<string, TrackedParcel['status']> = { OT: 'out_for_delivery', FS: 'delivered' };

function ups(body: Body): TrackedParcel[] {
  const alert = body as UpsAlert;
  const number = alert.trackingNumber;
  const date = /^(\d{4})(\d\d)(\d\d)$/.exec(alert.gmtActivityDate ?? '');
  if (!number || !date) return [];
  const time = (alert.gmtActivityTime ?? '000000').padStart(6, '0');
  const at = `${date[1]}-${date[2]}-${date[3]}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}Z`;
  if (Number.isNaN(Date.parse(at))) return [];
  const activity = alert.activityStatus ?? {};
  const status =
    upsStatusOf({ type: activity.type, statusCode: activity.descriptionCode }) ??
    UPS_ALERT_CODES[(activity.code ?? '').toUpperCase()] ??
    'in_transit';
  const where = alert.activityLocation ?? {};
  const location = [where.city, where.stateProvince, where.postalCode].filter(Boolean).join(', ') || null;
  const scheduled = /^(\d{4})(\d\d)(\d\d)$/.exec(alert.scheduledDeliveryDate ?? '');
  return [
    {
      trackingNumber: number,
      status,
      expectedDelivery: scheduled ? `${scheduled[1]}-${scheduled[2]}-${scheduled[3]}` : null,
      events: [
        {
          at,
          status,
          code: activity.descriptionCode ?? activity.code ?? null,
          description: activity.description ?? '',
          location,
        },
      ],
    },
  ];
}

/** FedEx (unconfirmed shape): a Track API answer, or one track result, as the webhook is documented to resemble. */
function fedex(body: Body): TrackedParcel[] {
  const output = (body.output as { completeTrackResults?: Array<{ trackResults?: FedexTrackResult[] }> }) ?? {};
  const results = output.completeTrackResults?.flatMap((r) => r.trackResults ?? []) ?? [body as FedexTrackResult];
  return results.flatMap((result) => {
    const number = result.trackingNumberInfo?.trackingNumber;
    return number ? [fedexParcel(number, result)] : [];
  });
}

const READERS: Record<string, (body: Body) => TrackedParcel[]> = { usps, shippo, ups, fedex };

/** The parcels of a verified push; none when the carrier's words cannot be read. */
export function pushedParcels(carrier: string, raw: string): TrackedParcel[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return [];
  }
  const read = READERS[carrier];
  if (!read || !body || typeof body !== 'object' || Array.isArray(body)) return [];
  try {
    return read(body as Body);
  } catch {
    return [];
  }
}
