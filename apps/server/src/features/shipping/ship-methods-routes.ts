import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CarrierMappingInputSchema,
  CarrierMappingListQuerySchema,
  CarrierMappingListSchema,
  CarrierMappingSchema,
  Envelope,
  ID_PATTERN,
  ShipMethodInputSchema,
  ShipMethodListQuerySchema,
  ShipMethodListSchema,
  ShipMethodSchema,
  StoreMappingInputSchema,
  StoreMappingListQuerySchema,
  StoreMappingListSchema,
  StoreMappingSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { shipMethodsRemovalRoutes } from './ship-methods-removal-routes.ts';
import type { ShipMethodsService } from './ship-methods-service.ts';

const ok = <T>(data: T) => ({ code: 200, success: true as const, data });
const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

/** Shipping methods and both mappings at the spec's paths (7.5): every role reads, Admins change. */
export const shipMethodsRoutes: FastifyPluginAsyncTypebox<{ methods: ShipMethodsService }> = async (
  app,
  { methods },
) => {
  const common = { tags: ['shipping'], security: [{ bearerAuth: [] }] };
  const created = <T>(data: T) => ({ code: 201, success: true as const, data });
  await app.register(shipMethodsRemovalRoutes, { methods });

  app.get(
    '/api/v1/shipMethods',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Shipping methods, and the requested services no method covers yet (unmapped)',
        querystring: ShipMethodListQuerySchema,
        response: { 200: Envelope(ShipMethodListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ok(await methods.list(request.auth!, request.query)),
  );
  app.post(
    '/api/v1/shipMethods',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Add a shipping method (Admin); the name is unique without regard to case',
        body: ShipMethodInputSchema,
        response: { 201: Envelope(ShipMethodSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(created(await methods.create(request.auth!, request.body))),
  );
  app.put(
    '/api/v1/shipMethods/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Rename a shipping method (Admin)',
        params: IdParams,
        body: ShipMethodInputSchema,
        response: { 200: Envelope(ShipMethodSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.rename(request.auth!, request.params.id, request.body)),
  );

  app.get(
    '/api/v1/shipMethodCarrierMethodMappings',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Which carrier service fulfils each shipping method (filter ship_method)',
        querystring: CarrierMappingListQuerySchema,
        response: { 200: Envelope(CarrierMappingListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ok(await methods.listCarrierMappings(request.auth!, request.query)),
  );
  app.post(
    '/api/v1/shipMethodCarrierMethodMappings',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Map a shipping method to a carrier service, for any or one destination (Admin)',
        body: CarrierMappingInputSchema,
        response: { 201: Envelope(CarrierMappingSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(created(await methods.createCarrierMapping(request.auth!, request.body))),
  );
  app.put(
    '/api/v1/shipMethodCarrierMethodMappings/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Change a carrier mapping (Admin)',
        params: IdParams,
        body: CarrierMappingInputSchema,
        response: { 200: Envelope(CarrierMappingSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.updateCarrierMapping(request.auth!, request.params.id, request.body)),
  );

  app.get(
    '/api/v1/shipMethodStoreMappings',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Which stores' requested services mean each shipping method",
        querystring: StoreMappingListQuerySchema,
        response: { 200: Envelope(StoreMappingListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ok(await methods.listStoreMappings(request.auth!, request.query)),
  );
  app.post(
    '/api/v1/shipMethodStoreMappings',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: "Map a store's requested services to a shipping method (Admin)",
        body: StoreMappingInputSchema,
        response: { 201: Envelope(StoreMappingSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(created(await methods.createStoreMapping(request.auth!, request.body.data))),
  );
  app.put(
    '/api/v1/shipMethodStoreMappings/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Change a store mapping (Admin); empty services empty it',
        params: IdParams,
        body: StoreMappingInputSchema,
        response: { 200: Envelope(StoreMappingSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await methods.updateStoreMapping(request.auth!, request.params.id, request.body.data)),
  );
};
