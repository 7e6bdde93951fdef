import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { printingRoutes } from './printing-routes.ts';
import { createPrintingService, type PrintingOptions } from './printing-service.ts';

/** Printing, signed in: the certificate and signatures QZ Tray needs to trust the site. */
export const printingFeature: FastifyPluginAsyncTypebox<PrintingOptions> = async (app, options) => {
  await app.register(printingRoutes, { service: createPrintingService(options) });
};
