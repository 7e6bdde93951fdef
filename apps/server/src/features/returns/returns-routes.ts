import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  ID_PATTERN,
  ReturnLabelCreateSchema,
  ReturnLabelDefaultsSchema,
  ReturnLabelSchema,
  ReturnLabelsCreateSchema,
  ReturnLabelsResultSchema,
} from '@shipdesk/contract';
import { idempotencyHeaders, writeRequest } from '../../lib/idempotency.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { sendDocument } from '../../lib/document-reply.ts';

const OrderParams = Type.Object({ orderId: Type.String({ pattern: ID_PATTERN, description: 'order id' }) });
const ReturnParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN, description: 'return label id' }) });
const EmailBody = Type.Object(
  { email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })) },
  { additionalProperties: false },
);
const documentResponse = {
  200: Type.Any({ description: 'the document: application/pdf or image/png, or ZPL as text/plain' }),
  ...errorResponses(400, 401, 404, 429),
};

/** Return labels (docs/returns.md): made from the order view or for selected orders, documents, void, e-mail. */
export const returnsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['returns'], security: [{ bearerAuth: [] }] };
  const returns = app.returns;

  app.get(
    '/call/order/:orderId/returnLabelDefaults',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A return label's form prefilled for the order, or why none can be made (`refusal`)",
        params: OrderParams,
        response: { 200: Envelope(ReturnLabelDefaultsSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await returns.service.defaults(request.auth!, request.params.orderId),
    }),
  );

  app.get(
    '/call/order/:orderId/returnLabels',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The order's return labels, newest first (voided ones too)",
        params: OrderParams,
        response: { 200: Envelope(Type.Array(ReturnLabelSchema)), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await returns.service.list(request.auth!, request.params.orderId),
    }),
  );

  app.post(
    '/call/order/:orderId/returnLabel',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Buy a return label: from the buyer to the returns address, e-mailed to the buyer',
        description:
          'Every field has a default (`returnLabelDefaults`). Refused with 409 `invalid_status` for an order ' +
          'without shipped units, `no_returns_address`, `incomplete_shipping_address`, `international_return`, ' +
          '`rma_taken`, `stale_version`; 400 naming the field for a bad choice; 422 `carrier_refused` in the ' +
          "carrier's words (nothing recorded); 502 when the carrier did not answer. Send `Idempotency-Key`: the " +
          'same key and body answer the first label again.',
        params: OrderParams,
        headers: idempotencyHeaders,
        body: ReturnLabelCreateSchema,
        response: { 200: Envelope(ReturnLabelSchema), ...errorResponses(400, 401, 404, 409, 422, 429, 502) },
      },
    },
    async (request, reply) => {
      const answer = await returns.purchases.create(
        request.auth!,
        request.params.orderId,
        request.body,
        writeRequest(request),
      );
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  app.post(
    '/call/returnLabels',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Return labels for selected orders (at most 50), each with its defaults',
        description: "Each order's outcome in the order asked: its return label, or why not (the order's refusal).",
        body: ReturnLabelsCreateSchema,
        response: { 200: Envelope(ReturnLabelsResultSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await returns.service.createMany(request.auth!, request.body.orderIds, request.body.emailBuyer),
    }),
  );

  app.get(
    '/call/returnLabel/:id/document',
    {
      config: { policy: 'signed-in' },
      schema: { ...common, summary: 'A return label as bought', params: ReturnParams, response: documentResponse },
    },
    async (request, reply) => sendDocument(reply, await returns.service.document(request.auth!, request.params.id)),
  );

  app.get(
    '/call/returnLabel/:id/preview',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'A return label as the browser shows it: PDF as bought, ZPL drawn to a PNG',
        params: ReturnParams,
        response: { ...documentResponse, ...errorResponses(422, 502, 503) },
      },
    },
    async (request, reply) => sendDocument(reply, await returns.service.preview(request.auth!, request.params.id)),
  );

  app.post(
    '/call/returnLabel/:id/void',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Void a return label at its carrier',
        description:
          "The carrier is asked first; a refusal is a 409 `void_refused` in the carrier's words and changes nothing.",
        params: ReturnParams,
        response: { 200: Envelope(ReturnLabelSchema), ...errorResponses(400, 401, 404, 409, 429, 502) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await returns.service.voidReturn(request.auth!, request.params.id),
    }),
  );

  app.post(
    '/call/returnLabel/:id/email',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'E-mail a return label to the buyer again (or to `email`)',
        description: 'Queued: the e-mail status turns `sent` or `failed` when the mailer answers.',
        params: ReturnParams,
        body: EmailBody,
        response: { 200: Envelope(ReturnLabelSchema), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await returns.emails.resend(request.auth!, request.params.id, request.body.email),
    }),
  );
};
