import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AddressCheckApplySchema,
  AddressCheckRequestSchema,
  AddressCheckSchema,
  Envelope,
  ID_PATTERN,
  OrderSchema,
} from '@shipdesk/contract';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import { errorResponses } from '../../lib/schemas.ts';

const params = Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) });
const common = { tags: ['orders'], security: [{ bearerAuth: [] }] };

/** An order's address check, checking again, and taking the carrier's address (docs/address-checks.md). */
export const addressChecksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { service } = app.addressChecks;

  app.get(
    '/api/v1/orders/:orderId/addressCheck',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The check of the order's ship-to against a carrier's address service",
        description:
          'pending until a carrier answered (also right after an edit), then verified, corrected (`suggestion`), ' +
          'ambiguous (`candidates`), invalid (`messages`: the carrier’s words), not_checked (the carrier could not ' +
          'answer; asked again at `nextAt`) or format_only (no carrier account checks addresses).',
        params,
        response: { 200: Envelope(AddressCheckSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.get(request.auth!, request.params.orderId),
    }),
  );

  app.post(
    '/call/addressChecks',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Check these orders' ship-to addresses again, now",
        description:
          'Each order’s check becomes pending and its carrier is asked again (not its cached answer), as the ' +
          'carrier’s rate limit allows. An id that is not one of your orders is answered 400 naming `orderIds[i]`.',
        body: AddressCheckRequestSchema,
        response: {
          202: Envelope(Type.Object({ queued: Type.Integer() })),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const data = await service.request(request.auth!, request.body.orderIds);
      return reply.code(202).send({ code: 202, success: true as const, data });
    },
  );

  app.post(
    '/call/orders/:orderId/addressCheck/apply',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Take the carrier's corrected address, or one of its candidates, as the order's ship-to",
        description:
          'Through the order’s shipping-address edit: the name, company, phone and e-mail stay; `version` is ' +
          'checked (409 stale_version) and the timeline gets a shippingAddressUpdated row. 409 nothing_to_apply ' +
          'when the check is not corrected (`use: suggestion`) or ambiguous (`use: candidate`), or the address ' +
          'changed since it was checked. The check is then verified. Send `Idempotency-Key`.',
        params,
        headers: idempotencyHeaders,
        body: AddressCheckApplySchema,
        response: {
          200: Envelope(Type.Object({ order: OrderSchema, addressCheck: AddressCheckSchema })),
          ...errorResponses(400, 401, 404, 409, 422, 429),
        },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.apply(request.auth!, request.params.orderId, request.body, writeRequest(request)),
    }),
  );
};
