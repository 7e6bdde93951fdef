import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, ParcelTrackingSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

const DeliveryParams = Type.Object({ deliveryId: Type.String({ pattern: ID_PATTERN, description: 'delivery id' }) });

/** A delivery's parcel as tracked (docs/tracking.md): its status and events, a check now, delivered by hand. */
export const trackingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['tracking'], security: [{ bearerAuth: [] }] };
  const answer = { 200: Envelope(ParcelTrackingSchema) };

  app.get(
    '/call/shipment/:deliveryId/tracking',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A delivery's parcel as its carrier tracks it: status, promised day, late, events (newest first)",
        params: DeliveryParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.tracking.tracking(request.auth!, request.params.deliveryId),
    }),
  );

  app.post(
    '/call/shipment/:deliveryId/trackNow',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Ask the carrier about the parcel now',
        description:
          "Within the carrier account's tracking budget (429 `tracking_budget_spent` when it is used); a carrier " +
          "that fails leaves the parcel as it was with `problem` in the carrier's words. 409 `not_tracked` for the " +
          'built-in carrier.',
        params: DeliveryParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.tracking.trackNow(request.auth!, request.params.deliveryId),
    }),
  );

  app.post(
    '/call/shipment/:deliveryId/markDelivered',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Mark the built-in carrier's parcel delivered (the seller delivered it)",
        description: '409 `carrier_tracks` for a carrier that reports delivery itself, `already_delivered`.',
        params: DeliveryParams,
        response: { ...answer, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.tracking.markDelivered(request.auth!, request.params.deliveryId),
    }),
  );
};
