import { randomUUID } from 'node:crypto';
import {
  CARRIER_NAMES,
  RETURN_PAY_ON_USE,
  type Carrier,
  type ReturnLabel,
  type ReturnLabelCreate,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type {
  LabelRequest,
  PurchasedLabel,
  PurchasedReturnLabel,
  ReturnLabelRequest,
} from '../../integrations/carriers/carrier-types.ts';
import { ChannelError } from '../../integrations/http/channel-http.ts';
import { HttpError, badRequest } from '../../lib/http-errors.ts';
import {
  answerKey,
  idempotencyKey,
  releaseKey,
  startIdempotent,
  type IdempotencyKey,
  type KeptAnswer,
  type WriteRequest,
} from '../../lib/idempotency.ts';
import { throughput } from '../../lib/throughput-metrics.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { changeOrder, lockOrder, tenantTimeZone, type OrdersNotifier } from '../orders/index.ts';
import { carrierWords, shipDateIn, type LabelAccount, type LabelCarriers } from '../labels/index.ts';
import { chooseReturn, nextRma, returnContext } from './return-plan.ts';
import { returnAddress, toReturnLabel } from './return-label-view.ts';
import type { ReturnJobs } from './returns-jobs.ts';
import { createReturnsRepository, isUniqueViolation } from './returns-repository.ts';
import type { ReturnRow } from './returns-tables.ts';

interface ReturnPurchaseDeps {
  database: Database;
  carriers: LabelCarriers;
  notify: OrdersNotifier;
  log: FastifyBaseLogger;
  jobs: ReturnJobs;
  /** Refuses the event as the order lifecycle would (statuses); throws the refusal. */
  checkEvent(tx: Executor, tenantId: string, order: OrderRow, event: 'returnLabel'): Promise<void>;
}

type Actor = Pick<AuthContext, 'tenantId' | 'userId' | 'email'>;

const BUY_TIMEOUT_MS = 60_000;
const FIND_TIMEOUT_MS = 30_000;
/** A reservation still `buying` this long after it was written is settled by its job (the instance may have stopped). */
const SETTLE_AFTER_SECONDS = 180;
/** Failures after which the carrier may or may not have made the label: it is asked before anything else. */
const AMBIGUOUS = new Set(['timeout', 'network', 'unavailable', 'malformed']);
const repo = createReturnsRepository();

function isAmbiguous(error: unknown): boolean {
  if (error instanceof ChannelError) return AMBIGUOUS.has(error.kind);
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

interface Reserved {
  row: ReturnRow;
  request: ReturnLabelRequest;
  account: LabelAccount;
  emailTo: string | null;
}

/**
 * The first transaction: the order locked and checked (statuses, version), the choices completed and checked, and
 * the return written `buying` with its request (the RMA claimed) and its settle job, before the carrier is asked.
 */
function reserve(
  deps: ReturnPurchaseDeps,
  auth: Actor,
  orderIdText: string | number,
  body: ReturnLabelCreate,
): (tx: Executor) => Promise<Reserved> {
  const { tenantId } = auth;
  return async (tx) => {
    const order = await lockOrder(tx, tenantId, orderIdText, body.version);
    await deps.checkEvent(tx, tenantId, order, 'returnLabel');
    const context = await returnContext(tx, deps.carriers, tenantId, order);
    if (context.refusal) throw context.refusal;
    const choice = await chooseReturn(tx, deps.carriers, tenantId, context, body);
    const rma = body.rma ?? (await nextRma(tx, tenantId, order));
    if (await repo.rmaTaken(tx, tenantId, rma)) throw rmaTaken(rma);
    const emailBuyer = body.emailBuyer ?? true;
    const emailTo = emailBuyer ? (body.email ?? context.buyerEmail) : null;
    if (body.emailBuyer === true && !emailTo) {
      throw badRequest({ email: 'The order has no buyer e-mail: enter the address to send the return label to' });
    }
    const request: ReturnLabelRequest = {
      from: context.from!,
      to: context.to!,
      parcel: choice.parcel,
      shipDate: shipDateIn(await tenantTimeZone(tx, tenantId)),
      reference: order.orderNumber,
      serviceCode: choice.serviceCode,
      format: choice.format,
      idempotencyKey: randomUUID(),
      rma,
      payOnUse: RETURN_PAY_ON_USE[choice.carrier],
      outboundTrackingNumber: choice.delivery?.trackingNumber ?? null,
    };
    const row = await repo.reserve(tx, {
      tenantId,
      orderId: order.id,
      deliveryId: choice.delivery?.deliveryId ?? null,
      carrierAccountId: choice.account.accountId,
      carrier: choice.carrier,
      serviceCode: choice.serviceCode,
      serviceName: choice.serviceName,
      packageType: choice.parcel.packageType,
      weight: choice.parcel.weightGrams,
      length: choice.parcel.lengthIn,
      width: choice.parcel.widthIn,
      height: choice.parcel.heightIn,
      rma,
      fromAddress: returnAddress(request.from),
      toAddress: returnAddress(request.to),
      request: { ...request, emailTo } as unknown as Record<string, unknown>,
      shipDate: request.shipDate,
      format: choice.format,
      createdById: auth.userId,
      createdByEmail: auth.email,
    });
    await deps.jobs.settleIn(tx, { tenantId, returnId: row.id }, SETTLE_AFTER_SECONDS);
    return { row, request, account: choice.account, emailTo };
  };
}

const rmaTaken = (rma: string) =>
  new HttpError(409, `RMA ${rma} names another return label that stands; choose another`, {
    reason: 'rma_taken',
    errors: { rma: `RMA ${rma} is in use by another return label` },
  });

/**
 * The return bought: written on its reservation with the timeline row (`returnLabel`) and the e-mail's job, in one
 * transaction; the answer kept under the key when there is one.
 */
async function record(
  deps: ReturnPurchaseDeps,
  tenantId: string,
  reserved: Pick<Reserved, 'row' | 'emailTo'>,
  label: PurchasedLabel | PurchasedReturnLabel,
  key: IdempotencyKey | null,
): Promise<ReturnLabel> {
  const { row, emailTo } = reserved;
  const carrier = row.carrier as Carrier;
  const payOnUse = 'payOnUse' in label ? label.payOnUse : RETURN_PAY_ON_USE[carrier];
  const result = await deps.database.withTenant(tenantId, async (tx) => {
    const actor = { id: row.createdById, email: row.createdByEmail };
    const changed = await changeOrder(tx, tenantId, row.orderId, { event: 'returnLabel', actor }, async () => {
      const bought = await repo.setBought(tx, tenantId, row.id, {
        trackingNumber: label.trackingNumber,
        carrierShipmentId: label.carrierShipmentId,
        contentType: label.contentType,
        document: label.document,
        amount: label.amountMinor,
        currency: label.currency,
        payOnUse,
        format: label.format,
        emailStatus: emailTo ? 'queued' : 'not_sent',
        emailTo,
      });
      if (emailTo) await deps.jobs.emailIn(tx, { tenantId, returnId: row.id });
      const payload = {
        returnLabelId: String(row.id),
        rma: row.rma,
        carrier,
        service: row.serviceName,
        trackingNumber: label.trackingNumber,
        payOnUse,
        amount: label.amountMinor,
        currency: label.currency,
      };
      return { payload, bought };
    });
    const answer = toReturnLabel(changed.outcome.bought);
    if (key) {
      const body: SuccessEnvelope<ReturnLabel> = { code: 200, success: true, data: answer };
      await answerKey(tx, tenantId, key, { statusCode: 200, body });
    }
    return { answer, version: changed.order.version };
  });
  throughput.labelBought(carrier);
  deps.notify(tenantId, { orderIds: [String(row.orderId)], event: 'returnLabel', version: result.version });
  if (emailTo) deps.jobs.wakeEmails();
  return result.answer;
}

async function release(deps: ReturnPurchaseDeps, tenantId: string, id: number, key: IdempotencyKey | null) {
  await deps.database.withTenant(tenantId, async (tx) => {
    await repo.dropReserved(tx, tenantId, id);
    if (key) await releaseKey(tx, tenantId, key);
  });
}

/** Asks the carrier for a return whose answer was lost (by the request's idempotency key). */
async function findLost(
  account: LabelAccount,
  request: ReturnLabelRequest,
): Promise<PurchasedLabel | PurchasedReturnLabel | null> {
  const adapter = account.adapter();
  const signal = AbortSignal.timeout(FIND_TIMEOUT_MS);
  if (adapter.findReturnLabel) return adapter.findReturnLabel(request, signal);
  return adapter.findLabel(request as LabelRequest, signal);
}

async function buy(
  deps: ReturnPurchaseDeps,
  tenantId: string,
  reserved: Reserved,
  key: IdempotencyKey | null,
): Promise<ReturnLabel> {
  const { row, request, account } = reserved;
  const carrier = row.carrier as Carrier;
  const name = CARRIER_NAMES[carrier];
  let label: PurchasedReturnLabel;
  try {
    label = await account.adapter().buyReturnLabel!(request, AbortSignal.timeout(BUY_TIMEOUT_MS));
  } catch (error) {
    if (!isAmbiguous(error)) {
      await release(deps, tenantId, row.id, key);
      if (error instanceof ChannelError || error instanceof HttpError) {
        throw new HttpError(422, `${name} did not sell the return label: ${carrierWords(carrier, error)}`, {
          reason: 'carrier_refused',
        });
      }
      throw error;
    }
    deps.log.warn({ carrier, returnId: row.id }, 'return label answer lost; asking the carrier');
    let found: PurchasedLabel | PurchasedReturnLabel | null;
    try {
      found = await findLost(account, request);
    } catch (findError) {
      // Still unknown: the reservation stays (its RMA held) and its settle job asks again later.
      deps.log.warn({ carrier, returnId: row.id, err: findError }, 'return label purchase not confirmed');
      if (key) await deps.database.withTenant(tenantId, (tx) => releaseKey(tx, tenantId, key));
      throw new HttpError(
        502,
        `${name} did not confirm the return label (${carrierWords(carrier, error)}). Shipdesk keeps asking ${name} ` +
          `whether it made it; RMA ${row.rma} is held until then.`,
        { reason: 'purchase_unconfirmed' },
      );
    }
    if (found) return record(deps, tenantId, reserved, found, key);
    await release(deps, tenantId, row.id, key);
    throw new HttpError(502, `${carrierWords(carrier, error)}; nothing was bought. Try again.`, {
      reason: 'carrier_unavailable',
    });
  }
  return record(deps, tenantId, reserved, label, key);
}

async function create(
  deps: ReturnPurchaseDeps,
  auth: Actor,
  orderIdText: string | number,
  body: ReturnLabelCreate,
  key: IdempotencyKey | null,
): Promise<KeptAnswer<SuccessEnvelope<ReturnLabel>>> {
  const started = await startIdempotent(
    deps.database,
    auth.tenantId,
    key,
    async (tx) => {
      try {
        return await reserve(deps, auth, orderIdText, body)(tx);
      } catch (error) {
        if (isUniqueViolation(error)) throw rmaTaken(body.rma ?? 'this');
        throw error;
      }
    },
    () =>
      new HttpError(409, 'The same return label is still being made; try again shortly', {
        reason: 'purchase_in_progress',
      }),
  );
  if (started.kind === 'replay') {
    const { statusCode, body: replayed } = started.answer;
    return { statusCode, body: replayed as SuccessEnvelope<ReturnLabel>, replayed: true };
  }
  const data = await buy(deps, auth.tenantId, started.value, key);
  return { statusCode: 200, body: { code: 200, success: true, data }, replayed: false };
}

/**
 * The settle job of a reservation (sent with it, due after SETTLE_AFTER_SECONDS): a return still `buying` then lost
 * its answer or its instance; the carrier is asked by the request's idempotency key: found, it is recorded; not
 * found, the reservation is dropped (nothing was bought). A carrier that cannot say throws: the job is retried.
 */
async function settle(deps: ReturnPurchaseDeps, tenantId: string, returnId: number): Promise<void> {
  const reserved = await deps.database.withTenant(tenantId, async (tx) => {
    const row = await repo.lockReserved(tx, tenantId, returnId);
    if (!row || Date.now() - row.createdAt.getTime() < SETTLE_AFTER_SECONDS * 1000) return null;
    const account = await deps.carriers.purchasingAccount(tx, tenantId, row.carrier as Carrier, row.carrierAccountId, {
      recorded: true,
    });
    const { emailTo, ...request } = row.request as unknown as ReturnLabelRequest & { emailTo: string | null };
    return { row, request, account, emailTo };
  });
  if (!reserved) return;
  const found = await findLost(reserved.account, reserved.request);
  if (found) await record(deps, tenantId, reserved, found, null);
  else await release(deps, tenantId, returnId, null);
}

/**
 * Return labels (docs/returns.md): bought like an outbound label (reserved first, the carrier asked outside any
 * transaction, recorded with its timeline row), one per request key however often it is sent.
 */
export function createReturnPurchases(deps: ReturnPurchaseDeps) {
  return {
    create: (auth: AuthContext, orderIdText: string, body: ReturnLabelCreate, request: WriteRequest) =>
      create(deps, auth, orderIdText, body, idempotencyKey(request, auth.userId, body)),
    /** One order of `POST /call/returnLabels`: its defaults, no key. */
    createFor: async (auth: AuthContext, orderId: number, body: ReturnLabelCreate) =>
      (await create(deps, auth, orderId, body, null)).body.data,
    settle: (tenantId: string, returnId: number) => settle(deps, tenantId, returnId),
  };
}
export type ReturnPurchases = ReturnType<typeof createReturnPurchases>;
