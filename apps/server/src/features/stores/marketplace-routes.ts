import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Envelope, StoreRealtimeEvent } from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import { createMarketplaceService, type BigcommerceApp } from './marketplace-service.ts';
import type { HttpOptions } from '../../integrations/http/channel-http.ts';

export interface MarketplaceRoutesOptions {
  app: BigcommerceApp;
  publicUrl: string;
  http?: HttpOptions;
}

const Jwt = Type.Object({ signed_payload_jwt: Type.Optional(Type.String({ maxLength: 8000 })) });

function service(app: Parameters<FastifyPluginAsyncTypebox>[0], options: MarketplaceRoutesOptions) {
  return createMarketplaceService({
    database: app.db,
    secrets: app.secrets,
    sync: app.storeSync,
    app: options.app,
    publicUrl: options.publicUrl,
    http: options.http,
    notifyChanged: (tenantId, storeId) =>
      app.realtime.toTenant(tenantId, StoreRealtimeEvent.Changed, { storeId: String(storeId) }),
  });
}

/** BigCommerce's app callbacks (public: BigCommerce calls them, signed with the app's secret). */
export const marketplaceCallbackRoutes: FastifyPluginAsyncTypebox<MarketplaceRoutesOptions> = async (app, options) => {
  const marketplace = service(app, options);
  const common = { tags: ['marketplace'] };

  app.get(
    '/call/bigcommerce/auth',
    {
      config: { policy: 'signed-request' },
      schema: {
        ...common,
        summary: 'BigCommerce auth callback: code -> store token, then on to registration or sign-in',
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 500 })),
          scope: Type.Optional(Type.String({ maxLength: 2000 })),
          context: Type.Optional(Type.String({ maxLength: 200 })),
          account_uuid: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { ...errorResponses(400, 502, 503) },
      },
    },
    async (request, reply) => reply.redirect(await marketplace.install(request.query)),
  );

  app.get(
    '/call/bigcommerce/load',
    {
      config: { policy: 'signed-request' },
      schema: {
        ...common,
        summary: 'BigCommerce load callback (signed_payload_jwt)',
        querystring: Jwt,
        response: { ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => reply.redirect(await marketplace.load(request.query.signed_payload_jwt)),
  );

  app.get(
    '/call/bigcommerce/uninstall',
    {
      config: { policy: 'signed-request' },
      schema: {
        ...common,
        summary: 'BigCommerce uninstall callback (signed_payload_jwt): the store stops syncing and is flagged',
        querystring: Jwt,
        response: { 200: Envelope(Type.Object({ uninstalled: Type.Boolean() })), ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      await marketplace.uninstall(request.query.signed_payload_jwt);
      return { code: 200, success: true as const, data: { uninstalled: true } };
    },
  );
};

/** The signed-in half: the organisation claims the install it was sent here with. */
export const marketplaceClaimRoutes: FastifyPluginAsyncTypebox<MarketplaceRoutesOptions> = async (app, options) => {
  const marketplace = service(app, options);
  app.post(
    '/call/bigcommerce/claimInstall',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['marketplace'],
        security: [{ bearerAuth: [] }],
        summary: 'Attach a BigCommerce install to this organisation: connects the store and starts its first pull',
        body: Type.Object(
          { claimToken: Type.String({ minLength: 10, maxLength: 100 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Envelope(Type.Object({ storeId: Type.String(), created: Type.Boolean() })),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await marketplace.claim(request.auth!, request.body.claimToken),
    }),
  );
};
