import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  EndOfDayQuerySchema,
  EndOfDaySchema,
  Envelope,
  ID_PATTERN,
  PickupCreateSchema,
  PickupSchema,
  ScanFormCreateSchema,
  ScanFormSchema,
} from '@shipdesk/contract';
import { sendDocument } from '../../lib/document-reply.ts';
import { errorResponses } from '../../lib/schemas.ts';

const ScanFormParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, description: 'form id' }) });
const PickupParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, description: 'pickup id' }) });

/** The end of the day (docs/end-of-day.md): Manager and Admin alike. */
export const endOfDayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['end-of-day'], security: [{ bearerAuth: [] }] };
  const endOfDay = app.endOfDay;

  app.get(
    '/call/endOfDay',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The day's standing labels by carrier account and ship-from, with their SCAN forms and pickups",
        description: "The day defaults to today in the tenant's zone.",
        querystring: EndOfDayQuerySchema,
        response: { 200: Envelope(EndOfDaySchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await endOfDay.view(request.auth!, request.query.day),
    }),
  );

  app.post(
    '/call/endOfDay/scanForms',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary:
          "The day's form for the account (USPS SCAN form, FedEx Ground close, Shippo manifest) of its labels not on one",
        description:
          "404 for an account that is not the tenant's; 400 for a carrier without a form (UPS) or a past `day`; 409 " +
          '`no_labels` when every label the form takes is on one, `no_ship_from` without a warehouse address; 422 ' +
          "`carrier_refused` in the carrier's words (nothing recorded); 502 when the carrier did not answer.",
        body: ScanFormCreateSchema,
        response: { 200: Envelope(ScanFormSchema), ...errorResponses(400, 401, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await endOfDay.makeScanForm(request.auth!, request.body),
    }),
  );

  app.get(
    '/call/scanForms/:id/document',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'A SCAN form, close or manifest as the carrier made it (PDF), to print and hand to the carrier',
        params: ScanFormParams,
        response: { 200: Type.Any({ description: 'application/pdf' }), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => sendDocument(reply, await endOfDay.scanFormDocument(request.auth!, request.params.id)),
  );

  app.post(
    '/call/pickups',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Book a carrier pickup at the warehouse address with the account's carrier (USPS, UPS, FedEx)",
        description:
          '400 naming the field (a day before today, a close time not after the ready time, a carrier without ' +
          "pickups); 404 for an account that is not the tenant's; 409 `no_ship_from`; 422 `carrier_refused` in the " +
          "carrier's words; 502 when the carrier did not answer.",
        body: PickupCreateSchema,
        response: { 200: Envelope(PickupSchema), ...errorResponses(400, 401, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await endOfDay.bookPickup(request.auth!, request.body),
    }),
  );

  app.post(
    '/call/pickups/:id/cancel',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Cancel a booked pickup with its carrier',
        description:
          "409 `already_canceled`; 422 `carrier_refused` in the carrier's words; 502 when it did not answer.",
        params: PickupParams,
        response: { 200: Envelope(PickupSchema), ...errorResponses(400, 401, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await endOfDay.cancelPickup(request.auth!, request.params.id),
    }),
  );
};
