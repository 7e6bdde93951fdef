import type { FastifyBaseLogger } from 'fastify';
import { CARRIER_NAMES } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AddressCheckOutcome, AddressToCheck } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import type { JobQueue, JobRun } from '../../plugins/background.ts';
import { accountFor, type AddressServiceAccount, type createAddressServices } from './address-check-carriers.ts';
import { createAddressCheckBudgetRepository } from './address-check-budget-repository.ts';
import { createAddressChecksRepository, type DueCheck } from './address-checks-repository.ts';
import {
  CACHE_MAX_AGE_DAYS,
  FORMAT_ONLY_NOTE,
  formatMessages,
  NOT_CHECKED_BACKOFF,
  notCheckedMessage,
} from './address-checks-rules.ts';

/**
 * The checks' background work (docs/address-checks.md). The sweep finds the tenants with checks to do (open orders
 * without a check or whose ship-to changed, rows due) and sends each a `address-checks` job (one waiting per tenant).
 * The tenant's job makes the rows (pending), then claims the due ones a batch at a time: each goes to the account
 * whose carrier comes first for its country, is answered from the cache when it can, and otherwise asked of the
 * carrier, as many calls as the account's budget of the window grants (claimed in a transaction first, so every
 * instance keeps to one budget); the rest wait for the next window. When its slice is up, or rows wait, the job
 * sends itself for when the next is due.
 */

export interface CheckJob {
  tenantId: string;
}

interface WorkerDeps {
  database: Database;
  services: ReturnType<typeof createAddressServices>;
  queue: Pick<JobQueue<CheckJob>, 'send'>;
  log: FastifyBaseLogger;
  /** Rows claimed at a time (default 200). */
  batchSize?: number;
  /** How long a claimed row is kept from other runs while its carrier is asked (default 120 s). */
  leaseSeconds?: number;
  /** How long one call to a carrier's address service may take (default 20 s). */
  callTimeoutMs?: number;
}

const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

function toAsk(check: DueCheck): AddressToCheck {
  const a = check.address!;
  return {
    key: check.key,
    address: {
      name: a.name,
      company: a.company,
      street1: a.address1,
      street2: a.address2,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode ?? '',
      country: a.country.toUpperCase(),
      phone: null,
      email: null,
      residential: null,
    },
  };
}

export function createAddressCheckWorker(deps: WorkerDeps) {
  const repo = createAddressChecksRepository();
  const budget = createAddressCheckBudgetRepository();
  const batchSize = deps.batchSize ?? 200;
  const leaseSeconds = deps.leaseSeconds ?? 120;
  const callTimeoutMs = deps.callTimeoutMs ?? 20_000;
  const inTenant = deps.database.withTenant.bind(deps.database);

  async function writeAnswers(
    tenantId: string,
    account: AddressServiceAccount,
    checks: readonly DueCheck[],
    outcomes: ReadonlyMap<string, AddressCheckOutcome>,
    cache: boolean,
  ): Promise<void> {
    await inTenant(tenantId, async (tx) => {
      const missing: number[] = [];
      for (const check of checks) {
        const outcome = outcomes.get(check.key);
        if (!outcome) {
          missing.push(check.orderId);
          continue;
        }
        const answer = { carrier: account.carrier, accountId: account.accountId, outcome };
        await repo.writeOutcome(tx, tenantId, check, answer);
      }
      if (cache) {
        for (const [key, outcome] of outcomes) await budget.remember(tx, tenantId, account.carrier, key, outcome);
      }
      // An address the carrier's service does not check (a part it needs missing, a country it does not serve) is
      // checked for its format only: asking again would get no answer either.
      for (const check of checks.filter((c) => missing.includes(c.orderId) && c.address)) {
        const messages = formatMessages(check.address!);
        messages[0] = `${CARRIER_NAMES[account.carrier]} does not check this address: format checked only`;
        await repo.writeFormatOnly(tx, tenantId, check, messages);
      }
    });
  }

  /** The checks of one account: the cache, then the carrier within the budget, then the wait for the next window. */
  async function askAccount(tenantId: string, account: AddressServiceAccount, checks: DueCheck[]): Promise<void> {
    const keys = [...new Set(checks.map((c) => c.key))];
    const cached = await inTenant(
      tenantId,
      (tx) => budget.cached(tx, tenantId, account.carrier, keys, CACHE_MAX_AGE_DAYS),
      { readOnly: true },
    );
    if (cached.size > 0) {
      await writeAnswers(
        tenantId,
        account,
        checks.filter((c) => cached.has(c.key)),
        cached,
        false,
      );
    }
    // The same address on several orders is asked once.
    const byKey = new Map<string, DueCheck[]>();
    for (const check of checks) {
      if (cached.has(check.key)) continue;
      byKey.set(check.key, [...(byKey.get(check.key) ?? []), check]);
    }
    const calls = chunk([...byKey.keys()], account.limits.perCall);
    if (calls.length === 0) return;
    const grant = await inTenant(tenantId, (tx) =>
      budget.claim(tx, tenantId, account.accountId, calls.length, account.limits),
    );
    const ordersOf = (keysOfCalls: string[][]) =>
      keysOfCalls.flat().flatMap((k) => byKey.get(k)!.map((c) => c.orderId));
    let waiting = calls.slice(grant.granted);
    for (const [i, call] of calls.slice(0, grant.granted).entries()) {
      const asked = call.map((key) => toAsk(byKey.get(key)![0]!));
      const checksOfCall = call.flatMap((key) => byKey.get(key)!);
      try {
        const outcomes = await account.adapter.checkAddresses(asked, AbortSignal.timeout(callTimeoutMs));
        await writeAnswers(tenantId, account, checksOfCall, outcomes, true);
      } catch (error) {
        // An outage, the carrier's rate limit, a refused credential: not checked, asked again later; never invalid.
        const detail = error instanceof ChannelError ? (error.platformAnswer ?? error.message) : null;
        if (!(error instanceof ChannelError)) deps.log.warn({ err: error, tenantId }, 'address check failed');
        await inTenant(tenantId, async (tx) => {
          const words = notCheckedMessage(account.carrier, detail);
          await repo.writeNotChecked(tx, tenantId, ordersOf([call]), words, NOT_CHECKED_BACKOFF);
          if (error instanceof ChannelError && error.kind === 'rate_limited') {
            await budget.spend(tx, tenantId, account.accountId, account.limits);
          }
        });
        if (error instanceof ChannelError && (error.kind === 'rate_limited' || error.kind === 'auth')) {
          // Asking again in this window would be refused the same way.
          waiting = [...calls.slice(i + 1)];
          break;
        }
      }
    }
    if (waiting.length > 0) {
      await inTenant(tenantId, (tx) => repo.postpone(tx, tenantId, ordersOf(waiting), grant.windowEndsAt));
    }
  }

  /** One claimed batch: gone addresses dropped, the rest by account (or checked for their format only). */
  async function work(tenantId: string, accounts: readonly AddressServiceAccount[], due: DueCheck[]): Promise<void> {
    const gone = due.filter((c) => !c.address).map((c) => c.orderId);
    const groups = new Map<AddressServiceAccount, DueCheck[]>();
    const formatOnly: DueCheck[] = [];
    for (const check of due) {
      if (!check.address) continue;
      const account = accountFor(accounts, check.address.country);
      if (!account) formatOnly.push(check);
      else groups.set(account, [...(groups.get(account) ?? []), check]);
    }
    await inTenant(tenantId, async (tx) => {
      await repo.drop(tx, tenantId, gone);
      for (const check of formatOnly) {
        const messages = formatMessages(check.address!);
        if (accounts.length > 0) {
          // Accounts exist, none with an address service for this country.
          messages[0] = `${FORMAT_ONLY_NOTE.replace('addresses', `addresses in ${check.address!.country}`)}`;
        }
        await repo.writeFormatOnly(tx, tenantId, check, messages);
      }
    });
    for (const [account, checks] of groups) await askAccount(tenantId, account, checks);
  }

  return {
    /** The `address-checks` job: the tenant's rows made, then its due checks, until the slice is up. */
    async runTenant(job: CheckJob, run: Pick<JobRun, 'shouldYield'>): Promise<void> {
      const { tenantId } = job;
      await inTenant(tenantId, (tx) => repo.sync(tx, tenantId));
      const accounts = await inTenant(tenantId, (tx) => deps.services.accounts(tx, tenantId), { readOnly: true });
      for (;;) {
        const due = await inTenant(tenantId, (tx) => repo.claimDue(tx, tenantId, batchSize, leaseSeconds));
        if (due.length === 0) break;
        await work(tenantId, accounts, due);
        if (run.shouldYield()) {
          await deps.queue.send({ tenantId }, { singletonKey: tenantId });
          return;
        }
      }
      const wait = await inTenant(tenantId, (tx) => repo.nextDueIn(tx, tenantId), { readOnly: true });
      if (wait !== null) {
        // A job waiting for a later time has a key of its own: one sent for now (a sweep's, a "check again") is never
        // dropped as a duplicate of it (one waiting job per key) and left to wait as long.
        const later = Math.ceil(wait) > 0;
        await deps.queue.send(
          { tenantId },
          { singletonKey: later ? `${tenantId}:later` : tenantId, afterSeconds: Math.ceil(wait) },
        );
      }
    },

    /** The sweep: every tenant with checks to do gets its job (at most one waiting each). */
    async sweep(): Promise<number> {
      const tenants = await repo.tenantsWithWork(deps.database.db, 5_000);
      for (const tenantId of tenants) await deps.queue.send({ tenantId }, { singletonKey: tenantId });
      return tenants.length;
    },
  };
}

export type AddressCheckWorker = ReturnType<typeof createAddressCheckWorker>;
