import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_COUNTRY } from '@shipdesk/contract';

/**
 * The resolution of an order's shipping, as SQL that other statements join (the pull's insert, a page of updated
 * orders, a batch of open orders after a mapping changed): store + requested service -> shipping method (a mapping of
 * that store first, then one for every store, which includes the method's own name) -> the carrier service for the
 * order's destination (a domestic or international mapping first, then one for any destination). Both lookups are
 * primary-key or index probes led by the tenant. docs/shipping.md has the rules.
 */

/** The warehouse's country (warehouse_info), which decides domestic or international; the default country without one. */
export function homeCountrySql(tenantId: string): SQL {
  return sql`coalesce((SELECT nullif(upper(c.options->>'country'), '') FROM configs c
    WHERE c.tenant_id = ${tenantId} AND c.key = 'warehouse_info'), ${DEFAULT_COUNTRY})`;
}

/**
 * `LEFT JOIN LATERAL (...) AS res ON true`: `res.ship_method_id`, `res.carrier`, `res.carrier_method`,
 * `res.package_type`, all null when nothing matches. `storeId` null (an order entered by hand) matches the mappings
 * for every store only; `home` is `homeCountrySql`, given once per statement (a CTE) so it is read once.
 */
export function resolutionJoin(tenantId: string, parts: { storeId: SQL; service: SQL; country: SQL; home: SQL }): SQL {
  return sql`LEFT JOIN LATERAL (
    SELECT m.ship_method_id, c.carrier, c.carrier_method, c.package_type
    FROM (SELECT k.ship_method_id FROM requested_service_keys k
          WHERE k.tenant_id = ${tenantId} AND k.service_key = lower(btrim(${parts.service}))
            AND k.store_key IN (coalesce(${parts.storeId}, 0), 0)
          ORDER BY k.store_key DESC LIMIT 1) m
    LEFT JOIN LATERAL (
      SELECT c.carrier, c.carrier_method, c.package_type FROM ship_method_carrier_mappings c
      WHERE c.tenant_id = ${tenantId} AND c.ship_method_id = m.ship_method_id
        AND c.destination IN ('any', CASE WHEN coalesce(upper(${parts.country}), ${parts.home}) = ${parts.home}
                                          THEN 'domestic' ELSE 'international' END)
      ORDER BY c.destination = 'any' LIMIT 1
    ) c ON true
  ) AS res ON true`;
}
