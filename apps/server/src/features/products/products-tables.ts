import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { HAZARD_CLASS_CODES, PRODUCT_SOURCES } from '@shipdesk/contract';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, oneOf } from '../../db/schema/columns.ts';
import { boxSizes } from '../orders/orders-tables.ts';

/**
 * The product catalogue (docs/products.md): one live row per tenant and SKU. Weight in grams, sizes in inches (as
 * order lines and box sizes store them), the declared value in minor units of `declared_currency`. `source` says who
 * made the row and `weight_source` who last set its weight and size: a channel's update never overwrites a seller's
 * or an import's.
 */
export const products = pgTable(
  'products',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    sku: text('sku').notNull(),
    title: text('title').notNull().default(''),
    /** Grams; null while nobody knows it. */
    weight: integer('weight'),
    length: numeric('length', { precision: 6, scale: 2, mode: 'number' }),
    width: numeric('width', { precision: 6, scale: 2, mode: 'number' }),
    height: numeric('height', { precision: 6, scale: 2, mode: 'number' }),
    boxSizeId: bigint('box_size_id', { mode: 'number' }),
    /** A carrier's package code, when the product ships in one rather than in a box of the seller's. */
    packageType: text('package_type'),
    hazardClass: text('hazard_class'),
    category: text('category'),
    customsDescription: text('customs_description'),
    /** Digits only (dots dropped). */
    hsCode: text('hs_code'),
    originCountry: text('origin_country'),
    declaredValue: bigint('declared_value', { mode: 'number' }),
    declaredCurrency: text('declared_currency'),
    source: text('source').notNull().default('seller'),
    weightSource: text('weight_source'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Deleted while order lines still name its SKU: hidden from lists and lookups, kept for history. */
    archivedAt: at('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Among live products only: an archived product's SKU can be given to a new one (docs/setup-deletion.md).
    uniqueIndex('products_tenant_sku_live_idx')
      .on(t.tenantId, t.sku)
      .where(sql`archived_at IS NULL`),
    // ON DELETE SET NULL (box_size_id) in the migration (0021_products.sql): a deleted box leaves no default box.
    foreignKey({
      name: 'products_box_size_fk',
      columns: [t.tenantId, t.boxSizeId],
      foreignColumns: [boxSizes.tenantId, boxSizes.id],
    }),
    check('products_weight_check', sql`weight IS NULL OR weight >= 0`),
    check(
      'products_size_check',
      sql`(length IS NULL AND width IS NULL AND height IS NULL) OR (length > 0 AND width > 0 AND height > 0)`,
    ),
    check('products_box_or_package_check', sql`box_size_id IS NULL OR package_type IS NULL`),
    check('products_hazard_class_check', sql`hazard_class IS NULL OR ${oneOf('hazard_class', HAZARD_CLASS_CODES)}`),
    check('products_hs_code_check', sql`hs_code IS NULL OR hs_code ~ '^[0-9]{6,10}$'`),
    check('products_origin_country_check', sql`origin_country IS NULL OR origin_country ~ '^[A-Z]{2}$'`),
    check(
      'products_declared_value_check',
      sql`(declared_value IS NULL) = (declared_currency IS NULL) AND (declared_value IS NULL OR declared_value >= 0)`,
    ),
    check('products_source_check', oneOf('source', PRODUCT_SOURCES)),
    check('products_weight_source_check', sql`weight_source IS NULL OR ${oneOf('weight_source', PRODUCT_SOURCES)}`),
    tenantPolicy('products'),
  ],
).enableRLS();

export type ProductRow = typeof products.$inferSelect;
