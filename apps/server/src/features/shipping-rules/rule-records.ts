import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recordOrderEvents } from '../orders/index.ts';
import type { CompiledRuleSet, RuleDecisions, RuleEvaluation } from './rule-engine.ts';
import { packApplication, type ApplicationPayload } from './rule-application-payload.ts';
import type { OrderFacts } from './rule-facts.ts';
import { RULES_EVENT } from './rule-sets-repository.ts';

export type RuleTrigger = ApplicationPayload['trigger'];
export interface RuleActor {
  id: string;
  email: string;
}
/** Who rules act as on the timeline when no person asked. */
export const RULES_ACTOR: RuleActor = { id: 'system', email: 'Shipping rules' };

/** What the rules decided on an order, as the columns the statements that write orders take (null: not decided). */
export function decisionColumns(d: RuleDecisions) {
  const service = d.carrierService && 'carrier' in d.carrierService ? d.carrierService : null;
  const cheapest = d.carrierService && 'cheapest' in d.carrierService ? d.carrierService.cheapest : null;
  return {
    set_method: d.shipMethodId !== undefined,
    ship_method_id: d.shipMethodId ?? null,
    set_service: service !== null,
    carrier: service?.carrier ?? null,
    carrier_method: service?.serviceCode ?? null,
    set_package: d.packageType !== undefined,
    package_type: d.packageType?.packageType ?? null,
    set_box: d.boxSizeId !== undefined,
    box_size_id: d.boxSizeId ?? null,
    set_insured: d.insuredValue !== undefined,
    insured_value: d.insuredValue ?? null,
    set_signature: d.signature !== undefined,
    signature: d.signature ?? null,
    set_hold: d.holdUntil !== undefined,
    hold_until: d.holdUntil ?? null,
    add_tags: d.addTags,
    set_cheapest: cheapest !== null,
    cheapest: cheapest && { services: cheapest.services, withinDays: cheapest.withinDays },
  };
}

interface ApplicationEntry {
  orderId: number;
  facts: OrderFacts;
  /** The sets that ran, in their order. */
  sets: readonly CompiledRuleSet[];
  evaluation: RuleEvaluation;
}

/** The notes the rules added to the orders, one statement for any number of orders. */
export async function recordNotes(
  tx: Executor,
  tenantId: string,
  entries: ReadonlyArray<Pick<ApplicationEntry, 'orderId' | 'evaluation'>>,
  actor: RuleActor,
): Promise<void> {
  const notes = entries.flatMap(({ orderId, evaluation }) =>
    evaluation.decisions.notes.map((note) => ({ order_id: orderId, note })),
  );
  if (notes.length === 0) return;
  await tx.execute(sql`
    INSERT INTO order_notes (tenant_id, order_id, note, author_id, author_email)
    SELECT ${tenantId}, n.order_id, n.note, ${actor.id}, ${RULES_ACTOR.email}
    FROM jsonb_to_recordset(${JSON.stringify(notes)}::jsonb) AS n(order_id bigint, note text)`);
}

/**
 * What every application writes besides the order's own fields, one statement each for any number of orders: the
 * notes the rules added, and a timeline row per order whose payload is its "why", through the orders' own writer
 * (a "Run shipping rules" on thousands of orders stays one statement). A pull hands its rows to the same writer with
 * the page's import rows (store-orders-upsert.ts, rule-import-plan.ts).
 */
export async function recordApplications(
  tx: Executor,
  tenantId: string,
  entries: ApplicationEntry[],
  trigger: RuleTrigger,
  actor: RuleActor,
): Promise<void> {
  if (entries.length === 0) return;
  await recordNotes(tx, tenantId, entries, actor);
  await recordOrderEvents(
    tx,
    tenantId,
    entries.map(({ orderId, facts, sets, evaluation }) => ({
      orderId,
      event: RULES_EVENT,
      actor,
      before: null,
      after: null,
      payload: packApplication(trigger, sets, facts, evaluation),
    })),
  );
}
