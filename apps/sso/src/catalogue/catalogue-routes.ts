import { listSubscribedAppIds } from '../account/accounts-repository.ts';
import type { SsoConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { HttpError, ok, type Router } from '../http.ts';
import { createAccessTokenVerifier } from '../provider/access-token.ts';
import type { KeyMaterial } from '../provider/keys.ts';
import { appCatalogue } from './catalogue.ts';
import { APP_LOGOS } from './logos.ts';

interface CatalogueDeps {
  config: SsoConfig;
  db: Db;
  keys: KeyMaterial;
}

export function registerCatalogueRoutes(router: Router, deps: CatalogueDeps): void {
  const { config, db } = deps;
  const verifyAccessToken = createAccessTokenVerifier(config, deps.keys);

  router.get('/call/aml/getProducts', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ok(ctx, { products: appCatalogue(config) });
  });

  router.get('/api/subscriptions', async (ctx) => {
    const { organizationId } = await verifyAccessToken(ctx, 'Sign in to see your subscriptions.');
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
