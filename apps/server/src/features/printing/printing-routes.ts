import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { errorResponses } from '../../lib/schemas.ts';
import type { PrintingService } from './printing-service.ts';

const SignBody = Type.Object(
  {
    request: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'what QZ Tray asks the page to sign (a hash of the call it is about to make)',
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
        summary: 'Sign a QZ Tray request with the site key (RSA-SHA512, base64 text/plain)',
        description: 'A 404 `printing_not_configured` when the server has no QZ_PRIVATE_KEY.',
        body: SignBody,
        response: { 200: Type.String({ description: 'base64 signature' }), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(service.sign(request.body.request)),
  );
};
