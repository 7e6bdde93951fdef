import { Role } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { hashApiKey, looksLikeApiKey } from './api-key-format.ts';
import { createApiKeysRepository } from './api-keys-repository.ts';

/** `AuthContext.issuer` of a request made with an API key rather than a user's access token. */
export const API_KEY_ISSUER = 'shipdesk-api-key';

/**
 * For the auth plugin: `Authorization: Bearer sdk_live_...` -> who is calling (the key's tenant, with an Admin's
 * rights), or null when the key is unknown, revoked or rotated away. The tenant comes from the key's row only.
 */
export function createApiKeyVerifier(database: Database): (key: string) => Promise<AuthContext | null> {
  const repo = createApiKeysRepository();
  return async (key) => {
    if (!looksLikeApiKey(key)) return null;
    const row = await repo.findWorkingByHash(database.db, hashApiKey(key));
    if (!row) return null;
    // "Last used" is a hint for the seller; a failed write must not refuse a valid key.
    await repo.touch(database.db, row.tenantId, row.id, new Date()).catch(() => undefined);
    return {
      tenantId: row.tenantId,
      userId: `apikey:${row.id}`,
      email: `api-key@${row.tenantId}`.toLowerCase(),
      roleId: Role.Admin,
      issuer: API_KEY_ISSUER,
    };
  };
}
