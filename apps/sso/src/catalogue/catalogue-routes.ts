import { createPublicKey } from 'node:crypto';
import { CLAIM_ORG_ID } from '@shipdesk/contract';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Context } from 'koa';
import { listSubscribedAppIds } from '../account/accounts-repository.ts';
import type { SsoConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, ok, type Router } from '../http.ts';
import type { KeyMaterial } from '../provider/keys.ts';
import { appCatalogue } from './catalogue.ts';
import { APP_LOGOS } from './logos.ts';

export interface CatalogueDeps {
  config: SsoConfig;
  db: Db;
  keys: KeyMaterial;
}

function publicJwks(keys: KeyMaterial): { keys: JWK[] } {
  return {
    keys: keys.signing.map((jwk) => ({
      ...(createPublicKey({ key: jwk as never, format: 'jwk' }).export({ format: 'jwk' }) as JWK),
      kid: jwk.kid as string,
      alg: jwk.alg as string,
      use: 'sig',
    })),
  };
}

function unauthorized(message: string, error?: string): HttpError {
  const challenge = error ? `Bearer error="${error}"` : 'Bearer';
  return new HttpError(401, message, undefined, { 'WWW-Authenticate': challenge });
}

export function registerCatalogueRoutes(router: Router, deps: CatalogueDeps): void {
  const { config, db } = deps;
  const jwks = createLocalJWKSet(publicJwks(deps.keys));

  /** Verifies an access token of this issuer for the API audience: signature, algorithm, iss, aud, exp, nbf. */
  async function caller(ctx: Context): Promise<{ organizationId: string }> {
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (!match?.[1]) throw unauthorized('Sign in to see your subscriptions.');
    try {
      const { payload } = await jwtVerify(match[1], jwks, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        clockTolerance: 5,
      });
      const organizationId = payload[CLAIM_ORG_ID];
      if (typeof organizationId !== 'string' || !payload.sub) throw new Error('token without organisation');
      return { organizationId };
    } catch {
      throw unauthorized('The access token is invalid or has expired.', 'invalid_token');
    }
  }

  router.get('/call/aml/getProducts', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ok(ctx, { products: appCatalogue(config) });
  });

  router.get('/api/subscriptions', async (ctx) => {
    const { organizationId } = await caller(ctx);
    const subscribed = new Set(await listSubscribedAppIds(db, organizationId));
    ctx.set('Cache-Control', 'no-store');
    ok(ctx, { products: appCatalogue(config).filter((app) => subscribed.has(app.id)) });
  });

  router.get('/logos/:file', (ctx) => {
    const id = /^([a-z_]+)\.svg$/.exec(ctx.params.file ?? '')?.[1];
    const svg = id ? APP_LOGOS[id] : undefined;
    if (!svg) throw new HttpError(404, 'No such logo');
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = svg;
  });
}
