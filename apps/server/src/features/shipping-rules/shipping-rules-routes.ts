import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Envelope,
  ID_PATTERN,
  RULE_LIMITS,
  RuleApplicationListSchema,
  RuleApplyInputSchema,
  RuleApplyResultSchema,
  RuleDryRunInputSchema,
  RuleDryRunSchema,
  RuleSetInputSchema,
  RuleSetListSchema,
  RuleSetSchema,
  RuleSetScopeSchema,
  RuleSetVersionListSchema,
} from '@shipdesk/contract';
import { errorResponses } from '../../lib/schemas.ts';
import type { createRuleDryRun } from './rule-dry-run-service.ts';
import type { RuleSetsService } from './rule-sets-service.ts';

const ok = <T>(data: T) => ({ code: 200, success: true as const, data });
const ScopeParams = Type.Object({ id: RuleSetScopeSchema });

interface RoutesOptions {
  ruleSets: RuleSetsService;
  dryRun: ReturnType<typeof createRuleDryRun>;
}

/** Shipping rules at the spec's paths (7.4) and their additions: history, dry-run, apply, an order's "why". */
export const shippingRulesRoutes: FastifyPluginAsyncTypebox<RoutesOptions> = async (app, options) => {
  const { ruleSets, dryRun } = options;
  const common = { tags: ['shipping rules'], security: [{ bearerAuth: [] }] };

  app.get(
    '/call/shippingRuleSet/list',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "The tenant's rule sets: the all-stores set first, then one per store (version 0: never saved)",
        response: { 200: Envelope(RuleSetListSchema), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(await ruleSets.list(request.auth!)),
  );

  app.put(
    '/api/v1/shippingRuleByStore/:id',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary: "Replace a store's rule set (or `all`) as a whole (Admin); `version` is the one the edit started from",
        description:
          'A new version is written and the previous kept (who saved it and when). 409 `stale_version` when the set ' +
          'was saved since `version`; 400 naming the rule and the field (`rules[3].conditions[1].value`) for an ' +
          'unknown field or operator, a value that does not fit, a pattern RE2 cannot run (back-references, ' +
          'look-around) or too large once its repetitions are written out, a method, box or ' +
          `store that is not the tenant's, a carrier not connected, more than ${RULE_LIMITS.rules} rules; nothing saved.`,
        params: ScopeParams,
        body: RuleSetInputSchema,
        response: { 200: Envelope(RuleSetSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => ok(await ruleSets.save(request.auth!, request.params.id, request.body)),
  );

  app.get(
    '/call/shippingRuleSet/:id/versions',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'The saved versions of a rule set, newest first',
        params: ScopeParams,
        response: { 200: Envelope(RuleSetVersionListSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ok(await ruleSets.history(request.auth!, request.params.id)),
  );

  app.get(
    '/call/shippingRuleSet/:id/versions/:version',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'One saved version of a rule set, its rules as they were',
        params: Type.Object({ id: RuleSetScopeSchema, version: Type.String({ pattern: '^[1-9][0-9]{0,8}$' }) }),
        response: { 200: Envelope(RuleSetSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ok(await ruleSets.historyVersion(request.auth!, request.params.id, request.params.version)),
  );

  app.post(
    '/call/shippingRuleSet/:id/dryRun',
    {
      config: { policy: 'admin' },
      schema: {
        ...common,
        summary:
          "Run a draft rule set on the tenant's last orders and tell what would change; nothing is saved (Admin)",
        params: ScopeParams,
        body: RuleDryRunInputSchema,
        response: { 200: Envelope(RuleDryRunSchema), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ok(await dryRun(request.auth!, request.params.id, request.body)),
  );

  app.post(
    '/call/shippingRules/apply',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: 'Run the saved rule sets on these orders, or on every order of a status tab',
        description:
          `At most ${RULE_LIMITS.applyMax} orders in one call (a larger tab is a 409 with its count). Past its time ` +
          'budget the rules stop: what the orders evaluated until then decided is written, and `stopped` says where.',
        body: RuleApplyInputSchema,
        response: { 200: Envelope(RuleApplyResultSchema), ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => ok(await ruleSets.applyTo(request.auth!, request.body)),
  );

  app.get(
    '/call/order/:orderId/shippingRules',
    {
      config: { policy: 'signed-in' },
      schema: {
        ...common,
        summary: "Why the order ships as it does: the rule sets' last applications, newest first",
        params: Type.Object({ orderId: Type.String({ pattern: ID_PATTERN }) }),
        response: { 200: Envelope(RuleApplicationListSchema), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ok(await ruleSets.applications(request.auth!, Number(request.params.orderId))),
  );
};
