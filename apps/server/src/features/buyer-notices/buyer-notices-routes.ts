import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  BuyerNoticePreviewRequestSchema,
  BuyerNoticePreviewSchema,
  BuyerNoticeSettingsInputSchema,
  BuyerNoticeSettingsListSchema,
  BuyerNoticeSettingsSchema,
  Envelope,
  STORE_KEY_PATTERN,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';

/** The buyer e-mails' settings per store and their preview (docs/buyer-notices.md). */
export const buyerNoticesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['buyer notices'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/buyerNotices/settings',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Every store's buyer e-mails (manual orders first): on or off, templates, sender, reply-to, logo",
        response: { 200: Envelope(BuyerNoticeSettingsListSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.buyerNotices.list(request.auth!),
    }),
  );

  app.put(
    '/call/buyerNotices/settings/:storeKey',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: "Set one store's buyer e-mails (Admin)",
        description:
          '`storeKey`: a store id or `manual`. 400 names the field: an unknown `{{variable}}` in a template, a ' +
          'reply-to that is not an e-mail address, a logo that is not https. Empty texts take the defaults.',
        params: Type.Object({
          storeKey: Type.String({ pattern: STORE_KEY_PATTERN, description: 'store id or manual' }),
        }),
        body: BuyerNoticeSettingsInputSchema,
        response: { 200: Envelope(BuyerNoticeSettingsSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.buyerNotices.save(request.auth!, request.params.storeKey, request.body),
    }),
  );

  app.post(
    '/call/buyerNotices/preview',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'A buyer e-mail as it would go: with one of your orders (its newest label) or sample values',
        body: BuyerNoticePreviewRequestSchema,
        response: { 200: Envelope(BuyerNoticePreviewSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      code: 200,
      success: true as const,
      data: await app.buyerNotices.preview(request.auth!, request.body),
    }),
  );
};
