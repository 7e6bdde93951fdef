import type { Executor } from '../../db/client.ts';
import type { OrderActor } from './order-changes.ts';

/**
 * What orders ask of the shipping rules: run the tenant's saved rule sets on new orders (an order added by hand, a
 * reorder or reship) or on one whose settings were handed back to them, in the caller's transaction, after its
 * shipping was resolved. The rules are a feature of their own that writes through this one's use cases, so they are
 * handed in when the app is composed (app.ts) rather than imported: the dependency runs one way, towards orders.
 * A failure is logged and undone by the rules, never thrown: a rule never stops an order.
 */
export type OrderRules = (
  tx: Executor,
  tenantId: string,
  orderIds: readonly number[],
  trigger: 'created' | 'manual',
  actor?: OrderActor,
) => Promise<void>;
