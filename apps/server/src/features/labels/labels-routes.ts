import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, ID_PATTERN, ShippingLabelSchema, VoidResultSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { sendDocument } from '../../lib/document-reply.ts';

const DeliveryParams = Type.Object({ deliveryId: Type.String({ pattern: ID_PATTERN, description: 'delivery id' }) });
const DocumentParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, description: 'delivery id' }) });
const DocumentQuery = Type.Object(
  { labelId: Type.Optional(Type.String({ pattern: ID_PATTERN, description: 'an earlier (voided) label' })) },
  { additionalProperties: false },
);
const LabelDocumentQuery = Type.Object(
  {
    labelId: Type.Optional(Type.String({ pattern: ID_PATTERN, description: 'an earlier (voided) label' })),
    withForms: Type.Optional(
      Type.Boolean({ description: 'a PDF or image label and its customs document as one PDF, to print together' }),
    ),
  },
  { additionalProperties: false },
);
const documentResponse = {
  200: Type.Any({ description: 'the document: application/pdf, image/png or image/gif, or ZPL as text/plain' }),
  // 409 label_document_too_large: a document stored before the answer limits, too large to read back.
  ...errorResponses(400, 401, 404, 409, 429),
};

/** A bought label's documents, its void and its tracking push (spec 7.1's shipment calls). */
export const labelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['labels'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/shipment/:id/shipLabel',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A delivery's label document again, as bought (PDF, ZPL or image)",
        params: DocumentParams,
        querystring: LabelDocumentQuery,
        response: documentResponse,
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await app.labels.documents.document(request.auth!, request.params.id, request.query.labelId, {
          withForms: request.query.withForms,
        }),
      ),
  );

  app.get(
    '/call/shipment/:id/customsForms',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A label's customs document: the carrier's commercial invoice or the CN 22 / CN 23 page (PDF)",
        description:
          'A 404 when the label has none: no customs, or a form the carrier prints on the label itself (USPS). ' +
          'docs/customs.md.',
        params: DocumentParams,
        querystring: DocumentQuery,
        response: documentResponse,
      },
    },
    async (request, reply) =>
      sendDocument(
        reply,
        await app.labels.documents.customsForms(request.auth!, request.params.id, request.query.labelId),
      ),
  );

  app.get(
    '/call/shipment/:id/labelPreview',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'A label as the browser shows it: PDF and images as bought, ZPL drawn to a PNG by the server',
        description:
          'A ZPL label beyond what a preview draws is a 422 `zpl_not_previewable` saying why; a render over the time ' +
          'limit a 502 `zpl_preview_timeout` (`zpl_renderer_failed` when the renderer failed); too many previews ' +
          'waiting a 503 `zpl_previews_busy` (docs/printing.md).',
        params: DocumentParams,
        querystring: DocumentQuery,
        response: { ...documentResponse, ...errorResponses(422, 502, 503) },
      },
    },
    async (request, reply) =>
      sendDocument(reply, await app.labels.documents.preview(request.auth!, request.params.id, request.query.labelId)),
  );

  app.get(
    '/call/usps/cancelShipment/:deliveryId',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Void a delivery's label at its carrier (every carrier, despite the path's name)",
        description:
          'The carrier is asked first; when it accepts, the label is kept as voided (or refund requested), the ' +
          "delivery's units go back to unshipped and the order's statuses are recomputed. A carrier that refuses " +
          "(label scanned, refund window closed) is a 409 `void_refused` in the carrier's words; nothing changes.",
        params: DeliveryParams,
        response: { 200: Envelope(VoidResultSchema), ...errorResponses(400, 401, 404, 409, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.labels.voidLabel(request.auth!, request.params.deliveryId),
    }),
  );

  app.get(
    '/call/shipment/:deliveryId/retryTrackingPush',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Send a label's tracking number to the order's channel again, now",
        params: DeliveryParams,
        response: { 200: Envelope(ShippingLabelSchema), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const label = await app.labels.pushes.retry(request.auth!, request.params.deliveryId);
      return { code: 200, success: true as const, data: label };
    },
  );
};
