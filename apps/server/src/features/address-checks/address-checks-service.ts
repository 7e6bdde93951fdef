import {
  joinName,
  type AddressCheck,
  type AddressCheckApply,
  type CheckedAddress,
  type Order,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import type { WriteRequest } from '../../lib/idempotency.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createOrdersService, type OrdersNotifier } from '../orders/index.ts';
import { createAddressCheckRequestsRepository } from './address-check-requests-repository.ts';
import { toAddressCheck } from './address-checks-rules.ts';
import type { CheckJob } from './address-checks-worker.ts';
import type { JobQueue } from '../../plugins/background.ts';

const ORDER_NOT_FOUND = 'Order not found';
const READ_ONLY = { readOnly: true } as const;

interface ServiceDeps {
  database: Database;
  notify: OrdersNotifier;
  queue: Pick<JobQueue<CheckJob>, 'send'>;
}

/**
 * The address checks' use cases for people (docs/address-checks.md): read an order's check, check orders again now,
 * and take the carrier's address as the order's ship-to, through the orders' own address edit (version checked, one
 * timeline row, the search and the shipping resolution following), never written here.
 */
export function createAddressChecksService(deps: ServiceDeps) {
  const repo = createAddressCheckRequestsRepository();
  // The one writer of an order's addresses (features/orders): its address edit.
  const orders = createOrdersService(deps.database, deps.notify);

  function orderId(idText: string): number {
    const id = parseId(idText);
    if (id === null) throw notFound(ORDER_NOT_FOUND);
    return id;
  }

  async function read(tenantId: string, id: number) {
    const stored = await deps.database.withTenant(tenantId, (tx) => repo.read(tx, tenantId, id), READ_ONLY);
    if (stored === undefined) throw notFound(ORDER_NOT_FOUND);
    return stored;
  }

  return {
    /** `GET /api/v1/orders/{orderId}/addressCheck`. */
    async get(auth: AuthContext, idText: string): Promise<AddressCheck> {
      const id = orderId(idText);
      return toAddressCheck(id, await read(auth.tenantId, id));
    },

    /** `POST /call/addressChecks`: the orders' checks pending again, the carrier asked (not the cache). */
    async request(auth: AuthContext, orderIds: readonly string[]): Promise<{ queued: number }> {
      const ids = orderIds.map((text) => parseId(text));
      const known = await deps.database.withTenant(
        auth.tenantId,
        (tx) => repo.existing(tx, auth.tenantId, [...new Set(ids.filter((id): id is number => id !== null))]),
        READ_ONLY,
      );
      const unknown = ids.findIndex((id) => id === null || !known.has(id));
      if (unknown >= 0) throw badRequest({ [`orderIds[${unknown}]`]: `No order ${orderIds[unknown]}` });
      const queued = await deps.database.withTenant(auth.tenantId, (tx) =>
        repo.requestAgain(tx, auth.tenantId, [...known]),
      );
      await deps.queue.send({ tenantId: auth.tenantId }, { singletonKey: auth.tenantId });
      return { queued };
    },

    /** `POST /call/orders/{orderId}/addressCheck/apply`: the carrier's correction or candidate as the ship-to. */
    async apply(
      auth: AuthContext,
      idText: string,
      input: AddressCheckApply,
      request: WriteRequest,
    ): Promise<{ order: Order; addressCheck: AddressCheck }> {
      const id = orderId(idText);
      const stored = await read(auth.tenantId, id);
      const check = toAddressCheck(id, stored);
      let chosen: CheckedAddress | null | undefined;
      if (input.use === 'suggestion') {
        if (check.status !== 'corrected' || !check.suggestion) {
          throw new HttpError(409, `The address check is ${check.status}: there is no correction to apply`, {
            reason: 'nothing_to_apply',
          });
        }
        chosen = check.suggestion;
      } else {
        if (check.status !== 'ambiguous') {
          throw new HttpError(409, `The address check is ${check.status}: there are no candidates to choose from`, {
            reason: 'nothing_to_apply',
          });
        }
        chosen = check.candidates[input.candidate ?? 0];
        if (!chosen) throw badRequest({ candidate: `The check has ${check.candidates.length} candidates` });
      }
      const current = await orders.get(auth, idText);
      const shipTo = current.shippingAddress;
      if (!shipTo) throw new HttpError(409, 'The order has no shipping address', { reason: 'address_changed' });
      // The edit writes the address as the carrier answers it, keeping who it goes to and how to reach them. The
      // order's version guards against an address changed since the check (409 stale_version).
      const answer = await orders.updateAddress(
        auth,
        idText,
        'shipping',
        {
          name: joinName(shipTo.firstName, shipTo.lastName) || shipTo.company || 'Recipient',
          ...(shipTo.company ? { company: shipTo.company } : {}),
          address1: chosen.address1,
          ...(chosen.address2 ? { address2: chosen.address2 } : {}),
          city: chosen.city,
          ...(chosen.state ? { state: chosen.state } : {}),
          postalCode: chosen.postalCode,
          country: chosen.country,
          ...(shipTo.phone ? { phone: shipTo.phone } : {}),
          ...(shipTo.email ? { email: shipTo.email } : {}),
          version: input.version,
        },
        request,
      );
      const applied = chosen;
      await deps.database.withTenant(auth.tenantId, (tx) => repo.markApplied(tx, auth.tenantId, id, applied));
      return { order: answer.body.data, addressCheck: toAddressCheck(id, await read(auth.tenantId, id)) };
    },
  };
}

export type AddressChecksService = ReturnType<typeof createAddressChecksService>;
