import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { RuleResult, ShippingRule } from '@shipdesk/contract';
import { orders } from './orders.ts';
import { tenantPolicy } from './tenancy.ts';
import { at, oneOf } from './columns.ts';

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

export const RULE_TRIGGERS = ['import', 'created', 'manual'] as const;

/** One application of the rule sets to an order: the versions that ran and what the rules did (the order's "why"). */
export const orderRuleApplications = pgTable(
  'order_rule_applications',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    trigger: text('trigger').notNull(),
    versions: jsonb('versions').$type<Record<string, number>>().notNull(),
    // Kept small, as a pull writes one per order: the results of the rules that matched or failed, and the facts the
    // conditions saw; the failed conditions of the others are told again from these facts and the version's rules
    // (rule-explanation.ts) when the "why" is read.
    rules: jsonb('rules').$type<RuleResult[]>().notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>(),
    changed: boolean('changed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'order_rule_applications_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    index('order_rule_applications_order_idx').on(t.tenantId, t.orderId, t.id),
    check('order_rule_applications_trigger_check', oneOf('trigger', RULE_TRIGGERS)),
    tenantPolicy('order_rule_applications'),
  ],
).enableRLS();
