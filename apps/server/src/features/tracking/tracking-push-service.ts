import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Counter } from 'prom-client';
import {
  CARRIER_NAMES,
  type Carrier,
  type CarrierPush,
  type CarrierPushSetup,
  type CarrierPushStatus,
} from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/background.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { openCredentials, sealCredentials } from '../../lib/sealed-credentials.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { processRegistry } from '../../lib/throughput-metrics.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { carrierWords, type LabelCarriers } from '../labels/index.ts';
import type { OrdersNotifier } from '../orders/index.ts';
import { listCarrierAccounts } from '../shipping/index.ts';
import { recordPushBatch, type PushEventJob } from './tracking-push-batch.ts';
import { createGroupCommit } from './tracking-push-group-commit.ts';
import { createTrackingPushRepository, type PushSubscriptionRow } from './tracking-push-repository.ts';
import {
  clientCredentials,
  DEFAULT_FEDEX_SIGNATURE_HEADER,
  issueUpsToken,
  sameText,
  UPS_TOKEN_SECONDS,
  verifyFedex,
  verifyShippo,
  verifyUps,
  verifyUsps,
} from './tracking-push-signatures.ts';

/**
 * Tracking pushes (docs/tracking.md "Pushes"): a carrier's POST to `/hooks/tracking/{hookKey}` is verified over its
 * raw body and handed to the listener's group commit (tracking-push-group-commit.ts): the pushes verified meanwhile are
 * stored together as one `tracking-push-event` job, and each carrier is answered 200 once that job is stored (503 when
 * the write failed: the carrier sends it again). The job reads the carrier's words with its adapter's code tables and
 * records the batch (tracking-push-batch.ts: events kept once by their key, the newest by time wins). A bad signature
 * is 401 and counted, never a change.
 */

const pushes = new Counter({
  name: 'shipdesk_tracking_pushes_total',
  help: 'Tracking pushes from carriers, by carrier and outcome (accepted, bad_signature, unknown_hook, not_stored, recorded, duplicate, unknown_number, unreadable)',
  labelNames: ['carrier', 'outcome'] as const,
  registers: [processRegistry],
});

/** A `tracking-push-event` job: the pushes of one group commit (a job of one push, from before, is read alike). */
export type PushBatchJob = { pushes: PushEventJob[]; requestId?: string } | PushEventJob;

interface Deps {
  database: Database;
  secrets: SecretBox;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  publicUrl: string;
  log: FastifyBaseLogger;
  events: () => JobQueue<PushBatchJob>;
}

/** What is sealed in `secret`: the signing secret and, for FedEx, the header it comes in. */
interface PushSecret {
  secret: string;
  signatureHeader?: string;
}

const repo = createTrackingPushRepository();
/**
 * How long an instance keeps a hook it looked up (its row and opened secret): a carrier's stream of pushes does not
 * ask the database for its hook each time. A push set up again or stopped here is forgotten at once; on another
 * instance its old state holds for at most this long.
 */
const HOOK_CACHE_MS = 2_000;
const HOOK_CACHE_SIZE = 10_000;
const PUSH_CARRIERS: readonly string[] = ['usps', 'shippo', 'ups', 'fedex'];
const STATUS_OF = (active: boolean): CarrierPushStatus => (active ? 'active' : 'failed');

function verified(
  sealed: PushSecret | null,
  row: PushSubscriptionRow,
  raw: string,
  headers: IncomingHttpHeaders,
  token?: string,
): boolean {
  if (!sealed) return false;
  switch (row.carrier) {
    case 'usps': {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return false;
      }
      return verifyUsps(body, headers, sealed.secret);
    }
    case 'shippo':
      return verifyShippo(raw, headers, token, sealed.secret);
    case 'fedex':
      return verifyFedex(raw, headers, sealed.secret, sealed.signatureHeader ?? DEFAULT_FEDEX_SIGNATURE_HEADER);
    case 'ups':
      return verifyUps(headers, row.hookKey, sealed.secret);
    default:
      return false;
  }
}

/** The hooks this instance looked up lately, each with its opened secret (`HOOK_CACHE_MS`). */
function hookCache(database: Database, open: (row: PushSubscriptionRow) => PushSecret | null) {
  const hooks = new Map<string, { row: PushSubscriptionRow; sealed: PushSecret | null; until: number }>();
  return {
    async get(hookKey: string) {
      const now = Date.now();
      const kept = hooks.get(hookKey);
      if (kept && kept.until > now) return kept;
      const row = await repo.byHookKey(database.db, hookKey);
      if (!row) return undefined;
      if (hooks.size >= HOOK_CACHE_SIZE) hooks.clear();
      const entry = { row, sealed: open(row), until: now + HOOK_CACHE_MS };
      hooks.set(hookKey, entry);
      return entry;
    },
    forget: (hookKey: string) => void hooks.delete(hookKey),
  };
}

/**
 * The listener's group commit: one job for the pushes verified within 25 ms, at most 200 of them and 4 M characters
 * (no `requestId`: many requests').
 */
const pushInbox = (events: () => JobQueue<PushBatchJob>) =>
  createGroupCommit<PushEventJob>((items) => events().send({ pushes: items, requestId: undefined }), {
    lingerMs: 25,
    sizeOf: (push) => push.body.length,
    maxBatchSize: 4 * 1024 * 1024,
  });

export function createTrackingPushes(deps: Deps) {
  const listenerUrl = (hookKey: string) => `${deps.publicUrl}/hooks/tracking/${hookKey}`;
  const open = (row: PushSubscriptionRow): PushSecret | null =>
    row.secret ? (openCredentials(deps.secrets, row.secret) as unknown as PushSecret) : null;

  const inbox = pushInbox(deps.events);
  const hooks = hookCache(deps.database, open);

  /** `POST /hooks/tracking/{hookKey}`: verified, stored with the others of its group commit, answered. */
  async function receive(hookKey: string, raw: string, headers: IncomingHttpHeaders, token?: string) {
    const hook = await hooks.get(hookKey);
    if (!hook || hook.row.status === 'disabled') {
      pushes.inc({ carrier: 'unknown', outcome: 'unknown_hook' });
      throw notFound('No tracking push has this address');
    }
    const { row } = hook;
    // No carrier's JSON holds a raw NUL, and the job's JSON could not keep one: it would fail its whole batch's write.
    if (raw.includes('\u0000')) throw badRequest({ body: 'The push holds a NUL character' });
    if (!verified(hook.sealed, row, raw, headers, token)) {
      pushes.inc({ carrier: row.carrier, outcome: 'bad_signature' });
      throw unauthorized('The push signature is invalid', 'bad_signature');
    }
    pushes.inc({ carrier: row.carrier, outcome: 'accepted' });
    // A portal-made push (UPS, FedEx) is pending until its first verified push proves the portal step was done.
    if (row.status === 'pending') {
      await repo.activate(deps.database.db, row.hookKey);
      hook.row = { ...row, status: 'active', message: null };
    }
    const { tenantId, carrierAccountId, carrier } = row;
    await inbox.add({ tenantId, carrierAccountId, carrier, body: raw }).catch((error: unknown) => {
      pushes.inc({ carrier, outcome: 'not_stored' });
      deps.log.warn({ err: error, carrier }, 'tracking pushes not stored: answered 503');
      throw new HttpError(503, 'The push could not be stored; send it again', { reason: 'push_not_stored' });
    });
    return { received: true };
  }

  /** The `tracking-push-event` job: the batch's parcels that are the accounts' recorded, each outcome counted. */
  async function work(job: PushBatchJob): Promise<void> {
    const batch = 'pushes' in job ? job.pushes : [job];
    await recordPushBatch({ database: deps.database, notify: deps.notify }, batch, (carrier, outcome) =>
      pushes.inc({ carrier, outcome }),
    );
  }

  /** `POST /hooks/tracking/ups/token`: UPS's client-credentials request for a bearer token bound to one hook. */
  async function upsToken(raw: string, headers: IncomingHttpHeaders) {
    const asked = clientCredentials(raw, headers);
    const row = asked ? await repo.byHookKey(deps.database.db, asked.id) : undefined;
    const sealed = row?.carrier === 'ups' && row.status !== 'disabled' ? open(row) : null;
    if (!asked || !row || !sealed || !sameText(sealed.secret, asked.secret)) {
      pushes.inc({ carrier: 'ups', outcome: 'bad_signature' });
      throw unauthorized('The client credentials are invalid', 'invalid_client');
    }
    return {
      access_token: issueUpsToken(row.hookKey, sealed.secret),
      token_type: 'Bearer',
      expires_in: UPS_TOKEN_SECONDS,
    };
  }

  async function accountOf(auth: AuthContext, accountIdText: string) {
    const id = parseId(accountIdText);
    const account = await deps.database.withTenant(auth.tenantId, async (tx) => {
      const row = id === null ? undefined : (await listCarrierAccounts(tx, auth.tenantId)).find((a) => a.id === id);
      if (!row) return null;
      return {
        row: await repo.get(tx, auth.tenantId, row.id),
        label: await deps.carriers.purchasingAccount(tx, auth.tenantId, row.carrier as Carrier, row.id),
      };
    });
    if (!account || id === null) throw notFound('No carrier account has this id');
    return { id, ...account };
  }

  function shown(row: PushSubscriptionRow, clientSecret: string | null = null): CarrierPush {
    const ups = row.carrier === 'ups';
    return {
      carrierAccountId: String(row.carrierAccountId),
      carrier: row.carrier,
      status: row.status as CarrierPushStatus,
      message: row.message,
      listenerUrl: listenerUrl(row.hookKey),
      tokenUrl: ups ? `${deps.publicUrl}/hooks/tracking/ups/token` : null,
      clientId: ups ? row.hookKey : null,
      clientSecret,
    };
  }

  /** `POST /call/carriers/{accountId}/trackingPush` (Admin): creates or refreshes the account's push. */
  async function setup(auth: AuthContext, accountIdText: string, body: CarrierPushSetup): Promise<CarrierPush> {
    const { id, row, label } = await accountOf(auth, accountIdText);
    const carrier = label.carrier;
    if (!PUSH_CARRIERS.includes(carrier)) {
      throw new HttpError(409, 'This carrier does not push tracking', { reason: 'no_push' });
    }
    const adapter = label.adapter();
    const hookKey = row?.hookKey ?? randomBytes(24).toString('base64url');
    const secret = body.secret ?? randomBytes(24).toString('base64url').slice(0, 32);
    const sealed = sealCredentials(deps.secrets, {
      secret,
      ...(body.signatureHeader ? { signatureHeader: body.signatureHeader.toLowerCase() } : {}),
    });
    let state: { externalId: string | null; status: CarrierPushStatus; message: string | null } = {
      externalId: null,
      // UPS and FedEx are set up in the carrier's portal with what this answers: active once they push (until then
      // the parcels are polled on the usual schedule).
      status: 'pending',
      message: `Waiting for the first push from ${CARRIER_NAMES[carrier as Carrier] ?? carrier}: give it these details in its developer portal`,
    };
    if (adapter.subscribeTrackingPush) {
      if (row?.externalId && adapter.unsubscribeTrackingPush) {
        await adapter.unsubscribeTrackingPush(row.externalId).catch(() => undefined);
      }
      try {
        const answer = await adapter.subscribeTrackingPush({
          listenerUrl: listenerUrl(hookKey),
          secret,
          adminEmail: auth.email,
        });
        state = { externalId: answer.externalId, status: STATUS_OF(answer.active), message: answer.message };
      } catch (error) {
        deps.log.warn({ err: error, carrier }, 'tracking push subscription failed');
        state = { externalId: null, status: 'failed', message: carrierWords(carrier, error) };
      }
    } else if (carrier === 'fedex' && !body.secret) {
      throw new HttpError(400, "Give FedEx's security token as the secret", { reason: 'secret_required' });
    }
    const saved = await deps.database.withTenant(auth.tenantId, (tx) =>
      repo.save(tx, { tenantId: auth.tenantId, carrierAccountId: id, carrier, hookKey, secret: sealed, ...state }),
    );
    hooks.forget(hookKey);
    return shown(saved, carrier === 'ups' ? secret : null);
  }

  /**
   * `GET /call/carriers/{accountId}/trackingPush` (Managers and Admins): the account's push, or null when it was never
   * set up; 404 for an account that is not the tenant's. The UPS client secret is never shown again.
   */
  async function read(auth: AuthContext, accountIdText: string): Promise<CarrierPush | null> {
    const id = parseId(accountIdText);
    const row = await deps.database.withTenant(auth.tenantId, async (tx) => {
      const known = id !== null && (await listCarrierAccounts(tx, auth.tenantId)).some((a) => a.id === id);
      return known ? ((await repo.get(tx, auth.tenantId, id)) ?? null) : undefined;
    });
    if (row === undefined) throw notFound('No carrier account has this id');
    return row ? shown(row) : null;
  }

  /** `DELETE /call/carriers/{accountId}/trackingPush` (Admin): the carrier stops, the hook answers 404. */
  async function stop(auth: AuthContext, accountIdText: string): Promise<CarrierPush> {
    const { id, row, label } = await accountOf(auth, accountIdText);
    if (!row) throw notFound('This carrier account has no tracking push');
    const adapter = label.adapter();
    if (row.externalId && adapter.unsubscribeTrackingPush) {
      await adapter.unsubscribeTrackingPush(row.externalId).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'tracking push unsubscribe failed: the hook refuses its pushes anyway');
      });
    }
    const saved = await deps.database.withTenant(auth.tenantId, (tx) =>
      repo.save(tx, { ...row, carrierAccountId: id, status: 'disabled', message: null }),
    );
    hooks.forget(row.hookKey);
    return shown(saved);
  }

  return { receive, work, upsToken, setup, read, stop };
}
export type TrackingPushes = ReturnType<typeof createTrackingPushes>;
