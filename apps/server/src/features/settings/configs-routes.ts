import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ConfigEntrySchema, ConfigUpsertSchema, Envelope, TenantUnitsSchema } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createConfigsService, type ConfigsServiceOptions } from './configs-service.ts';

export const configsRoutes: FastifyPluginAsyncTypebox<ConfigsServiceOptions> = async (app, options) => {
  const service = createConfigsService(app.db, options);

  app.get(
    '/api/v1/configs',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: "The tenant's settings",
        description:
          'Every role may read. bearer_token is the working API key, shown by its last four characters; time_zone ' +
          "is the tenant's zone once saved.",
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(Type.Array(ConfigEntrySchema)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.list(request.auth!) }),
  );

  app.get(
    '/api/v1/configs/units',
    {
      config: { policy: 'signed-in' },
      schema: {
        summary: 'The units weights and sizes are shown and typed in',
        description:
          'Every role may read. units is the saved config `units` (imperial: pounds, ounces and inches; metric: ' +
          "kilograms, grams and centimetres) or, never saved (chosen false), the warehouse country's: imperial for " +
          'the US and its territories, Liberia and Myanmar, metric elsewhere and while there is no warehouse address. ' +
          'Weights are stored and sent in grams and sizes in inches whatever the units.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        response: { 200: Envelope(TenantUnitsSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ code: 200, success: true as const, data: await service.units(request.auth!) }),
  );

  app.post(
    '/call/configs/createOrUpdate',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Create or replace one setting',
        description:
          'Admins only. Options keys (currency_info, ship_label_app_info, warehouse_info, returns_address) take `options` as an ' +
          'object or its JSON text; value keys (cq_url, time_zone, units) take `value`; units is imperial or metric. currencyCode must be ISO 4217, ' +
          'locale a supported BCP 47 tag (saved canonical), time_zone an IANA zone, cq_url a public http(s) URL. ' +
          'bearer_token is refused: the API key is made by POST /call/apiKey/rotate.',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        body: ConfigUpsertSchema,
        response: { 200: Envelope(ConfigEntrySchema), ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.createOrUpdate(request.auth!, request.body),
    }),
  );

  app.delete(
    '/call/configs/:key',
    {
      config: { policy: 'admin' },
      schema: {
        summary: 'Unset a setting that has a fallback (returns_address: returns then go to the ship-from)',
        tags: ['configs'],
        security: [{ bearerAuth: [] }],
        params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: Envelope(Type.Object({ key: Type.String(), removed: Type.Boolean() })),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await service.remove(request.auth!, request.params.key),
    }),
  );
};
