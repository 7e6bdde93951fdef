import { CARRIER_NAMES, type Carrier, type ReturnLabel } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { VoidRefusedError, type VoidOutcome } from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { changeOrder, type OrdersNotifier } from '../orders/index.ts';
import { carrierWords, type LabelCarriers } from '../labels/index.ts';
import { toReturnLabel } from './return-label-view.ts';
import { createReturnsRepository } from './returns-repository.ts';

const VOID_TIMEOUT_MS = 30_000;
const repo = createReturnsRepository();

export function createReturnVoid(deps: { database: Database; carriers: LabelCarriers; notify: OrdersNotifier }) {
  /**
   * `POST /call/returnLabel/{id}/void`: the carrier is asked first; only when it accepts is the return kept as voided
   * (its RMA free again) with a timeline row. A refusal is a 409 in the carrier's words and changes nothing.
   */
  return async function voidReturn(auth: AuthContext, idText: string): Promise<ReturnLabel> {
    const { tenantId } = auth;
    const id = parseId(idText);
    const found = await deps.database.withTenant(tenantId, async (tx) => {
      const row = id === null ? undefined : await repo.find(tx, tenantId, id);
      if (!row || row.status === 'buying') throw notFound('Return label not found');
      if (row.status !== 'active') {
        throw new HttpError(409, 'This return label is voided already', { reason: 'no_label' });
      }
      const account = await deps.carriers.purchasingAccount(
        tx,
        tenantId,
        row.carrier as Carrier,
        row.carrierAccountId,
        { recorded: true },
      );
      return { row, account };
    });
    const { row, account } = found;
    const carrier = row.carrier as Carrier;
    let outcome: VoidOutcome;
    try {
      outcome = await account
        .adapter()
        .voidLabel(
          { trackingNumber: row.trackingNumber!, carrierShipmentId: row.carrierShipmentId!, shipDate: row.shipDate },
          AbortSignal.timeout(VOID_TIMEOUT_MS),
        );
    } catch (error) {
      if (error instanceof VoidRefusedError) {
        const words =
          error.platformMessage && !error.message.includes(error.platformMessage) ? `: ${error.platformMessage}` : '';
        throw new HttpError(
          409,
          `${CARRIER_NAMES[carrier]} refused to void the return label: ${error.message}${words}`,
          { reason: 'void_refused' },
        );
      }
      if (error instanceof ChannelError || (error instanceof Error && error.name === 'TimeoutError')) {
        throw new HttpError(502, `${carrierWords(carrier, error)}; the return label still stands. Try again.`, {
          reason: 'carrier_unavailable',
        });
      }
      throw error;
    }
    const result = await deps.database.withTenant(tenantId, async (tx) => {
      const actor = { id: auth.userId, email: auth.email };
      const changed = await changeOrder(tx, tenantId, row.orderId, { event: 'returnLabelVoided', actor }, async () => {
        const standing = await repo.find(tx, tenantId, row.id, true);
        if (standing?.status !== 'active') {
          throw new HttpError(409, 'This return label is voided already', { reason: 'no_label' });
        }
        const voided = await repo.set(tx, tenantId, row.id, {
          status: outcome.status === 'voided' ? 'voided' : 'refund_requested',
          voidedAt: new Date(),
          voidMessage: outcome.message,
          // A queued e-mail of a voided label is not sent.
          ...(standing.emailStatus === 'queued' ? { emailStatus: 'not_sent' as const } : {}),
        });
        const payload = {
          returnLabelId: String(row.id),
          rma: row.rma,
          carrier,
          service: row.serviceName,
          trackingNumber: row.trackingNumber,
          payOnUse: row.payOnUse,
          amount: row.amount,
          currency: row.currency,
          refund: outcome.status === 'voided' ? 'done' : 'requested',
          ...(outcome.message ? { carrierMessage: outcome.message } : {}),
        };
        return { payload, voided };
      });
      return { label: toReturnLabel(changed.outcome.voided), version: changed.order.version };
    });
    deps.notify(tenantId, { orderIds: [String(row.orderId)], event: 'returnLabelVoided', version: result.version });
    return result.label;
  };
}
