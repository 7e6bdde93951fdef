import { randomBytes } from 'node:crypto';
import {
  STORE_FIELDS,
  STORE_FILTER_FIELDS,
  parseFilterValue,
  type ConnectableStore,
  type ConnectionResult,
  type CreateStore,
  type CustomerOrderCode,
  type PushStatus,
  type RemovalResult,
  type SourceType,
  type Store,
  type StoreList,
  type StoreListQuery,
  type TestConnection,
  type UpdateStore,
  ID_PATTERN,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { StoreRow, SyncRunRow } from '../../db/schema/index.ts';
import {
  customerOrderNumber,
  defaultCustomerOrderCode,
  storeFieldErrors,
  withoutEmpty,
} from '../../domain/store-fields.ts';
import type { AdapterFactory } from '../../integrations/channels/channel-registry.ts';
import type { AdapterOptions } from '../../integrations/channels/channel-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { toSyncRun } from './store-sync-service.ts';
import { isMasked, maskSecret, openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import { createStoresRepository, type StoreFilter } from './stores-repository.ts';
import { unstorableField } from '../../domain/storable-values.ts';
import { storeAddressErrors } from './store-addresses.ts';

interface StoresServiceDeps {
  database: Database;
  secrets: SecretBox;
  adapters: AdapterFactory;
  adapterOptions?: AdapterOptions;
  /** Where platforms send webhooks: `${publicUrl}/webhooks/{platform}/{key}`. */
  publicUrl: string;
  /** Private hosts a store may still point at (the operator's OUTBOUND_ALLOW_HOSTS, the demo's own fakes). */
  allowedHost: (url: URL) => boolean;
  notifyChanged(tenantId: string, storeId: number): void;
}

const WEBHOOK_PLATFORMS: Partial<Record<SourceType, string>> = { Shopify: 'shopify', Bigcommerce: 'bigcommerce' };
const CONNECTION_TEST_TIMEOUT_MS = 20_000;
const repo = createStoresRepository();

export function parseStoreId(raw: string): number {
  if (!new RegExp(ID_PATTERN).test(raw)) throw notFound('Store not found');
  return Number(raw);
}

function parseFilters(text: string | undefined): StoreFilter[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest({ filters: 'must be a JSON object' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest({ filters: 'must be a JSON object' });
  const unstorable = unstorableField(parsed, 'filters');
  if (unstorable) throw badRequest(unstorable);
  const out: StoreFilter[] = [];
  const errors: Record<string, string> = {};
  for (const [field, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (raw === null || raw === undefined || raw === '') continue;
    // Own keys only: `__proto__` or `constructor` name no filter (they used to reach Object's own members: a 500).
    const allowed = Object.hasOwn(STORE_FILTER_FIELDS, field)
      ? (STORE_FILTER_FIELDS as Record<string, readonly string[]>)[field]
      : undefined;
    if (!allowed) {
      errors[`filters.${field}`] = `unknown filter; use one of ${Object.keys(STORE_FILTER_FIELDS).join(', ')}`;
      continue;
    }
    const { operator, value } = parseFilterValue(field, String(raw));
    if (!allowed.includes(operator)) {
      errors[`filters.${field}`] = `operator "${operator}" is not allowed; use ${allowed.join(', ')}`;
      continue;
    }
    if (field === 'name') out.push({ field, op: operator as 'eq' | 'like', value });
    else out.push({ field: field as 'sourceType' | 'status', op: operator as 'eq' | 'in', values: value.split(',') });
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return out;
}

/** Splits the form's values, keeping stored secrets where the form sent them back masked or left them out. */
function mergeCredentials(
  stored: Record<string, string>,
  sent: Record<string, string> | undefined,
): Record<string, string> {
  const merged = { ...stored };
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (isMasked(value)) continue;
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * The credentials a seller manages. Adapters may keep more beside them (a cached access token and its expiry); those
 * are never shown, and are dropped when the seller changes the credentials they came from.
 */
function sellerFields(sourceType: SourceType, credentials: Record<string, string>): Record<string, string> {
  const known = new Set(STORE_FIELDS[sourceType].filter((f) => f.secret).map((f) => f.key));
  return Object.fromEntries(Object.entries(credentials).filter(([key]) => known.has(key)));
}

function assertFields(sourceType: SourceType, settings: Record<string, string>, credentials: Record<string, string>) {
  const errors = storeFieldErrors(sourceType, { settings, credentials });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

async function assertPublicAddresses(
  deps: StoresServiceDeps,
  sourceType: SourceType,
  settings: Record<string, string>,
) {
  const errors = await storeAddressErrors(sourceType, settings, { allowed: deps.allowedHost });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

async function sourceTypeOf(deps: StoresServiceDeps, auth: AuthContext, storeId: number): Promise<SourceType> {
  const row = await deps.database.withTenant(auth.tenantId, (tx) => repo.find(tx, auth.tenantId, storeId));
  if (!row) throw notFound('Store not found');
  return row.sourceType as SourceType;
}

function toStore(deps: StoresServiceDeps, row: StoreRow, orderCount: number, lastRun: SyncRunRow | undefined): Store {
  const credentials = openCredentials(deps.secrets, row.credentials);
  const platform = WEBHOOK_PLATFORMS[row.sourceType as SourceType];
  return {
    id: String(row.id),
    name: row.name,
    sourceType: row.sourceType as SourceType,
    status: row.status as Store['status'],
    settings: row.settings,
    credentials: Object.fromEntries(
      Object.entries(sellerFields(row.sourceType as SourceType, credentials)).map(([k, v]) => [k, maskSecret(v)]),
    ),
    customerOrderCode: row.customerOrderCode,
    syncIntervalMinutes: row.syncIntervalMinutes,
    orderCount,
    lastSyncAt: row.lastSyncAt ? new Date(row.lastSyncAt).toISOString() : null,
    lastSync: lastRun ? toSyncRun(lastRun) : null,
    problem: row.problem,
    webhookUrl: platform && row.webhookKey ? `${deps.publicUrl}/webhooks/${platform}/${row.webhookKey}` : null,
    push: {
      status: row.pushStatus as PushStatus,
      error: row.pushError,
      counts: {
        recorded: row.pushCounts.recorded ?? 0,
        duplicate: row.pushCounts.duplicate ?? 0,
        ignored: row.pushCounts.ignored ?? 0,
      },
    },
    lastHeardAt: row.lastHeardAt ? new Date(row.lastHeardAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    archivedAt: row.archivedAt ? new Date(row.archivedAt).toISOString() : null,
  };
}

async function viewStore(deps: StoresServiceDeps, tenantId: string, storeId: number): Promise<Store> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const row = await repo.find(tx, tenantId, storeId);
    if (!row) throw notFound('Store not found');
    const counts = await repo.orderCounts(tx, tenantId, [row.id]);
    const runs = await repo.latestRuns(tx, tenantId, [row.id]);
    return toStore(deps, row, counts.get(row.id) ?? 0, runs.get(row.id));
  });
}

async function listStores(deps: StoresServiceDeps, auth: AuthContext, query: StoreListQuery): Promise<StoreList> {
  const filters = parseFilters(query.filters);
  const size = query.size ?? 10;
  const page = query.page ?? 1;
  return deps.database.withTenant(auth.tenantId, async (tx) => {
    const paging = { size, offset: (page - 1) * size };
    const { rows, total } = await repo.list(tx, auth.tenantId, filters, paging, query.archived === true);
    const ids = rows.map((r) => r.id);
    const counts = await repo.orderCounts(tx, auth.tenantId, ids);
    const runs = await repo.latestRuns(tx, auth.tenantId, ids);
    return { rows: rows.map((r) => toStore(deps, r, counts.get(r.id) ?? 0, runs.get(r.id))), page, size, total };
  });
}

async function createStore(deps: StoresServiceDeps, auth: AuthContext, input: CreateStore): Promise<Store> {
  const settings = withoutEmpty(input.settings);
  const credentials = withoutEmpty(input.credentials);
  assertFields(input.sourceType, settings, credentials);
  await assertPublicAddresses(deps, input.sourceType, settings);
  const interval = input.syncIntervalMinutes ?? null;
  const row = await deps.database.withTenant(auth.tenantId, (tx) =>
    repo.insert(tx, {
      tenantId: auth.tenantId,
      name: input.name.trim(),
      sourceType: input.sourceType,
      settings,
      credentials: sealCredentials(deps.secrets, credentials),
      customerOrderCode: input.customerOrderCode ?? defaultCustomerOrderCode(input.sourceType),
      syncIntervalMinutes: interval,
      nextSyncAt: interval === null ? null : new Date(Date.now() + interval * 60_000),
      webhookKey: WEBHOOK_PLATFORMS[input.sourceType] ? randomBytes(18).toString('base64url') : null,
    }),
  );
  deps.notifyChanged(auth.tenantId, row.id);
  return toStore(deps, row, 0, undefined);
}

async function updateStore(
  deps: StoresServiceDeps,
  auth: AuthContext,
  storeId: number,
  input: UpdateStore,
): Promise<Store> {
  // Checked before the transaction (a name is looked up in DNS); an address sent again is checked again.
  const sentSettings = input.settings ? withoutEmpty(input.settings) : {};
  if (input.settings) await assertPublicAddresses(deps, await sourceTypeOf(deps, auth, storeId), sentSettings);
  await deps.database.withTenant(auth.tenantId, async (tx) => {
    const row = await repo.find(tx, auth.tenantId, storeId);
    if (!row) throw notFound('Store not found');
    const sourceType = row.sourceType as SourceType;
    const settings = input.settings ? withoutEmpty(input.settings) : row.settings;
    const stored = openCredentials(deps.secrets, row.credentials);
    const credentials = input.credentials
      ? mergeCredentials(sellerFields(sourceType, stored), input.credentials)
      : stored;
    assertFields(sourceType, settings, sellerFields(sourceType, credentials));
    const interval = input.syncIntervalMinutes === undefined ? row.syncIntervalMinutes : input.syncIntervalMinutes;
    await repo.update(tx, auth.tenantId, storeId, {
      ...(input.name !== undefined && { name: input.name.trim() }),
      ...(input.status !== undefined && row.status !== 'uninstalled' && { status: input.status }),
      ...(input.customerOrderCode !== undefined && { customerOrderCode: input.customerOrderCode }),
      settings,
      credentials: sealCredentials(deps.secrets, credentials),
      syncIntervalMinutes: interval,
      nextSyncAt: interval === null ? null : new Date(Date.now() + interval * 60_000),
      // New credentials deserve a fresh verdict; the next sync sets it again if they are still wrong.
      ...(input.credentials !== undefined && { problem: null }),
    });
  });
  deps.notifyChanged(auth.tenantId, storeId);
  return viewStore(deps, auth.tenantId, storeId);
}

/** Asks the platform with the given (or stored) credentials; a refusal is an answer, not an error. */
async function testConnection(
  deps: StoresServiceDeps,
  auth: AuthContext,
  input: TestConnection,
): Promise<ConnectionResult> {
  let sourceType = input.sourceType;
  let settings = withoutEmpty(input.settings);
  let credentials = withoutEmpty(input.credentials);
  if (input.storeId) {
    const storeId = parseStoreId(input.storeId);
    const row = await deps.database.withTenant(auth.tenantId, (tx) => repo.find(tx, auth.tenantId, storeId));
    if (!row) throw notFound('Store not found');
    sourceType = row.sourceType as SourceType;
    settings = input.settings ? settings : row.settings;
    credentials = mergeCredentials(
      sellerFields(sourceType, openCredentials(deps.secrets, row.credentials)),
      input.credentials,
    );
  }
  if (!sourceType) throw badRequest({ sourceType: 'is required (or storeId)' });
  if (STORE_FIELDS[sourceType].length === 0) {
    return { ok: true, message: 'Wholesale stores need no connection', platformAnswer: null, accountName: null };
  }
  assertFields(sourceType, settings, credentials);
  const adapter = deps.adapters(
    sourceType,
    { settings, credentials },
    { http: { retries: 1, ...deps.adapterOptions?.http } },
  );
  if (!adapter) throw badRequest({ sourceType: 'has no channel to connect to' });
  try {
    const info = await adapter.testConnection(AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS));
    return {
      ok: true,
      message: `Connected to ${info.accountName}`,
      platformAnswer: null,
      accountName: info.accountName,
    };
  } catch (error) {
    if (error instanceof ChannelError) {
      return { ok: false, message: error.message, platformAnswer: error.platformAnswer, accountName: null };
    }
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return {
        ok: false,
        message: `${sourceType} did not answer in time`,
        platformAnswer: null,
        accountName: null,
      };
    }
    throw error;
  }
}

async function customerOrderCodeOf(
  deps: StoresServiceDeps,
  auth: AuthContext,
  storeId: number,
): Promise<CustomerOrderCode> {
  return deps.database.withTenant(auth.tenantId, async (tx) => {
    const row = await repo.find(tx, auth.tenantId, storeId);
    if (!row) throw notFound('Store not found');
    const sample = (await repo.sampleOrderNumber(tx, auth.tenantId, storeId)) ?? '1001';
    return {
      storeId: String(row.id),
      customerOrderCode: row.customerOrderCode,
      example: customerOrderNumber(row.customerOrderCode, sample),
    };
  });
}

async function connectableStores(deps: StoresServiceDeps, auth: AuthContext): Promise<ConnectableStore[]> {
  const installs = await deps.database.withTenant(auth.tenantId, (tx) => repo.installsOf(tx, auth.tenantId));
  return installs.map((i) => ({
    installId: String(i.id),
    sourceType: i.sourceType as SourceType,
    name: i.externalRef.replace(/^stores\//, ''),
    externalRef: i.externalRef,
    installedAt: new Date(i.installedAt).toISOString(),
    connectedStoreId: i.storeId === null ? null : String(i.storeId),
  }));
}

/**
 * Stores are archived, never deleted: their orders stay and keep their channel; syncing stops (paused, no schedule,
 * webhooks refused) and the store leaves every picker. Restoring brings it back paused: a person resumes it.
 */
async function archiveStore(deps: StoresServiceDeps, auth: AuthContext, storeId: number): Promise<RemovalResult> {
  const orders = await deps.database.withTenant(auth.tenantId, async (tx) => {
    const row = await repo.find(tx, auth.tenantId, storeId);
    if (!row) throw notFound('Store not found');
    const status = row.status === 'uninstalled' ? row.status : 'paused';
    if (!row.archivedAt)
      await repo.update(tx, auth.tenantId, storeId, { archivedAt: new Date(), status, nextSyncAt: null });
    return (await repo.orderCounts(tx, auth.tenantId, [storeId])).get(storeId) ?? 0;
  });
  deps.notifyChanged(auth.tenantId, storeId);
  const kept = orders > 0 ? `its ${orders.toLocaleString('en-US')} order${orders === 1 ? '' : 's'} stay; ` : '';
  return { deleted: false, archived: true, reason: `Stores are archived, not deleted: ${kept}syncing has stopped` };
}

async function restoreStore(deps: StoresServiceDeps, auth: AuthContext, storeId: number): Promise<Store> {
  await deps.database.withTenant(auth.tenantId, async (tx) => {
    const row = await repo.find(tx, auth.tenantId, storeId);
    if (!row) throw notFound('Store not found');
    if (row.archivedAt) await repo.update(tx, auth.tenantId, storeId, { archivedAt: null });
  });
  deps.notifyChanged(auth.tenantId, storeId);
  return viewStore(deps, auth.tenantId, storeId);
}

export function createStoresService(deps: StoresServiceDeps) {
  return {
    view: (tenantId: string, storeId: number) => viewStore(deps, tenantId, storeId),
    list: (auth: AuthContext, query: StoreListQuery) => listStores(deps, auth, query),
    create: (auth: AuthContext, input: CreateStore) => createStore(deps, auth, input),
    update: (auth: AuthContext, storeId: number, input: UpdateStore) => updateStore(deps, auth, storeId, input),
    archive: (auth: AuthContext, storeId: number) => archiveStore(deps, auth, storeId),
    restore: (auth: AuthContext, storeId: number) => restoreStore(deps, auth, storeId),
    testConnection: (auth: AuthContext, input: TestConnection) => testConnection(deps, auth, input),
    customerOrderCode: (auth: AuthContext, storeId: number) => customerOrderCodeOf(deps, auth, storeId),
    connectable: (auth: AuthContext) => connectableStores(deps, auth),
  };
}
export type StoresService = ReturnType<typeof createStoresService>;
