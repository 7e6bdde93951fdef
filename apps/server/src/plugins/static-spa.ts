import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    spa: {
      available: boolean;
      /**
       * Answers the SPA's HTML for a page's URL (history fallback), never cached so a deploy is seen at once: the
       * page's signed-in frame where the build rendered one, else index.html.
       */
      sendIndex(reply: FastifyReply, url?: string): FastifyReply;
    };
  }
}

interface StaticSpaOptions {
  webDist: string;
}

const NO_CACHE = 'no-cache';

/**
 * The build's rendered frames (apps/web/scripts/render-frames.ts): which page path is answered with which file of
 * dist/frames. A path ending in '/' stands for any one segment after it (an order's id).
 */
function readFrames(webDist: string): (url: string) => string | null {
  const file = join(webDist, 'frames', 'frames.json');
  const frames = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const exact = new Map<string, string>();
  const prefixes: Array<[string, string]> = [];
  for (const [path, name] of Object.entries(frames)) {
    if (path.length > 1 && path.endsWith('/')) prefixes.push([path, `frames/${name}`]);
    else exact.set(path, `frames/${name}`);
  }
  return (url) => {
    // A query (filters, a page, a sign-in's answer) changes what the page draws first: such a page renders itself.
    if (url.includes('?')) return null;
    const found = exact.get(url);
    if (found) return found;
    for (const [prefix, name] of prefixes) {
      const rest = url.slice(prefix.length);
      if (url.startsWith(prefix) && rest !== '' && !rest.includes('/')) return name;
    }
    return null;
  };
}
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
    const frameFor = readFrames(webDist);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // '/' is a page like any other (the not-found handler answers it with its frame).
      index: false,
      cacheControl: false,
      schemaHide: true,
      // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : NO_CACHE);
      },
    });
    const sendIndex = (reply: FastifyReply, url = '') =>
      reply.header('cache-control', NO_CACHE).sendFile(frameFor(url) ?? 'index.html');
    app.decorate('spa', { available, sendIndex });
    // The site's root is the order list's page (fastifyStatic would answer a directory 403 without an index).
    app.get('/', { config: { policy: 'public' }, schema: { hide: true } }, (request, reply) =>
      sendIndex(reply, request.url),
    );
  },
  { name: 'static-spa' },
);
