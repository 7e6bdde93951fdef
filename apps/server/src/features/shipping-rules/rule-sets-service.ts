import {
  ALL_STORES_SCOPE,
  BUILT_IN_CARRIER,
  RULE_LIMITS,
  type RuleApplicationList,
  type RuleSet,
  type RuleSetInput,
  type RuleSetList,
  type RuleSetVersionList,
  ORDER_STATUSES,
  type OrderStatus,
  type RuleApplyInput,
  type RuleApplyResult,
  type ShippingRule,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { connectedCarriers } from '../shipping/index.ts';
import type { RuleApplication } from './rule-application-service.ts';
import { explainApplications } from './rule-explanation.ts';
import { createRuleSetsRepository, type SavedRuleSet } from './rule-sets-repository.ts';
import { validationSteps, type RuleReferences } from './rule-validation.ts';
import { RULE_BUDGET_MS, RuleTimeout, RuleWorkClock, inSlices } from './rule-work-clock.ts';

const RULE_SET_NOT_FOUND = 'No such rule set: give a store of yours or "all"';
const ALL_STORES_NAME = 'All stores';
const repo = createRuleSetsRepository();

/** What the rule sets' use cases take: the database, and the application of rules to orders. */
interface RuleSetsDeps {
  database: Database;
  application: RuleApplication;
}

const view = (scope: string, storeName: string, saved: SavedRuleSet | undefined): RuleSet => ({
  scope,
  storeId: scope === ALL_STORES_SCOPE ? null : scope,
  storeName,
  version: saved?.version ?? 0,
  rules: saved?.rules ?? [],
  updatedAt: saved?.updatedAt.toISOString() ?? null,
  updatedBy: saved?.updatedByEmail ?? null,
});

/** The scope's name: "All stores" or the tenant's store's; 404 for anything else (another tenant's store too). */
async function scopeName(tx: Executor, tenantId: string, scope: string): Promise<string> {
  if (scope === ALL_STORES_SCOPE) return ALL_STORES_NAME;
  const store = (await repo.stores(tx, tenantId)).find((s) => String(s.id) === scope);
  if (!store) throw notFound(RULE_SET_NOT_FOUND);
  return store.name;
}

async function references(tx: Executor, tenantId: string): Promise<RuleReferences> {
  return {
    ...(await repo.referenceIds(tx, tenantId)),
    connectedCarriers: new Set([...(await connectedCarriers(tx, tenantId)), BUILT_IN_CARRIER]),
  };
}

/** A 400 with the errors of a set's check, keyed by path, when there are any. */
function refuseErrors(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) throw badRequest(errors, 'The rule set has errors; nothing was saved');
}

/**
 * A 400 naming the rule and the field when the rules do not hold together or name what the tenant lacks. The check
 * runs in slices (a set may hold 25,000 conditions, and reading a pattern compiles it) within its budget.
 */
async function validate(tx: Executor, tenantId: string, rules: ShippingRule[]): Promise<void> {
  if (rules.length > RULE_LIMITS.rules) {
    throw badRequest({ rules: `A rule set holds at most ${RULE_LIMITS.rules} rules; this one has ${rules.length}` });
  }
  const clock = new RuleWorkClock(RULE_BUDGET_MS.save);
  try {
    refuseErrors(await inSlices(validationSteps(rules, await references(tx, tenantId), clock), clock));
  } catch (error) {
    if (!(error instanceof RuleTimeout)) throw error;
    throw badRequest({
      rules: `Checking this rule set took more than ${clock.budgetMs / 1000} s: use fewer or simpler conditions`,
    });
  }
}

/** `POST /call/shippingRules/apply`: the saved sets on the given orders or a status tab, in one transaction. */
async function applyRuleSets(deps: RuleSetsDeps, auth: AuthContext, input: RuleApplyInput): Promise<RuleApplyResult> {
  if (!input.orderIds === !input.orderStatus) {
    throw badRequest({ orderIds: 'Give orderIds or orderStatus (one of them)' });
  }
  if (input.orderStatus && !(ORDER_STATUSES as readonly string[]).includes(input.orderStatus)) {
    throw badRequest({ orderStatus: `orderStatus must be one of ${ORDER_STATUSES.join(', ')}` });
  }
  return deps.database.withTenant(auth.tenantId, async (tx) => {
    const ids = input.orderIds
      ? [...new Set(input.orderIds.map(Number))]
      : await repo.statusOrderIds(tx, auth.tenantId, input.orderStatus as OrderStatus, RULE_LIMITS.applyMax + 1);
    if (ids.length > RULE_LIMITS.applyMax) {
      throw new HttpError(409, `The tab holds more than ${RULE_LIMITS.applyMax} orders: select fewer`, {
        reason: 'too_many_orders',
      });
    }
    if ((await repo.ownOrderIds(tx, auth.tenantId, ids)).length !== ids.length) throw notFound('Order not found');
    const actor = { id: auth.userId, email: auth.email };
    return deps.application.apply(tx, auth.tenantId, ids, 'manual', actor, {
      budgetMs: RULE_BUDGET_MS.apply,
      partial: true,
    });
  });
}

async function listRuleSets(deps: RuleSetsDeps, auth: AuthContext): Promise<RuleSetList> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const saved = new Map((await repo.list(tx, auth.tenantId)).map((s) => [s.scope, s]));
      const stores = await repo.stores(tx, auth.tenantId);
      return {
        ruleSets: [
          view(ALL_STORES_SCOPE, ALL_STORES_NAME, saved.get(ALL_STORES_SCOPE)),
          ...stores.map((s) => view(String(s.id), s.name, saved.get(String(s.id)))),
        ],
      };
    },
    { readOnly: true },
  );
}

/** Replaces the scope's rules as a whole: a new version, the previous kept; a stale `version` is a 409. */
async function saveRuleSet(
  deps: RuleSetsDeps,
  auth: AuthContext,
  scope: string,
  input: RuleSetInput,
): Promise<RuleSet> {
  return deps.database.withTenant(auth.tenantId, async (tx) => {
    const name = await scopeName(tx, auth.tenantId, scope);
    const current = await repo.find(tx, auth.tenantId, scope, true);
    const version = current?.version ?? 0;
    if (input.version !== version) {
      throw new HttpError(
        409,
        `This rule set was saved by ${current?.updatedByEmail ?? 'someone'} since you opened it (version ${version}); reload it and apply your changes again`,
        { reason: 'stale_version' },
      );
    }
    await validate(tx, auth.tenantId, input.rules);
    const saved = await repo.save(tx, auth.tenantId, scope, version + 1, input.rules, auth.email);
    return view(scope, name, saved);
  });
}

async function ruleSetHistory(deps: RuleSetsDeps, auth: AuthContext, scope: string): Promise<RuleSetVersionList> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      await scopeName(tx, auth.tenantId, scope);
      const rows = await repo.history(tx, auth.tenantId, scope);
      return {
        versions: rows.map((r) => ({
          version: r.version,
          ruleCount: r.ruleCount,
          updatedAt: r.savedAt.toISOString(),
          updatedBy: r.savedByEmail,
        })),
      };
    },
    { readOnly: true },
  );
}

async function ruleSetVersion(
  deps: RuleSetsDeps,
  auth: AuthContext,
  scope: string,
  versionText: string,
): Promise<RuleSet> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      const name = await scopeName(tx, auth.tenantId, scope);
      const version = Number(versionText);
      const row = Number.isSafeInteger(version)
        ? await repo.historyVersion(tx, auth.tenantId, scope, version)
        : undefined;
      if (!row) throw notFound(`Version ${versionText} of this rule set does not exist`);
      return view(scope, name, { ...row, updatedAt: row.savedAt, updatedByEmail: row.savedByEmail });
    },
    { readOnly: true },
  );
}

/** The order's last 20 applications, newest first (404 for an order that is not the tenant's). */
async function orderApplications(deps: RuleSetsDeps, auth: AuthContext, orderId: number): Promise<RuleApplicationList> {
  return deps.database.withTenant(
    auth.tenantId,
    async (tx) => {
      if (!(await repo.orderExists(tx, auth.tenantId, orderId))) throw notFound('Order not found');
      const rows = await repo.applications(tx, auth.tenantId, orderId);
      return {
        applications: await explainApplications(
          tx,
          auth.tenantId,
          rows,
          await deps.application.names(tx, auth.tenantId),
        ),
      };
    },
    { readOnly: true },
  );
}

/** `GET /call/shippingRuleSet/list`, the versioned save, the history and the orders' "why". */
export function createRuleSetsService(database: Database, application: RuleApplication) {
  const deps: RuleSetsDeps = { database, application };
  return {
    references,
    refuseErrors,
    validate,
    scopeName,
    applyTo: (auth: AuthContext, input: RuleApplyInput) => applyRuleSets(deps, auth, input),
    statusOrderIds: repo.statusOrderIds,
    ownOrderIds: repo.ownOrderIds,
    list: (auth: AuthContext) => listRuleSets(deps, auth),
    save: (auth: AuthContext, scope: string, input: RuleSetInput) => saveRuleSet(deps, auth, scope, input),
    history: (auth: AuthContext, scope: string) => ruleSetHistory(deps, auth, scope),
    historyVersion: (auth: AuthContext, scope: string, versionText: string) =>
      ruleSetVersion(deps, auth, scope, versionText),
    applications: (auth: AuthContext, orderId: number) => orderApplications(deps, auth, orderId),
    application,
  };
}

export type RuleSetsService = ReturnType<typeof createRuleSetsService>;
