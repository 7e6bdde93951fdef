import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ShippingRule } from '@shipdesk/contract';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at } from '../../db/schema/columns.ts';

/**
 * A tenant's shipping rule sets: one per store (`scope` the store's id) and one for all stores (`scope` 'all'). A
 * save replaces the rules as a whole and bumps `version`; every version is also kept in `shipping_rule_set_versions`
 * (who saved it and when), so an order's "why" can name the version that ran and the editor can restore one.
 */
export const shippingRuleSets = pgTable(
  'shipping_rule_sets',
  {
    tenantId: text('tenant_id').notNull(),
    scope: text('scope').notNull(),
    version: integer('version').notNull(),
    rules: jsonb('rules').$type<ShippingRule[]>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedByEmail: text('updated_by_email'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.scope] }),
    check('shipping_rule_sets_scope_check', sql`scope = 'all' OR scope ~ '^[1-9][0-9]{0,17}$'`),
    check('shipping_rule_sets_version_check', sql`version >= 1`),
    tenantPolicy('shipping_rule_sets'),
  ],
).enableRLS();

export const shippingRuleSetVersions = pgTable(
  'shipping_rule_set_versions',
  {
    tenantId: text('tenant_id').notNull(),
    scope: text('scope').notNull(),
    version: integer('version').notNull(),
    rules: jsonb('rules').$type<ShippingRule[]>().notNull(),
    savedAt: at('saved_at').notNull().defaultNow(),
    savedByEmail: text('saved_by_email'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.scope, t.version] }),
    foreignKey({
      name: 'shipping_rule_set_versions_set_fk',
      columns: [t.tenantId, t.scope],
      foreignColumns: [shippingRuleSets.tenantId, shippingRuleSets.scope],
    }).onDelete('cascade'),
    tenantPolicy('shipping_rule_set_versions'),
  ],
).enableRLS();

/**
 * When rules ran on an order. Each application is the order's timeline row `shippingRules` (order_events), whose
 * payload is the "why": the trigger, the versions that ran, the results of the rules that matched, stopped or failed,
 * and the facts the conditions saw (the failed conditions of the other rules are told again from them when the why is
 * read, rule-explanation.ts). One row per order and application keeps a pull's writes small.
 */
export const RULE_TRIGGERS = ['import', 'created', 'manual'] as const;
