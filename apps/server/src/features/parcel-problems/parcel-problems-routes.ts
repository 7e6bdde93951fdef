import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ParcelProblemDigestSchema,
  ParcelProblemListSchema,
  ParcelProblemQuerySchema,
  ResolvedParcelProblemsSchema,
  ResolveParcelProblemsSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

/** Parcels with a problem: the list, marking them resolved, and the daily e-mail switch. */
export const parcelProblemsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['tracking'], security: [{ bearerAuth: [] }] };
  const service = () => app.parcelProblems.service;

  app.get(
    '/call/parcelProblems',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Parcels with a carrier exception or past the promised day, oldest problem first',
        description:
          'A standing label whose carrier reports an exception or a return, or past the day the carrier promised ' +
          "(in the tenant's zone) and not delivered; one a person marked resolved shows again when a new problem " +
          "starts after that. Each with the carrier's last words (its newest event).",
        querystring: ParcelProblemQuerySchema,
        response: { 200: Envelope(ParcelProblemListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service().list(request.auth!, request.query),
    }),
  );

  app.post(
    '/call/parcelProblems/resolve',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Mark parcels resolved: they leave the list until a new problem',
        description:
          "Each label with an open problem gets a `parcelResolved` row on its order's timeline; labels without " +
          "one are left out of `resolved`. 404 when an id is not the tenant's label.",
        body: ResolveParcelProblemsSchema,
        response: { 200: Envelope(ResolvedParcelProblemsSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service().resolve(request.auth!, request.body.labelIds),
    }),
  );

  app.get(
    '/call/parcelProblems/digest',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Whether the caller gets the daily e-mail of parcel problems',
        response: { 200: Envelope(ParcelProblemDigestSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service().digest(request.auth!) }),
  );

  app.put(
    '/call/parcelProblems/digest',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'The daily e-mail of parcel problems (07:00 in the tenant zone) on or off for the caller (Admins)',
        body: ParcelProblemDigestSchema,
        response: { 200: Envelope(ParcelProblemDigestSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service().setDigest(request.auth!, request.body.subscribed),
    }),
  );
};
