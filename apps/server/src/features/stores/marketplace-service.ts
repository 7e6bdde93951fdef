import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { defaultCustomerOrderCode } from '../../domain/store-fields.ts';
import {
  SignedPayloadError,
  exchangeAuthCode,
  verifySignedPayloadJwt,
} from '../../integrations/channels/bigcommerce/bigcommerce-marketplace.ts';
import type { HttpOptions } from '../../integrations/http/channel-http.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, badRequest, notFound, serviceUnavailable, unauthorized } from '../../lib/http-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { StoreSyncService } from './store-sync-service.ts';
import { sealCredentials } from '../../lib/sealed-credentials.ts';
import { createMarketplaceRepository } from './marketplace-repository.ts';

export interface BigcommerceApp {
  clientId: string | undefined;
  clientSecret: string | undefined;
  loginUrl: string;
  /** Stored on installed stores as their API address (a sandbox, or the fake in tests). */
  apiUrl: string | undefined;
}

interface MarketplaceDeps {
  database: Database;
  secrets: SecretBox;
  sync: StoreSyncService;
  app: BigcommerceApp;
  publicUrl: string;
  http?: HttpOptions;
  notifyChanged(tenantId: string, storeId: number): void;
}

const SOURCE = 'Bigcommerce';

/**
 * The BigCommerce app marketplace flow (integrations.md, BigCommerce "Auth"; spec 2.1): the auth callback swaps the
 * code for the store's permanent token and sends the merchant to register or sign in; the web app then claims the
 * install for its organisation, which connects the store and starts its first pull. Load and uninstall callbacks
 * carry a `signed_payload_jwt` signed with the app's client secret.
 */
export function createMarketplaceService(deps: MarketplaceDeps) {
  const repo = createMarketplaceRepository();
  const { database } = deps;

  function configured(): { clientId: string; clientSecret: string } {
    const { clientId, clientSecret } = deps.app;
    if (!clientId || !clientSecret) {
      throw serviceUnavailable(
        'The BigCommerce app is not configured (BIGCOMMERCE_CLIENT_ID, BIGCOMMERCE_CLIENT_SECRET)',
      );
    }
    return { clientId, clientSecret };
  }

  async function verified(jwt: string | undefined) {
    const app = configured();
    if (!jwt) throw badRequest({ signed_payload_jwt: 'is required' });
    try {
      return await verifySignedPayloadJwt(jwt, app);
    } catch (error) {
      if (error instanceof SignedPayloadError) {
        throw unauthorized(`signed_payload_jwt was refused (${error.problem})`, 'bad_signed_payload');
      }
      throw error;
    }
  }

  return {
    /** Auth callback: returns where to send the merchant next. */
    async install(query: { code?: string; scope?: string; context?: string }): Promise<string> {
      const app = configured();
      const missing = (['code', 'scope', 'context'] as const).filter((k) => !query[k]);
      if (missing.length > 0) throw badRequest(Object.fromEntries(missing.map((k) => [k, 'is required'])));
      let installed;
      try {
        installed = await exchangeAuthCode(
          {
            loginBaseUrl: deps.app.loginUrl,
            ...app,
            code: query.code!,
            scope: query.scope!,
            context: query.context!,
            redirectUri: `${deps.publicUrl}/call/bigcommerce/auth`,
          },
          { http: deps.http },
        );
      } catch (error) {
        if (error instanceof ChannelError) {
          const said = error.platformAnswer ?? error.message;
          // BigCommerce answered and refused the code (reused, expired, never issued): the request's fault, not ours.
          if (error.status !== null && error.status >= 400 && error.status < 500) {
            const message = `BigCommerce did not accept the install: ${said}`;
            throw new HttpError(400, message, {
              errors: { code: 'The install code is not valid (reused or expired)' },
            });
          }
          throw new HttpError(502, `BigCommerce did not accept the install: ${said}`);
        }
        throw error;
      }
      const install = await repo.upsertInstall(database.db, {
        sourceType: SOURCE,
        externalRef: `stores/${installed.storeHash}`,
        accessToken: deps.secrets.seal(installed.accessToken),
        scope: installed.scope,
        userEmail: installed.user.email,
        claimToken: randomBytes(24).toString('base64url'),
      });
      if (install.tenantId) {
        // Installed again by an organisation that has it already: fresh token, store back in service.
        const tenantId = install.tenantId;
        const storeId = await database.withTenant(tenantId, async (tx) => {
          const store = await repo.storeOfInstall(tx, tenantId, install.id);
          if (!store) return null;
          await repo.updateStore(tx, tenantId, store.id, {
            status: 'active',
            problem: null,
            credentials: sealCredentials(deps.secrets, { accessToken: installed.accessToken }),
          });
          return store.id;
        });
        if (storeId !== null) {
          deps.notifyChanged(tenantId, storeId);
          return '/stores';
        }
      }
      return `/bc_redirect?install=${encodeURIComponent(install.claimToken)}`;
    },

    /** Load callback (the merchant opens the app in the BigCommerce control panel). */
    async load(jwt: string | undefined): Promise<string> {
      const payload = await verified(jwt);
      const install = await repo.byRef(database.db, SOURCE, `stores/${payload.storeHash}`);
      if (!install || install.uninstalledAt) return '/bc_instruction_guide';
      if (install.tenantId) return '/stores';
      return `/bc_redirect?install=${encodeURIComponent(install.claimToken)}`;
    },

    async uninstall(jwt: string | undefined): Promise<void> {
      const payload = await verified(jwt);
      const install = await repo.byRef(database.db, SOURCE, `stores/${payload.storeHash}`);
      if (!install) return;
      await repo.markUninstalled(database.db, install.id);
      if (!install.tenantId) return;
      const tenantId = install.tenantId;
      const storeId = await database.withTenant(tenantId, async (tx) => {
        const store = await repo.storeOfInstall(tx, tenantId, install.id);
        if (!store) return null;
        await repo.updateStore(tx, tenantId, store.id, {
          status: 'uninstalled',
          credentials: null,
          nextSyncAt: null,
          problem: 'Shipdesk was uninstalled from this BigCommerce store; install it again to pull orders',
        });
        return store.id;
      });
      if (storeId !== null) deps.notifyChanged(tenantId, storeId);
    },

    /** The signed-in organisation takes the install: its store is created (once) and its first pull starts. */
    async claim(auth: AuthContext, claimToken: string): Promise<{ storeId: string; created: boolean }> {
      const install = await repo.byClaimToken(database.db, claimToken);
      if (!install || install.uninstalledAt || !install.accessToken) throw notFound('Install not found');
      if (!(await repo.attach(database.db, install.id, auth.tenantId))) throw notFound('Install not found');
      const storeHash = install.externalRef.replace(/^stores\//, '');
      const { store, created } = await database.withTenant(auth.tenantId, async (tx) => {
        const existing = await repo.storeOfInstall(tx, auth.tenantId, install.id);
        if (existing) return { store: existing, created: false };
        const inserted = await repo.insertStore(tx, {
          tenantId: auth.tenantId,
          name: `BigCommerce ${storeHash}`,
          sourceType: SOURCE,
          settings: { storeHash, ...(deps.app.apiUrl && { apiBaseUrl: deps.app.apiUrl }) },
          credentials: sealCredentials(deps.secrets, { accessToken: deps.secrets.open(install.accessToken!) }),
          customerOrderCode: defaultCustomerOrderCode(SOURCE),
          webhookKey: randomBytes(18).toString('base64url'),
          installId: install.id,
        });
        return { store: inserted, created: true };
      });
      await repo.linkStore(database.db, install.id, store.id);
      if (created) {
        deps.notifyChanged(auth.tenantId, store.id);
        await deps.sync.startPull(auth.tenantId, store.id, 'install');
      }
      return { storeId: String(store.id), created };
    },
  };
}
