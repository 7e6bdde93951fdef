import Type from 'typebox';

/**
 * The public tracking page (docs/tracking-page.md): each label's parcel has a page at an unguessable address
 * (`/t/<token>`) a buyer opens without signing in. `POST /call/shipment/{deliveryId}/trackingLink` answers the
 * address of the delivery's standing label, making its token the first time.
 */
export const TrackingLinkSchema = Type.Object({
  url: Type.String({ description: "the parcel's public tracking page" }),
});
export type TrackingLink = Type.Static<typeof TrackingLinkSchema>;
