import type { ApiKeyCreated, ApiKeyStatus } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ApiKeyRow } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { generateApiKey, hashApiKey } from './api-key-format.ts';
import { createApiKeysRepository } from './api-keys-repository.ts';
import { API_KEY_ISSUER } from './api-key-verifier.ts';

const NO_KEY: ApiKeyStatus = { exists: false, last4: null, createdAt: null, lastUsedAt: null };

function toApiKeyStatus(row: ApiKeyRow | undefined): ApiKeyStatus {
  if (!row) return NO_KEY;
  return {
    exists: true,
    last4: row.last4,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A key may not mint its successor: whoever holds a leaked key could otherwise lock the seller out. */
function requireSignedInUser(auth: AuthContext): void {
  if (auth.issuer === API_KEY_ISSUER) throw forbidden('API keys are managed by a signed-in administrator');
}

export function createApiKeysService(database: Database) {
  const repo = createApiKeysRepository();
  return {
    status(auth: AuthContext): Promise<ApiKeyStatus> {
      return database.withTenant(auth.tenantId, async (tx) => toApiKeyStatus(await repo.working(tx, auth.tenantId)));
    },

    /** Creates the tenant's key, or replaces the working one, which stops working in the same transaction. */
    async rotate(auth: AuthContext): Promise<ApiKeyCreated> {
      requireSignedInUser(auth);
      const key = generateApiKey();
      return database.withTenant(auth.tenantId, async (tx) => {
        await repo.lockTenant(tx, auth.tenantId);
        const now = new Date();
        await repo.revokeWorking(tx, auth.tenantId, now);
        const row = await repo.insert(tx, {
          tenantId: auth.tenantId,
          keyHash: hashApiKey(key),
          last4: key.slice(-4),
          createdBy: auth.userId,
          createdAt: now,
        });
        return { key, last4: row.last4, createdAt: row.createdAt.toISOString() };
      });
    },

    /** Revokes the working key, if any; saying "no key" either way keeps a repeated click harmless. */
    async revoke(auth: AuthContext): Promise<ApiKeyStatus> {
      requireSignedInUser(auth);
      return database.withTenant(auth.tenantId, async (tx) => {
        await repo.lockTenant(tx, auth.tenantId);
        await repo.revokeWorking(tx, auth.tenantId, new Date());
        return NO_KEY;
      });
    },
  };
}
