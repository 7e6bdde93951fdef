import { sql } from 'drizzle-orm';
import {
  CARRIER_CATALOGUE,
  HAZARD_CLASSES,
  type CategoryList,
  type HazardClassList,
  type PackageSizes,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { boxSizes } from '../../db/schema/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createCarrierAccountsRepository } from './carrier-accounts-repository.ts';

/** The reference lists rules and labels choose from (spec 7.4). */
export function createShippingReferencesService(database: Database) {
  const accounts = createCarrierAccountsRepository();
  return {
    hazardous(): HazardClassList {
      return { classes: HAZARD_CLASSES.map((c) => ({ ...c })) };
    },

    /** The product categories on the tenant's order lines, most used first. */
    categories(auth: AuthContext): Promise<CategoryList> {
      return database.withTenant(
        auth.tenantId,
        async (tx) => {
          const result = (await tx.execute(sql`
            SELECT btrim(category) AS name, count(*) AS n FROM order_lines
            WHERE tenant_id = ${auth.tenantId} AND category IS NOT NULL AND btrim(category) <> ''
            GROUP BY btrim(category) ORDER BY count(*) DESC, btrim(category) LIMIT 500`)) as unknown as {
            rows: Array<{ name: string; n: string | number }>;
          };
          return { categories: result.rows.map((r) => ({ name: r.name, orderLines: Number(r.n) })) };
        },
        { readOnly: true },
      );
    },

    /** The package types of the carriers the tenant ships with (the built-in one always) and its own boxes. */
    packageSizes(auth: AuthContext): Promise<PackageSizes> {
      return database.withTenant(
        auth.tenantId,
        async (tx) => {
          const carriers = new Set([...(await accounts.connectedCarriers(tx, auth.tenantId)), 'local' as const]);
          const boxes = await tx
            .select()
            .from(boxSizes)
            .where(sql`${boxSizes.tenantId} = ${auth.tenantId} AND ${boxSizes.archivedAt} IS NULL`)
            .orderBy(boxSizes.id);
          return {
            packageTypes: [...carriers].sort().flatMap((carrier) =>
              CARRIER_CATALOGUE[carrier].packageTypes.map((p) => ({
                carrier,
                code: p.code,
                name: p.name,
                maxWeightGrams: p.maxWeightGrams,
                ...(p.dimensionsIn ? { dimensionsIn: { ...p.dimensionsIn } } : {}),
              })),
            ),
            boxSizes: boxes.map((b) => ({
              id: String(b.id),
              name: b.name,
              length: Number(b.length),
              width: Number(b.width),
              height: Number(b.height),
              emptyWeight: b.emptyWeight,
              maxWeight: b.maxWeight,
            })),
          };
        },
        { readOnly: true },
      );
    },
  };
}
