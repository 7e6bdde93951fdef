import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { errorResponses } from '../../lib/schemas.ts';
import { TooManySignatures } from './printing-guard.ts';
import type { PrintingService } from './printing-service.ts';

const SignBody = Type.Object(
  {
    request: Type.String({
      minLength: 1,
      maxLength: 4096,
      description:
        'what QZ Tray asks the page to sign: the SHA-256 of the call it is about to make, as 64 lowercase hex ' +
        'digits; anything else is refused',
    }),
  },
  { additionalProperties: false },
);

/** QZ Tray's certificate and signatures (docs/printing.md); answered as text, the way QZ Tray takes them. */
export const printingRoutes: FastifyPluginAsyncTypebox<{ service: PrintingService }> = async (app, options) => {
  const { service } = options;
  const common = { tags: ['printing'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/print/certificate',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The site's certificate for QZ Tray (PEM, text/plain)",
        description: 'A 404 `printing_not_configured` when the server has no QZ_CERTIFICATE.',
        response: { 200: Type.String({ description: 'PEM certificate' }), ...errorResponses(401, 404, 429) },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(service.certificate()),
  );

  app.post(
    '/call/print/sign',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Sign QZ Tray's hash of a call with the site key (RSA-SHA512, base64 text/plain)",
        description:
          'Only for the web app: the request must come from one of its pages (`Origin` is PUBLIC_URL or one of ' +
          'WEB_ORIGINS, else 403 `origin_not_allowed`), from a person (an API key is 403 `api_key_not_allowed`), ' +
          'and `request` must be the hash QZ Tray asks for (64 lowercase hex digits, else 400). Each user may have ' +
          '300 signatures at once, then 2 a second (429 with Retry-After). A 404 `printing_not_configured` when ' +
          'the server has no QZ_PRIVATE_KEY.',
        body: SignBody,
        response: {
          200: Type.String({ description: 'base64 signature' }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      let signature: string;
      try {
        signature = service.sign(request.body.request, { auth: request.auth!, origin: request.headers.origin });
      } catch (error) {
        if (error instanceof TooManySignatures) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(signature);
    },
  );
};
