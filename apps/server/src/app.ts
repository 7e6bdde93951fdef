import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { JWTVerifyGetKey } from 'jose';
import type { ErrorEnvelope } from '@shipdesk/contract';
import { isDatabaseUnavailable } from '@shipdesk/db-kit';
import { loadConfig, type ServerConfig } from './config.ts';
import { toFieldErrors, type SchemaError } from './domain/field-errors.ts';
import { HttpError } from './lib/http-errors.ts';
import { withLogDefaults } from './lib/logging.ts';
import { requestIdFor } from './lib/request-context.ts';
import { requestValidatorCompiler } from './lib/request-validator.ts';
import { collectRouteTable, enforceRoutePolicies } from './security/route-policy.ts';
import { authPlugin } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { requestContextPlugin, RequestLogController } from './plugins/request-logging.ts';
import { secretsPlugin } from './plugins/secrets.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { addressChecksFeature, addressChecksPlugin } from './features/address-checks/index.ts';
import { appConfigFeature } from './features/app-config/index.ts';
import { dashboardFeature } from './features/dashboard/index.ts';
import { healthFeature } from './features/health/index.ts';
import { labelsFeature, labelsPlugin } from './features/labels/index.ts';
import { returnsFeature, returnsPlugin } from './features/returns/index.ts';
import { endOfDayFeature } from './features/end-of-day/index.ts';
import { trackingFeature, trackingPlugin } from './features/tracking/index.ts';
import { buyerNoticesFeature, buyerNoticesPlugin } from './features/buyer-notices/index.ts';
import { parcelProblemsFeature, parcelProblemsPlugin } from './features/parcel-problems/index.ts';
import {
  trackingPageFeature,
  trackingPagePlugin,
  trackingPageToken,
  trackingPageUrl,
} from './features/tracking-page/index.ts';
import { ordersFeature } from './features/orders/index.ts';
import { orderViewsFeature } from './features/order-views/index.ts';
import { printingFeature } from './features/printing/index.ts';
import { createApiKeyVerifier, settingsFeature } from './features/settings/index.ts';
import { setupGuideFeature } from './features/setup-guide/index.ts';
import { shippingFeature, shippingPlugin } from './features/shipping/index.ts';
import { rulesForOrders, shippingRulesFeature } from './features/shipping-rules/index.ts';
import { productFillPlugin, productsFeature } from './features/products/index.ts';
import { storeCallbacksFeature, storeSyncPlugin, storesFeature } from './features/stores/index.ts';
import { storeReconcileFeature, storeReconcilePlugin } from './features/store-reconcile/index.ts';
import { amazonPushPlugin, storePushesFeature } from './features/store-pushes/index.ts';
import { subscriptionsFeature } from './features/subscriptions/index.ts';
import { createTenantsService, tenantsFeature, type TenantsService } from './features/tenants/index.ts';
import { accessRevocationsPlugin, usersFeature } from './features/users/index.ts';
import { createChannelAdapter, type AdapterFactory } from './integrations/channels/channel-registry.ts';
import type { AdapterOptions } from './integrations/channels/channel-types.ts';
import { createCarrierAdapter } from './integrations/carriers/carrier-registry.ts';
import type { CarrierAdapterFactory } from './integrations/carriers/carrier-types.ts';
import { createEgressGuard, type EgressGuard } from './integrations/http/egress.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where requests on a tenant's behalf may go; the demo admits its own fake store. */
    egress: EgressGuard;
  }
}

export interface BuildAppOptions {
  /** Defaults to the environment (`loadConfig()`). */
  config?: ServerConfig;
  /** Tests pass a local key set instead of the issuer's JWKS. */
  jwks?: JWTVerifyGetKey;
  logger?: FastifyServerOptions['logger'];
  /** Tests replace the channel adapters or their HTTP pacing. */
  adapters?: AdapterFactory;
  adapterOptions?: AdapterOptions;
  /** Tests replace the carrier adapters. */
  carrierAdapters?: CarrierAdapterFactory;
  /** Benchmarks compare how many purchases of one label batch run at once (default 8). */
  labelBatchConcurrency?: number;
}

/** Buyer e-mails link to the public tracking page (handed in: that feature reads tracking, which queues the e-mails). */
const pageLinks = { pageToken: trackingPageToken, pageUrl: trackingPageUrl };

/** Paths that belong to the API: they answer the JSON envelope, never the SPA. */
const API_PATH = /^\/(api|call|socket\.io|docs|webhooks|hooks)(\/|$)/;

function envelope(code: number, message: string, extra: Partial<ErrorEnvelope> = {}): ErrorEnvelope {
  return { code, success: false, message, ...extra };
}

/** Clients that send `Content-Type: application/json` with an empty POST (e.g. verifyNewUserRegister) are fine. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else jsonParser(request, text, done);
  });
}

/**
 * The whole server as a Fastify instance, not listening: external plugins, then ours, then routes, with one
 * error handler and one not-found handler. `server.ts` runs it; tests `inject` into it.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    // Serializers and redaction that keep tokens, query strings, SQL parameters and personal data out of logs.
    logger: options.logger ? withLogDefaults(options.logger) : false,
    // Ids unique across instances, carried into the jobs a request sends; one line per request (request-logging.ts).
    genReqId: requestIdFor,
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    // Clients get the envelope for these too, through the error handler.
    return503OnClosing: true,
    // A plugin's start is given a minute, not Fastify's 10 s: the database plugin applies the migrations, which on a
    // first start of the embedded database on a busy or slow machine took longer and made the launcher start again.
    pluginTimeout: 60_000,
    // Errors met before routing (a malformed %-encoding in the path, a bad Content-Type) answer the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not correctly encoded' : error.message;
      void (reply as FastifyReply).code(status).send(envelope(status, message));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(requestValidatorCompiler);
  // Every route with its declared policy, for the generated security suites (src/security), and the one hook that
  // enforces each route's policy (docs/security.md "Route policies").
  collectRouteTable(app);
  enforceRoutePolicies(app);

  acceptEmptyJsonBodies(app);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation) {
      const errors = toFieldErrors(error.validation as unknown as SchemaError[]);
      return reply.code(400).send(envelope(400, 'Invalid input', { errors }));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (error instanceof HttpError) {
      if (status >= 500) request.log.warn({ status, message: error.message }, 'upstream failure');
      const extra: Partial<ErrorEnvelope> = {};
      if (error.errors) extra.errors = error.errors;
      if (error.reason) extra.reason = error.reason;
      return reply.code(status).send(envelope(status, error.message, extra));
    }
    if (isDatabaseUnavailable(error)) {
      // A connection lost mid-request (failover, restart, an idle-connection killer): the next attempt gets a new one.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send(envelope(503, 'The database is unavailable; try again'));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(envelope(500, 'Internal server error'));
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type) say nothing internal.
    return reply.code(status).send(envelope(status, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PATH.test(path) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && app.spa.available) return app.spa.sendIndex(reply, request.url);
    return reply.code(404).send(envelope(404, `Not found: ${request.method} ${path}`));
  });

  // External plugins.
  await app.register(compressionPlugin);
  // SERVER_ROLE (docs/scale-out.md): a worker runs the jobs and answers only the health checks over HTTP.
  const serves = config.role !== 'worker';
  if (serves) await app.register(swaggerPlugin);

  // Ours.
  await app.register(requestContextPlugin);
  await app.register(dbPlugin, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await app.register(metricsPlugin, config.metrics);
  await app.register(secretsPlugin, {
    secretsKey: config.secretsKey,
    dataDir: config.dataDir,
    sharedDatabase: Boolean(config.databaseUrl),
  });
  await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  await app.register(accessRevocationsPlugin, { refreshMs: config.revocationRefreshMs });
  let tenants: TenantsService | undefined;
  await app.register(authPlugin, {
    issuer: config.oidcIssuer,
    audience: config.oidcAudience,
    jwks: options.jwks,
    onFirstSight: (auth) => (tenants ??= createTenantsService(app.db)).recordSighting(auth),
    apiKeys: createApiKeyVerifier(app.db),
    revokedAt: (issuer, subject) => app.revocations.revokedAt(issuer, subject),
  });
  await app.register(realtimePlugin, {
    origins: config.webOrigins,
    serve: serves,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
  });
  // The one engine for background work (docs/decisions.md, "Background work"): pg-boss, and the layer every
  // feature's queues go through. Its expiry monitor looks as often as the shortest expiry needs.
  await app.register(jobsPlugin, {
    mode: config.jobs ? 'work' : 'send',
    databaseUrl: config.databaseUrl,
    monitorSeconds: Math.min(config.syncStallSeconds, config.labelBatchStaleSeconds, 30) / 4,
  });
  await app.register(backgroundPlugin, { pollSeconds: config.jobsPollSeconds });
  const adapters = options.adapters ?? createChannelAdapter;
  // Every call to a channel (and, later, a carrier) leaves through the egress guard unless a test brings its own fetch.
  const egress = createEgressGuard(config.outboundAllowHosts);
  app.decorate('egress', egress);
  const adapterOptions: AdapterOptions = {
    ...options.adapterOptions,
    http: { fetch: egress.fetch, ...options.adapterOptions?.http },
  };
  await app.register(storeSyncPlugin, {
    adapters,
    adapterOptions,
    stallSeconds: config.syncStallSeconds,
    // Products a pull gave a new weight fill the open orders that lack it (registered below).
    weightFill: () => app.productWeightFill,
  });
  await app.register(storeReconcilePlugin, { stallSeconds: config.syncStallSeconds });
  await app.register(shippingPlugin);
  await app.register(productFillPlugin, { rules: rulesForOrders(app.log) });
  const carrierAdapters = options.carrierAdapters ?? createCarrierAdapter;
  await app.register(labelsPlugin, {
    batchStaleSeconds: config.labelBatchStaleSeconds,
    batchConcurrency: options.labelBatchConcurrency,
    carrierAdapters,
    carrierAdapterOptions: { http: adapterOptions.http },
  });
  await app.register(returnsPlugin);
  await app.register(trackingPlugin, { publicUrl: config.publicUrl });
  await app.register(buyerNoticesPlugin, { publicUrl: config.publicUrl, ...pageLinks });
  await app.register(parcelProblemsPlugin, { publicUrl: config.publicUrl });
  await app.register(trackingPagePlugin, { publicUrl: config.publicUrl });
  // Amazon's order notifications: each listening store's SQS queue long-polled on the one engine.
  await app.register(amazonPushPlugin, { adapterOptions });
  // Orders' ship-to checked against the carriers' address services, in the background (docs/address-checks.md).
  await app.register(addressChecksPlugin, { carrierAdapters, carrierAdapterOptions: { http: adapterOptions.http } });
  await app.register(securityHeadersPlugin, { oidcIssuer: config.oidcIssuer, ssoUrl: config.ssoUrl });
  if (serves) await app.register(staticSpaPlugin, { webDist: config.webDist });
  else app.decorate('spa', { available: false, sendIndex: (reply: FastifyReply) => reply });

  // Features.
  await app.register(healthFeature, { eventLoopLimitMs: config.eventLoopLimitSeconds * 1000 });
  if (serves)
    await app.register(async (api) => {
      await api.register(rateLimitPlugin, { max: config.rateLimitMax, timeWindowMs: config.rateLimitWindowMs });
      await api.register(appConfigFeature, { config });
      const marketplace = { app: config.bigcommerce, publicUrl: config.publicUrl, http: adapterOptions.http };
      await api.register(storeCallbacksFeature, { bigcommerceAppSecret: config.bigcommerce.clientSecret, marketplace });
      await api.register(storePushesFeature, { publicUrl: config.publicUrl, http: adapterOptions.http });
      // Each route's own policy (signed-in or admin) decides who may call it: enforceRoutePolicies.
      await api.register(settingsFeature);
      await api.register(setupGuideFeature);
      await api.register(tenantsFeature);
      await api.register(subscriptionsFeature, { ssoUrl: config.ssoUrl });
      await api.register(usersFeature, { ssoUrl: config.ssoUrl, issuer: config.oidcIssuer });
      await api.register(ordersFeature, { labels: app.labels.events, rules: rulesForOrders(app.log) });
      await api.register(orderViewsFeature);
      for (const f of [labelsFeature, returnsFeature, endOfDayFeature, storeReconcileFeature]) await api.register(f);
      const afterLabel = [trackingFeature, buyerNoticesFeature, parcelProblemsFeature, trackingPageFeature];
      for (const f of [...afterLabel, addressChecksFeature]) await api.register(f);
      await api.register(printingFeature, {
        certificate: config.qzCertificate,
        privateKey: config.qzPrivateKey,
        webOrigins: [config.publicUrl, ...config.webOrigins],
      });
      await api.register(dashboardFeature);
      await api.register(storesFeature, { publicUrl: config.publicUrl, adapters, adapterOptions, marketplace });
      await api.register(shippingRulesFeature);
      await api.register(productsFeature);
      await api.register(shippingFeature, { carrierAdapters, carrierAdapterOptions: { http: adapterOptions.http } });
    });

  return app;
}
