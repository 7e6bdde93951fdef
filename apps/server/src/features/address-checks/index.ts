import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { createAddressCheckRequestsRepository } from './address-check-requests-repository.ts';
import { addressChecksRoutes } from './address-checks-routes.ts';
import { undeliverableReason } from './address-checks-rules.ts';
import { SHIP_TO_KEY } from './address-check-sql.ts';

/** Address checks of orders' ship-to addresses (docs/address-checks.md): the routes. */
export const addressChecksFeature: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(addressChecksRoutes);
};

export { addressChecksPlugin } from './address-checks-plugin.ts';

const repo = createAddressCheckRequestsRepository();

/**
 * What labels read of an order's check (its ship-to now, not an address it had before): whether the carrier said
 * residential (true), commercial (false) or nothing (null), and why a batch leaves it out (invalid), else null.
 */
export async function checkedShipTo(
  tx: Executor,
  tenantId: string,
  orderId: number,
): Promise<{ residential: boolean | null; undeliverable: string | null }> {
  const check = await repo.current(tx, tenantId, orderId);
  return {
    residential: check?.residential ?? null,
    undeliverable: check?.status === 'invalid' ? undeliverableReason(check.messages) : null,
  };
}

/**
 * SQL of what the carrier said of the ship-to `a` (an `order_addresses` row of type shipping, aliased `a`) as it is
 * now: true for a home, false for a business, null when not checked or the carrier did not say. Shipping rules'
 * `residential` condition reads it before guessing from the company name.
 */
export const CHECKED_RESIDENTIAL_SQL = sql`(SELECT c.residential FROM address_checks c
  WHERE c.tenant_id = a.tenant_id AND c.order_id = a.order_id AND c.address_key = ${SHIP_TO_KEY})`;
