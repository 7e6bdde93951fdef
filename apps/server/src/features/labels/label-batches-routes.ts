import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CreateLabelBatchSchema,
  Envelope,
  ID_PATTERN,
  LabelBatchDetailSchema,
  LabelBatchSchema,
  MAX_BATCH_ORDERS,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

const Params = Type.Object({ id: Type.String({ pattern: ID_PATTERN, description: 'batch id' }) });

/** Label batches: start one, follow it, retry its failures, print it as one document. */
export const labelBatchesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['labels'], security: [{ bearerAuth: [] }] };

  app.post(
    '/call/labelBatches',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Buy labels for many orders in the background, with their mapped services',
        description:
          `Up to ${MAX_BATCH_ORDERS} orders (\`orderIds\`, or \`allShippable\`: every paid Sales Order with something ` +
          'to ship and no hold past today; a chosen order on hold fails with its day). ' +
          "Each order's next unlabelled delivery is bought with the carrier service its shipping method " +
          "maps to, the carrier's default account, and its parcel (the smallest of your boxes that holds it when " +
          'no size was set). Answers 202 with the batch; progress goes to realtime `labels:batch`. A delivery is ' +
          'never bought twice, also when the server stops mid-batch.',
        body: CreateLabelBatchSchema,
        response: { 202: Envelope(LabelBatchSchema), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const batch = await app.labels.batches.create(request.auth!, request.body);
      return reply.code(202).send({ code: 202, success: true as const, data: batch });
    },
  );

  app.get(
    '/call/labelBatches',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The tenant's latest label batches",
        response: { 200: Envelope(Type.Array(LabelBatchSchema)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await app.labels.batches.list(request.auth!) }),
  );

  app.get(
    '/call/labelBatches/:id',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'A label batch with the result of each order',
        params: Params,
        response: { 200: Envelope(LabelBatchDetailSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.labels.batches.get(request.auth!, request.params.id),
    }),
  );

  app.post(
    '/call/labelBatches/:id/retry',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Try a batch's failed orders again",
        params: Params,
        response: { 200: Envelope(LabelBatchSchema), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const batch = await app.labels.batches.retry(request.auth!, request.params.id);
      return { code: 200, success: true as const, data: batch };
    },
  );

  app.get(
    '/call/labelBatches/:id/document',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "A batch's labels as one document: a ZPL stream, or one PDF (optionally with packing slips)",
        description:
          'ZPL batches answer their labels as one ZPL stream; with `customsForms=true` and/or `packingSlips=true` ' +
          'they answer their customs documents and/or packing slips alone, as a PDF for paper (409 ' +
          '`no_customs_forms` when asked for forms alone and none has one). PDF batches answer one PDF of their ' +
          'labels (image labels on 4x6 pages), each followed by its customs document (CN 22/23 page, commercial ' +
          'invoice), then the packing slips when asked. `x-labels-skipped` counts labels that could not join. The ' +
          'document is streamed as it is written. 409 `no_labels` when no label of the batch is in force, ' +
          '`no_pdf_labels` when none can be merged into a PDF.',
        params: Params,
        querystring: Type.Object(
          { packingSlips: Type.Optional(Type.Boolean()), customsForms: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Any({ description: 'application/pdf or ZPL text' }),
          ...errorResponses(400, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const document = await app.labels.batchDocument(request.auth!, request.params.id, request.query);
      reply
        .header('content-type', document.contentType)
        .header('content-disposition', `attachment; filename="${document.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-labels-skipped', String(document.skipped));
      return reply.send(Readable.from(document.body));
    },
  );
};
