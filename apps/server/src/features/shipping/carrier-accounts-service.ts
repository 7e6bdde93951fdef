import {
  BUILT_IN_CARRIER,
  CARRIER_CATALOGUE,
  CARRIER_FIELDS,
  CARRIER_NAMES,
  type CarrierAccount,
  type CarrierCatalogue,
  type CarrierConnectionResult,
  referencesReason,
  type CreateCarrierAccount,
  type RemovalResult,
  type TestCarrierConnection,
  type UpdateCarrierAccount,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { CarrierAccountRow } from '../../db/schema/index.ts';
import { connectionFieldErrors, withoutEmpty } from '../../domain/store-fields.ts';
import type { CarrierAdapterFactory, CarrierAdapterOptions } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { publicUrlProblem } from '../../integrations/http/public-url.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { isMasked, maskSecret, openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createCarrierAccountsRepository } from './carrier-accounts-repository.ts';

interface CarrierAccountsDeps {
  database: Database;
  secrets: SecretBox;
  adapters: CarrierAdapterFactory;
  adapterOptions?: CarrierAdapterOptions;
  /** Whether the operator admits a private host (OUTBOUND_ALLOW_HOSTS), as the egress guard does. */
  allowedHost: (url: URL) => boolean;
}

const ACCOUNT_NOT_FOUND = 'Carrier account not found';
const CONNECTION_TEST_TIMEOUT_MS = 20_000;

function view(row: CarrierAccountRow, secrets: SecretBox): CarrierAccount {
  const credentials = openCredentials(secrets, row.credentials);
  return {
    id: String(row.id),
    carrier: row.carrier as CarrierAccount['carrier'],
    name: row.name,
    settings: row.settings,
    credentials: Object.fromEntries(Object.entries(credentials).map(([key, value]) => [key, maskSecret(value)])),
    status: row.status as CarrierAccount['status'],
    lastError: row.lastError,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

const repository = createCarrierAccountsRepository();

/**
 * Deleted when nothing names it; archived (credentials kept, hidden from every picker and from new purchases)
 * while labels or mappings name it. Its mappings then buy with their carrier's default account.
 */
async function removeAccount(database: Database, auth: AuthContext, idText: string): Promise<RemovalResult> {
  return database.withTenant(auth.tenantId, async (tx) => {
    const id = parseId(idText);
    const row = id === null ? undefined : await repository.find(tx, auth.tenantId, id);
    if (!row) throw notFound(ACCOUNT_NOT_FOUND);
    const refs = await repository.references(tx, auth.tenantId, row.id);
    const reason = referencesReason([
      [refs.labels, 'label', 'labels'],
      [refs.mappings, 'shipping method mapping', 'shipping method mappings'],
    ]);
    if (!reason) {
      await repository.remove(tx, auth.tenantId, row.id);
      return { deleted: true, archived: false, reason: null };
    }
    if (!row.archivedAt) await repository.archive(tx, auth.tenantId, row.id);
    const detached = refs.mappings > 0 ? '; those mappings now use the default account of the carrier' : '';
    return { deleted: false, archived: true, reason: `${reason}${detached}` };
  });
}

/** Back among the accounts labels can be bought with (not as the default: a person sets that again). */
async function restoreAccount(
  database: Database,
  secrets: SecretBox,
  auth: AuthContext,
  idText: string,
): Promise<CarrierAccount> {
  return database.withTenant(auth.tenantId, async (tx) => {
    const id = parseId(idText);
    const row = id === null ? undefined : await repository.find(tx, auth.tenantId, id);
    if (!row) throw notFound(ACCOUNT_NOT_FOUND);
    return view(row.archivedAt ? await repository.restore(tx, auth.tenantId, row.id) : row, secrets);
  });
}

/** Carrier accounts (Settings > Carriers): connect, edit, test; and the catalogue of what the tenant can ship with. */
export function createCarrierAccountsService(deps: CarrierAccountsDeps) {
  const repo = createCarrierAccountsRepository();
  const { database, secrets } = deps;

  /** The fields checked as a form names them, the API base URL held to public addresses. */
  async function checkFields(
    carrier: CarrierAccount['carrier'],
    settings: Record<string, string>,
    credentials: Record<string, string>,
  ) {
    const errors = connectionFieldErrors(CARRIER_FIELDS[carrier], `${CARRIER_NAMES[carrier]} accounts`, {
      settings,
      credentials,
    });
    if (settings.apiBaseUrl && !errors['settings.apiBaseUrl']) {
      const problem = await publicUrlProblem(settings.apiBaseUrl, 'settings.apiBaseUrl', { allowed: deps.allowedHost });
      if (problem) errors['settings.apiBaseUrl'] = problem;
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  async function test(
    carrier: CarrierAccount['carrier'],
    settings: Record<string, string>,
    credentials: Record<string, string>,
    key: string,
  ): Promise<CarrierConnectionResult> {
    const adapter = deps.adapters(carrier, { key, settings, credentials }, deps.adapterOptions);
    if (!adapter) return { ok: false, message: `${CARRIER_NAMES[carrier]} cannot be tested`, carrierAnswer: null };
    try {
      const info = await adapter.testConnection(AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS));
      const who = info.accountName ? ` as ${info.accountName}` : '';
      return { ok: true, message: `Connected to ${CARRIER_NAMES[carrier]}${who}`, carrierAnswer: null };
    } catch (error) {
      if (error instanceof ChannelError)
        return { ok: false, message: error.message, carrierAnswer: error.platformAnswer };
      if ((error as Error).name === 'TimeoutError') {
        return { ok: false, message: `${CARRIER_NAMES[carrier]} did not answer in time`, carrierAnswer: null };
      }
      throw error;
    }
  }

  return {
    /** Live accounts; every account with `archived`. */
    list(auth: AuthContext, query: { archived?: boolean } = {}): Promise<CarrierAccount[]> {
      return database.withTenant(
        auth.tenantId,
        async (tx) => (await repo.list(tx, auth.tenantId, query.archived === true)).map((r) => view(r, secrets)),
        {
          readOnly: true,
        },
      );
    },

    async create(auth: AuthContext, input: CreateCarrierAccount): Promise<CarrierAccount> {
      const settings = withoutEmpty(input.settings);
      const credentials = withoutEmpty(input.credentials);
      await checkFields(input.carrier, settings, credentials);
      return database.withTenant(auth.tenantId, async (tx) => {
        const row = await repo.insert(tx, auth.tenantId, {
          carrier: input.carrier,
          name: input.name.trim() || CARRIER_NAMES[input.carrier],
          settings,
          credentials: sealCredentials(secrets, credentials),
          isDefault: input.isDefault ?? (await repo.list(tx, auth.tenantId)).every((a) => a.carrier !== input.carrier),
        });
        return view(row, secrets);
      });
    },

    /** Fields left out stay; a credential sent masked or empty stays as stored; a changed connection is unverified. */
    async update(auth: AuthContext, idText: string, input: UpdateCarrierAccount): Promise<CarrierAccount> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const id = parseId(idText);
        const row = id === null ? undefined : await repo.find(tx, auth.tenantId, id);
        if (!row) throw notFound(ACCOUNT_NOT_FOUND);
        const carrier = row.carrier as CarrierAccount['carrier'];
        const stored = openCredentials(secrets, row.credentials);
        const sent = Object.entries(input.credentials ?? {}).filter(([, v]) => v !== '' && !isMasked(v));
        const credentials = { ...stored, ...Object.fromEntries(sent) };
        const settings = input.settings ? withoutEmpty(input.settings) : row.settings;
        await checkFields(carrier, settings, credentials);
        const connectionChanged = input.settings !== undefined || sent.length > 0;
        const updated = await repo.update(tx, auth.tenantId, row.id, {
          carrier,
          name: input.name?.trim() || row.name,
          settings,
          credentials: sealCredentials(secrets, credentials),
          isDefault: input.isDefault ?? row.isDefault,
          ...(connectionChanged ? { status: 'not_verified', lastError: null, verifiedAt: null } : {}),
        });
        return view(updated, secrets);
      });
    },

    remove: (auth: AuthContext, idText: string) => removeAccount(database, auth, idText),
    restore: (auth: AuthContext, idText: string) => restoreAccount(database, secrets, auth, idText),

    /** A saved account (its verdict is kept) or a form not saved yet. */
    async testConnection(auth: AuthContext, input: TestCarrierConnection): Promise<CarrierConnectionResult> {
      if (input.accountId) {
        const id = parseId(input.accountId);
        const row = await database.withTenant(auth.tenantId, (tx) =>
          id === null ? Promise.resolve(undefined) : repo.find(tx, auth.tenantId, id),
        );
        if (!row) throw notFound(ACCOUNT_NOT_FOUND);
        const carrier = row.carrier as CarrierAccount['carrier'];
        const result = await test(
          carrier,
          row.settings,
          openCredentials(secrets, row.credentials),
          `${auth.tenantId}:${row.id}`,
        );
        await database.withTenant(auth.tenantId, (tx) =>
          repo.recordTest(tx, auth.tenantId, row.id, {
            ok: result.ok,
            error: result.ok ? null : [result.message, result.carrierAnswer].filter(Boolean).join(': '),
          }),
        );
        return result;
      }
      if (!input.carrier) throw badRequest({ carrier: 'carrier is required to test a connection not saved yet' });
      const settings = withoutEmpty(input.settings);
      const credentials = withoutEmpty(input.credentials);
      await checkFields(input.carrier, settings, credentials);
      return test(input.carrier, settings, credentials, `${auth.tenantId}:unsaved`);
    },

    /** The built-in carrier always; each other carrier once one of its accounts is verified. */
    async catalogue(auth: AuthContext): Promise<CarrierCatalogue> {
      const connected = await database.withTenant(auth.tenantId, (tx) => repo.connectedCarriers(tx, auth.tenantId), {
        readOnly: true,
      });
      const carriers = [...new Set([...connected, BUILT_IN_CARRIER])].sort();
      return {
        carriers: carriers.map(
          (carrier) => structuredClone(CARRIER_CATALOGUE[carrier]) as CarrierCatalogue['carriers'][number],
        ),
      };
    },
  };
}
export type CarrierAccountsService = ReturnType<typeof createCarrierAccountsService>;
