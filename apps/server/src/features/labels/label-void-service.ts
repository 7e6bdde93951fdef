import { CARRIER_NAMES, type Carrier, type VoidResult } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { VoidRefusedError, type VoidOutcome } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import {
  changeOrder,
  recordOrderEvents,
  refreshOrderParcels,
  statusesAfterShipping,
  toLabel,
  type OrdersNotifier,
} from '../orders/index.ts';
import type { LabelJobs } from './label-jobs.ts';
import { carrierWords, type LabelCarriers } from './label-rates.ts';
import { createLabelsRepository } from './labels-repository.ts';

const VOID_TIMEOUT_MS = 30_000;
const NO_LABEL = 'This delivery has no label';

/**
 * Voiding a label: the carrier is asked first (outside any transaction); only when it accepts is the label kept as
 * voided, the delivery's units unshipped and the statuses recomputed, with a timeline row. A refusal (the parcel was
 * scanned, the refund window closed) is a 409 in the carrier's words and changes nothing.
 */
export function createLabelVoids(deps: {
  database: Database;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  /** The channel is to be told of the void: its push job, sent with the void. */
  jobs: Pick<LabelJobs, 'pushIn' | 'wakePushes'>;
}) {
  const repo = createLabelsRepository();

  return async function voidLabel(auth: AuthContext, deliveryIdText: string): Promise<VoidResult> {
    const { tenantId } = auth;
    const deliveryId = parseId(deliveryIdText);
    const found = await deps.database.withTenant(tenantId, async (tx) => {
      const delivery = deliveryId === null ? undefined : await repo.findDelivery(tx, tenantId, deliveryId);
      if (!delivery) throw notFound('Delivery not found');
      const label = await repo.lockStandingLabel(tx, tenantId, delivery.id);
      if (!label) throw new HttpError(409, NO_LABEL, { reason: 'no_label' });
      const account = await deps.carriers.purchasingAccount(
        tx,
        tenantId,
        label.carrier as Carrier,
        label.carrierAccountId,
        { recorded: true },
      );
      return { delivery, label, account };
    });
    const { delivery, label, account } = found;
    const carrier = label.carrier as Carrier;
    let outcome: VoidOutcome;
    try {
      outcome = await account.adapter().voidLabel(
        {
          trackingNumber: label.trackingNumber,
          carrierShipmentId: label.carrierShipmentId,
          shipDate: label.shipDate,
        },
        AbortSignal.timeout(VOID_TIMEOUT_MS),
      );
    } catch (error) {
      if (error instanceof VoidRefusedError) {
        const words =
          error.platformMessage && !error.message.includes(error.platformMessage) ? `: ${error.platformMessage}` : '';
        throw new HttpError(409, `${CARRIER_NAMES[carrier]} refused to void the label: ${error.message}${words}`, {
          reason: 'void_refused',
        });
      }
      if (error instanceof ChannelError || (error instanceof Error && error.name === 'TimeoutError')) {
        throw new HttpError(502, `${carrierWords(carrier, error)}; the label still stands. Try again.`, {
          reason: 'carrier_unavailable',
        });
      }
      throw error;
    }

    const result = await deps.database.withTenant(tenantId, async (tx) => {
      const actor = { id: auth.userId, email: auth.email };
      // The voided tracking number no longer finds the order: its words are rewritten with the change.
      const change = { event: 'voidLabel', actor, searchChanged: true };
      const changed = await changeOrder(tx, tenantId, delivery.orderId, change, async (order, current) => {
        const standing = await repo.lockStandingLabel(tx, tenantId, delivery.id);
        if (!standing || standing.id !== label.id) throw new HttpError(409, NO_LABEL, { reason: 'no_label' });
        // Not told yet: nothing to tell. Told already: the channel is asked to take it back (tracking-push-service).
        const push = standing.trackingPushStatus;
        const voided = await repo.setLabel(tx, tenantId, label.id, {
          status: outcome.status === 'voided' ? 'voided' : 'refund_requested',
          voidedAt: new Date(),
          voidMessage: outcome.message,
          parcelStatus: 'voided',
          parcelNextAt: null,
          ...(push === 'pending' || push === 'failed'
            ? {
                trackingPushStatus: 'not_needed',
                trackingPushNextAt: null,
                trackingPushMessage: 'The label was voided before the channel was told',
              }
            : push === 'pushed'
              ? {
                  trackingPushStatus: 'pending',
                  trackingPushAttempts: 0,
                  trackingPushNextAt: new Date(),
                  trackingPushMessage: null,
                }
              : {}),
        });
        if (voided.trackingPushStatus === 'pending') {
          await deps.jobs.pushIn(tx, { tenantId, labelId: voided.id });
        }
        await repo.markUnlabelled(tx, tenantId, delivery.id);
        await refreshOrderParcels(tx, tenantId, [order.id]);
        const statuses = statusesAfterShipping(current, await repo.unitCounts(tx, tenantId, order.id));
        const payload = {
          deliveryId: String(delivery.id),
          labelId: String(label.id),
          carrier,
          service: label.serviceName,
          trackingNumber: label.trackingNumber,
          amount: label.amount,
          currency: label.currency,
          refund: outcome.status === 'voided' ? 'done' : 'requested',
          ...(outcome.message ? { carrierMessage: outcome.message } : {}),
        };
        return { statuses, payload, voided };
      });
      const { before, order } = changed;
      if (before.linkedOrderId !== null) {
        await recordOrderEvents(tx, tenantId, [
          {
            orderId: before.linkedOrderId,
            event: 'linkedLabelVoided',
            actor,
            before: null,
            after: null,
            payload: {
              linkedOrderId: String(before.id),
              linkedOrderNumber: before.orderNumber,
              carrier,
              service: label.serviceName,
              trackingNumber: label.trackingNumber,
            },
          },
        ]);
      }
      return { label: toLabel(changed.outcome.voided), order: { id: String(order.id), version: order.version } };
    });
    deps.notify(tenantId, { orderIds: [result.order.id], event: 'voidLabel', version: result.order.version });
    if (result.label.trackingPush.status === 'pending') deps.jobs.wakePushes();
    return result;
  };
}
