import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ConnectableStoreListSchema,
  ConnectionResultSchema,
  CreateStoreSchema,
  CustomerOrderCodeSchema,
  Envelope,
  StoreListQuerySchema,
  StoreListSchema,
  StoreRealtimeEvent,
  StoreSchema,
  TestConnectionSchema,
  UpdateStoreSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { storesArchiveRoutes } from './stores-archive-routes.ts';
import { createStoresService, parseStoreId } from './stores-service.ts';
import type { AdapterFactory } from '../../integrations/channels/channel-registry.ts';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';

export interface StoresRoutesOptions {
  publicUrl: string;
  adapters: AdapterFactory;
  adapterOptions?: AdapterOptions;
}

export const StoreIdParams = Type.Object({ storeId: Type.String({ maxLength: 20 }) });

/** Stores (spec 7.3): list, create, edit, test a connection, the order-number code, marketplace installs. */
export const storesRoutes: FastifyPluginAsyncTypebox<StoresRoutesOptions> = async (app, options) => {
  const service = createStoresService({
    database: app.db,
    secrets: app.secrets,
    adapters: options.adapters,
    adapterOptions: options.adapterOptions,
    publicUrl: options.publicUrl,
    allowedHost: (url) => app.egress.allows(url),
    notifyChanged: (tenantId, storeId) =>
      app.realtime.toTenant(tenantId, StoreRealtimeEvent.Changed, { storeId: String(storeId) }),
  });
  const common = { tags: ['stores'], security: [{ bearerAuth: [] }] };
  await app.register(storesArchiveRoutes, { service });

  app.get(
    '/api/v1/stores',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The tenant's stores with order counts and their last sync",
        description: 'Filters (JSON): `name` (eq, like), `sourceType` (eq, in), `status` (eq, in).',
        querystring: StoreListQuerySchema,
        response: { 200: Envelope(StoreListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!, request.query) }),
  );

  app.post(
    '/api/v1/stores',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Connect a store (Admin)',
        description:
          'Fields per source type are `STORE_FIELDS` of the contract: settings in clear, credentials encrypted at ' +
          'rest and answered masked.',
        body: CreateStoreSchema,
        response: { 201: Envelope(StoreSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ code: 201, success: true as const, data: await service.create(request.auth!, request.body) }),
  );

  app.put(
    '/api/v1/stores/:storeId',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Edit a store (Admin); the id is in the path only',
        description: 'A credential left out, or sent back masked, keeps its stored value; an empty string removes it.',
        params: StoreIdParams,
        body: UpdateStoreSchema,
        response: { 200: Envelope(StoreSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.update(request.auth!, parseStoreId(request.params.storeId), request.body),
    }),
  );

  app.post(
    '/call/store/testConnection',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Try a store's credentials against its platform",
        description: 'A refusal by the platform is a 200 with `ok: false` and what the platform answered.',
        body: TestConnectionSchema,
        response: { 200: Envelope(ConnectionResultSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.testConnection(request.auth!, request.body),
    }),
  );

  app.get(
    '/call/store/:storeId/customerOrderCode',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The store's order-number code shown to customers, with an example",
        description:
          "Customers see the store's order numbers as `{code}-{channel number}` (e.g. SHP-1001); the code is set " +
          'with PUT /api/v1/stores/{id} `customerOrderCode`.',
        params: StoreIdParams,
        response: { 200: Envelope(CustomerOrderCodeSchema), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.customerOrderCode(request.auth!, parseStoreId(request.params.storeId)),
    }),
  );

  app.post(
    '/api/v1/cqConnect/stores',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Stores available to connect from marketplace installs',
        body: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        response: { 200: Envelope(ConnectableStoreListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: { rows: await service.connectable(request.auth!) },
    }),
  );
};
