import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import Type, { type Static, type TSchema } from 'typebox';
import { Envelope, ID_PATTERN } from '@shipdesk/contract';
import type { HttpOptions } from '../../integrations/http/channel-http.ts';
import { errorResponses } from '../../lib/schemas.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/**
 * The route shapes every channel's order notifications share (docs/stores.md, "Pushes"): the endpoint's key in the
 * URL and its raw body, and the GET/PUT/DELETE setup of a store's notifications.
 */

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export interface StorePushRoutesOptions {
  /** Where the channel reaches us: the endpoint is `${publicUrl}/webhooks/{channel}/{key}`. */
  publicUrl: string;
  /** The egress-guarded fetch every call to a channel leaves through. */
  http?: HttpOptions;
}

/** What an endpoint answers for a verified message: whether it was seen before, and whether an order was stored. */
export const PushReceived = Type.Object({ duplicate: Type.Boolean(), stored: Type.Boolean() });
export const PushKeyParams = Type.Object({
  key: Type.String({ minLength: 10, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
const StoreParams = Type.Object({ storeId: Type.String({ pattern: ID_PATTERN, description: 'store id' }) });

/** Registers a platform's endpoint routes in their own scope, where the body stays raw bytes until it is verified. */
export async function registerRawBodyRoutes(app: App, bodyLimit: number, routes: FastifyPluginAsyncTypebox) {
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    await routes(hooks, {});
  });
}

/** The raw bytes the platform sent (none when it sent no body). */
export const rawBodyOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

interface RouteDocs {
  summary: string;
  description?: string;
}

interface PushSetupRoutes<Answer extends TSchema, Body extends TSchema> {
  /** `/call/store/:storeId/…Notifications` */
  path: string;
  answer: Answer;
  body: Body;
  /** No body is the defaults, like `{}`. */
  bodyMayBeEmpty?: boolean;
  /** Statuses turning on may answer beyond 400, 401, 403, 404 and 429. */
  turnOnErrors?: number[];
  docs: { read: RouteDocs; turnOn: RouteDocs; turnOff: RouteDocs };
  setup: {
    read(auth: AuthContext, storeId: number): Promise<Static<Answer>>;
    turnOn(auth: AuthContext, storeId: number, body: Static<Body>): Promise<Static<Answer>>;
    turnOff(auth: AuthContext, storeId: number): Promise<Static<Answer>>;
  };
}

/** GET, PUT and DELETE of one store's notification setup, each answering the setup's view. */
export function registerPushSetupRoutes<Answer extends TSchema, Body extends TSchema>(
  app: App,
  routes: PushSetupRoutes<Answer, Body>,
) {
  // The schemas below still validate every request and answer; TypeBox's provider just cannot resolve generic ones.
  const plain = app.withTypeProvider<FastifyTypeProviderDefault>();
  const common = { tags: ['stores'], security: [{ bearerAuth: [] }], params: StoreParams };
  const response = { 200: Envelope(routes.answer) };
  // Turning notifications on or off changes the store's sealed credentials: Admins only, as every credential edit.
  // Anyone signed in to the tenant may read them.
  const writeErrors = [400, 401, 403, 404, 429];
  const storeId = (request: FastifyRequest) => Number((request.params as Static<typeof StoreParams>).storeId);
  const answer = <T>(data: T) => ({ code: 200, success: true as const, data });

  plain.get(
    routes.path,
    {
      config: { policy: 'signed-in' },
      schema: { ...common, ...routes.docs.read, response: { ...response, ...errorResponses(400, 401, 404, 429) } },
    },
    async (request) => answer(await routes.setup.read(request.auth!, storeId(request))),
  );

  plain.put(
    routes.path,
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        ...routes.docs.turnOn,
        body: routes.body,
        response: { ...response, ...errorResponses(...writeErrors, ...(routes.turnOnErrors ?? [])) },
      },
      ...(routes.bodyMayBeEmpty
        ? {
            preValidation: async (request: FastifyRequest) => {
              request.body ??= {};
            },
          }
        : {}),
    },
    async (request) => answer(await routes.setup.turnOn(request.auth!, storeId(request), request.body as Static<Body>)),
  );

  plain.delete(
    routes.path,
    {
      config: { policy: 'admin' },
      schema: { ...common, ...routes.docs.turnOff, response: { ...response, ...errorResponses(...writeErrors) } },
    },
    async (request) => answer(await routes.setup.turnOff(request.auth!, storeId(request))),
  );
}
