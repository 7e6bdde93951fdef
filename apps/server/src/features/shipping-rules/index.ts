import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database, Executor } from '../../db/client.ts';
import type { ChannelOrder } from '../../integrations/channels/channel-types.ts';
import type { OrderRules } from '../orders/index.ts';
import { createRuleApplication } from './rule-application-service.ts';
import { createRuleDryRun } from './rule-dry-run-service.ts';
import { loadImportRules, planImportRules, planPageRules, type ImportRulePlan } from './rule-import-plan.ts';
import { createRuleSetsService } from './rule-sets-service.ts';
import { shippingRulesRoutes } from './shipping-rules-routes.ts';

const application = createRuleApplication();

/** Shipping rules, signed in: the rule sets, their history and dry-run, applying them, an order's "why". */
export const shippingRulesFeature: FastifyPluginAsyncTypebox = async (app) => {
  const ruleSets = createRuleSetsService(app.db, application);
  await app.register(shippingRulesRoutes, {
    ruleSets,
    dryRun: createRuleDryRun(app.db, application, ruleSets),
  });
};

interface RulesLog {
  warn: (object: object, message: string) => void;
}

/**
 * The rules as the orders feature asks for them (app.ts hands them in; the rules write through orders' use cases, so
 * orders does not import them): the tenant's saved rule sets run on new orders in the caller's transaction (manual
 * add, reorder, reship, an order whose settings were handed back), after their shipping was resolved from the
 * mappings. They run in a savepoint: whatever goes wrong in it (rules past their time budget too) is told to `log`
 * and undone, and the orders are kept as they came (a rule never stops an order).
 */
export function rulesForOrders(log: RulesLog): OrderRules {
  return async (tx, tenantId, orderIds, trigger, actor) => {
    if (orderIds.length === 0) return;
    try {
      await tx.transaction((savepoint) => application.apply(savepoint, tenantId, orderIds, trigger, actor));
    } catch (error) {
      log.warn({ err: error, tenantId, orders: orderIds.length }, 'shipping rules were not applied');
    }
  };
}

/**
 * The rules of a page of a channel's new orders, decided before they are inserted (rule-import-plan.ts): the insert
 * takes `columns(order)` (the rules' values, and the payload of the application's timeline row, which the sync records
 * beside the import's own row through the orders' recordOrderEvents), then `record` writes the notes the rules added
 * to the orders that were new. Both run in savepoints of the caller's transaction: what fails is logged and the
 * orders come in as the mappings left them.
 */
export async function planChannelRules(
  tx: Executor,
  tenantId: string,
  storeId: number,
  page: readonly ChannelOrder[],
  log: RulesLog,
): Promise<ImportRulePlan | null> {
  try {
    const plan = await tx.transaction((savepoint) => planImportRules(application, savepoint, tenantId, storeId, page));
    return plan && guarded(plan, tenantId, log);
  } catch (error) {
    log.warn({ err: error, tenantId, orders: page.length }, 'shipping rules were not applied');
    return null;
  }
}

/**
 * The same plan, made before the page's write begins (what it reads, in a read-only transaction of its own): a pull
 * plans the next page while it writes this one, so the rules' work overlaps the database's. Saved rules that change
 * in between apply from the next page on.
 */
export async function prepareChannelRules(
  database: Database,
  tenantId: string,
  storeId: number,
  page: readonly ChannelOrder[],
  log: RulesLog,
): Promise<ImportRulePlan | null> {
  try {
    if (page.length === 0) return null;
    const context = await database.withTenant(tenantId, (tx) => loadImportRules(application, tx, tenantId, storeId), {
      readOnly: true,
    });
    // The evaluation holds no transaction: it runs in slices, and other requests use the database meanwhile.
    return context && guarded(await planPageRules(context, page), tenantId, log);
  } catch (error) {
    log.warn({ err: error, tenantId, orders: page.length }, 'shipping rules were not applied');
    return null;
  }
}

/** A plan whose `record` runs in a savepoint, and only when a rule adds a note. */
function guarded(plan: ImportRulePlan, tenantId: string, log: RulesLog): ImportRulePlan {
  const { columns, record, addsNotes } = plan;
  return {
    columns,
    addsNotes,
    async record(tx, inserted) {
      if (!addsNotes) return;
      try {
        await tx.transaction((savepoint) => record(savepoint, inserted));
      } catch (error) {
        log.warn({ err: error, tenantId, orders: inserted.length }, 'shipping rules were not recorded');
      }
    },
  };
}
export type { ImportRulePlan } from './rule-import-plan.ts';
export { RULES_ACTOR } from './rule-records.ts';
export { RULES_EVENT } from './rule-sets-repository.ts';
