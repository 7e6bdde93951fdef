import type { Middleware } from 'koa';
import type { Client, KoaContextWithOIDC } from 'oidc-provider';

/**
 * Cross-origin access to the provider's endpoints.
 *
 * The client endpoints (token, userinfo, revocation) answer only the web app's origins (`WEB_ORIGINS`, which are
 * also the origins of its registered redirect URIs). oidc-provider alone does not achieve that: it reflects any
 * Origin on a preflight (which carries no client to judge by), and on an actual request it consults
 * `clientBasedCORS` only once a client is identified, so an answer given before that (no or an unknown
 * `client_id`, a bad bearer token) still carries the caller's Origin. The guard below is therefore in front of
 * the provider: an origin that is not allowed gets a preflight without any Access-Control-* header and responses
 * without Access-Control-Allow-Origin, whatever the provider decided; `clientBasedCORS` additionally binds each
 * client to its own redirect origins and turns a foreign origin into `invalid_request`.
 *
 * Discovery and the JWKS stay open to every origin (the provider's default): they are public documents, served
 * without cookies or credentials, that any relying party or token verifier may read from a browser.
 */
export function clientEndpointsCors(allowedOrigins: readonly string[], paths: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (!origin || allowed.has(origin) || !paths.includes(ctx.path)) return next();
    ctx.vary('Origin');
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      // Answered here: the provider would allow it. Without Access-Control-Allow-Origin the browser stops.
      ctx.status = 204;
      return;
    }
    try {
      await next();
    } finally {
      ctx.remove('Access-Control-Allow-Origin');
      ctx.remove('Access-Control-Expose-Headers');
    }
  };
}

/** `clientBasedCORS`: an allowed web origin that is also the origin of one of the client's redirect URIs. */
export function clientBasedCors(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return (_ctx: KoaContextWithOIDC, origin: string, client: Client): boolean =>
    allowed.has(origin) && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin);
}
