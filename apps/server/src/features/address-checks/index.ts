import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Executor } from '../../db/client.ts';
import { createAddressCheckRequestsRepository } from './address-check-requests-repository.ts';
import { addressChecksRoutes } from './address-checks-routes.ts';
import { undeliverableReason } from './address-checks-rules.ts';

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
