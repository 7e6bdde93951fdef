import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ArchivedQuerySchema,
  CarrierAccountListSchema,
  CarrierAccountSchema,
  CarrierCatalogueSchema,
  CarrierConnectionResultSchema,
  CategoryListSchema,
  CreateCarrierAccountSchema,
  Envelope,
  HazardClassListSchema,
  ID_PATTERN,
  PackageSizesSchema,
  RemovalResultSchema,
  TestCarrierConnectionSchema,
  UpdateCarrierAccountSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import type { CarrierAccountsService } from './carrier-accounts-service.ts';
import { createShippingReferencesService } from './shipping-references-service.ts';

const ok = <T>(data: T) => ({ code: 200, success: true as const, data });

/** Carrier accounts (Admins change them, every role reads), the carrier catalogue and the reference lists. */
export const carrierAccountsRoutes: FastifyPluginAsyncTypebox<{ accounts: CarrierAccountsService }> = async (
  app,
  { accounts },
) => {
  const references = createShippingReferencesService(app.db);
  const common = { tags: ['shipping'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/v1/carrierAccounts',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Carrier accounts (credentials masked); archived ones too with archived=true',
        querystring: ArchivedQuerySchema,
        response: { 200: Envelope(CarrierAccountListSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ok({ rows: await accounts.list(request.auth!, request.query) }),
  );

  app.post(
    '/api/v1/carrierAccounts',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Connect a carrier account (Admin)',
        body: CreateCarrierAccountSchema,
        response: { 201: Envelope(CarrierAccountSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ code: 201, success: true as const, data: await accounts.create(request.auth!, request.body) }),
  );

  app.put(
    '/api/v1/carrierAccounts/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Edit a carrier account (Admin); a changed connection must be tested again',
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        body: UpdateCarrierAccountSchema,
        response: { 200: Envelope(CarrierAccountSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await accounts.update(request.auth!, request.params.id, request.body)),
  );

  app.delete(
    '/api/v1/carrierAccounts/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Delete a carrier account (Admin); archived instead while labels or mappings name it',
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        response: { 200: Envelope(RemovalResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await accounts.remove(request.auth!, request.params.id)),
  );

  app.post(
    '/api/v1/carrierAccounts/:id/restore',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: 'Restore an archived carrier account (Admin)',
        params: Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }),
        response: { 200: Envelope(CarrierAccountSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await accounts.restore(request.auth!, request.params.id)),
  );

  app.post(
    '/call/carriers/testConnection',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: "Test a carrier account with a real authenticated call (Admin); a saved account's verdict is kept",
        body: TestCarrierConnectionSchema,
        response: { 200: Envelope(CarrierConnectionResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await accounts.testConnection(request.auth!, request.body)),
  );

  app.get(
    '/call/carriers/catalogue',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Services, package types and limits of the carriers the tenant can ship with',
        response: { 200: Envelope(CarrierCatalogueSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await accounts.catalogue(request.auth!)),
  );

  app.get(
    '/call/shippingRuleSet/getHazardous',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Hazard classes carriers recognise',
        response: { 200: Envelope(HazardClassListSchema), ...errorResponses(401, 429) },
      },
    },
    async () => ok(references.hazardous()),
  );

  app.get(
    '/call/shippingRuleSet/getCategory',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The product categories on the tenant's orders",
        response: { 200: Envelope(CategoryListSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await references.categories(request.auth!)),
  );

  app.get(
    '/call/shippingRuleSet/getPackageSizes',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Carriers' package types and the tenant's box sizes",
        response: { 200: Envelope(PackageSizesSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await references.packageSizes(request.auth!)),
  );
};
