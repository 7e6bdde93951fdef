import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    spa: {
      available: boolean;
      /** Answers the SPA's index.html (history fallback), never cached so a deploy is seen at once. */
      sendIndex(reply: FastifyReply): FastifyReply;
    };
  }
}

interface StaticSpaOptions {
  webDist: string;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app. Vite puts content-hashed files under /assets, so those are cached for a year;
 * everything else revalidates. Text files are sent as the build compressed them (brotli, else gzip) to a client that
 * accepts it. Without a build the server still runs, API only.
 */
export const staticSpaPlugin = fp<StaticSpaOptions>(
  async (app, { webDist }) => {
    const available = existsSync(join(webDist, 'index.html'));
    if (!available) {
      app.log.warn({ webDist }, 'web build not found: serving the API only (run `npm run build` for the web app)');
      app.decorate('spa', {
        available,
        sendIndex: (reply: FastifyReply) => reply,
      });
      return;
    }
    const assetsDir = join(webDist, 'assets') + sep;
    // The web app's files are anyone's. fastifyStatic takes no route options, so its one route (`/*`) is declared
    // here; a route without a policy would be closed to all but Admins (security/route-policy.ts).
    app.addHook('onRoute', (route) => {
      if (route.url === '/*') route.config = { ...route.config, policy: 'public' } as typeof route.config;
    });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      schemaHide: true,
      // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : NO_CACHE);
      },
    });
    app.decorate('spa', {
      available,
      sendIndex: (reply: FastifyReply) => reply.header('cache-control', NO_CACHE).sendFile('index.html'),
    });
  },
  { name: 'static-spa' },
);
