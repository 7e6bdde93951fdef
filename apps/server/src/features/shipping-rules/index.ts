import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Executor } from '../../db/client.ts';
import { createRuleApplication, type RuleActor, type RuleTrigger } from './rule-application-service.ts';
import { createRuleDryRun } from './rule-dry-run-service.ts';
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

export interface RulesLog {
  warn: (object: object, message: string) => void;
}
/** For callers without a logger (a test's service): failures are still undone, and told on standard error. */
export const UNLOGGED: RulesLog = { warn: (object, message) => console.warn(message, object) };

/**
 * Runs the tenant's saved rule sets on new orders in the caller's transaction (manual add, reorder, reship, a
 * channel's new orders), after their shipping was resolved from the mappings. It runs in a savepoint: whatever goes
 * wrong in it is logged and undone, and the orders are kept as they came (a rule never stops an import).
 */
export async function applyShippingRules(
  tx: Executor,
  tenantId: string,
  orderIds: readonly number[],
  trigger: RuleTrigger,
  log: RulesLog,
  actor?: RuleActor,
): Promise<void> {
  if (orderIds.length === 0) return;
  try {
    await tx.transaction((savepoint) => application.apply(savepoint, tenantId, orderIds, trigger, actor));
  } catch (error) {
    log.warn({ err: error, tenantId, orders: orderIds.length }, 'shipping rules were not applied');
  }
}
