import type { ConfigEntry, ConfigUpsert } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ConfigRow } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { SECRET_CONFIG_KEYS, maskSecret, validateConfigEntry, isConfigKey } from '../../domain/configs.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { createConfigsRepository } from './repository.ts';

const isSecret = (key: string) => isConfigKey(key) && SECRET_CONFIG_KEYS.has(key);

export function createConfigsService(database: Database, secrets: SecretBox) {
  const repo = createConfigsRepository(database.db);

  /** How an entry leaves the server: secrets masked, time as ISO 8601 UTC. */
  const toEntry = (row: ConfigRow): ConfigEntry => ({
    key: row.key,
    value: isSecret(row.key) && row.value !== null ? maskSecret(secrets.open(row.value)) : row.value,
    options: row.options ?? null,
    updated_at: row.updatedAt.toISOString(),
  });

  return {
    list(auth: AuthContext): Promise<ConfigEntry[]> {
      return database.withTenant(auth.tenantId, async (tx) => (await repo.list(auth.tenantId, tx)).map(toEntry));
    },

    /** `POST /call/configs/createOrUpdate`: one entry, checked against its key's shape, saved by the caller. */
    async createOrUpdate(auth: AuthContext, input: ConfigUpsert): Promise<ConfigEntry> {
      const checked = validateConfigEntry(input);
      if (!checked.ok) throw badRequest(checked.errors);
      const { entry } = checked;
      // Credentials are stored sealed (AES-256-GCM), never in clear.
      const value = isSecret(entry.key) && entry.value !== null ? secrets.seal(entry.value) : entry.value;
      return database.withTenant(auth.tenantId, async (tx) =>
        toEntry(await repo.upsert(auth.tenantId, { ...entry, value, updatedBy: auth.userId }, tx)),
      );
    },
  };
}
export type ConfigsService = ReturnType<typeof createConfigsService>;
