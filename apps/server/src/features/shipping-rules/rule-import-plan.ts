import { sql } from 'drizzle-orm';
import { ALL_STORES_SCOPE, DEFAULT_TIME_ZONE } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { ChannelOrder } from '../../integrations/channels/channel-types.ts';
import type { RuleApplication } from './rule-application-service.ts';
import { evaluationSteps, type CompiledRuleSet, type RuleEvaluation } from './rule-engine.ts';
import { NOTHING_SET, localFacts, type OrderFacts, type RuleNames } from './rule-facts.ts';
import { packApplication } from './rule-application-payload.ts';
import { RULES_ACTOR, decisionColumns, recordNotes } from './rule-records.ts';
import { RULE_BUDGET_MS, RuleTimeout, RuleWorkClock, eachInSlices } from './rule-work-clock.ts';

/** The facts of a channel's order as it arrives (rule-order-facts.ts reads the same from a stored order). */
function channelOrderFacts(order: ChannelOrder, storeId: number, zone: string): OrderFacts {
  const local = localFacts(order.orderDate, zone);
  const address = order.shipping;
  return {
    storeId: String(storeId),
    requestedService: order.requestedShippingMethod,
    country: address?.country ? address.country.trim().toUpperCase() : null,
    state: address?.state ? address.state.trim().toUpperCase() : null,
    postalCode: address?.postalCode ?? null,
    residential: address ? !address.company?.trim() : null,
    weight: order.lines.reduce((sum, l) => sum + l.weight * l.quantity, 0),
    longestSide: null,
    girth: null,
    total: order.total,
    currency: order.currency,
    itemCount: order.lines.reduce((n, l) => n + l.quantity, 0),
    skus: order.lines.map((l) => l.sku),
    categories: [...new Set(order.lines.flatMap((l) => (l.category?.trim() ? [l.category.trim()] : [])))],
    hazardous: order.lines.some((l) => l.hazardous),
    hazardClasses: [],
    tags: order.tags,
    orderDate: local.date,
    orderWeekday: local.weekday,
    orderTime: local.time,
  };
}

/** The columns a new order's insert takes from the rules (all null without them). */
type ImportRuleColumns = ReturnType<typeof importColumns>;

function importColumns(evaluation: RuleEvaluation | null, tags: string[], event: object | null) {
  const d = evaluation ? decisionColumns(evaluation.decisions) : null;
  return {
    /** The application's timeline row's payload: the sync records it beside the import's own row. */
    rule_event: event,
    rule_ship_method_id: d?.ship_method_id ?? null,
    rule_carrier: d?.carrier ?? null,
    rule_carrier_method: d?.carrier_method ?? null,
    rule_package_type: d?.package_type ?? null,
    rule_box_size_id: d?.box_size_id ?? null,
    rule_insured_value: d?.insured_value ?? null,
    rule_signature: d?.signature ?? null,
    rule_hold_until: d?.hold_until ?? null,
    rule_cheapest: d?.cheapest ?? null,
    rule_shipping: d ? d.set_method || d.set_service || d.set_package || d.set_cheapest : false,
    tags: d ? [...tags, ...d.add_tags.filter((t) => !tags.includes(t))] : tags,
  };
}

export interface ImportRulePlan {
  /** The rules' columns for an order of the page, by its external id. */
  columns(order: ChannelOrder): ImportRuleColumns;
  /** Some order of the page gets a note from the rules: only then is there something to `record`. */
  addsNotes: boolean;
  /** After the insert: the notes the rules added to the orders that were new. */
  record(tx: Executor, inserted: ReadonlyArray<{ id: number; externalId: string }>): Promise<void>;
}

/** What a page's rules need from the database: the sets the store's orders run, the tenant's zone and names. */
interface ImportRuleContext {
  tenantId: string;
  storeId: number;
  run: CompiledRuleSet[];
  zone: string;
  names: RuleNames;
  /** The budget of the page's rule work; compiling a new version of a set already spent some of it. */
  clock: RuleWorkClock;
}

/** Reads what a page's rules need; null when the tenant has no saved set the store's orders run. */
export async function loadImportRules(
  application: RuleApplication,
  tx: Executor,
  tenantId: string,
  storeId: number,
): Promise<ImportRuleContext | null> {
  const clock = new RuleWorkClock(RULE_BUDGET_MS.newOrders);
  const sets = await application.savedSets(tx, tenantId, clock);
  if (sets.size === 0) return null;
  const run = [sets.get(String(storeId)), sets.get(ALL_STORES_SCOPE)].filter(
    (s): s is CompiledRuleSet => s !== undefined,
  );
  if (run.length === 0) return null;
  return {
    tenantId,
    storeId,
    run,
    zone: await timeZone(tx, tenantId),
    names: await application.names(tx, tenantId),
    clock,
  };
}

/**
 * The rules of a page of a channel's new orders, decided before the insert: the orders are evaluated from the data
 * the pull holds, so the insert writes the rules' values with everything else (no second write of the order) and the
 * facts need not be read back. The evaluation needs no transaction and runs in slices; past the budget it throws
 * RuleTimeout, and the page comes in as its mappings left it (index.ts).
 */
export async function planPageRules(
  context: ImportRuleContext,
  page: readonly ChannelOrder[],
): Promise<ImportRulePlan> {
  const { tenantId, storeId, run, zone, names, clock } = context;
  const { done, stopped } = await eachInSlices(
    page,
    function* (order, pace) {
      const facts = channelOrderFacts(order, storeId, zone);
      const options = { explain: false, decidedOnly: true };
      const evaluation = yield* evaluationSteps(run, facts, NOTHING_SET, names, options, pace);
      return [order.externalId, { facts, evaluation }] as const;
    },
    clock,
  );
  if (stopped) throw new RuleTimeout(clock.budgetMs);
  const evaluated = new Map<string, { facts: OrderFacts; evaluation: RuleEvaluation }>(done);
  return {
    addsNotes: [...evaluated.values()].some(({ evaluation }) => evaluation.decisions.notes.length > 0),
    columns(order) {
      const found = evaluated.get(order.externalId);
      if (!found) return importColumns(null, order.tags, null);
      const event = packApplication('import', run, found.facts, found.evaluation);
      return importColumns(found.evaluation, order.tags, event);
    },
    async record(tx2, inserted) {
      const entries = inserted.flatMap(({ id, externalId }) => {
        const evaluation = evaluated.get(externalId)?.evaluation;
        return evaluation && evaluation.decisions.notes.length > 0 ? [{ orderId: id, evaluation }] : [];
      });
      await recordNotes(tx2, tenantId, entries, RULES_ACTOR);
    },
  };
}

/** Both at once, in the caller's transaction; null when the tenant has no saved set the page runs. */
export async function planImportRules(
  application: RuleApplication,
  tx: Executor,
  tenantId: string,
  storeId: number,
  page: readonly ChannelOrder[],
): Promise<ImportRulePlan | null> {
  if (page.length === 0) return null;
  const context = await loadImportRules(application, tx, tenantId, storeId);
  return context && planPageRules(context, page);
}

async function timeZone(tx: Executor, tenantId: string): Promise<string> {
  const result = (await tx.execute(sql`SELECT time_zone FROM tenants WHERE id = ${tenantId}`)) as unknown as {
    rows: Array<{ time_zone: string }>;
  };
  return result.rows[0]?.time_zone ?? DEFAULT_TIME_ZONE;
}
